/**
 * The per-request Content-Security-Policy nonce (docs/decisions/019-script-nonce.md): the server puts it in the
 * `script-src` directive of the page's CSP header and passes it through the load context to entry.server.tsx, which
 * provides it here so the document marks React Router's inline scripts with it. In the browser the value is "" (the
 * scripts already ran; browsers hide the attribute's value from the DOM).
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");

/** The nonce of the page being rendered on the server; "" in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}

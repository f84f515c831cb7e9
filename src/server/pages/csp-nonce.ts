/**
 * The per-response Content-Security-Policy nonce for inline scripts (docs/decisions/019-script-nonce.md).
 * cspNonceOf(res) → 128 random bits, base64, made on first use and the same for the rest of that response: helmet's
 * `script-src` directive asks for it while writing the header, the page bridge while rendering the document.
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

const nonces = new WeakMap<ServerResponse, string>();

export function cspNonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString("base64");
    nonces.set(res, nonce);
  }
  return nonce;
}

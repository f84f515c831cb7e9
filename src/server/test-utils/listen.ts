/**
 * Local HTTP stand-ins of outside services for tests: outside services are real HTTP servers on 127.0.0.1 that the
 * test starts (as test-utils/whatsapp-cloud.ts and the lead-form stand-ins do).
 */
import { once } from "node:events";
import type http from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on 127.0.0.1 at `port` (0: any free port); answers its base URL, `http://127.0.0.1:{port}`. */
export async function listenLocally(server: http.Server, port = 0): Promise<string> {
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The request's body as UTF-8 text, once all of it has arrived. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  req.setEncoding("utf8");
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

/** Stops `server`, cutting its open (kept-alive or hanging) connections first; resolves once it is closed. */
export function stopLocally(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

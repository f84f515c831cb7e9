/**
 * A platform stand-in for outbox tests (conversions, webhooks; docs/conversions.md): an HTTP server on 127.0.0.1
 * that records each request's body as received (`raw`) and parsed as JSON (`received`), and answers 200 with
 * `answer` (default `{"code":0}`, which Meta, TikTok and Snapchat's stand-ins all accept).
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface JsonReceiver {
  received: Record<string, unknown>[];
  raw: string[];
  /** http://127.0.0.1:{port} */
  base: string;
  /** Forgets what was received. */
  clear(): void;
  close(): Promise<void>;
}

export async function startJsonReceiver(answer = '{"code":0}'): Promise<JsonReceiver> {
  const received: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => {
      raw.push(body);
      received.push(JSON.parse(body));
      res.statusCode = 200;
      res.end(answer);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    received,
    raw,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clear() {
      received.length = 0;
      raw.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A platform stand-in for outbox tests (conversions, webhooks; docs/conversions.md): an HTTP server on 127.0.0.1
 * that records each request's body as received (`raw`) and parsed as JSON (`received`), and answers 200 with
 * `answer` (default `{"code":0}`, which Meta, TikTok and Snapchat's stand-ins all accept).
 */
import http from "node:http";
import { listenLocally, readBody, stopLocally } from "./listen.ts";

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
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    raw.push(body);
    received.push(JSON.parse(body));
    res.statusCode = 200;
    res.end(answer);
  });
  return {
    received,
    raw,
    base: await listenLocally(server),
    clear() {
      received.length = 0;
      raw.length = 0;
    },
    close: () => stopLocally(server),
  };
}

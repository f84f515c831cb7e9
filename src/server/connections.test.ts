/**
 * Connection limits (config.http, README "Configuration"): on a real listening socket, an idle kept-alive connection
 * is closed by the server and connections beyond the cap are refused.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createTestApp, type TestApp } from "./test-utils/app.ts";

/** Resolves with everything the server sent once it closes the socket (the test's timeout bounds the wait). */
function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => resolve(socket));
    socket.on("error", reject);
  });
}

describe("connection limits", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_KEEP_ALIVE_TIMEOUT_MS: "150", HTTP_MAX_CONNECTIONS: "3" } });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    port = address.port;
  });
  afterAll(async () => {
    await t.close();
  });

  it("sets every limit on the server explicitly, with documented defaults", () => {
    const defaults = loadConfig({ NODE_ENV: "test" }).http;
    expect(defaults).toEqual({
      keepAliveTimeoutMs: 5_000,
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      maxConnections: 1_000,
    });
    expect(t.app.server.keepAliveTimeout).toBe(150);
    expect(t.app.server.headersTimeout).toBe(15_000);
    expect(t.app.server.requestTimeout).toBe(120_000);
    expect(t.app.server.timeout).toBe(60_000);
    expect(t.app.server.maxConnections).toBe(3);
  });

  it("closes an idle kept-alive connection after the keep-alive timeout", async () => {
    const socket = await connect(port);
    const closed = readUntilClosed(socket);
    socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    const received = await closed;
    // One answer, kept alive by the server, then closed by it once idle: the client never ended the socket.
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain("connection: keep-alive");
    expect(socket.destroyed).toBe(true);
  });

  it("refuses connections beyond the cap", async () => {
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    // The server counts a connection once it has accepted it; a request on each makes sure all three are counted.
    await Promise.all(
      held.map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once("data", () => resolve());
            socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
          }),
      ),
    );
    const extra = await connect(port);
    const received = await readUntilClosed(extra.on("error", () => {}));
    expect(received).toBe("");
    for (const socket of held) socket.destroy();
  });
});

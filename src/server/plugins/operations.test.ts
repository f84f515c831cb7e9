/**
 * Operations plugin (plugins/operations.ts, docs/operations.md): liveness and readiness, readiness 503 from the
 * start of shutdown and when storage fails, load shedding with Retry-After, a graceful close that finishes the
 * in-flight request with `Connection: close` and closes kept-alive sockets, and the quiet request list.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { loadSiteConfig } from "../lib/site-config.ts";
import { localStorage } from "../lib/storage.ts";
import { createTestApp, openTestDatabase, type TestApp } from "../test-utils/app.ts";
import { isQuietRequest, OVERLOADED_MESSAGE, QUIET_MS } from "./operations.ts";

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

describe("health", () => {
  it("live and ready answer 200; /api/health stays", async () => {
    t = await createTestApp();
    for (const url of ["/api/health/live", "/api/health/ready", "/api/health"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it("ready answers 503 when the media folder is gone, and from the start of shutdown", async () => {
    t = await createTestApp({ configure: (config) => (config.mediaDir = "/nonexistent/media-folder") });
    const missing = await t.app.inject({ url: "/api/health/ready" });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toEqual({ ok: false, database: true, storage: false });

    t.app.config.mediaDir = t.mediaDir;
    expect((await t.app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    t.app.beginShutdown();
    const closing = await t.app.inject({ url: "/api/health/ready" });
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({ ok: false, reason: "shutting-down" });
    // Liveness still answers: the process is alive while it drains.
    expect((await t.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
  });
});

describe("load shedding", () => {
  it("over the memory limit a request answers 503 with Retry-After; liveness still answers", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    t = await createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: "1", OVERLOAD_RETRY_AFTER_SECONDS: "7" } });
    expect((await t.app.inject({ url: "/api/site" })).statusCode).toBe(200);
    // The next memory sample (every second) finds the heap over 1 MB.
    await vi.advanceTimersByTimeAsync(1500);
    const shed = await t.app.inject({ url: "/api/site" });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("7");
    expect(shed.json()).toMatchObject({ statusCode: 503, message: OVERLOADED_MESSAGE });
    expect((await t.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
  });
});

/**
 * An app on a fresh database with a public route `/test/slow` that answers only once `release()` is called;
 * `inFlight` resolves when a request to it has arrived.
 */
async function appWithSlowRoute() {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp",
    MEDIA_DIR: "/tmp",
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  const app = await buildApp({
    db: database.db,
    config,
    site: loadSiteConfig(),
    storage: localStorage("/tmp"),
    logger: false,
  });
  let release: () => void = () => {};
  let started: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  app.get("/test/slow", { config: { access: "public" } }, async () => {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  });
  return { app, database, drop, inFlight, release: () => release() };
}

describe("graceful close", () => {
  it("finishes the in-flight request with Connection: close, closes kept-alive sockets, and ends promptly", async () => {
    const { app, database, drop, inFlight, release } = await appWithSlowRoute();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
    const get = (path: string, agent: http.Agent) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; socket: import("node:net").Socket }>(
        (resolve, reject) => {
          const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, socket: req.socket! }));
          });
          req.on("error", reject);
        },
      );
    try {
      // A kept-alive idle socket, and a request in flight on another.
      const idle = await get("/api/health/live", agents[0]);
      expect(idle.headers.connection).toBe("keep-alive");
      const idleClosed = new Promise<void>((resolve) => idle.socket.once("close", () => resolve()));
      const slow = get("/test/slow", agents[1]);
      await inFlight;

      const began = performance.now();
      app.beginShutdown();
      const closed = app.close();
      await idleClosed;
      release();
      const answer = await slow;
      await closed;
      const elapsedMs = performance.now() - began;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe("close");
      expect(elapsedMs).toBeLessThan(10_000);
    } finally {
      for (const agent of agents) agent.destroy();
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe("drain", () => {
  it("waits for the request in flight to be answered, then resolves", async () => {
    const { app: server, database, drop, inFlight, release } = await appWithSlowRoute();
    const address = await server.listen({ port: 0, host: "127.0.0.1" });
    try {
      // node:http rather than fetch: undici's own timers would be faked below.
      const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        http
          .get(`${address}/test/slow`, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on("error", reject);
      });
      await inFlight;
      server.beginShutdown();
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      let drained = false;
      const draining = server.drain(8000).then(() => {
        drained = true;
      });
      // A second of drain checks while the request is still in flight.
      await vi.advanceTimersByTimeAsync(1000);
      expect(drained).toBe(false);
      release();
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.connection).toBe("close");
      // Quiet for QUIET_MS after the answer: drained, long before the 8 s limit.
      await vi.advanceTimersByTimeAsync(QUIET_MS + 200);
      await draining;
      expect(drained).toBe(true);
      vi.useRealTimers();
    } finally {
      await server.close();
      await database.close();
      await drop();
    }
  });
});

describe("quiet requests", () => {
  it("static assets, media and health checks write no request log lines; pages and the API do", () => {
    for (const url of [
      "/assets/app-1.js",
      "/fonts/x.woff2",
      "/media/ab/cd.webp",
      "/api/health/ready",
      "/favicon.ico",
    ]) {
      expect(isQuietRequest(url), url).toBe(true);
    }
    for (const url of ["/", "/projects/x", "/api/projects", "/api/auth/login?x=1"]) {
      expect(isQuietRequest(url), url).toBe(false);
    }
  });
});

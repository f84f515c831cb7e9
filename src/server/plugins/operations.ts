/**
 * Operations plugin (docs/operations.md):
 * - GET /api/health/live: the process answers (200 {ok:true}); never shed under load.
 * - GET /api/health/ready: 200 {ok:true} when the database answers `select 1` within 3 s (db/ping.ts: on the
 *   embedded database also during a write transaction) and the media storage answers (the
 *   local folder is readable and writable, or the bucket answers a HEAD); 503
 *   {ok:false, …} when either fails or once shutdown has begun (a load balancer stops sending traffic).
 * - Shutdown: from `beginShutdown()` (or `preClose`) on, every answer carries `Connection: close`, and each finished
 *   response closes the server's idle kept-alive sockets, so `app.close()` ends as soon as the in-flight requests are
 *   done; `drain(maxMs)` waits for the requests already sent to be answered first.
 * - Load shedding (@fastify/under-pressure): over the event-loop delay / heap / RSS limits of `config.overload`, a
 *   request is answered 503 with `Retry-After` (seconds) and the error shape, instead of queueing without bound.
 * - `isQuietRequest(url)`: the requests that write no request log lines (static assets, /media, health checks).
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { okSchema } from "#domain/schemas/api.ts";
import { pingDatabase } from "../db/ping.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** True from the start of shutdown (`beginShutdown()` or `app.close()`): readiness answers 503. */
    readonly shuttingDown: boolean;
    /** Marks the instance as shutting down (readiness 503, `Connection: close`) before `app.close()`. */
    beginShutdown(): void;
    /**
     * Resolves once no request is in flight and no request or connection has started for QUIET_MS, or after `maxMs`: requests already
     * sent (in the socket or accept backlog while the event loop was busy) are read and answered before
     * `app.close()`, which would reset a connection whose request is not read yet.
     */
    drain(maxMs: number): Promise<void>;
  }
}

/** Message of a 503 while the server sheds load (Arabic: the user may retry in a moment). */
export const OVERLOADED_MESSAGE = "الخادم مشغول حاليًا، حاول مرة أخرى بعد قليل";

const QUIET_PREFIXES = ["/media/", "/assets/", "/fonts/", "/api/health"];

/** Whether a request to `url` is logged without request lines: static files, media and health checks. */
export function isQuietRequest(url: string): boolean {
  const pathname = url.split("?")[0];
  if (QUIET_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  // Root-level static files (favicon.ico, robots.txt, sitemap.xml are pages but cheap): anything with an extension.
  return /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}

/** How long without a new request counts as drained, ms. */
export const QUIET_MS = 250;

/** Optional readiness probe a storage driver may offer (throws when its backend is down). */
interface CheckableStorage {
  check?: () => Promise<void>;
}

export const operationsPlugin = fp(async (app: FastifyInstance) => {
  let shuttingDown = false;
  app.decorate("shuttingDown", {
    getter: () => shuttingDown,
  });
  app.decorate("beginShutdown", () => {
    shuttingDown = true;
  });
  app.addHook("preClose", async () => {
    shuttingDown = true;
  });

  // Every request on the server (pages, API, static, media), counted from the raw server so aborted ones end too.
  let inFlight = 0;
  let lastStartedAt = 0;
  // A new connection counts as a start: its request is read on a later turn of the event loop.
  app.server.on("connection", () => {
    lastStartedAt = Date.now();
  });
  app.server.on("request", (_req, res) => {
    inFlight += 1;
    lastStartedAt = Date.now();
    res.once("close", () => {
      inFlight -= 1;
    });
  });
  app.decorate("drain", async (maxMs: number) => {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Checked after the I/O phase, so sockets that became readable meanwhile have started their requests.
      await new Promise((resolve) => setImmediate(resolve));
      if (inFlight === 0 && Date.now() - lastStartedAt >= QUIET_MS) return;
    }
  });

  app.addHook("onSend", async (_request, reply) => {
    if (shuttingDown) reply.header("connection", "close");
  });
  app.addHook("onResponse", async () => {
    if (shuttingDown) app.server.closeIdleConnections?.();
  });

  const overload = app.config.overload;
  if (overload.maxEventLoopDelayMs > 0 || overload.maxHeapUsedBytes > 0 || overload.maxRssBytes > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: overload.maxEventLoopDelayMs,
      maxHeapUsedBytes: overload.maxHeapUsedBytes,
      maxRssBytes: overload.maxRssBytes,
      sampleInterval: overload.sampleIntervalMs,
      pressureHandler: (_request, reply) => {
        reply
          .code(503)
          .header("retry-after", String(overload.retryAfterSeconds))
          .send({ statusCode: 503, error: "Service Unavailable", message: OVERLOADED_MESSAGE });
      },
    });
  }
});
/** The readiness answer: `ok`, and on 503 which check failed or `reason: "shutting-down"`. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  database: z.boolean().optional(),
  storage: z.boolean().optional(),
  reason: z.literal("shutting-down").optional(),
});

/** GET /api/health/live and /api/health/ready (see the module comment); registered after the auth and OpenAPI plugins. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    "/api/health/live",
    // Liveness must answer even under load: a shed liveness probe would get a busy instance restarted.
    { config: { access: "public", pressureHandler: () => undefined }, schema: { response: { 200: okSchema } } },
    async () => ({ ok: true }),
  );

  app.get(
    "/api/health/ready",
    { config: { access: "public" }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      if (app.shuttingDown) return reply.code(503).send({ ok: false, reason: "shutting-down" as const });
      const storage = app.storage as typeof app.storage & CheckableStorage;
      const checks = await Promise.allSettled([
        pingDatabase(app.db),
        storage.check
          ? storage.check()
          : app.config.s3
            ? // A HEAD of a key that need not exist: throws when the object store does not answer.
              storage.exists("health/ready-probe")
            : access(app.config.mediaDir, constants.R_OK | constants.W_OK),
      ]);
      const [database, media] = checks.map((c) => c.status === "fulfilled");
      if (database && media) return { ok: true };
      return reply.code(503).send({ ok: false, database, storage: media });
    },
  );
}

/**
 * The movable test clock's API, for end-to-end journeys that move time (docs/decisions/057-one-job-engine-and-one-clock.md
 * "Test clock"; README "Configuration", TEST_CLOCK). Deny by default: buildApp registers these routes only when it is
 * given a movable clock, which start.ts makes only with TEST_CLOCK=1, and config.ts refuses TEST_CLOCK on a server
 * reachable from outside (a HOST or PUBLIC_URL that is not loopback, or TRUST_PROXY). Even then a request from any
 * address other than loopback is answered 404, as if the route did not exist.
 *
 * GET  /api/test/clock                     → 200 { now: ISO 8601 }
 * POST /api/test/clock { advanceMs } | { at } → moves the clock forward (ms ≥ 0, or to the instant `at`), then runs
 *                                             every queue of the engine that is due at the new time and waits for it
 *                                             (jobs/engine.ts `runDue`) → 200 { now }. Bad input → 400 with `fields`;
 *                                             a move backwards → 400 (fields.at).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../lib/http-errors.ts";
import type { MovableClock } from "./clock.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const moveSchema = z
  .object({
    advanceMs: z
      .number({ error: "أدخل مدة بالملّي ثانية" })
      .int({ error: "أدخل مدة بالملّي ثانية" })
      .min(0, { error: "لا يعود الوقت إلى الوراء" })
      .optional(),
    at: z.iso.datetime({ offset: true, error: "أدخل وقتًا بصيغة ISO 8601" }).optional(),
  })
  .strict()
  .refine((body) => (body.advanceMs === undefined) !== (body.at === undefined), {
    error: "أدخل advanceMs أو at",
    path: ["advanceMs"],
  });
const nowSchema = z.object({ now: z.string() });

/** 404 unless the request comes over loopback (the socket's own address, never a forwarded one). */
function assertLoopback(request: FastifyRequest): void {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) throw notFound();
}

export async function testClockRoutes(app: FastifyInstance, options: { clock: MovableClock }) {
  const { clock } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/test/clock",
    { config: { access: "public" }, schema: { hide: true, response: { 200: nowSchema } } },
    async (request) => {
      assertLoopback(request);
      return { now: clock.now().toISOString() };
    },
  );
  typed.post(
    "/api/test/clock",
    { config: { access: "public" }, schema: { hide: true, body: moveSchema, response: { 200: nowSchema } } },
    async (request) => {
      assertLoopback(request);
      const { advanceMs, at } = request.body;
      if (at !== undefined) {
        if (new Date(at) < clock.now()) throw badRequest({ at: "لا يعود الوقت إلى الوراء" });
        clock.set(new Date(at));
      } else clock.advance(advanceMs ?? 0);
      await app.jobs.runDue();
      return { now: clock.now().toISOString() };
    },
  );
}

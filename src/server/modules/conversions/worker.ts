/**
 * The conversion queue of the job engine (docs/conversions.md "Delivery"; docs/decisions/057-one-job-engine-and-one-clock.md):
 * the engine's generic outbox (jobs/outbox.ts) running this module's queue (outbox.ts), reached as
 * `app.conversionOutbox`. Pumped by the engine's one timer (config.jobsIntervalMs; 0: no timer, tests call
 * `drain()`), per-attempt timeout config.conversions.timeoutMs, one log line per finished attempt (platform, event id,
 * outcome, status — never a token or an identifier).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Outbox } from "../../jobs/outbox.ts";
import { googleTokens } from "./google-oauth.ts";
import { type ClaimedConversion, type ConversionSendContext, conversionQueue } from "./outbox.ts";

/** The engine's name of this queue. */
export const CONVERSION_QUEUE = "conversions";

declare module "fastify" {
  interface FastifyInstance {
    /** The conversion-event outbox worker (modules/conversions/worker.ts). */
    conversionOutbox: Outbox<ClaimedConversion>;
    /** What an attempt needs (URLs, the secrets key, Google's token cache), shared by the worker and the test event. */
    conversionSendContext: ConversionSendContext;
  }
}

export const conversionOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    const context: ConversionSendContext = {
      urls: app.config.conversions.urls,
      secrets: app.secrets,
      googleTokens: googleTokens({
        tokenUrl: app.config.conversions.googleTokenUrl,
        now: () => app.clock().getTime(),
      }),
      log: (line) =>
        (line.outcome === "delivered" ? app.log.info : app.log.warn).call(app.log, line, "conversion event attempt"),
    };
    const outbox = app.jobs.outbox(CONVERSION_QUEUE, {
      queue: conversionQueue(context),
      allowPrivate: true,
      timeoutMs: app.config.conversions.timeoutMs,
    });
    app.decorate("conversionOutbox", outbox);
    app.decorate("conversionSendContext", context);
  },
  { name: "conversion-outbox", dependencies: ["jobs"] },
);

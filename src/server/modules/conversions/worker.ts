/**
 * The conversion outbox worker of this process: the lead outbox worker (leads/worker.ts `LeadOutbox`) running the
 * conversion queue (outbox.ts), reached as `app.conversionOutbox`. Same poll interval as the webhooks
 * (config.webhookWorkerIntervalMs; 0: no timer, tests call `drain()`), per-attempt timeout
 * config.conversions.timeoutMs, one log line per finished attempt (platform, event id, outcome, status — never a
 * token or an identifier).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { LeadOutbox } from "../leads/worker.ts";
import { googleTokens } from "./google-oauth.ts";
import { type ClaimedConversion, type ConversionSendContext, conversionQueue } from "./outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The conversion-event outbox worker (modules/conversions/worker.ts). */
    conversionOutbox: LeadOutbox<ClaimedConversion>;
    /** What an attempt needs (URLs, the secrets key, Google's token cache), shared by the worker and the test event. */
    conversionSendContext: ConversionSendContext;
  }
}

export const conversionOutboxPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const context: ConversionSendContext = {
      urls: app.config.conversions.urls,
      secrets: app.secrets,
      googleTokens: googleTokens({
        tokenUrl: app.config.conversions.googleTokenUrl,
        now: options.clock ? () => (options.clock as () => Date)().getTime() : undefined,
      }),
      log: (line) =>
        (line.outcome === "delivered" ? app.log.info : app.log.warn).call(app.log, line, "conversion event attempt"),
    };
    const outbox = new LeadOutbox<ClaimedConversion>(app.db, {
      allowPrivate: true,
      timeoutMs: app.config.conversions.timeoutMs,
      clock: options.clock,
      onError: (error) => app.log.error({ err: error }, "conversion outbox pass failed"),
      queue: conversionQueue(context),
    });
    app.decorate("conversionOutbox", outbox);
    app.decorate("conversionSendContext", context);
    app.addHook("onReady", async () => outbox.start(app.config.webhookWorkerIntervalMs));
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "conversion-outbox" },
);

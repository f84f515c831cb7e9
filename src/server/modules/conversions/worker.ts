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
import { type ClaimedConversion, conversionQueue } from "./outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The conversion-event outbox worker (modules/conversions/worker.ts). */
    conversionOutbox: LeadOutbox<ClaimedConversion>;
  }
}

export const conversionOutboxPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const outbox = new LeadOutbox<ClaimedConversion>(app.db, {
      allowPrivate: true,
      timeoutMs: app.config.conversions.timeoutMs,
      clock: options.clock,
      onError: (error) => app.log.error({ err: error }, "conversion outbox pass failed"),
      queue: conversionQueue({
        urls: app.config.conversions.urls,
        secrets: app.secrets,
        log: (line) =>
          (line.outcome === "delivered" ? app.log.info : app.log.warn).call(app.log, line, "conversion event attempt"),
      }),
    });
    app.decorate("conversionOutbox", outbox);
    app.addHook("onReady", async () => outbox.start(app.config.webhookWorkerIntervalMs));
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "conversion-outbox" },
);

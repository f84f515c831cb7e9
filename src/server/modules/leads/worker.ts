/**
 * The lead webhook queue of the job engine (docs/webhooks.md "Delivery"; docs/decisions/010-lead-outbox-claims.md,
 * docs/decisions/057-one-job-engine-and-one-clock.md).
 *
 * The queue's steps are outbox.ts (`claimNextDelivery`, `attemptDelivery`, `recordAttempt`); the engine's generic
 * outbox (jobs/outbox.ts) runs them: at most 2 attempts in flight per destination (host[:port] of the target URL) and
 * 8 in all, the next due row looked for as soon as an attempt ends.
 *
 * The application reaches it through the Fastify decorator `app.leadOutbox` (leadOutboxPlugin): the contact route
 * calls `app.leadOutbox.kick()` after a lead with a webhook is committed; the engine's one timer
 * (config.jobsIntervalMs; 0: no timer and `kick()` does nothing — tests then drive `pump()`/`drain()` themselves)
 * pumps it, and onClose stops it (claims in flight are aborted and given back, not counted as attempts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/connection.ts";
import { type DeliverSummary, Outbox, type OutboxOptions, type OutboxQueue } from "../../jobs/outbox.ts";
import {
  ATTEMPT_TIMEOUT_MS,
  attemptDelivery,
  type ClaimedDelivery,
  claimNextDelivery,
  recordAttempt,
} from "./outbox.ts";

/** The engine's name of this queue. */
export const LEAD_WEBHOOK_QUEUE = "lead-webhooks";

/** The lead webhook queue (outbox.ts). */
export const webhookQueue: OutboxQueue<ClaimedDelivery> = {
  claim: claimNextDelivery,
  attempt: attemptDelivery,
  record: recordAttempt,
};

/** The lead webhook worker of one process. */
export type LeadOutbox = Outbox<ClaimedDelivery>;

/**
 * Delivers every delivery due at `now` once, with a fixed clock (tests and one-off runs). Concurrency as the worker.
 */
export function deliverDue(
  db: Db,
  now: Date,
  options: Omit<OutboxOptions<ClaimedDelivery>, "clock" | "continuous" | "queue">,
): Promise<DeliverSummary> {
  return new Outbox(db, {
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    ...options,
    queue: webhookQueue,
    clock: () => now,
  }).drain();
}

declare module "fastify" {
  interface FastifyInstance {
    /** The lead webhook worker of this process (modules/leads/worker.ts). */
    leadOutbox: LeadOutbox;
  }
}

/** Registers the lead webhook queue with the engine (`app.jobs`) and decorates the app with its worker. */
export const leadOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    const outbox = app.jobs.outbox(LEAD_WEBHOOK_QUEUE, {
      queue: webhookQueue,
      allowPrivate: app.config.webhookAllowPrivate,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
    });
    app.decorate("leadOutbox", outbox);
  },
  { name: "lead-outbox", dependencies: ["jobs"] },
);

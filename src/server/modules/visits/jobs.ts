/**
 * The visits' queues of the job engine (docs/decisions/091-visit-messages-and-reminder-channels.md): the buyer's
 * e-mails (an outbox over visit_messages, only with SMTP_URL), the reminders 24 h and 2 h before a visit, and the
 * agents' morning list. Decorates the app with `visitMessages` (kick after a commit that queued a message).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface VisitMessagesQueue {
  /** Sends what is due now instead of at the next tick. */
  kick(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The buyer's e-mail outbox of visits (null without SMTP_URL). */
    visitMessages: VisitMessagesQueue | null;
  }
}

export const visitJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("visitMessages", null);
  },
  { name: "visit-jobs", dependencies: ["jobs"] },
);

/**
 * The visits' queues of the job engine (docs/decisions/091-visit-messages-and-reminder-channels.md): the reminders
 * ("visit-reminders") and the agents' morning list ("visit-morning-list") of ./reminders.ts, then the buyer's
 * e-mails ("visit-mail", an outbox over visit_messages, only with SMTP_URL; ./mail.ts), registered in that order so
 * `app.jobs.runDue()` mails a reminder in the pass that queued it. Decorates the app with `visitMessages`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { normalizeSaudiPhone } from "#domain/phone.ts";
import { createMailTransport } from "../leads/mail.ts";
import { registerVisitChannel } from "./channels.ts";
import { visitMailOutboxOptions } from "./mail.ts";
import { runDueReminders, runMorningListIfDue } from "./reminders.ts";
import { WHATSAPP_VISIT_CHANNEL } from "./whatsapp-channel.ts";

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
    // Stateless: it queues only while WhatsApp is connected and the project names its template.
    registerVisitChannel(WHATSAPP_VISIT_CHANNEL);
    app.jobs.due("visit-reminders", (now) => runDueReminders(app.db, now));
    app.jobs.due("visit-morning-list", (now) => runMorningListIfDue(app.db, now));
    const smtp = app.config.smtp;
    if (!smtp) {
      app.decorate("visitMessages", null);
      return;
    }
    const transport = createMailTransport(smtp.url);
    const outbox = app.jobs.outbox(
      "visit-mail",
      visitMailOutboxOptions(transport, {
        from: smtp.from,
        publicUrl: app.config.publicUrl,
        sitePhone: normalizeSaudiPhone(app.site.phone) ?? app.site.phone,
        box: app.secrets,
      }),
      () => transport.close(),
    );
    app.decorate("visitMessages", { kick: () => outbox.kick() });
  },
  { name: "visit-jobs", dependencies: ["jobs"] },
);

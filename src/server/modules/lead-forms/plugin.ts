/**
 * Lead forms in the job engine (jobs.ts; docs/decisions/084-lead-forms-inbox-and-backfill.md): the "lead-forms"
 * outbox of webhook arrivals, reached as `app.leadFormsOutbox` (the webhook kicks it after storing an arrival), and
 * the "lead-forms.backfill" timed job every config.leadForms.backfillMs less a headroom (backfillPassPeriod; 0: never),
 * which marks the forms due, and the "lead-forms.backfill-forms" queue that reads them (Meta's by the Graph API,
 * TikTok's by steps of its lead download task: tiktok-backfill.ts). `app.leadFormsContext` is what both need (the
 * clock, Graph base URL, the secrets key, the per-call timeout).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { leadFormArrivals } from "#server/db/tables/lead-forms.ts";
import type { Outbox } from "#server/jobs/outbox.ts";
import { ArrivalWrites } from "./arrival-writes.ts";
import {
  type Arrival,
  arrivalQueue,
  backfillDueForms,
  backfillPassPeriod,
  type LeadFormsContext,
  markBackfillDue,
} from "./jobs.ts";
import { backfillTikTokForms } from "./tiktok-backfill.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox of lead-form webhook arrivals (modules/lead-forms/plugin.ts). */
    leadFormsOutbox: Outbox<Arrival>;
    /** What the lead-form jobs and routes need to reach the platforms. */
    leadFormsContext: LeadFormsContext;
  }
}

/** The engine's names of the two jobs. */
export const LEAD_FORMS_QUEUE = "lead-forms";
export const LEAD_FORMS_BACKFILL_JOB = "lead-forms.backfill";
export const LEAD_FORMS_BACKFILL_QUEUE = "lead-forms.backfill-forms";

export const leadFormsPlugin = fp(
  async (app: FastifyInstance) => {
    const context: LeadFormsContext = {
      clock: app.clock,
      metaUrl: app.config.leadForms.urls.meta,
      tiktokUrl: app.config.leadForms.urls.tiktok,
      snapchatUrl: app.config.leadForms.urls.snapchat,
      snapchatAuthUrl: app.config.leadForms.urls.snapchatAuth,
      snapchatToken: { current: null },
      secrets: app.secrets,
      timeoutMs: app.config.leadForms.timeoutMs,
      webhookCache: null,
      googleCache: null,
      tiktokCache: null,
      snapchatCache: null,
      arrivals: new ArrivalWrites(
        async (rows) => {
          await app.db
            .insert(leadFormArrivals)
            .values(rows)
            .onConflictDoNothing({ target: [leadFormArrivals.platform, leadFormArrivals.platformLeadId] });
        },
        // The job side gives way to webhooks being answered on the embedded database only (arrival-writes.ts).
        { givesWayToAnswers: !((app.db as unknown as { $client?: unknown }).$client instanceof pg.Pool) },
      ),
    };
    const outbox = app.jobs.outbox(LEAD_FORMS_QUEUE, {
      queue: arrivalQueue(context),
      allowPrivate: true,
      timeoutMs: context.timeoutMs,
      perDestination: 4,
    });
    // The timed job marks the forms due; the queue after it reads them outside any transaction (jobs.ts).
    // Each pass starts a little sooner than the interval, so a lead is stored within one interval (jobs.ts).
    app.jobs.every(LEAD_FORMS_BACKFILL_JOB, backfillPassPeriod(app.config.leadForms.backfillMs), markBackfillDue);
    app.jobs.due(
      LEAD_FORMS_BACKFILL_QUEUE,
      async (now) => (await backfillDueForms(app.db, context, now)) + (await backfillTikTokForms(app.db, context, now)),
    );
    app.decorate("leadFormsOutbox", outbox);
    app.decorate("leadFormsContext", context);
  },
  { name: "lead-forms", dependencies: ["jobs"] },
);

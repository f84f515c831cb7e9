/**
 * The response clock's timed jobs (lead_jobs; docs/decisions/022-lead-desk-assignment-and-response-clock.md).
 * A job is claimed in its own transaction with FOR UPDATE SKIP LOCKED (PostgreSQL and PGlite alike), carried out in
 * that transaction and marked done, so several instances never run one job twice and a job survives a restart
 * (it is a row, due at run_at). Kinds:
 * - notify_agent (default 5 min): the owner is told the lead waits;
 * - notify_managers (default 15 min): every manager and general manager is told;
 * - reassign (default 30 min, configurable): the lead goes to the next agent by round robin (the owner skipped),
 *   and a new reassign step is queued.
 * - follow_up (at the lead's follow-up date, logLeadActivity): the owner is told the follow-up is due (in-app and
 *   e-mail); a reminder whose date was changed since (follow_up_at differs) does nothing.
 * A clock job of a lead contacted meanwhile (first_contact_at set) or moved past جديد, and any job of a closed (lost/sold),
 * merged or erased lead, does nothing (docs/decisions/074-a-clock-the-agent-sees.md). The bell's lines name the buyer,
 * the project and the wait (#domain/lead-clock.ts). Each step is in the lead's history.
 *
 * The app reaches it through the decorator `app.leadDesk` (leadDeskPlugin): `clock()` is the app's clock (`app.clock`,
 * jobs/clock.ts), `runDue()` runs every due job now, `sendMails()` sends the due e-mail copies of notifications (mail.ts;
 * nothing without SMTP_URL), `runRetention()` the daily PDPL retention job. The same three are queues of the job
 * engine (jobs/engine.ts: "lead-clock", "lead-mail" — an outbox, only with SMTP_URL — and "lead_retention"), run by
 * its one timer (config.jobsIntervalMs; 0: no timer, tests call them or `app.jobs.runDue()`).
 */
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { LEAD_CLOCK_TEXTS } from "#domain/lead-clock.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { contactMessages, leads, projects, users } from "../../db/schema.ts";
import { leadEvents, leadJobs } from "../../db/tables/lead-desk.ts";
import { runJobIfDue } from "../../jobs/timed.ts";
import { type LeadRow, leadRow, notify, openingEnquiry, pickAgent, readLeadSettings } from "./desk/service.ts";
import { createMailTransport, type MailSummary, mailOutboxOptions } from "./mail.ts";
import { anonymiseExpiredLeads } from "./privacy/service.ts";

/** The engine's names of the response clock's and the e-mail queues. */
export const LEAD_CLOCK_QUEUE = "lead-clock";
export const LEAD_MAIL_QUEUE = "lead-mail";
/** The retention job's name in `scheduled_jobs` (and the engine), and its period (a day). */
export const RETENTION_JOB = "lead_retention";
export const RETENTION_PERIOD_MS = 24 * 60 * 60 * 1000;

/** Most jobs one `runDue` pass carries out (the next pass takes the rest). */
const MAX_JOBS_PER_PASS = 500;

/** Claims and carries out one due job. Returns false when none is due. */
async function runOne(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(leadJobs)
      .where(and(isNull(leadJobs.doneAt), lte(leadJobs.runAt, now)))
      .orderBy(asc(leadJobs.runAt), asc(leadJobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return false;
    await tx.update(leadJobs).set({ doneAt: now }).where(eq(leadJobs.id, job.id));
    const [lead] = await tx
      .select(leadRow)
      .from(leads)
      .innerJoin(contactMessages, openingEnquiry)
      .where(eq(leads.id, job.leadId))
      .for("update")
      .limit(1);
    // A closed, merged or erased lead has left every queue (docs/decisions/074-a-clock-the-agent-sees.md).
    if (!lead || lead.stage === "lost" || lead.stage === "sold" || lead.mergedIntoId !== null || lead.anonymisedAt) {
      return true;
    }
    if (job.kind === "follow_up") {
      if (lead.ownerId && lead.followUpAt?.getTime() === job.runAt.getTime()) {
        const text = LEAD_CLOCK_TEXTS.followUpDue(lead.name, await projectNameOf(tx, lead));
        await notify(tx, [lead.ownerId], lead.id, "follow_up", text, now);
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          kind: "follow_up_due",
          data: { ownerId: lead.ownerId, followUpAt: job.runAt.toISOString() },
          createdAt: now,
        });
      }
      return true;
    }
    // Only a lead still at جديد without a logged contact escalates as "not contacted".
    if (lead.firstContactAt || lead.stage !== "new") return true;
    await carryOut(tx, job.kind, lead, now);
    return true;
  });
}

async function carryOut(tx: Tx, kind: string, lead: LeadRow, now: Date) {
  const event = (k: "sla_agent_notified" | "sla_managers_notified" | "sla_reassigned", data: Record<string, unknown>) =>
    tx.insert(leadEvents).values({ leadId: lead.id, kind: k, data, createdAt: now });
  const waited = now.getTime() - lead.createdAt.getTime();
  const project = await projectNameOf(tx, lead);
  if (kind === "notify_agent") {
    if (!lead.ownerId) return;
    const text = LEAD_CLOCK_TEXTS.notifyAgent(lead.name, project, waited);
    await notify(tx, [lead.ownerId], lead.id, "sla_agent", text, now);
    await event("sla_agent_notified", { ownerId: lead.ownerId });
  } else if (kind === "notify_managers") {
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ["manager", "super_admin"]));
    await notify(
      tx,
      managers.map((m) => m.id),
      lead.id,
      "sla_managers",
      LEAD_CLOCK_TEXTS.notifyManagers(lead.name, project, waited, await userNameOf(tx, lead.ownerId)),
      now,
    );
    await event("sla_managers_notified", { managers: managers.length });
  } else if (kind === "reassign") {
    const next = await pickAgent(tx, lead.projectId, now, lead.ownerId);
    const settings = await readLeadSettings(tx);
    await tx
      .insert(leadJobs)
      .values({ leadId: lead.id, kind: "reassign", runAt: new Date(now.getTime() + settings.reassignAfter * 60_000) });
    if (!next) return;
    await tx.update(leads).set({ ownerId: next }).where(eq(leads.id, lead.id));
    await event("sla_reassigned", { ownerId: next, previousOwnerId: lead.ownerId });
    await notify(tx, [next], lead.id, "assigned", LEAD_CLOCK_TEXTS.reassigned(lead.name, project, waited), now);
  }
}

/** The lead's project name (the project row, else the name kept in its origin), for the bell's lines. */
async function projectNameOf(tx: Tx, lead: LeadRow): Promise<string | null> {
  if (lead.projectId !== null) {
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, lead.projectId))
      .limit(1);
    if (project) return project.name;
  }
  return lead.origin.projectName ?? null;
}

async function userNameOf(tx: Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return user?.name ?? null;
}

/** Runs every job due at `now`, one transaction each. Returns how many were claimed. */
export async function runDueLeadJobs(db: Db, now: Date): Promise<number> {
  let count = 0;
  while (count < MAX_JOBS_PER_PASS && (await runOne(db, now))) count += 1;
  return count;
}

export interface LeadDesk {
  /** The app's clock (buildApp `clock`, default the system clock). */
  clock(): Date;
  /** Runs the due response-clock jobs now. Returns how many ran. */
  runDue(): Promise<number>;
  /** Sends the due notification e-mails now (none without SMTP_URL). */
  sendMails(): Promise<MailSummary>;
  /**
   * Runs the PDPL retention job (privacy/service.ts anonymiseExpiredLeads) when its daily turn has come across all
   * instances (scheduled_jobs "lead_retention"). Returns the leads anonymised, or null when it was not due.
   */
  runRetention(): Promise<number | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    leadDesk: LeadDesk;
  }
}

/**
 * Decorates the app with `leadDesk` and registers its queues with the engine (`app.jobs`): the response clock and
 * follow-ups (lead_jobs), the e-mail copies (notifications; an outbox, only with SMTP_URL), the daily retention job
 * (scheduled_jobs).
 */
export const leadDeskPlugin = fp(
  async (app: FastifyInstance) => {
    const clock = app.clock;
    let running: Promise<number> | null = null;
    const runDue = () => {
      running ??= runDueLeadJobs(app.db, clock()).finally(() => {
        running = null;
      });
      return running;
    };
    // Registered before the e-mail queue, so `app.jobs.runDue()` mails what the lead clock's steps just notified.
    app.jobs.due(LEAD_CLOCK_QUEUE, runDue);
    const smtp = app.config.smtp;
    const transport = smtp ? createMailTransport(smtp.url) : null;
    const mail =
      smtp && transport
        ? app.jobs.outbox(
            LEAD_MAIL_QUEUE,
            mailOutboxOptions(transport, { ...smtp, publicUrl: app.config.publicUrl }),
            () => transport.close(),
          )
        : null;
    const retention = async (tx: Tx, now: Date) => {
      const count = await anonymiseExpiredLeads(tx, now);
      if (count) app.log.info({ job: RETENTION_JOB, anonymised: count }, "lead retention job ran");
      return count;
    };
    const desk: LeadDesk = {
      clock,
      runDue,
      async runRetention() {
        let count: number | null = null;
        await runJobIfDue(app.db, RETENTION_JOB, RETENTION_PERIOD_MS, clock(), async (tx, now) => {
          count = await retention(tx, now);
        });
        return count;
      },
      async sendMails() {
        if (!mail) return { sent: 0, retrying: 0, failed: 0 };
        const { delivered, retrying, failed } = await mail.drain();
        return { sent: delivered, retrying, failed };
      },
    };
    app.decorate("leadDesk", desk);
    app.jobs.every(RETENTION_JOB, RETENTION_PERIOD_MS, async (tx, now) => {
      await retention(tx, now);
    });
  },
  { name: "lead-desk", dependencies: ["jobs"] },
);

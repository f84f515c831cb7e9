/**
 * E-mail copies of the lead desk's notifications (docs/operations.md "E-mail";
 * docs/decisions/026-lead-desk-mail-outbox-and-follow-ups.md), an outbox queue of the job engine (jobs/outbox.ts;
 * docs/decisions/057-one-job-engine-and-one-clock.md).
 *
 * The notification row is the outbox: `notify()` (desk/assignment.ts) stores it with email_status "pending" in the
 * same transaction as the lead change, so a failed or slow SMTP server never blocks, rolls back or loses the lead or
 * the in-app notification. `mailQueue` gives the engine's outbox its steps, for each due row:
 * - claim: in a short transaction (FOR UPDATE SKIP LOCKED, so two instances never claim one row), leased for
 *   MAIL_LEASE_MS (email_locked_until, also the claim token); a row whose user has no e-mail, or older than
 *   MAIL_MAX_AGE_MS (stored while SMTP_URL was unset), becomes "none" instead;
 * - attempt: sends it through nodemailer outside any transaction;
 * - record: "sent", or the next attempt by MAIL_RETRY_DELAYS_MS (1 min × 4^(n-1): 1, 4, 16, 64 min, then "failed"
 *   after MAIL_MAX_ATTEMPTS), only while the row still carries the claim's lease.
 * All mail goes to one destination (the SMTP server), at most MAIL_IN_FLIGHT at once. Without SMTP_URL nothing is
 * sent (the rows stay pending and age out). desk-jobs.ts registers the queue as "lead-mail".
 */
import { and, eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { claimable, dueFirst } from "#server/jobs/outbox-rows.ts";
import type { Db } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import { notifications } from "../../db/tables/lead-desk.ts";
import type { Clock } from "../../jobs/clock.ts";
import {
  type AttemptOutcome,
  type AttemptResult,
  LEASE_MARGIN_MS,
  Outbox,
  type OutboxOptions,
  type OutboxQueue,
  retrySchedule,
} from "../../jobs/outbox.ts";

/** The e-mail copy columns of a notification, as the outbox claims them. */
const MAIL_COLUMNS = {
  id: notifications.id,
  status: notifications.emailStatus,
  nextAt: notifications.emailNextAt,
  lockedUntil: notifications.emailLockedUntil,
};

/** Wait before attempt n+1 after failed attempt n (ms). */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = retrySchedule({ firstMs: 60_000, factor: 4, retries: 4 });
/** Attempts before an e-mail ends in "failed". */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** A claim's lease (ms): one SMTP conversation with its timeouts (createMailTransport), and a margin. */
export const MAIL_LEASE_MS = 120_000;
/** A notification older than this (ms) is not mailed any more (a day). */
export const MAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** E-mails sent at once (all to the one SMTP server). */
export const MAIL_IN_FLIGHT = 2;
/** Rows turned to "none" (no address, too old) that one claim looks past before it gives up until the next pass. */
const MAX_SKIPPED = 100;

/** The subject line of every notification e-mail. */
export const MAIL_SUBJECT = "تنبيه من مكتب العملاء";

export interface MailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…; never logged. */
  url: string;
  /** The From address (SMTP_FROM). */
  from: string;
  /** The site's public address, for the link in the message. */
  publicUrl: string;
}

/** A nodemailer transport for SMTP_URL, with short timeouts so a dead server frees the lease early. */
export function createMailTransport(url: string): Transporter {
  return nodemailer.createTransport(url, {
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as never);
}

/** A claimed e-mail: its row, the address, its attempt number (counted at the claim) and the lease. */
export interface ClaimedMail {
  id: number;
  destination: "smtp";
  to: string;
  text: string;
  leadId: number | null;
  lease: Date;
  attempts: number;
}

/** Claims one due row (see the module comment). Returns null when none is due. */
async function claimNext(db: Db, now: Date, leaseMs: number): Promise<ClaimedMail | null> {
  for (let skipped = 0; skipped < MAX_SKIPPED; skipped += 1) {
    const claim = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ n: notifications, email: users.email })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(claimable(MAIL_COLUMNS, now))
        .orderBy(...dueFirst(MAIL_COLUMNS))
        .limit(1)
        .for("update", { of: notifications, skipLocked: true });
      if (!row) return null;
      if (!row.email || now.getTime() - row.n.createdAt.getTime() > MAIL_MAX_AGE_MS) {
        await tx.update(notifications).set({ emailStatus: "none" }).where(eq(notifications.id, row.n.id));
        return "skipped" as const;
      }
      const lease = new Date(now.getTime() + leaseMs);
      const attempts = row.n.emailAttempts + 1;
      await tx
        .update(notifications)
        .set({ emailLockedUntil: lease, emailAttempts: attempts })
        .where(eq(notifications.id, row.n.id));
      return {
        id: row.n.id,
        destination: "smtp" as const,
        to: row.email,
        text: row.n.text,
        leadId: row.n.leadId,
        lease,
        attempts,
      };
    });
    if (claim !== "skipped") return claim;
  }
  return null;
}

/** The plain-text body: the notification and where to open the lead. */
export function mailBody(text: string, leadId: number | null, publicUrl: string): string {
  const link = `${publicUrl}/admin/contact-messages${leadId ? `?lead=${leadId}` : ""}`;
  return `${text}\n\nافتح مكتب العملاء: ${link}\n`;
}

/** The columns an e-mail outbox row of the payments' and visits' queues shares (status, lease, retry schedule). */
export interface MailRowWrite {
  status?: "sent" | "failed" | "pending";
  sentAt?: Date;
  lockedUntil: null;
  attempts?: number;
  error?: string | null;
  nextAt?: Date;
}

/**
 * What the result of attempt number `attempts` (1-based) of an e-mail writes on its outbox row: released (the lease
 * given back, the attempt not counted), delivered, retried after MAIL_RETRY_DELAYS_MS, or failed after
 * MAIL_MAX_ATTEMPTS attempts or a permanent refusal. Used by the payments' and visits' e-mail queues.
 */
export function mailAttemptWrite(
  attempts: number,
  result: AttemptResult,
  now: Date,
): { outcome: AttemptOutcome; values: MailRowWrite } {
  const last = attempts >= MAIL_MAX_ATTEMPTS || Boolean(result.permanent);
  const outcome: AttemptOutcome = result.aborted ? "released" : result.ok ? "delivered" : last ? "failed" : "retrying";
  const values: MailRowWrite =
    outcome === "released"
      ? { lockedUntil: null, attempts: attempts - 1 }
      : outcome === "delivered"
        ? { status: "sent", sentAt: now, lockedUntil: null, error: null }
        : {
            status: last ? "failed" : "pending",
            error: result.error,
            lockedUntil: null,
            nextAt: new Date(now.getTime() + (MAIL_RETRY_DELAYS_MS[attempts - 1] ?? 0)),
          };
  return { outcome, values };
}

/** Writes an attempt's outcome, only while the row still carries the claim's lease (a later claim sets a later one). */
async function recordMail(db: Db, claim: ClaimedMail, result: AttemptResult, now: Date): Promise<AttemptOutcome> {
  const last = claim.attempts >= MAIL_MAX_ATTEMPTS;
  const outcome: AttemptOutcome = result.aborted ? "released" : result.ok ? "delivered" : last ? "failed" : "retrying";
  const values: Partial<typeof notifications.$inferInsert> =
    outcome === "released"
      ? { emailLockedUntil: null, emailAttempts: claim.attempts - 1 }
      : outcome === "delivered"
        ? { emailStatus: "sent", emailedAt: now, emailLockedUntil: null, emailError: null }
        : {
            emailStatus: last ? "failed" : "pending",
            emailError: result.error,
            emailLockedUntil: null,
            emailNextAt: new Date(now.getTime() + (MAIL_RETRY_DELAYS_MS[claim.attempts - 1] ?? 0)),
          };
  const written = await db
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.id, claim.id), eq(notifications.emailLockedUntil, claim.lease)))
    .returning({ id: notifications.id });
  return written.length ? outcome : "lost";
}

/** The e-mail queue's steps for the engine's outbox (jobs/outbox.ts). */
export function mailQueue(transport: Transporter, settings: MailSettings): OutboxQueue<ClaimedMail> {
  return {
    claim: (db, now, leaseMs) => claimNext(db, now, leaseMs),
    async attempt(_db, claim, _now, options) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: claim.to,
          subject: MAIL_SUBJECT,
          textEncoding: "base64",
          text: mailBody(claim.text, claim.leadId, settings.publicUrl),
        });
        return { ok: true, statusCode: null, error: null };
      } catch (e) {
        if (options.signal?.aborted) return { ok: false, statusCode: null, error: "worker stopped", aborted: true };
        return { ok: false, statusCode: null, error: (e instanceof Error ? e.message : String(e)).slice(0, 300) };
      }
    },
    record: recordMail,
  };
}

/** The outbox options of the e-mail queue: one SMTP server, MAIL_IN_FLIGHT at once, leases of MAIL_LEASE_MS. */
export function mailOutboxOptions(
  transport: Transporter,
  settings: MailSettings,
): Omit<OutboxOptions<ClaimedMail>, "clock" | "continuous" | "onError"> {
  return {
    queue: mailQueue(transport, settings),
    allowPrivate: true,
    timeoutMs: MAIL_LEASE_MS - LEASE_MARGIN_MS,
    perDestination: MAIL_IN_FLIGHT,
    maxInFlight: MAIL_IN_FLIGHT,
  };
}

/** Counts of sent, retried and failed e-mails. */
export interface MailSummary {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every e-mail due at `now()` with a worker of its own (one-off runs). Never throws for an SMTP failure (it is
 * recorded on the row). Output: the attempts that ended, by outcome.
 */
export async function sendDueMails(
  db: Db,
  transport: Transporter,
  settings: MailSettings,
  now: Clock,
): Promise<MailSummary> {
  const outbox = new Outbox(db, { ...mailOutboxOptions(transport, settings), clock: now });
  const { delivered, retrying, failed } = await outbox.drain();
  return { sent: delivered, retrying, failed };
}

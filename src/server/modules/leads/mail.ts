/**
 * E-mail copies of the lead desk's notifications (docs/operations.md "E-mail"; docs/decisions/026).
 *
 * The notification row is the outbox: `notify()` (desk/assignment.ts) stores it with email_status "pending" in the
 * same transaction as the lead change, so a failed or slow SMTP server never blocks, rolls back or loses the lead or
 * the in-app notification. `sendDueMails` then, for each due row:
 * - claims it in a short transaction (FOR UPDATE SKIP LOCKED, so two instances never claim one row) and leases it
 *   for MAIL_LEASE_MS (email_locked_until, also the claim token);
 * - a row whose user has no e-mail, or older than MAIL_MAX_AGE_MS (stored while SMTP_URL was unset), becomes "none";
 * - sends it through nodemailer outside any transaction, then records "sent", or the next attempt by
 *   MAIL_RETRY_DELAYS_MS (1 min × 4^(n-1): 1, 4, 16, 64 min, then "failed" after MAIL_MAX_ATTEMPTS).
 * Without SMTP_URL nothing is sent (the rows stay pending and age out).
 */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/connection.ts";
import { notifications, users } from "../../db/schema.ts";

/** Wait before attempt n+1 after failed attempt n (ms). */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 240_000, 960_000, 3_840_000];
/** Attempts before an e-mail ends in "failed". */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** A claim's lease (ms): one SMTP conversation with its timeouts. */
export const MAIL_LEASE_MS = 120_000;
/** A notification older than this (ms) is not mailed any more (a day). */
export const MAIL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Most e-mails one pass sends. */
const MAX_PER_PASS = 100;

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

interface ClaimedMail {
  id: number;
  to: string;
  text: string;
  leadId: number | null;
  lease: Date;
  attempts: number;
}

/** Claims one due row (see the module comment). Returns null when none is due. */
async function claimNext(db: Db, now: Date): Promise<ClaimedMail | null> {
  for (let skipped = 0; skipped < MAX_PER_PASS; skipped += 1) {
    const claim = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ n: notifications, email: users.email })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(
          and(
            eq(notifications.emailStatus, "pending"),
            lte(notifications.emailNextAt, now),
            or(isNull(notifications.emailLockedUntil), lte(notifications.emailLockedUntil, now)),
          ),
        )
        .orderBy(asc(notifications.emailNextAt), asc(notifications.id))
        .limit(1)
        .for("update", { of: notifications, skipLocked: true });
      if (!row) return null;
      if (!row.email || now.getTime() - row.n.createdAt.getTime() > MAIL_MAX_AGE_MS) {
        await tx.update(notifications).set({ emailStatus: "none" }).where(eq(notifications.id, row.n.id));
        return "skipped" as const;
      }
      const lease = new Date(now.getTime() + MAIL_LEASE_MS);
      const attempts = row.n.emailAttempts + 1;
      await tx
        .update(notifications)
        .set({ emailLockedUntil: lease, emailAttempts: attempts })
        .where(eq(notifications.id, row.n.id));
      return { id: row.n.id, to: row.email, text: row.n.text, leadId: row.n.leadId, lease, attempts };
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

/** Counts of one pass, by outcome. */
export interface MailSummary {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every e-mail due at `now()` (at most MAX_PER_PASS), one after another. Never throws for an SMTP failure
 * (it is recorded on the row); throws only when the database fails.
 */
export async function sendDueMails(
  db: Db,
  transport: Transporter,
  settings: MailSettings,
  now: () => Date,
): Promise<MailSummary> {
  const summary: MailSummary = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < MAX_PER_PASS; i += 1) {
    const claim = await claimNext(db, now());
    if (!claim) break;
    let error: string | null = null;
    try {
      await transport.sendMail({
        from: settings.from,
        to: claim.to,
        subject: MAIL_SUBJECT,
        textEncoding: "base64",
        text: mailBody(claim.text, claim.leadId, settings.publicUrl),
      });
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
    }
    const at = now();
    const last = claim.attempts >= MAIL_MAX_ATTEMPTS;
    const outcome = error === null ? "sent" : last ? "failed" : "retrying";
    await db
      .update(notifications)
      .set(
        error === null
          ? { emailStatus: "sent", emailedAt: at, emailLockedUntil: null, emailError: null }
          : {
              emailStatus: last ? "failed" : "pending",
              emailError: error,
              emailLockedUntil: null,
              emailNextAt: new Date(at.getTime() + (MAIL_RETRY_DELAYS_MS[claim.attempts - 1] ?? 0)),
            },
      )
      // Only while the row still carries our lease (a later claim sets a later one).
      .where(and(eq(notifications.id, claim.id), eq(notifications.emailLockedUntil, claim.lease)));
    summary[outcome] += 1;
  }
  return summary;
}

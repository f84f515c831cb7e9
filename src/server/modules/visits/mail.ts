/**
 * The e-mail channel's outbox of visit messages (docs/decisions/091-visit-messages-and-reminder-channels.md), an
 * outbox queue of the job engine (jobs/outbox.ts) over visit_messages rows of channel "email": claimed one at a time
 * with FOR UPDATE SKIP LOCKED and a lease (so two instances never send one row), rendered from the visit as it is
 * when sent (./messages.ts, with its .ics attached), sent through the SMTP transport of SMTP_URL, then "sent" or
 * retried on the lead desk's schedule (1, 4, 16, 64 min) until "failed". Without SMTP_URL nothing is sent.
 */
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "#server/db/connection.ts";
import { visitMessages } from "#server/db/tables/visits.ts";
import {
  type AttemptOutcome,
  type AttemptResult,
  LEASE_MARGIN_MS,
  type OutboxOptions,
  type OutboxQueue,
} from "#server/jobs/outbox.ts";
import { claimOutboxRow, writeIfLeased } from "#server/jobs/outbox-rows.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { MAIL_IN_FLIGHT, MAIL_LEASE_MS, mailAttemptWrite } from "../leads/mail.ts";
import { EMAIL_CHANNEL, type VisitMessageKind } from "./channels.ts";
import { visitView } from "./manage.ts";
import { renderVisitMessage } from "./messages.ts";
import { manageToken, manageUrl } from "./token.ts";

export interface VisitMailSettings {
  from: string;
  publicUrl: string;
  /** The company's phone (site config), when the agent has none. */
  sitePhone: string;
  box: SecretBox;
}

interface ClaimedVisitMail {
  id: number;
  destination: "smtp";
  visitId: number;
  kind: VisitMessageKind;
  to: string;
  lease: Date;
  attempts: number;
}

async function claim(db: Db, now: Date, leaseMs: number): Promise<ClaimedVisitMail | null> {
  const claimed = await claimOutboxRow(db, visitMessages, now, leaseMs, eq(visitMessages.channel, EMAIL_CHANNEL.name));
  if (!claimed) return null;
  const { row, lease, attempts } = claimed;
  const kind = row.kind as VisitMessageKind;
  return { id: row.id, destination: "smtp", visitId: row.visitId, kind, to: row.recipient, lease, attempts };
}

async function record(db: Db, c: ClaimedVisitMail, result: AttemptResult, now: Date): Promise<AttemptOutcome> {
  const { outcome, values } = mailAttemptWrite(c.attempts, result, now);
  return (await writeIfLeased(db, visitMessages, c, values)) ? outcome : "lost";
}

/** The outbox options of the visits' e-mail queue ("visit-mail"). */
export function visitMailOutboxOptions(
  transport: Transporter,
  settings: VisitMailSettings,
): Omit<OutboxOptions<ClaimedVisitMail>, "clock" | "continuous" | "onError"> {
  const host = new URL(settings.publicUrl).hostname;
  const queue: OutboxQueue<ClaimedVisitMail> = {
    claim: (db, now, leaseMs) => claim(db, now, leaseMs),
    async attempt(db, c, _now, options) {
      try {
        const view = await visitView(db, c.visitId, settings.sitePhone);
        const link = manageUrl(settings.publicUrl, manageToken(settings.box, view.id, new Date(view.startsAt)));
        const message = renderVisitMessage(c.kind, view, link, host);
        await transport.sendMail({
          from: settings.from,
          to: c.to,
          subject: message.subject,
          textEncoding: "base64",
          text: message.text,
          icalEvent: { method: view.status === "cancelled" ? "CANCEL" : "PUBLISH", content: message.ics },
        });
        return { ok: true, statusCode: null, error: null };
      } catch (e) {
        if (options.signal?.aborted) return { ok: false, statusCode: null, error: "worker stopped", aborted: true };
        return { ok: false, statusCode: null, error: (e instanceof Error ? e.message : String(e)).slice(0, 300) };
      }
    },
    record,
  };
  return {
    queue,
    allowPrivate: true,
    timeoutMs: MAIL_LEASE_MS - LEASE_MARGIN_MS,
    perDestination: MAIL_IN_FLIGHT,
    maxInFlight: MAIL_IN_FLIGHT,
  };
}

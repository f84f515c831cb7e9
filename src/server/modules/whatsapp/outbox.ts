/**
 * The WhatsApp send queue on the job engine's outbox (jobs/outbox.ts; docs/decisions/093-whatsapp-sends-at-most-once.md).
 * Meta's send call has no idempotency key, so a message is sent at most once:
 * - claim: ONE queued row whose turn has come, FOR UPDATE SKIP LOCKED (two instances never take one row), moved to
 *   "sending" with a lease; a row still "sending" after its lease (the instance died mid-call) becomes "unknown" and
 *   is never claimed again;
 * - attempt: the send call (graph.ts), never retried inside;
 * - record: only while the row still carries the claim's lease: "sent" with Meta's id (and, for a staff member's
 *   first message, the lead's response clock stops: leads desk recordFirstContact); back to "queued" after a wait
 *   from RETRY_SCHEDULE when Meta's code is one it documents as temporary (or the connection was refused before the
 *   request left); "failed" with the code otherwise; "unknown" when the request may have reached Meta (a person checks).
 */
import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import { whatsappErrorText } from "#domain/whatsapp.ts";
import type { Db } from "#server/db/connection.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import type { AttemptOutcome, AttemptResult, OutboxQueue } from "#server/jobs/outbox.ts";
import { retrySchedule } from "#server/jobs/outbox.ts";
import { recordFirstContact } from "../leads/desk/service.ts";
import { accessOf, readConnection, recordHealthError, type WhatsappContext } from "./connection.ts";
import { type SendOutcome, sendMessage } from "./graph.ts";

/** Waits before attempts 2…6 after a temporary error (ms): 30 s, 1 min, 2 min, 4 min, 8 min. */
export const RETRY_SCHEDULE = retrySchedule({ firstMs: 30_000, factor: 2, capMs: 15 * 60_000, retries: 5 });

export interface SendClaim {
  destination: "whatsapp";
  id: number;
  lease: Date;
  /** The outcome of the attempt, for record(). */
  outcome?: SendOutcome;
}

/** Meta's message object of a stored outbound row. */
export function payloadOf(row: typeof whatsappMessages.$inferSelect, publicUrl: string): Record<string, unknown> {
  const to = row.phone.replace(/^\+/, "");
  // Files go by link: our /media URLs are public (Meta fetches them when it sends the message).
  if ((row.kind === "image" || row.kind === "document") && row.mediaUrl) {
    const link = `${publicUrl.replace(/\/+$/, "")}${row.mediaUrl}`;
    return row.kind === "image"
      ? { to, type: "image", image: { link } }
      : { to, type: "document", document: { link, filename: row.fileName ?? "file.pdf" } };
  }
  if (row.kind === "template" && row.template) {
    const parameters = row.template.variables.map((text) => ({ type: "text", text }));
    return {
      to,
      type: "template",
      template: {
        name: row.template.name,
        language: { code: row.template.language },
        components: parameters.length ? [{ type: "body", parameters }] : [],
      },
    };
  }
  return { to, type: "text", text: { body: row.body ?? "", preview_url: false } };
}

/** The send queue's steps (see the module comment). */
export function whatsappSendQueue(ctx: WhatsappContext): OutboxQueue<SendClaim> {
  return {
    async claim(db: Db, now: Date, leaseMs: number, busy: readonly string[]) {
      await db
        .update(whatsappMessages)
        .set({ status: "unknown", lockedUntil: null, statusAt: now })
        .where(and(eq(whatsappMessages.status, "sending"), lt(whatsappMessages.lockedUntil, now)));
      if (busy.includes("whatsapp")) return null;
      const lease = new Date(now.getTime() + leaseMs);
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: whatsappMessages.id })
          .from(whatsappMessages)
          .where(and(eq(whatsappMessages.status, "queued"), lte(whatsappMessages.nextAttemptAt, now)))
          .orderBy(asc(whatsappMessages.nextAttemptAt), asc(whatsappMessages.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!due) return null;
        await tx
          .update(whatsappMessages)
          .set({ status: "sending", lockedUntil: lease, attempts: sql`${whatsappMessages.attempts} + 1` })
          .where(eq(whatsappMessages.id, due.id));
        return { destination: "whatsapp" as const, id: due.id, lease };
      });
    },

    async attempt(db: Db, claim: SendClaim, _now: Date, options): Promise<AttemptResult> {
      const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, claim.id)).limit(1);
      const connection = await readConnection(db);
      const access = accessOf(ctx, connection);
      if (!row || !connection?.enabled || !access) {
        claim.outcome = { kind: "error", status: 0, code: null, retryable: false };
        return { ok: false, statusCode: null, error: "not connected", permanent: true };
      }
      claim.outcome = await sendMessage(
        { ...access, timeoutMs: options.timeoutMs },
        connection.phoneNumberId,
        payloadOf(row, ctx.publicUrl),
        options.signal,
      );
      const ok = claim.outcome.kind === "sent";
      return {
        ok,
        statusCode: claim.outcome.kind === "error" ? claim.outcome.status : null,
        error: ok ? null : claim.outcome.kind,
      };
    },

    async record(db: Db, claim: SendClaim, _result: AttemptResult, now: Date): Promise<AttemptOutcome> {
      const outcome = claim.outcome ?? { kind: "unknown" };
      const state = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(whatsappMessages)
          .where(
            and(
              eq(whatsappMessages.id, claim.id),
              eq(whatsappMessages.status, "sending"),
              eq(whatsappMessages.lockedUntil, claim.lease),
            ),
          )
          .for("update");
        if (!row) return "lost" as const;
        const base = { lockedUntil: null, statusAt: now };
        if (outcome.kind === "sent") {
          await tx
            .update(whatsappMessages)
            .set({ ...base, status: "sent", waMessageId: outcome.waMessageId, errorCode: null })
            .where(eq(whatsappMessages.id, row.id));
          // A staff member's message stops the response clock like a logged contact; an automated one never does.
          if (row.sentById && !row.automated && row.leadId !== null) {
            await recordFirstContact(tx, row.leadId, row.sentById, "whatsapp", now);
          }
          return "delivered" as const;
        }
        const retryable = outcome.kind === "not_sent" || (outcome.kind === "error" && outcome.retryable);
        const code = outcome.kind === "error" ? outcome.code : null;
        const wait = RETRY_SCHEDULE[row.attempts - 1];
        if (retryable && wait !== undefined) {
          await tx
            .update(whatsappMessages)
            .set({ ...base, status: "queued", errorCode: code, nextAttemptAt: new Date(now.getTime() + wait) })
            .where(eq(whatsappMessages.id, row.id));
          return "retrying" as const;
        }
        const status = outcome.kind === "unknown" ? "unknown" : "failed";
        await tx
          .update(whatsappMessages)
          .set({ ...base, status, errorCode: code })
          .where(eq(whatsappMessages.id, row.id));
        return status === "failed" ? ("failed" as const) : ("unknown" as const);
      });
      if (state === "failed" || state === "unknown") {
        const code = outcome.kind === "error" ? outcome.code : null;
        await recordHealthError(
          db,
          state === "unknown" ? "رسالة لم يُعرف مصيرها تحتاج مراجعة" : whatsappErrorText(code),
          now,
        );
        return "failed";
      }
      return state;
    },
  };
}

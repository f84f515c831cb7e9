/**
 * Messages to check (docs/whatsapp.md "Messages to check";
 * docs/decisions/115-whatsapp-messages-on-the-timeline-and-checks-by-a-person.md): an outbound message whose outcome is unknown (status "unknown", «تحتاج مراجعة»: the request may have reached Meta,
 * which has no idempotency key) is never resent by the server. A staff member holding whatsapp.send, inside the lead
 * scope (an agent: their own leads; leads.view_all: every lead), checks with the buyer and settles it:
 * - POST …/messages/{messageId}/review {outcome: "sent"}: status "sent" (a staff member's message then stops the
 *   response clock like one Meta accepted; an automated one never does);
 * - {outcome: "not_sent"}: status "not_sent" «لم تُرسل»;
 * - POST …/messages/{messageId}/resend: a message not sent (or failed) is queued again as a NEW message
 *   (`resent_from_id` names the original; at most one resend per message), under the rules of a new message at that
 *   moment (the 24-hour window, consent). Never automatic.
 * Both are audited (`whatsapp_review`; a resend is a `whatsapp_send` naming `resentFromId`).
 */
import { and, eq } from "drizzle-orm";
import {
  RESENDABLE_STATUSES,
  type ReviewMessageInput,
  type SendMessageInput,
  WHATSAPP_TEXTS,
  type WhatsappMessage,
} from "#domain/whatsapp.ts";
import type { Tx } from "#server/db/connection.ts";
import { users } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { conflict, HttpError, notFound } from "#server/lib/http-errors.ts";
import { auditActor, recordAudit } from "../audit/service.ts";
import { type LeadViewer, recordFirstContact } from "../leads/desk/service.ts";
import type { WhatsappContext } from "./connection.ts";
import { lastInboundAt } from "./consent.ts";
import { checkedValues, closedReasonOf, leadInScope, sendablePhone, storeOutbound } from "./conversation.ts";
import { belongsToLead, type MessageRow, messageView } from "./lead-messages.ts";

/** The outbound message `messageId` of lead `id` (or of a lead merged into it), locked. Errors: 404. */
async function outboundOf(tx: Tx, id: number, messageId: number): Promise<MessageRow> {
  const [row] = await tx
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.direction, "out")))
    .for("update");
  if (!row || !(await belongsToLead(tx, row.leadId, id))) throw notFound(WHATSAPP_TEXTS.messageNotFound);
  return row;
}

/**
 * POST /api/whatsapp/leads/{id}/messages/{messageId}/review (whatsapp.send): settles an unknown outcome (see the
 * module comment). Returns the message. Errors: 404 lead or message; 409 the message is not «تحتاج مراجعة».
 */
export async function reviewMessage(
  ctx: WhatsappContext,
  viewer: LeadViewer,
  id: number,
  messageId: number,
  input: ReviewMessageInput,
): Promise<WhatsappMessage> {
  await leadInScope(ctx.db, viewer, id);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const message = await outboundOf(tx, id, messageId);
    if (message.status !== "unknown") throw conflict(WHATSAPP_TEXTS.notUnderReview);
    const [settled] = await tx
      .update(whatsappMessages)
      .set({ status: input.outcome, reviewedById: viewer.id, reviewedAt: now, statusAt: now })
      .where(eq(whatsappMessages.id, message.id))
      .returning();
    // Reached the buyer: a staff member's message counts as the contact it is; an automated one never does.
    if (input.outcome === "sent" && message.sentById && !message.automated && message.leadId !== null) {
      await recordFirstContact(tx, message.leadId, message.sentById, "whatsapp", now);
    }
    await recordAudit(tx, auditActor(viewer), {
      entityType: "contact_message",
      entityId: id,
      action: "whatsapp_review",
      previousState: { messageId: message.id, status: message.status },
      newState: { messageId: message.id, status: input.outcome },
    });
    return settled;
  });
  const names = async (userId: string | null) =>
    userId
      ? ((await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1))[0]?.name ?? null)
      : null;
  return messageView(row, await names(row.sentById), await names(row.reviewedById));
}

/** What `row` sends, as a new message's input (null: a file, sent again by its stored link). */
function inputOf(row: MessageRow): SendMessageInput | null {
  if (row.kind === "template" && row.template) {
    return {
      kind: "template",
      name: row.template.name,
      language: row.template.language,
      variables: row.template.variables,
    };
  }
  if (row.kind === "text") return { kind: "text", text: row.body ?? "" };
  return null;
}

/**
 * POST /api/whatsapp/leads/{id}/messages/{messageId}/resend (whatsapp.send): queues a message not sent (or failed)
 * again as a new message by `viewer`. Returns the new message. Errors: 404 lead or message; 409 the message is not
 * one to send again, was sent again already, WhatsApp is off, or the rules of a new message refuse it now (the
 * reason in Arabic: the 24-hour window, consent, a template no longer approved).
 */
export async function resendMessage(
  ctx: WhatsappContext,
  viewer: LeadViewer,
  id: number,
  messageId: number,
): Promise<WhatsappMessage> {
  await leadInScope(ctx.db, viewer, id);
  const original = await ctx.db.transaction((tx) => outboundOf(tx, id, messageId));
  if (!RESENDABLE_STATUSES.includes(original.status)) throw conflict(WHATSAPP_TEXTS.notResendable);
  try {
    const phone = await sendablePhone(ctx, original.phone);
    const input = inputOf(original);
    let values: Partial<typeof whatsappMessages.$inferInsert>;
    if (input) values = await checkedValues(ctx, phone, input);
    else {
      const reason = closedReasonOf(await lastInboundAt(ctx.db, phone), ctx.now());
      if (reason) throw conflict(reason);
      const { kind, body, mediaUrl, mediaMime, fileName, location } = original;
      values = { kind, body, mediaUrl, mediaMime, fileName, location };
    }
    return await storeOutbound(ctx, viewer, id, phone, {
      ...values,
      automated: original.automated,
      resentFromId: original.id,
    });
  } catch (error) {
    // The request has no fields: a rule that refuses it now is a conflict with the message's state, said in Arabic.
    if (error instanceof HttpError && error.statusCode === 400) {
      throw conflict(Object.values(error.fields ?? {})[0] ?? error.message);
    }
    throw error;
  }
}

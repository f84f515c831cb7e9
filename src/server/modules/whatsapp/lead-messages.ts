/**
 * A lead's WhatsApp messages as one list, for the conversation pane, the lead's timeline «سجل العميل» and the PDPL
 * export (docs/whatsapp.md "On the lead's timeline", "Privacy"): the messages stored under the lead and under every
 * lead merged into it (a merge moves the history, not the messages: leads/desk/stages.ts mergeLeads), oldest first,
 * with the names of the staff member who wrote each one and of the one who settled an unknown outcome.
 *
 * `whatsappLeadMessages` is the timeline's source (registered in app.ts through the desk's `onLeadMessages`, read
 * with whatsapp.view): every message in or out, the buyer's, a staff member's or an automated one (the greeting, a
 * visit reminder: `automated` names what sent it), with its delivery state and, when it failed or needs a check,
 * why in Arabic. Reading it is audited like viewing the conversation (`whatsapp_view`).
 */
import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { LeadMessage } from "#domain/lead-messages.ts";
import { MESSAGE_STATUS_LABELS, WHATSAPP_TEXTS, type WhatsappMessage, whatsappErrorText } from "#domain/whatsapp.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { leads, users } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { auditActor, recordAudit } from "../audit/service.ts";
import type { LeadMessageSource, LeadViewer } from "../leads/desk/service.ts";

export type MessageRow = typeof whatsappMessages.$inferSelect;

/** The condition "a message of leads `ids` or of a lead merged into one of them" (one statement: a subquery). */
export function messagesOfLeads(db: Db | Tx, ids: number[]): SQL | undefined {
  const merged = db.select({ id: leads.id }).from(leads).where(inArray(leads.mergedIntoId, ids));
  return or(inArray(whatsappMessages.leadId, ids), inArray(whatsappMessages.leadId, merged));
}

const reviewers = alias(users, "reviewers");

/** The rows of lead `leadId` (and the leads merged into it), oldest first, with the writer's and reviewer's names. */
export async function leadMessageRows(db: Db, leadId: number) {
  return db
    .select({ message: whatsappMessages, sentByName: users.name, reviewedByName: reviewers.name })
    .from(whatsappMessages)
    .leftJoin(users, eq(users.id, whatsappMessages.sentById))
    .leftJoin(reviewers, eq(reviewers.id, whatsappMessages.reviewedById))
    .where(messagesOfLeads(db, [leadId]))
    .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id));
}

/** Why a message failed or needs a check (Arabic), else null. */
function errorTextOf(row: MessageRow): string | null {
  if (row.status === "failed") return whatsappErrorText(row.errorCode);
  if (row.status === "unknown") return WHATSAPP_TEXTS.unknownOutcome;
  return null;
}

/** One message as the conversation pane shows it. */
export function messageView(row: MessageRow, sentByName: string | null, reviewedByName: string | null = null) {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    body: row.body,
    mediaUrl: row.mediaUrl,
    mediaMime: row.mediaMime,
    fileName: row.fileName,
    location: row.location ?? null,
    template: row.template
      ? { name: row.template.name, language: row.template.language, variables: row.template.variables }
      : null,
    status: row.status,
    errorCode: row.errorCode,
    errorText: errorTextOf(row),
    sentByName,
    automated: row.automated,
    reviewedByName,
    resentFromId: row.resentFromId,
    createdAt: row.createdAt.toISOString(),
  } satisfies WhatsappMessage;
}

/** One message as the lead's timeline shows it. */
export function timelineEntry(row: MessageRow, sentByName: string | null, reviewedByName: string | null): LeadMessage {
  const text =
    row.body ??
    row.fileName ??
    (row.location ? [row.location.name, row.location.address].filter(Boolean).join("، ") || null : null);
  return {
    channel: "whatsapp",
    id: row.id,
    direction: row.direction,
    text,
    template: row.template?.name ?? null,
    kind: row.kind,
    sender: row.direction === "in" ? "person" : row.automated ? "automated" : "staff",
    senderName: row.direction === "in" ? null : (row.automated ?? sentByName),
    status: row.status,
    statusLabel: MESSAGE_STATUS_LABELS[row.status] ?? row.status,
    errorText: errorTextOf(row),
    errorCode: row.errorCode,
    reviewedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The timeline's WhatsApp source (see the module comment). */
export const whatsappLeadMessages: LeadMessageSource = {
  permission: "whatsapp.view",
  async list(db: Db, viewer: LeadViewer, leadId: number) {
    const rows = await leadMessageRows(db, leadId);
    if (!rows.length) return [];
    await recordAudit(db, auditActor(viewer), {
      entityType: "contact_message",
      entityId: leadId,
      action: "whatsapp_view",
    });
    return rows.map((r) => timelineEntry(r.message, r.sentByName, r.reviewedByName));
  },
};

/** Whether `leadId` is lead `id` or a lead merged into it. */
export async function belongsToLead(db: Db | Tx, leadId: number | null, id: number): Promise<boolean> {
  if (leadId === null) return false;
  if (leadId === id) return true;
  const [merged] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.mergedIntoId, id)))
    .limit(1);
  return Boolean(merged);
}

/**
 * A lead's WhatsApp conversation on the lead page (docs/whatsapp.md "Conversation"): reading it (audited like viewing
 * contact details; scoped like every lead read: leads.view_all, else the viewer's own leads, else 404) and writing to
 * it. A message is stored as a queued outbox row (outbox.ts sends it); the rules of consent.ts decide first:
 * free text only inside the 24-hour window, templates only approved ones with every variable filled, only to a person
 * who wrote first, marketing templates only with marketing consent.
 */
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import {
  type Conversation,
  isWindowOpen,
  type SendMessageInput,
  WHATSAPP_TEXTS,
  type WhatsappMessage,
  windowClosesAt,
} from "#domain/whatsapp.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, leads, users } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { badRequest, conflict, HttpError, notFound } from "#server/lib/http-errors.ts";
import { isUniqueViolation } from "#server/lib/sql.ts";
import { auditActor, recordAudit } from "../audit/service.ts";
import { type LeadViewer, openingEnquiry, scopeOf } from "../leads/desk/service.ts";
import { looksLikePdf, storeImageUpload, storeStreamedUpload, type UploadStream } from "../uploads/service.ts";
import { readConnection, type WhatsappContext } from "./connection.ts";
import { hasMarketingConsent, hasWhatsappOptIn, lastInboundAt } from "./consent.ts";
import { leadMessageRows, messageView } from "./lead-messages.ts";
import type { MediaContext } from "./media.ts";

/** The lead `id` inside the viewer's scope with its phone. Errors: 404. */
export async function leadInScope(db: Db, viewer: LeadViewer, id: number) {
  const [lead] = await db
    .select({ id: leads.id, phone: contactMessages.phone })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(and(eq(leads.id, id), scopeOf(viewer)))
    .limit(1);
  if (!lead) throw notFound("العميل غير موجود");
  return lead;
}

/** Why free text is closed for `phone` at `now` (Arabic), or null while the window is open. */
export function closedReasonOf(last: Date | null, now: Date): string | null {
  if (isWindowOpen(last, now)) return null;
  return last ? WHATSAPP_TEXTS.windowClosed : WHATSAPP_TEXTS.neverWrote;
}

/** GET /api/whatsapp/leads/{id}/conversation: the messages oldest first, the window, the templates. Audited. */
export async function getConversation(ctx: WhatsappContext, viewer: LeadViewer, id: number): Promise<Conversation> {
  const lead = await leadInScope(ctx.db, viewer, id);
  const now = ctx.now();
  const connection = await readConnection(ctx.db);
  const rows = await leadMessageRows(ctx.db, id);
  await recordAudit(ctx.db, auditActor(viewer), {
    entityType: "contact_message",
    entityId: id,
    action: "whatsapp_view",
  });
  const last = lead.phone ? await lastInboundAt(ctx.db, lead.phone) : null;
  return {
    enabled: connection?.enabled ?? false,
    phone: lead.phone,
    windowOpen: isWindowOpen(last, now),
    windowClosesAt: isWindowOpen(last, now) ? (windowClosesAt(last)?.toISOString() ?? null) : null,
    closedReason: closedReasonOf(last, now),
    templates: connection?.templates ?? [],
    messages: rows.map((r) => messageView(r.message, r.sentByName, r.reviewedByName)),
  };
}

/**
 * POST /api/whatsapp/leads/{id}/messages (whatsapp.send): queues `input` to the lead's phone. Returns the queued
 * message. Errors: 404 lead; 409 not connected; 400 {phone} none; 400 {text} window closed (the reason in Arabic);
 * 400 {name} unknown template; 400 {variables} not all filled; 400 {name} no opt-in, or marketing without consent.
 */
export async function queueMessage(
  ctx: WhatsappContext,
  viewer: LeadViewer,
  id: number,
  input: SendMessageInput,
): Promise<WhatsappMessage> {
  const lead = await leadInScope(ctx.db, viewer, id);
  const phone = await sendablePhone(ctx, lead.phone);
  return storeOutbound(ctx, viewer, id, phone, await checkedValues(ctx, phone, input));
}

/** The lead's phone when WhatsApp is connected. Errors: 409 not connected; 400 {phone} none. */
export async function sendablePhone(ctx: WhatsappContext, phone: string | null): Promise<string> {
  const connection = await readConnection(ctx.db);
  if (!connection?.enabled) throw conflict(WHATSAPP_TEXTS.notConnected);
  if (!phone) throw badRequest({ phone: WHATSAPP_TEXTS.noPhone });
  return phone;
}

/** The stored fields of `input` to `phone` once the rules allow it (errors: those of queueMessage, 400). */
export async function checkedValues(
  ctx: WhatsappContext,
  phone: string,
  input: SendMessageInput,
): Promise<Partial<typeof whatsappMessages.$inferInsert>> {
  const connection = await readConnection(ctx.db);
  const now = ctx.now();
  const last = await lastInboundAt(ctx.db, phone);
  let values: Partial<typeof whatsappMessages.$inferInsert>;
  if (input.kind === "text") {
    const reason = closedReasonOf(last, now);
    if (reason) throw badRequest({ text: reason });
    values = { kind: "text", body: input.text };
  } else {
    const template = connection?.templates.find((t) => t.name === input.name && t.language === input.language);
    if (!template) throw badRequest({ name: WHATSAPP_TEXTS.templateUnknown });
    if (input.variables.length !== template.variables) {
      throw badRequest({ variables: WHATSAPP_TEXTS.templateVariables(template.variables) });
    }
    if (!last && !(await hasWhatsappOptIn(ctx.db, phone))) throw badRequest({ name: WHATSAPP_TEXTS.noOptIn });
    if (template.category === "MARKETING" && !(await hasMarketingConsent(ctx.db, phone))) {
      throw badRequest({ name: WHATSAPP_TEXTS.noMarketingConsent });
    }
    let body = template.body;
    input.variables.forEach((v, i) => {
      body = body.replaceAll(`{{${i + 1}}}`, v);
    });
    values = {
      kind: "template",
      body,
      template: {
        name: template.name,
        language: template.language,
        variables: input.variables,
        category: template.category,
      },
    };
  }
  return values;
}

/**
 * Stores one queued outbound message written (or sent again) by `viewer`, with its audit row; returns it as the pane
 * shows it. `values.automated` keeps what sent an automated message that a person sends again (it then never stops
 * the response clock: outbox.ts). Errors: 409 when `values.resentFromId` was already sent again (unique index).
 */
export async function storeOutbound(
  ctx: WhatsappContext,
  viewer: LeadViewer,
  id: number,
  phone: string,
  values: Partial<typeof whatsappMessages.$inferInsert>,
): Promise<WhatsappMessage> {
  const now = ctx.now();
  const insert = ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(whatsappMessages)
      .values({
        ...values,
        kind: values.kind ?? "text",
        leadId: id,
        phone,
        direction: "out",
        status: "queued",
        sentById: viewer.id,
        automated: values.automated ?? null,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, auditActor(viewer), {
      entityType: "contact_message",
      entityId: id,
      action: "whatsapp_send",
      newState: {
        messageId: stored.id,
        kind: stored.kind,
        template: stored.template?.name ?? null,
        resentFromId: stored.resentFromId,
      },
    });
    return stored;
  });
  const row = await insert.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(WHATSAPP_TEXTS.alreadyResent);
    throw error;
  });
  const [author] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, viewer.id)).limit(1);
  return messageView(row, author?.name ?? null);
}

/**
 * POST /api/whatsapp/leads/{id}/files (whatsapp.send): a file sent inside the 24-hour window, checked by content and
 * stored like an upload (an image decoded and re-encoded, a PDF without active content), then queued as an image or
 * document message whose link is the file's public URL. Errors: those of queueMessage's free text, under {file};
 * 400 {file} a file that is neither an image nor a clean PDF; 413 too large.
 */
export async function queueFile(
  ctx: MediaContext,
  viewer: LeadViewer,
  id: number,
  file: { bytes: Buffer; fileName: string },
): Promise<WhatsappMessage> {
  const lead = await leadInScope(ctx.db, viewer, id);
  const connection = await readConnection(ctx.db);
  if (!connection?.enabled) throw conflict(WHATSAPP_TEXTS.notConnected);
  if (!lead.phone) throw badRequest({ phone: WHATSAPP_TEXTS.noPhone });
  const reason = closedReasonOf(await lastInboundAt(ctx.db, lead.phone), ctx.now());
  if (reason) throw badRequest({ file: reason });
  const actor = auditActor(viewer);
  const printable = [...file.fileName].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join("");
  const fileName = printable.slice(0, 200) || "file";
  try {
    if (looksLikePdf(file.bytes)) {
      if (file.bytes.length > ctx.limits.pdf) throw badRequest({ file: WHATSAPP_TEXTS.fileTooLarge });
      const stream = Readable.from([file.bytes]) as UploadStream;
      const stored = await storeStreamedUpload(ctx.db, ctx.storage, "pdf", stream, ctx.limits.pdf, actor);
      return storeOutbound(ctx, viewer, id, lead.phone, {
        kind: "document",
        mediaUrl: stored.url,
        mediaMime: "application/pdf",
        fileName,
      });
    }
    if (file.bytes.length > ctx.limits.image) throw badRequest({ file: WHATSAPP_TEXTS.fileTooLarge });
    const stored = await storeImageUpload(ctx.db, ctx.storage, file.bytes, actor);
    return storeOutbound(ctx, viewer, id, lead.phone, {
      kind: "image",
      mediaUrl: stored.url,
      mediaMime: "image/webp",
      fileName,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && !error.fields?.file) {
      throw badRequest({ file: WHATSAPP_TEXTS.fileKind });
    }
    throw error;
  }
}

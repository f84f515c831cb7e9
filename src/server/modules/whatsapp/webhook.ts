/**
 * Meta's webhook for WhatsApp (docs/whatsapp.md "Webhook"; Meta's "messages webhook reference"):
 * - the subscription check: GET with hub.mode=subscribe, hub.verify_token and hub.challenge → the challenge when the
 *   verify token matches (constant-time), else 403;
 * - a notification: POST whose X-Hub-Signature-256 is "sha256=" + HMAC-SHA256(app secret, the raw body) in hex,
 *   compared in constant time (401 and nothing stored otherwise). Each inbound message is stored once by Meta's
 *   message id (unique index; a transaction-scoped advisory lock on the sender's phone serialises one person's
 *   messages on every instance, so concurrent duplicates and two first messages both find the first one's lead); a
 *   known phone joins that person's lead, an unknown one opens a lead through intake's createOrJoinLead (source
 *   "whatsapp", round robin and response clock; a click-to-WhatsApp ad's referral kept as its attribution). Status
 *   updates move an outbound message forward (sent → delivered → read, or failed with Meta's code).
 * Phone numbers of any country are accepted and stored as E.164 (ARCHITECTURE resolution 26).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { Tx } from "#server/db/connection.ts";
import { contactMessages, leads } from "#server/db/schema.ts";
import { whatsappConnection, whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { createOrJoinLead } from "../leads/intake/service.ts";
import type { WhatsappContext } from "./connection.ts";
import { readConnection } from "./connection.ts";
import { applyOptOut } from "./consent.ts";

/** Whether `a` and `b` are equal, in constant time for equal lengths. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `header` is the X-Hub-Signature-256 of `raw` under `appSecret`. */
export function signatureMatches(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
  return safeEqual(header.toLowerCase(), expected);
}

const referralSchema = z
  .object({
    source_url: z.string().optional(),
    source_id: z.string().optional(),
    source_type: z.string().optional(),
    headline: z.string().optional(),
    ctwa_clid: z.string().optional(),
  })
  .optional();

const mediaSchema = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

const inboundMessageSchema = z.object({
  from: z.string(),
  id: z.string().min(1).max(200),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  document: mediaSchema.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  referral: referralSchema,
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().int() })).optional(),
});

export const notificationSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string().optional(),
          value: z.object({
            contacts: z
              .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
              .optional(),
            messages: z.array(inboundMessageSchema).optional(),
            statuses: z.array(statusSchema).optional(),
          }),
        }),
      ),
    }),
  ),
});

/** A WhatsApp id ("9665…", digits) as E.164, any country; null when it is not a valid number. */
export function phoneOfWaId(waId: string): string | null {
  const digits = waId.replace(/\D/g, "");
  if (!digits) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.number : null;
}

/** The order of the outbound statuses; a status update only moves a message forward. */
const STATUS_RANK: Record<string, number> = { queued: 0, sending: 1, unknown: 1, sent: 2, delivered: 3, read: 4 };

/** What a message says, in a line (the enquiry's message of a new lead). */
function summaryOf(m: InboundMessage): string | null {
  if (m.text) return m.text.body;
  if (m.image) return m.image.caption ?? "[صورة]";
  if (m.document) return m.document.caption ?? `[مستند: ${m.document.filename ?? ""}]`;
  if (m.location) return `[موقع: ${m.location.name ?? `${m.location.latitude}, ${m.location.longitude}`}]`;
  if (m.button) return m.button.text ?? null;
  return null;
}

/** The referral of a click-to-WhatsApp ad as a lead's attribution (string values only). */
function attributionOf(referral: InboundMessage["referral"]): Record<string, string> {
  if (!referral) return {};
  const out: Record<string, string> = { utm_source: "whatsapp" };
  if (referral.source_id) out.ad_id = referral.source_id;
  if (referral.source_url) out.source_url = referral.source_url;
  if (referral.source_type) out.source_type = referral.source_type;
  if (referral.ctwa_clid) out.ctwa_clid = referral.ctwa_clid;
  if (referral.headline) out.headline = referral.headline;
  return out;
}

/** The lead a phone's messages join: the lead of its latest enquiry (followed through a merge), else null. */
export async function leadOfPhone(tx: Tx, phone: string): Promise<number | null> {
  const [row] = await tx
    .select({ leadId: contactMessages.leadId, mergedIntoId: leads.mergedIntoId })
    .from(contactMessages)
    .innerJoin(leads, eq(leads.id, contactMessages.leadId))
    .where(eq(contactMessages.phone, phone))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(1);
  if (!row) return null;
  return row.mergedIntoId ?? row.leadId;
}

export interface WebhookResult {
  stored: number;
  duplicates: number;
  statuses: number;
  /** Whether media downloads were queued (the caller wakes the media queue). */
  mediaQueued: boolean;
}

/**
 * Stores one signed notification (already verified). Returns what was stored. Errors: whatever the database throws
 * (the caller answers 500 and Meta sends the notification again; the unique message id makes that safe).
 */
export async function storeNotification(ctx: WhatsappContext, body: unknown): Promise<WebhookResult> {
  const result: WebhookResult = { stored: 0, duplicates: 0, statuses: 0, mediaQueued: false };
  const now = ctx.now();
  await ctx.db.update(whatsappConnection).set({ lastWebhookAt: now }).where(eq(whatsappConnection.id, 1));
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success || parsed.data.object !== "whatsapp_business_account") return result;
  const connection = await readConnection(ctx.db);
  if (!connection?.enabled) return result;
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const message of change.value.messages ?? []) {
        const outcome = await storeInbound(ctx, message, names.get(message.from) ?? null, now);
        if (outcome === "duplicate") result.duplicates += 1;
        else if (outcome !== "skipped") {
          result.stored += 1;
          if (outcome === "media") result.mediaQueued = true;
        }
      }
      for (const status of change.value.statuses ?? []) {
        if (await applyStatus(ctx, status, now)) result.statuses += 1;
      }
    }
  }
  return result;
}

async function storeInbound(
  ctx: WhatsappContext,
  message: InboundMessage,
  profileName: string | null,
  now: Date,
): Promise<"stored" | "media" | "duplicate" | "skipped"> {
  const phone = phoneOfWaId(message.from);
  if (!phone) return "skipped";
  return ctx.db.transaction(async (tx) => {
    // One person's messages one after another on every instance (see the module comment).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp:${phone}`}))`);
    const media = message.image ?? message.document ?? null;
    const [inserted] = await tx
      .insert(whatsappMessages)
      .values({
        phone,
        direction: "in",
        waMessageId: message.id,
        kind: message.type,
        body: message.text?.body ?? media?.caption ?? message.button?.text ?? null,
        mediaId: media?.id ?? null,
        mediaMime: media?.mime_type ?? null,
        fileName: message.document?.filename?.slice(0, 255) ?? null,
        mediaStatus: media ? "pending" : null,
        mediaNextAt: media ? now : null,
        location: message.location
          ? {
              latitude: message.location.latitude,
              longitude: message.location.longitude,
              name: message.location.name ?? null,
              address: message.location.address ?? null,
            }
          : null,
        referral: message.referral ? attributionOf(message.referral) : null,
        status: "received",
        createdAt: now,
      })
      .onConflictDoNothing({ target: whatsappMessages.waMessageId })
      .returning({ id: whatsappMessages.id });
    if (!inserted) return "duplicate";
    let leadId = await leadOfPhone(tx, phone);
    if (leadId === null) {
      const opened = await createOrJoinLead(
        tx,
        { name: profileName?.trim().slice(0, 200) || phone, phone, email: null },
        {
          source: "whatsapp",
          message: summaryOf(message)?.slice(0, 5000) ?? null,
          refs: {},
          attribution: attributionOf(message.referral),
          ip: null,
          userAgent: null,
          // The person wrote to us on WhatsApp: no privacy-notice version was shown (docs/whatsapp.md "Consent").
          consentVersion: "whatsapp",
          marketingConsentVersion: null,
          publicUrl: ctx.publicUrl,
          at: now,
        },
      );
      leadId = opened.lead.id;
    }
    await tx.update(whatsappMessages).set({ leadId }).where(eq(whatsappMessages.id, inserted.id));
    if (message.text) await applyOptOut(tx, leadId, phone, message.text.body, now);
    return media ? "media" : "stored";
  });
}

async function applyStatus(ctx: WhatsappContext, status: z.infer<typeof statusSchema>, now: Date): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: whatsappMessages.id, status: whatsappMessages.status })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.waMessageId, status.id), eq(whatsappMessages.direction, "out")))
    .limit(1);
  if (!row) return false;
  if (status.status === "failed") {
    if (["delivered", "read", "failed"].includes(row.status)) return false;
    await ctx.db
      .update(whatsappMessages)
      .set({ status: "failed", errorCode: status.errors?.[0]?.code ?? null, statusAt: now })
      .where(eq(whatsappMessages.id, row.id));
    return true;
  }
  const next = STATUS_RANK[status.status];
  if (next === undefined || next <= (STATUS_RANK[row.status] ?? 99)) return false;
  const updated = await ctx.db
    .update(whatsappMessages)
    .set({ status: status.status, statusAt: now })
    .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, ["sent", "delivered", "unknown"])))
    .returning({ id: whatsappMessages.id });
  return updated.length > 0;
}

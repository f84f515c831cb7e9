/**
 * Who may receive what on WhatsApp (docs/whatsapp.md "Consent"; docs/conversions.md for marketing consent):
 * - free text only inside the 24-hour window after the buyer's last message (src/domain/whatsapp.ts);
 * - a template (business-initiated) only to a person who wrote to us on WhatsApp first or ticked the separate
 *   «تواصلوا معي عبر واتساب» box on a form (stored with its version);
 * - a MARKETING template additionally only with marketing consent given on a form and not withdrawn;
 * - a reply of «إيقاف» (or STOP) withdraws marketing consent, as the lead desk's withdrawal does.
 */
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages } from "#server/db/schema.ts";
import { whatsappMessages } from "#server/db/tables/whatsapp.ts";
import { recordAudit } from "../audit/service.ts";

/** Replies that stop marketing messages (Arabic «إيقاف», and the platform's STOP), compared trimmed. */
export const OPT_OUT_WORDS = new Set(["إيقاف", "ايقاف", "stop"]);

/** Whether `text` is an opt-out reply. */
export function isOptOut(text: string): boolean {
  return OPT_OUT_WORDS.has(text.trim().toLowerCase());
}

/**
 * Withdraws the marketing consent of every enquiry of `phone` when `text` is an opt-out reply (audited as the
 * person's own act). Returns whether it did.
 */
export async function applyOptOut(tx: Tx, leadId: number, phone: string, text: string, now: Date): Promise<boolean> {
  if (!isOptOut(text)) return false;
  await tx
    .update(contactMessages)
    .set({ marketingConsentWithdrawnAt: now })
    .where(and(eq(contactMessages.phone, phone), isNull(contactMessages.marketingConsentWithdrawnAt)));
  await recordAudit(
    tx,
    { userId: null, ip: null },
    {
      entityType: "contact_message",
      entityId: leadId,
      action: "marketing_consent_withdrawn",
      newState: { via: "whatsapp" },
    },
  );
  return true;
}

/** When `phone` last wrote to us on WhatsApp, or null. */
export async function lastInboundAt(db: Db | Tx, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: whatsappMessages.createdAt })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.phone, phone), eq(whatsappMessages.direction, "in")))
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** Whether `phone` ticked «تواصلوا معي عبر واتساب» on a form (any of its enquiries). */
export async function hasWhatsappOptIn(db: Db | Tx, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.phone, phone), isNotNull(contactMessages.whatsappOptInVersion)))
    .limit(1);
  return Boolean(row);
}

/** Whether `phone` holds marketing consent (given on a form, not withdrawn since). */
export async function hasMarketingConsent(db: Db | Tx, phone: string): Promise<boolean> {
  const [withdrawn] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.phone, phone), isNotNull(contactMessages.marketingConsentWithdrawnAt)))
    .limit(1);
  if (withdrawn) return false;
  const [given] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.phone, phone), isNotNull(contactMessages.marketingConsentVersion)))
    .limit(1);
  return Boolean(given);
}

import { z } from "zod";
import type { AttributionField } from "../attribution.ts";
import { countNoun, NOUNS } from "../format.ts";
import { TEXTS } from "../texts.ts";
import { affordabilityQuerySchema } from "./affordability.ts";
import {
  type contactDeliverySchema,
  type contactMessageSchema,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from "./api.ts";
import { boundedIsoDate, optionalEmail, optionalSaudiPhone, optionalText, PHONE_INVALID } from "./common.ts";
import { text } from "./text.ts";

/** Where a lead came from (attribution: docs/product.md §10.4). */
export const CONTACT_SOURCES = ["home", "project", "update", "campaign", "whatsapp", "online_reservation"] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const PHONE_OR_EMAIL_REQUIRED = "يرجى إدخال رقم الجوال أو البريد الإلكتروني";
export const EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";
export const PHONE_REQUIRED = "رقم الجوال مطلوب";

/**
 * The one sentence a visitor over an enquiry limit reads (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md):
 * the wait in whole minutes (`minutes` ≥ 1; counted noun, Arabic-Indic digits) and the two ways to reach the company
 * now, which the form shows as buttons beside it.
 */
export function enquiryWaitText(minutes: number): string {
  const wait = countNoun(Math.max(1, Math.ceil(minutes)), NOUNS.minute, { oblique: true });
  return `وصلتنا طلبات كثيرة خلال وقت قصير، يمكنك الإرسال مرة أخرى بعد ${wait} أو التواصل معنا الآن عبر واتساب أو الاتصال.`;
}

/**
 * An enquiry's attribution (docs/product.md §10.4; docs/conversions.md): UTM values, the ad platforms' click ids
 * (ScCid as `sccid`) and the referrer, each optional text (500 characters, the referrer 2000). The one schema of the
 * attribution of every public channel: POST /api/contact, POST /api/visits (#domain/visits.ts) and the checkout (#domain/checkout.ts).
 */
export const attributionSchema = z
  .object({
    utmSource: optionalText(200),
    utmMedium: optionalText(200),
    utmCampaign: optionalText(200),
    utmTerm: optionalText(200),
    utmContent: optionalText(200),
    gclid: optionalText(500),
    fbclid: optionalText(500),
    ttclid: optionalText(500),
    sccid: optionalText(500),
    twclid: optionalText(500),
    referrer: optionalText(2000),
  })
  .partial();
export type ContactAttribution = z.infer<typeof attributionSchema>;
// Every field of the schema is one of ATTRIBUTION_FIELDS and the reverse (a type error here otherwise).
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _fieldsMatch: SameKeys<keyof ContactAttribution, AttributionField> = true;
void _fieldsMatch;

/**
 * POST /api/contact body (SPEC §3 contact payload, §5.1, ARCHITECTURE resolutions 3 and 4).
 * One schema for the three public forms; the form is told apart by what the payload carries:
 * - landingPageId → campaign page: name, email and phone required, message optional;
 * - projectReference (or updateReference) → project/update page: name and message, and phone or email;
 * - neither → home page: name, email, phone and message all required.
 * Phone is normalised to E.164, email lower-cased. `website` is a honeypot that humans leave empty.
 */
export const contactSchema = z
  .object({
    name: text({ error: TEXTS.nameRequired }).trim().min(1, TEXTS.nameRequired).max(200, TEXTS.nameRequired),
    email: optionalEmail(TEXTS.emailInvalid),
    phone: optionalSaudiPhone,
    message: optionalText(5000, true),
    landingPageId: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
    campaignId: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
    projectReference: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
    updateReference: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
    /** The unit a unit page's enquiry is about (with projectReference; a unit of another project is not kept). */
    unitReference: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
    website: text().max(500).optional(),
    /**
     * Ms between the page's load and the send, set by the form's island (absent without JavaScript): a send faster
     * than config `CONTACT_MIN_FILL_MS` is a bot's (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md).
     */
    elapsedMs: z.coerce.number<string | number>().int().min(0).max(2_147_483_647).optional(),
    attribution: attributionSchema.optional(),
    /** The separate, unticked marketing-consent box (docs/conversions.md "Consent"); absent = not given. */
    marketingConsent: z.boolean().optional(),
    /** The separate, unticked WhatsApp opt-in box «تواصلوا معي عبر واتساب» (docs/whatsapp.md "Consent"). */
    whatsappOptIn: z.boolean().optional(),
    /**
     * The calculator's inputs when the page showed the buyer a result (docs/affordability.md "Kept with an
     * enquiry"): the query of GET /api/affordability. An invalid estimate is dropped, never a reason to refuse.
     */
    estimate: affordabilityQuerySchema.optional().catch(undefined),
  })
  .superRefine((value, ctx) => {
    const source = contactSourceOf(value);
    if (source === "campaign") {
      if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_REQUIRED });
      if (!value.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_REQUIRED });
      return;
    }
    if (!value.message) ctx.addIssue({ code: "custom", path: ["message"], message: TEXTS.messageRequired });
    if (source === "home") {
      if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_REQUIRED });
      if (!value.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_REQUIRED });
    } else if (!value.email && !value.phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_OR_EMAIL_REQUIRED });
    }
  });
export type ContactInput = z.input<typeof contactSchema>;
export type ContactPayload = z.output<typeof contactSchema>;

/** The source of a contact payload, by the reference it carries. */
export function contactSourceOf(value: {
  landingPageId?: number;
  projectReference?: number;
  updateReference?: number;
}): ContactSource {
  if (value.landingPageId !== undefined) return "campaign";
  if (value.updateReference !== undefined) return "update";
  if (value.projectReference !== undefined) return "project";
  return "home";
}

export { PHONE_INVALID };

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus | "none", string> = {
  pending: "قيد الإرسال",
  delivered: "تم التسليم",
  failed: "فشل بعد المحاولات",
  none: "بدون ويب هوك",
};

export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  home: "الصفحة الرئيسية",
  project: "صفحة المشروع",
  update: "صفحة التحديث",
  campaign: "حملة إعلانية",
  whatsapp: "واتساب",
  online_reservation: "حجز إلكتروني بعربون",
};

/** The latest webhook delivery of a lead, as the admin list shows it. */
export type ContactDeliveryView = z.infer<typeof contactDeliverySchema>;
/** A lead in GET /api/contact/messages: the SPEC §2.16 columns plus campaign, attribution, consent and delivery. */
export type ContactMessageView = z.infer<typeof contactMessageSchema>;

/**
 * Filters of GET /api/contact/messages and its export (?format=xlsx|csv): free text (name, email, phone, message),
 * source, project, landing page, campaign, duplicate flag, delivery status ("none": no webhook), date range
 * (YYYY-MM-DD, inclusive, Jeddah time).
 */
export const contactListQuerySchema = z.object({
  search: optionalText(200),
  source: z.enum(CONTACT_SOURCES).optional(),
  projectId: z.coerce.number<string>().int().positive().max(2_147_483_647).optional(),
  landingPageId: z.coerce.number<string>().int().positive().max(2_147_483_647).optional(),
  campaignId: z.coerce.number<string>().int().positive().max(2_147_483_647).optional(),
  duplicate: z.enum(["true", "false"]).optional(),
  delivery: z.enum([...DELIVERY_STATUSES, "none"]).optional(),
  from: boundedIsoDate("التاريخ غير صحيح").optional(),
  to: boundedIsoDate("التاريخ غير صحيح").optional(),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/**
 * Server-side conversion events to the ad platforms (docs/conversions.md): the platforms, the event kinds a lead
 * produces, each platform's ids, the default mapping of kinds to the platform's event names, the funnel steps, and
 * the zod schemas of the conversions API (requests and answers), with Arabic messages. Pure: server and admin use it.
 *
 * Rules:
 * - Event kinds: a campaign page view, the enquiry, and each lead-desk stage of the pipeline (lead-desk.ts).
 * - Defaults (docs/conversions.md, the table of events): page view → PageView / PAGE_VIEW / ViewContent; enquiry →
 *   Lead / SIGN_UP; an online checkout started (docs/payments.md) → InitiateCheckout / START_CHECKOUT; مؤهل → a qualified-lead event; زيارة → Schedule; حجز and بيع → Purchase with the unit price in SAR.
 *   For Google the mapped value is the conversion action id, for X the event tag id (their APIs name events by id).
 * - An empty mapping sends nothing for that kind.
 * - The access token is write-only: answers carry `hasToken`, never the token.
 */
import { z } from "zod";
import type { LeadStage } from "./lead-desk.ts";

export const CONVERSION_PLATFORMS = ["snapchat", "tiktok", "meta", "google", "x"] as const;
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number];

export const CONVERSION_PLATFORM_LABELS: Record<ConversionPlatform, string> = {
  snapchat: "سناب شات",
  tiktok: "تيك توك",
  meta: "ميتا (فيسبوك وإنستغرام)",
  google: "إعلانات جوجل",
  x: "إكس (تويتر)",
};

/** Campaign platform names (constants.ts CAMPAIGN_PLATFORMS) → the conversion platform that serves them. */
export const CAMPAIGN_PLATFORM_CONVERSION: Record<string, ConversionPlatform> = {
  snapchat: "snapchat",
  tiktok: "tiktok",
  instagram: "meta",
  facebook: "meta",
  google: "google",
  x: "x",
};

/** Arabic names of the campaign platforms (landing campaigns' platform_name). */
export const CAMPAIGN_PLATFORM_LABELS: Record<string, string> = {
  snapchat: "سناب شات",
  tiktok: "تيك توك",
  instagram: "إنستغرام",
  facebook: "فيسبوك",
  google: "جوجل",
  x: "إكس",
};

/** The click id each platform puts on its ad links, as stored in a lead's attribution (attribution.ts). */
export const PLATFORM_CLICK_ID: Record<ConversionPlatform, "sccid" | "ttclid" | "fbclid" | "gclid" | "twclid"> = {
  snapchat: "sccid",
  tiktok: "ttclid",
  meta: "fbclid",
  google: "gclid",
  x: "twclid",
};

export const CONVERSION_EVENT_KINDS = [
  "page_view",
  "enquiry",
  "checkout",
  "contacted",
  "qualified",
  "visit",
  "reserved",
  "sold",
] as const;
export type ConversionEventKind = (typeof CONVERSION_EVENT_KINDS)[number];

export const CONVERSION_EVENT_KIND_LABELS: Record<ConversionEventKind, string> = {
  page_view: "زيارة صفحة الحملة",
  enquiry: "إرسال طلب تواصل",
  checkout: "بدء الحجز الإلكتروني بعربون",
  contacted: "تم التواصل",
  qualified: "مؤهل",
  visit: "زيارة",
  reserved: "حجز",
  sold: "بيع",
};

/** The event kind of a lead-desk stage (none for new and lost). */
export function eventKindOfStage(stage: LeadStage): ConversionEventKind | null {
  return stage === "new" || stage === "lost" ? null : stage;
}

/** Kinds that carry the held unit's price as the event value (SAR). */
export const VALUE_KINDS: readonly ConversionEventKind[] = ["reserved", "sold"];

/** The ids a platform needs, with Arabic labels (where to find them: docs/conversions.md). */
export const PLATFORM_FIELDS: Record<ConversionPlatform, readonly { key: string; label: string }[]> = {
  snapchat: [{ key: "pixelId", label: "معرّف بكسل سناب" }],
  tiktok: [{ key: "pixelCode", label: "رمز بكسل تيك توك" }],
  meta: [{ key: "pixelId", label: "معرّف مجموعة البيانات (البكسل)" }],
  google: [
    { key: "customerId", label: "رقم حساب إعلانات جوجل (10 أرقام)" },
    { key: "loginCustomerId", label: "رقم الحساب الإداري (اختياري)" },
  ],
  x: [{ key: "pixelId", label: "معرّف وسم إكس الأساسي" }],
};

/** Ids that may be left empty. */
export const OPTIONAL_PLATFORM_FIELDS = new Set(["loginCustomerId"]);

/** TikTok's and Meta's standard event names (they differ only in the page view's, set beside them). */
const STANDARD_EVENTS = {
  enquiry: "Lead",
  checkout: "InitiateCheckout",
  contacted: "",
  qualified: "QualifiedLead",
  visit: "Schedule",
  reserved: "Purchase",
  sold: "Purchase",
} as const;

export const DEFAULT_EVENT_MAPS: Record<ConversionPlatform, Record<ConversionEventKind, string>> = {
  snapchat: {
    page_view: "PAGE_VIEW",
    enquiry: "SIGN_UP",
    checkout: "START_CHECKOUT",
    contacted: "",
    qualified: "CUSTOM_EVENT_1",
    visit: "CUSTOM_EVENT_2",
    reserved: "PURCHASE",
    sold: "PURCHASE",
  },
  tiktok: { page_view: "ViewContent", ...STANDARD_EVENTS },
  meta: { page_view: "PageView", ...STANDARD_EVENTS },
  google: { page_view: "", enquiry: "", checkout: "", contacted: "", qualified: "", visit: "", reserved: "", sold: "" },
  x: { page_view: "", enquiry: "", checkout: "", contacted: "", qualified: "", visit: "", reserved: "", sold: "" },
};

export const CONVERSION_TEXTS = {
  platformUnknown: "المنصة غير معروفة",
  idRequired: "هذا الحقل مطلوب لتفعيل الربط",
  tokenRequired: "رمز الوصول مطلوب لتفعيل الربط",
  notConnected: "فعّل الربط وأدخل المعرّفات ورمز الوصول أولاً",
  testNeedsEvent: "أدخل اسم حدث «إرسال طلب تواصل» لهذه المنصة أولاً",
  eventNameInvalid: "اسم الحدث يحتوي على رموز غير مسموحة",
  eventNotFound: "الحدث غير موجود",
  eventDelivered: "تم تسليم هذا الحدث بالفعل",
  leadNotFound: "العميل غير موجود",
  dateInvalid: "التاريخ غير صالح",
  rangeInvalid: "تاريخ البداية بعد تاريخ النهاية",
  amountInvalid: "المبلغ غير صالح",
  campaignNotFound: "الحملة غير موجودة",
  csvInvalid:
    "تعذّر قراءة الملف: يلزم عمود للتاريخ باسم «التاريخ» أو «اليوم» وعمود للمبلغ باسم «التكلفة» أو «الإنفاق» أو «المبلغ الذي تم إنفاقه» (أو أسماؤها في تصدير المنصة بالإنجليزية)",
} as const;

const eventName = z
  .string()
  .trim()
  .max(100, CONVERSION_TEXTS.eventNameInvalid)
  .regex(/^[A-Za-z0-9_\- .:]*$/, CONVERSION_TEXTS.eventNameInvalid);

/**
 * A platform's event names by kind. "checkout" (added with online deposits, docs/payments.md) may be left out by an
 * older client: the platform's default then applies (service.ts viewOf).
 */
export const eventMapSchema = z.object({
  ...(Object.fromEntries(CONVERSION_EVENT_KINDS.map((k) => [k, eventName])) as Record<
    Exclude<ConversionEventKind, "checkout">,
    typeof eventName
  >),
  checkout: eventName.optional(),
});

const idValue = z
  .string()
  .trim()
  .max(200, CONVERSION_TEXTS.idRequired)
  .regex(/^[A-Za-z0-9_\-.]*$/, CONVERSION_TEXTS.idRequired);

/** PUT /api/conversions/connections/{platform}: `accessToken` omitted keeps the stored one, null removes it. */
export const connectionUpdateSchema = z.object({
  enabled: z.boolean(),
  ids: z.record(z.string(), idValue).default({}),
  accessToken: z.string().trim().min(1, CONVERSION_TEXTS.tokenRequired).max(4000).nullable().optional(),
  eventMap: eventMapSchema,
  sendAnonymous: z.boolean().default(false),
  testEventCode: z.string().trim().max(100).nullable().optional(),
});
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

export const platformParam = z.object({
  platform: z.enum(CONVERSION_PLATFORMS, { error: CONVERSION_TEXTS.platformUnknown }),
});

/** A connection as the API shows it: never the token itself. */
export const connectionViewSchema = z.object({
  platform: z.enum(CONVERSION_PLATFORMS),
  label: z.string(),
  enabled: z.boolean(),
  ids: z.record(z.string(), z.string()),
  hasToken: z.boolean(),
  eventMap: eventMapSchema.required(),
  sendAnonymous: z.boolean(),
  testEventCode: z.string().nullable(),
  fields: z.array(z.object({ key: z.string(), label: z.string() })),
  counts: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
});
export type ConnectionView = z.infer<typeof connectionViewSchema>;

/** One row of a delivery log. */
export const conversionDeliverySchema = z.object({
  id: z.number().int(),
  platform: z.enum(CONVERSION_PLATFORMS),
  eventId: z.string(),
  kind: z.enum(CONVERSION_EVENT_KINDS),
  eventName: z.string(),
  leadId: z.number().int().nullable(),
  campaignId: z.number().int().nullable(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversionDelivery = z.infer<typeof conversionDeliverySchema>;

export const deliveryListQuerySchema = z.object({
  platform: z.enum(CONVERSION_PLATFORMS).optional(),
  leadId: z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional(),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
});

export const testEventResultSchema = z.object({
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const retryResultSchema = z.object({ id: z.number().int(), status: z.literal("pending") });

export const consentWithdrawnSchema = z.object({
  leadId: z.number().int(),
  withdrawnAt: z.string(),
  cancelledEvents: z.number().int(),
});

/** Funnel steps in order (lead-desk stages after the enquiry). */
export const FUNNEL_STEPS = ["visits", "enquiries", "contacted", "qualified", "visit", "reserved", "sold"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visits: "الزيارات",
  enquiries: "الطلبات",
  contacted: "تم التواصل",
  qualified: "مؤهل",
  visit: "زيارة",
  reserved: "حجز",
  sold: "بيع",
};

const isoDay = z.iso.date({ error: CONVERSION_TEXTS.dateInvalid });

export const funnelQuerySchema = z
  .object({ from: isoDay, to: isoDay, campaignId: z.coerce.number<string>().int().positive().optional() })
  .refine((q) => q.from <= q.to, { message: CONVERSION_TEXTS.rangeInvalid, path: ["to"] });

export const campaignFunnelSchema = z.object({
  campaignId: z.number().int(),
  platform: z.string(),
  urlSlug: z.string(),
  name: z.string(),
  /** The project whose landing page holds the campaign (its admin page: /admin/projects/{id}). */
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  counts: z.object(
    Object.fromEntries(FUNNEL_STEPS.map((s) => [s, z.number().int()])) as Record<FunnelStep, z.ZodNumber>,
  ),
  /** Each step divided by the one before it, 0–1 (null when the step before is 0). */
  rates: z.record(z.string(), z.number().nullable()),
  /** Spend in SAR over the range (null: none entered). */
  spend: z.number().nullable(),
  costPerEnquiry: z.number().nullable(),
  costPerVisit: z.number().nullable(),
  costPerReservation: z.number().nullable(),
  /**
   * Online reservations of the campaign's leads whose deposit was paid in the range, and those deposits in whole SAR
   * (docs/payments.md; docs/conversions.md "Campaigns report").
   */
  online: z.object({ reservations: z.number().int(), depositsSar: z.number().int() }),
});
export type CampaignFunnel = z.infer<typeof campaignFunnelSchema>;

export const funnelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  campaigns: z.array(campaignFunnelSchema),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** PUT /api/conversions/spend: amounts in SAR per day (0 removes the day). */
export const spendInputSchema = z.object({
  campaignId: z.number().int().positive(),
  entries: z
    .array(
      z.object({
        day: isoDay,
        amount: z.number({ error: CONVERSION_TEXTS.amountInvalid }).min(0, CONVERSION_TEXTS.amountInvalid).max(1e9),
      }),
    )
    .min(1)
    .max(366),
});

export const spendImportQuerySchema = z.object({
  campaignId: z.coerce.number<string>().int().positive(),
});

export const spendSavedSchema = z.object({ days: z.number().int(), total: z.number() });

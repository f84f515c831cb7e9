/**
 * Leads from the ad platforms' own forms (docs/lead-forms.md; docs/decisions/084-lead-forms-inbox-and-backfill.md;
 * ARCHITECTURE resolutions 19, 22 and 26): the platforms, the enquiry source each one's leads carry, the targets a
 * form's question can be mapped to, the request and answer shapes of /api/lead-forms and their Arabic texts.
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";

export const LEAD_FORM_PLATFORMS = ["meta", "tiktok", "snapchat", "google"] as const;
export type LeadFormPlatform = (typeof LEAD_FORM_PLATFORMS)[number];

/** The enquiry's `source` of each platform's leads (contact_messages.source). */
export const LEAD_FORM_SOURCES: Record<LeadFormPlatform, string> = {
  meta: "meta_lead_form",
  tiktok: "tiktok_lead_form",
  snapchat: "snapchat_lead_form",
  google: "google_lead_form",
};

/** Arabic names of the platforms as the screen «نماذج المنصات» and the lead card show them. */
export const LEAD_FORM_PLATFORM_LABELS: Record<LeadFormPlatform, string> = {
  meta: "ميتا (فيسبوك وإنستغرام)",
  tiktok: "تيك توك",
  snapchat: "سناب شات",
  google: "إعلانات جوجل",
};

/** What a form's question feeds: the person's name, phone, e-mail, the message, or an answer kept on the lead. */
export const FIELD_TARGETS = ["name", "phone", "email", "message", "custom"] as const;
export type FieldTarget = (typeof FIELD_TARGETS)[number];

export const FIELD_TARGET_LABELS: Record<FieldTarget, string> = {
  name: "الاسم",
  phone: "رقم الجوال",
  email: "البريد الإلكتروني",
  message: "الرسالة",
  custom: "إجابة إضافية تحفظ مع العميل",
};

/** Meta's standard question keys and what they feed when a form has no mapping of its own. */
export const META_DEFAULT_FIELD_MAP: Record<string, FieldTarget> = {
  full_name: "name",
  first_name: "name",
  last_name: "name",
  phone_number: "phone",
  email: "email",
};

/** TikTok's standard field names and what they feed when a form has no mapping of its own (docs/lead-forms.md). */
export const TIKTOK_DEFAULT_FIELD_MAP: Record<string, FieldTarget> = {
  name: "name",
  full_name: "name",
  first_name: "name",
  last_name: "name",
  phone_number: "phone",
  email: "email",
};

/**
 * Snapchat's standard question types and what they feed when a form has no mapping of its own (docs/lead-forms.md
 * "Set-up: Snapchat"; a custom question is keyed by its description).
 */
export const SNAPCHAT_DEFAULT_FIELD_MAP: Record<string, FieldTarget> = {
  FIRST_NAME: "name",
  LAST_NAME: "name",
  FULL_NAME: "name",
  PHONE_NUMBER: "phone",
  EMAIL: "email",
};

/** Google's column ids and what they feed when a form has no mapping of its own. */
export const GOOGLE_DEFAULT_FIELD_MAP: Record<string, FieldTarget> = {
  FULL_NAME: "name",
  FIRST_NAME: "name",
  LAST_NAME: "name",
  PHONE_NUMBER: "phone",
  EMAIL: "email",
  WORK_EMAIL: "email",
  WORK_PHONE: "phone",
};

export const LEAD_FORM_TEXTS = {
  title: "نماذج المنصات",
  platformUnknown: "المنصة غير معروفة",
  appSecretRequired: "مفتاح التطبيق السري مطلوب لتفعيل الربط",
  verifyTokenRequired: "رمز التحقق مطلوب لتفعيل الربط",
  pageTokenRequired: "رمز وصول الصفحة مطلوب لتفعيل الربط",
  pageIdRequired: "معرّف الصفحة مطلوب لتفعيل الربط",
  pageIdInvalid: "معرّف الصفحة أرقام فقط",
  formIdInvalid: "معرّف النموذج غير صالح",
  formNotFound: "النموذج غير موجود في حساب المنصة",
  notConnected: "الربط غير مفعّل أو ينقصه رمز الوصول",
  projectUnknown: "المشروع غير موجود",
  fieldKeyInvalid: "اسم السؤال غير صالح",
  fieldTargetInvalid: "اختر ما يغذيه السؤال: الاسم أو الجوال أو البريد أو الرسالة أو إجابة إضافية",
  secretInvalid: "القيمة غير صالحة",
  tokenRefused: "رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا",
  permissionMissing: "رمز الوصول لا يملك صلاحية قراءة العملاء (leads_retrieval)",
  platformUnreachable: "تعذّر الوصول إلى المنصة، ستعاد المحاولة تلقائيًا",
  noName: "عميل من نموذج منصة",
  googleKeyRequired: "مفتاح جوجل مطلوب لتفعيل الربط",
  advertiserIdRequired: "معرّف المعلن مطلوب لتفعيل الربط",
  advertiserIdInvalid: "معرّف المعلن أرقام فقط",
  accessTokenRequired: "رمز الوصول مطلوب لتفعيل الربط",
  adAccountIdRequired: "معرّف الحساب الإعلاني مطلوب لتفعيل الربط",
  adAccountIdInvalid: "معرّف الحساب الإعلاني غير صالح",
  clientIdRequired: "معرّف تطبيق OAuth مطلوب لتفعيل الربط",
  clientIdInvalid: "معرّف تطبيق OAuth غير صالح",
  clientSecretRequired: "المفتاح السري لتطبيق OAuth مطلوب لتفعيل الربط",
  refreshTokenRequired: "رمز التجديد مطلوب لتفعيل الربط",
  hmacSecretRequired: "المفتاح السري للتوقيع (HMAC) مطلوب لتفعيل الربط",
  tiktokTaskFailed: "فشلت مهمة تنزيل عملاء تيك توك، ستعاد المحاولة في الاسترجاع التالي",
  tiktokTaskTimedOut: "لم تكتمل مهمة تنزيل عملاء تيك توك في وقتها، ستعاد المحاولة في الاسترجاع التالي",
  tiktokFileUnreadable: "ملف عملاء تيك توك غير مقروء، ستعاد المحاولة في الاسترجاع التالي",
} as const;

/**
 * The health line's note when a TikTok lead file had rows that could not be stored (no lead id, no readable time, or
 * neither a valid phone number nor an e-mail), e.g. "تعذّر حفظ صف واحد من ملف عملاء تيك توك…"
 * (modules/lead-forms/tiktok-backfill.ts; docs/lead-forms.md "Set-up: TikTok Instant Forms").
 */
export function tiktokRowsSkippedText(rows: number): string {
  return `تعذّر حفظ ${countNoun(rows, NOUNS.row)} من ملف عملاء تيك توك (لا معرّف ولا وقت صالح، أو لا جوال ولا بريد صالح)`;
}

const secret = z.string().trim().min(1, LEAD_FORM_TEXTS.secretInvalid).max(4000, LEAD_FORM_TEXTS.secretInvalid);
/** A platform id as text (Meta's ids exceed JavaScript's safe integers). */
const numericId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, message);

/**
 * PUT /api/lead-forms/meta. Secrets are write-only: a string replaces the stored one, null removes it, absent keeps
 * it. Unknown fields are refused by name (ARCHITECTURE resolution 18).
 */
export const metaConnectionUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  appSecret: secret.nullable().optional(),
  verifyToken: secret.nullable().optional(),
  pageId: numericId(LEAD_FORM_TEXTS.pageIdInvalid).or(z.literal("")).optional(),
  pageAccessToken: secret.nullable().optional(),
});
export type MetaConnectionUpdate = z.infer<typeof metaConnectionUpdateSchema>;

/** PUT /api/lead-forms/google: on/off and the google_key set on the lead forms (write-only; null removes it). */
export const googleConnectionUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  googleKey: secret.nullable().optional(),
});
export type GoogleConnectionUpdate = z.infer<typeof googleConnectionUpdateSchema>;

/**
 * PUT /api/lead-forms/tiktok: on/off, the advertiser id, the app secret (signs TikTok's webhooks) and the Business API
 * access token (reads the leads). Secrets write-only as for Meta: a string replaces, null removes, absent keeps.
 */
export const tiktokConnectionUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  advertiserId: numericId(LEAD_FORM_TEXTS.advertiserIdInvalid).or(z.literal("")).optional(),
  appSecret: secret.nullable().optional(),
  accessToken: secret.nullable().optional(),
});
export type TiktokConnectionUpdate = z.infer<typeof tiktokConnectionUpdateSchema>;

/** A Snapchat id (ad account, lead form): a UUID (8-4-4-4-12 hex digits), kept as text. */
const snapId = (message: string) => z.guid(message);

/**
 * PUT /api/lead-forms/snapchat: on/off, the ad account id, the OAuth app's client id, and the client secret and
 * refresh token that obtain the Marketing API's short-lived access tokens (the forms listing), and the HMAC secret
 * Snapchat returns when the webhook integration is created (it signs every delivery; docs/lead-forms.md "Set-up:
 * Snapchat") — secrets write-only as for Meta: a string replaces, null removes, absent keeps. The webhook's secret
 * path is made by the server, never sent.
 */
export const snapchatConnectionUpdateSchema = z.strictObject({
  enabled: z.boolean(),
  adAccountId: snapId(LEAD_FORM_TEXTS.adAccountIdInvalid).or(z.literal("")).optional(),
  clientId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,100}$/, LEAD_FORM_TEXTS.clientIdInvalid)
    .or(z.literal(""))
    .optional(),
  clientSecret: secret.nullable().optional(),
  refreshToken: secret.nullable().optional(),
  hmacSecret: secret.nullable().optional(),
});
export type SnapchatConnectionUpdate = z.infer<typeof snapchatConnectionUpdateSchema>;

/** The health line of a connection (docs/lead-forms.md "Health"). Times are ISO 8601; `error` is Arabic. */
export const connectionHealthSchema = z.object({
  lastWebhookAt: z.string().nullable(),
  lastBackfillAt: z.string().nullable(),
  leads24h: z.number().int(),
  error: z.string().nullable(),
});

/**
 * A connection as the API shows it: `{ platform, enabled, …fields, webhookPath, health }` in that order, where
 * `webhookPath` is the path the platform's webhook is pointed at (below the site's address).
 */
function connectionView<const P extends string, S extends z.ZodRawShape>(platform: P, fields: S) {
  return z.object({
    platform: z.literal(platform),
    enabled: z.boolean(),
    ...fields,
    webhookPath: z.string(),
    health: connectionHealthSchema,
  });
}

/** The Meta connection as the API shows it: never a secret, only whether each is stored. */
export const metaConnectionViewSchema = connectionView("meta", {
  pageId: z.string(),
  hasAppSecret: z.boolean(),
  hasVerifyToken: z.boolean(),
  hasPageAccessToken: z.boolean(),
});
export type MetaConnectionView = z.infer<typeof metaConnectionViewSchema>;

/** The Google connection as the API shows it: whether a key is stored, never the key. */
export const googleConnectionViewSchema = connectionView("google", { hasGoogleKey: z.boolean() });
export type GoogleConnectionView = z.infer<typeof googleConnectionViewSchema>;

/** The TikTok connection as the API shows it: never a secret, only whether each is stored. */
export const tiktokConnectionViewSchema = connectionView("tiktok", {
  advertiserId: z.string(),
  hasAppSecret: z.boolean(),
  hasAccessToken: z.boolean(),
});
export type TiktokConnectionView = z.infer<typeof tiktokConnectionViewSchema>;

/**
 * The Snapchat connection as the API shows it: never the client secret, refresh token or HMAC secret, only whether
 * each is stored.
 * `webhookPath` holds the connection's secret path segment (made when the connection is first saved): the address to
 * paste into Snapchat; empty until then.
 */
export const snapchatConnectionViewSchema = connectionView("snapchat", {
  adAccountId: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  hasRefreshToken: z.boolean(),
  hasHmacSecret: z.boolean(),
});
export type SnapchatConnectionView = z.infer<typeof snapchatConnectionViewSchema>;

export const fieldMapSchema = z
  .record(
    z.string().trim().min(1, LEAD_FORM_TEXTS.fieldKeyInvalid).max(200, LEAD_FORM_TEXTS.fieldKeyInvalid),
    z.enum(FIELD_TARGETS, { error: LEAD_FORM_TEXTS.fieldTargetInvalid }),
  )
  .refine((map) => Object.keys(map).length <= 100, LEAD_FORM_TEXTS.fieldKeyInvalid);

/** PUT /api/lead-forms/meta/forms/{formId}: the project the form feeds (null: none) and its field mapping. */
export const formUpdateSchema = z.strictObject({
  projectId: z.number().int().positive(LEAD_FORM_TEXTS.projectUnknown).nullable(),
  fieldMap: fieldMapSchema,
});
export type FormUpdate = z.infer<typeof formUpdateSchema>;

/** PUT /api/landing-campaigns/{id}/platform-campaign: the platform's campaign id (digits as text), null to clear. */
export const platformCampaignSchema = z.strictObject({
  platformCampaignId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{1,64}$/, "معرّف الحملة في المنصة أرقام وحروف لاتينية فقط")
    .nullable(),
});
export type PlatformCampaignInput = z.infer<typeof platformCampaignSchema>;

export const formIdParam = z.object({ formId: numericId(LEAD_FORM_TEXTS.formIdInvalid) });
/** Snapchat's lead form ids are UUIDs. */
export const snapchatFormIdParam = z.object({ formId: snapId(LEAD_FORM_TEXTS.formIdInvalid) });

/** A form found on the account, with what we keep for it. */
export const leadFormViewSchema = z.object({
  formId: z.string(),
  name: z.string(),
  status: z.string(),
  questions: z.array(z.object({ key: z.string(), label: z.string() })),
  projectId: z.number().int().nullable(),
  fieldMap: z.record(z.string(), z.enum(FIELD_TARGETS)),
  testMode: z.boolean(),
});
export type LeadFormView = z.infer<typeof leadFormViewSchema>;

/** What a lead from a platform form carries on its card (the lead page shows the platform and the form). */
export const platformLeadSchema = z.object({
  platform: z.enum(LEAD_FORM_PLATFORMS),
  platformLeadId: z.string(),
  formId: z.string(),
  formName: z.string().nullable(),
  campaignId: z.string().nullable(),
  createdTime: z.string(),
  isTest: z.boolean(),
});

/** The enquiry source of each platform's lead forms, in Arabic (the lead's card and timeline). */
export const LEAD_FORM_SOURCE_LABELS: Record<string, string> = {
  meta_lead_form: "نموذج ميتا",
  tiktok_lead_form: "نموذج تيك توك",
  snapchat_lead_form: "نموذج سناب شات",
  google_lead_form: "نموذج إعلانات جوجل",
};

/** The line a lead's card shows for the platform form it came through: «نموذج ميتا: نموذج مشروع الريف». */
export function leadFormLine(leadForm: { platform: string; formName: string | null }): string {
  const source = LEAD_FORM_SOURCES[leadForm.platform as LeadFormPlatform];
  const label = (source && LEAD_FORM_SOURCE_LABELS[source]) || leadForm.platform;
  return leadForm.formName ? `${label}: ${leadForm.formName}` : label;
}

/** The word before a lead's campaign on its card. */
export const CAMPAIGN_LABEL = "الحملة";

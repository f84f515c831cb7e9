/**
 * WhatsApp inside the lead desk (docs/whatsapp.md; docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md): the
 * connection's request and answer shapes, the message shapes of a conversation, the 24-hour customer-service window,
 * Meta's error codes with their Arabic explanations and which of them are retried. Pure: server and admin use it.
 *
 * Rules (Meta's WhatsApp Cloud API documentation, "Error codes" and "Customer service windows"):
 * - Free-form messages only within 24 hours (WINDOW_MS) of the buyer's last message; outside it only an approved
 *   template (code 131047 when a free-form message is tried anyway).
 * - Retried only on the codes Meta documents as temporary or rate limits (RETRYABLE_CODES); every other answer is
 *   final, and an attempt whose outcome is unknown is never resent (docs/decisions/093-whatsapp-sends-at-most-once.md).
 * - The app secret and the access token are write-only: answers carry `hasAppSecret` / `hasAccessToken`.
 */
import { z } from "zod";
import { countNoun, formatNumber, NOUNS } from "./format.ts";
import { multilineText, text } from "./schemas/text.ts";

/** The customer-service window: free-form messages within this many ms of the buyer's last message (24 h). */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the 24-hour window is open at `now` given the buyer's last message time (null: never wrote). */
export function isWindowOpen(lastInboundAt: Date | null, now: Date): boolean {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WINDOW_MS;
}

/** The moment the window closes (null: closed / never opened). */
export function windowClosesAt(lastInboundAt: Date | null): Date | null {
  return lastInboundAt ? new Date(lastInboundAt.getTime() + WINDOW_MS) : null;
}

/**
 * Meta's error codes that are worth another attempt (Cloud API "Error codes": throttling and temporary errors):
 * 4 and 80007 (rate limits of the app and the account), 130429 (throughput), 131056 (pair rate limit: wait, then
 * retry), 131000 (something went wrong: try again), 131016 (service unavailable), 133004 (server temporarily
 * unavailable), 2 (temporary downtime or overload).
 */
export const RETRYABLE_CODES: ReadonlySet<number> = new Set([2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** Whether Meta's error `code` is retried. */
export function isRetryableCode(code: number | null): boolean {
  return code !== null && RETRYABLE_CODES.has(code);
}

/** Arabic explanations of Meta's error codes shown on a failed message (unknown codes get the general one). */
export const WHATSAPP_ERROR_TEXTS: Record<number, string> = {
  0: "تعذر التحقق من رمز الوصول، يلزم رمز جديد",
  2: "خدمة واتساب متوقفة مؤقتًا، ستُعاد المحاولة",
  4: "تجاوز التطبيق حد الطلبات، ستُعاد المحاولة",
  10: "الصلاحية غير ممنوحة لهذا التطبيق",
  100: "قيمة غير صالحة في الطلب",
  190: "انتهت صلاحية رمز الوصول، يلزم رمز جديد",
  368: "الحساب مقيّد مؤقتًا لمخالفة سياسات واتساب",
  80007: "تجاوز الحساب حد الطلبات، ستُعاد المحاولة",
  130429: "تجاوز حد الإرسال لواتساب، ستُعاد المحاولة",
  130472: "لم تُسلَّم الرسالة ضمن تجربة من ميتا على الرقم",
  131000: "حدث خطأ غير متوقع لدى واتساب",
  131005: "الوصول مرفوض لهذا الطلب",
  131008: "معامل مطلوب ناقص في الطلب",
  131009: "قيمة معامل غير صالحة",
  131016: "خدمة واتساب غير متاحة مؤقتًا",
  131021: "لا يمكن إرسال رسالة إلى رقم الشركة نفسه",
  131026: "تعذر تسليم الرسالة: الرقم غير مسجل في واتساب أو لم يقبل الشروط أو يستخدم إصدارًا قديمًا",
  131031: "الحساب مقفل لمخالفة السياسات",
  131042: "مشكلة في وسيلة الدفع لحساب واتساب للأعمال",
  131045: "رقم الهاتف غير مسجل بشكل صحيح",
  131047: `انقضت ${countNoun(24, NOUNS.hour)} على آخر رسالة من العميل: يلزم قالب معتمد`,
  131048: "تجاوز حد الرسائل بسبب تقييمات الجودة",
  131049: "لم تُسلَّم الرسالة التسويقية حفاظًا على تجربة المستخدم",
  131050: "أوقف العميل استلام الرسائل التسويقية",
  131051: "نوع الرسالة غير مدعوم",
  131052: "تعذر تنزيل الملف المرسل من العميل",
  131053: "تعذر رفع الملف المرفق",
  131056: "رسائل كثيرة إلى الرقم نفسه في وقت قصير، ستُعاد المحاولة",
  132000: "عدد متغيرات القالب لا يطابق القالب المعتمد",
  132001: "القالب غير موجود بهذه اللغة أو لم يُعتمد",
  132005: "نص القالب بعد تعبئة المتغيرات أطول من المسموح",
  132007: "محتوى القالب يخالف سياسات واتساب",
  132012: "صيغة متغيرات القالب غير صحيحة",
  132015: "القالب موقوف لانخفاض جودته",
  132016: "القالب معطّل نهائيًا لانخفاض جودته",
  133004: "خادم واتساب غير متاح مؤقتًا",
  133010: "رقم الهاتف غير مسجل في واتساب للأعمال",
};

/** The Arabic explanation of Meta's error `code`. */
export function whatsappErrorText(code: number | null): string {
  if (code === null) return WHATSAPP_TEXTS.unknownError;
  return WHATSAPP_ERROR_TEXTS[code] ?? WHATSAPP_TEXTS.unknownError;
}

export const WHATSAPP_TEXTS = {
  screenTitle: "واتساب للأعمال",
  phoneNumberIdRequired: "أدخل معرّف رقم الهاتف (Phone number ID)",
  businessAccountIdRequired: "أدخل معرّف حساب واتساب للأعمال (WhatsApp Business Account ID)",
  idDigits: "المعرّف أرقام فقط كما يظهر في لوحة ميتا",
  appSecretRequired: "أدخل مفتاح التطبيق السري (App secret)",
  accessTokenRequired: "أدخل رمز الوصول الدائم (Access token)",
  verifyTokenRequired: "أدخل رمز التحقق (Verify token) بين 8 و200 حرف",
  unknownError: "تعذر الإرسال لسبب غير معروف",
  templatesFailed: "تعذر جلب القوالب المعتمدة من حساب واتساب",
  notConnected: "واتساب للأعمال غير مفعّل",
  windowClosed: `انقضت ${countNoun(24, NOUNS.hour)} على آخر رسالة من العميل، لا يمكن إرسال نص حر: اختر قالبًا معتمدًا`,
  neverWrote: "لم يراسلنا العميل عبر واتساب بعد، لا يمكن إرسال نص حر: اختر قالبًا معتمدًا",
  noPhone: "لا يوجد رقم جوال لهذا العميل",
  noOptIn: "لم يوافق العميل على التواصل عبر واتساب ولم يراسلنا، فلا يُرسل إليه قالب",
  noMarketingConsent: "القوالب التسويقية تُرسل فقط لمن وافق على الرسائل التسويقية",
  optedOut: "أوقف العميل الرسائل التسويقية",
  templateUnknown: "القالب غير موجود بين القوالب المعتمدة",
  templateVariables: (n: number) => `يجب تعبئة متغيرات القالب كلها (${formatNumber(n)})`,
  textRequired: "اكتب نص الرسالة",
  unknownOutcome: "لم يُعرف هل وصلت الرسالة إلى واتساب (انقطع الاتصال بعد الإرسال): تحقّق منها قبل إعادة الإرسال",
  signatureInvalid: "توقيع الطلب غير صحيح",
  verifyTokenWrong: "رمز التحقق غير مطابق",
  fileKind: "يُرسل عبر واتساب صورة أو مستند PDF فقط",
  fileTooLarge: "حجم الملف أكبر من المسموح",
  fileMissing: "أرفق الملف في الحقل file",
  messageNotFound: "الرسالة غير موجودة",
  reviewOutcome: "اختر: أُرسلت أو لم تُرسل",
  notUnderReview: "لا تحتاج هذه الرسالة إلى مراجعة",
  notResendable: "تُعاد فقط رسالة صادرة لم تُرسل أو فشل إرسالها",
  alreadyResent: "أُعيد إرسال هذه الرسالة من قبل",
} as const;

/** Meta's ids are digits (phone number id, business account id). */
const metaId = (required: string) =>
  text({ error: required }).trim().min(1, required).max(40).regex(/^\d+$/, WHATSAPP_TEXTS.idDigits);

/**
 * PUT /api/whatsapp. `appSecret` / `accessToken`: a string replaces the stored secret, null removes it, absent keeps
 * it. `verifyToken` is the text typed into Meta's webhook screen (shown again to the admin, not a credential).
 */
export const whatsappConnectionUpdateSchema = z
  .object({
    enabled: z.boolean(),
    phoneNumberId: metaId(WHATSAPP_TEXTS.phoneNumberIdRequired),
    businessAccountId: metaId(WHATSAPP_TEXTS.businessAccountIdRequired),
    appSecret: text().trim().min(1, WHATSAPP_TEXTS.appSecretRequired).max(200).nullable().optional(),
    verifyToken: text({ error: WHATSAPP_TEXTS.verifyTokenRequired })
      .trim()
      .min(8, WHATSAPP_TEXTS.verifyTokenRequired)
      .max(200, WHATSAPP_TEXTS.verifyTokenRequired),
    accessToken: text().trim().min(1, WHATSAPP_TEXTS.accessTokenRequired).max(4000).nullable().optional(),
  })
  .strict();
export type WhatsappConnectionUpdate = z.infer<typeof whatsappConnectionUpdateSchema>;

export const TEMPLATE_CATEGORIES = ["UTILITY", "MARKETING", "AUTHENTICATION"] as const;

/** An approved message template of the account, as fetched from Meta. */
export const whatsappTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** The body text with its {{n}} placeholders. */
  body: z.string(),
  /** How many {{n}} variables the body has. */
  variables: z.number().int(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

/** Arabic names of the template categories. */
export const TEMPLATE_CATEGORY_LABELS: Record<string, string> = {
  UTILITY: "خدمي",
  MARKETING: "تسويقي",
  AUTHENTICATION: "تحقق",
};

/** GET/PUT /api/whatsapp answer: never a secret. */
export const whatsappConnectionViewSchema = z.object({
  enabled: z.boolean(),
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  verifyToken: z.string(),
  hasAppSecret: z.boolean(),
  hasAccessToken: z.boolean(),
  /** The callback URL to paste into Meta's webhook screen. */
  webhookUrl: z.string(),
  templates: z.array(whatsappTemplateSchema),
  templatesFetchedAt: z.string().nullable(),
  /** The health line: last accepted webhook, last error (Arabic) and when. */
  health: z.object({
    lastWebhookAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  }),
});
export type WhatsappConnectionView = z.infer<typeof whatsappConnectionViewSchema>;

export const MESSAGE_STATUSES = [
  "received",
  "queued",
  "sending",
  "sent",
  "delivered",
  "read",
  "failed",
  "unknown",
  "not_sent",
];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Arabic labels of a message's status. */
export const MESSAGE_STATUS_LABELS: Record<string, string> = {
  received: "مستلمة",
  queued: "في الانتظار",
  sending: "قيد الإرسال",
  sent: "أُرسلت",
  delivered: "وصلت",
  read: "قُرئت",
  failed: "فشل الإرسال",
  unknown: "تحتاج مراجعة",
  not_sent: "لم تُرسل",
};

/** One message of a conversation as the lead page shows it. */
export const whatsappMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(["in", "out"]),
  kind: z.string(),
  body: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaMime: z.string().nullable(),
  fileName: z.string().nullable(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  template: z.object({ name: z.string(), language: z.string(), variables: z.array(z.string()) }).nullable(),
  status: z.string(),
  errorCode: z.number().int().nullable(),
  errorText: z.string().nullable(),
  sentByName: z.string().nullable(),
  /** What sent an automated message (e.g. «ترحيب آلي»), null for people's messages. */
  automated: z.string().nullable(),
  /** Who settled an unknown outcome by hand (docs/whatsapp.md "Messages to check"), else null. */
  reviewedByName: z.string().nullable(),
  /** The message this one sends again, else null. */
  resentFromId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;

/** GET /api/whatsapp/leads/{id}/conversation. */
export const conversationSchema = z.object({
  enabled: z.boolean(),
  phone: z.string().nullable(),
  windowOpen: z.boolean(),
  windowClosesAt: z.string().nullable(),
  /** Why free text is closed (Arabic), null while the window is open. */
  closedReason: z.string().nullable(),
  templates: z.array(whatsappTemplateSchema),
  messages: z.array(whatsappMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /api/whatsapp/leads/{id}/messages: free text (inside the window) or an approved template. */
export const sendMessageSchema = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("text"),
        text: multilineText({ error: WHATSAPP_TEXTS.textRequired })
          .trim()
          .min(1, WHATSAPP_TEXTS.textRequired)
          .max(4096),
      })
      .strict(),
    z
      .object({
        kind: z.literal("template"),
        name: text({ error: WHATSAPP_TEXTS.templateUnknown }).trim().min(1, WHATSAPP_TEXTS.templateUnknown).max(512),
        language: text({ error: WHATSAPP_TEXTS.templateUnknown }).trim().min(1).max(20),
        variables: z.array(text().trim().min(1).max(1000)).max(20).default([]),
      })
      .strict(),
  ],
  { error: WHATSAPP_TEXTS.textRequired },
);
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * POST /api/whatsapp/leads/{id}/messages/{messageId}/review: a person settles a message marked «تحتاج مراجعة»
 * (docs/whatsapp.md "Messages to check"): it reached the buyer ("sent") or it did not ("not_sent").
 */
export const reviewMessageSchema = z
  .object({ outcome: z.enum(["sent", "not_sent"], { error: WHATSAPP_TEXTS.reviewOutcome }) })
  .strict();
export type ReviewMessageInput = z.infer<typeof reviewMessageSchema>;

/** The statuses of an outbound message a staff member may send again as a new message. */
export const RESENDABLE_STATUSES: readonly string[] = ["not_sent", "failed"];

/** The {{n}} placeholders of a template body: the highest n (Meta numbers them 1…n). */
export function countTemplateVariables(body: string): number {
  let max = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(match[1]));
  return max;
}

/** The automatic greeting of a project's new enquiries (docs/whatsapp.md "Greeting"). */
export const GREETING_TEXTS = {
  templateUnknown: "اختر قالبًا خدميًا (Utility) معتمدًا بمتغيرين على الأكثر",
  projectUnknown: "المشروع غير موجود",
} as const;

/** PUT /api/whatsapp/greetings/{projectId}: the project's greeting on/off and its template. */
export const greetingUpdateSchema = z
  .object({
    enabled: z.boolean(),
    templateName: text().trim().max(512).default(""),
    language: text().trim().max(20).default(""),
  })
  .strict();

export const greetingViewSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  enabled: z.boolean(),
  templateName: z.string(),
  language: z.string(),
});
export type GreetingView = z.infer<typeof greetingViewSchema>;
export type GreetingUpdate = z.infer<typeof greetingUpdateSchema>;

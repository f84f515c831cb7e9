/**
 * The online checkout of a unit (docs/payments.md "Checkout"; docs/decisions/123-online-checkout-and-holds.md):
 * POST /api/checkout takes `checkoutSchema` (name, Saudi phone as E.164, e-mail, national ID or iqama number checked
 * by its check digit, the project's terms accepted); the buyer is sent to the gateway's hosted page while the unit is
 * held online for PAYMENTS_HOLD_MINUTES. A checkout's states: pending (held, awaiting payment) → paid (reserved) |
 * failed | expired (hold released) | refunded (a payment after the hold's end, or a manager's refund).
 */
import { z } from "zod";
import { formatDateTime } from "./format.ts";
import { normalizeSaudiId } from "./national-id.ts";
import { affordabilityQuerySchema } from "./schemas/affordability.ts";
import { requiredSaudiPhone } from "./schemas/common.ts";
import { attributionSchema } from "./schemas/contact.ts";
import { pageQueryShape } from "./schemas/paging.ts";
import { text } from "./schemas/text.ts";
import { TEXTS } from "./texts.ts";

export const CHECKOUT_STATES = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const CHECKOUT_STATE_LABELS: Record<CheckoutState, string> = {
  pending: "بانتظار الدفع",
  paid: "مدفوع",
  failed: "فشل الدفع",
  expired: "انتهت المهلة",
  refunded: "مسترد",
};

export const CHECKOUT_TEXTS = {
  button: "احجز الآن بعربون",
  phoneRequired: "رقم الجوال مطلوب",
  emailRequired: "البريد الإلكتروني مطلوب",
  nationalId: "رقم الهوية الوطنية أو الإقامة غير صحيح، أدخل ١٠ أرقام تبدأ بـ ١ أو ٢",
  terms: "يجب الموافقة على شروط الحجز والاسترداد",
  unitInvalid: "الوحدة غير موجودة",
  notOffered: "الحجز الإلكتروني غير متاح لهذه الوحدة",
  notAvailable: "الوحدة غير متاحة للحجز",
  onePerPerson: "لديك حجز إلكتروني قائم لم يكتمل دفعه، أكمله أو انتظر انتهاء مهلته قبل حجز وحدة أخرى",
  gatewayDown: "تعذر الاتصال ببوابة الدفع، لم يتم خصم أي مبلغ، حاول مرة أخرى بعد قليل",
  checkoutNotFound: "طلب الحجز غير موجود",
  refundNotPaid: "لا يمكن استرداد دفعة غير مدفوعة",
  refundReason: "أدخل سبب الاسترداد",
  refundFailed: "تعذر تنفيذ الاسترداد لدى بوابة الدفع، حاول مرة أخرى",
  lateRefunded:
    "وصلنا دفعك بعد انتهاء مهلة الحجز المؤقت فلم نتمكن من حجز الوحدة لك، وقد أعدنا المبلغ كاملًا إلى وسيلة الدفع نفسها.",
  paid: "تم حجز الوحدة باسمك، وسيتواصل معك مستشار المبيعات لإكمال العقد.",
  pending: "لم يصلنا تأكيد الدفع بعد، حدّث الصفحة بعد قليل.",
  failed: "لم يكتمل الدفع، ولم يتم حجز الوحدة. يمكنك المحاولة مرة أخرى إن كانت الوحدة متاحة.",
  expired: "انتهت مهلة الحجز المؤقت قبل إتمام الدفع، ولم يتم خصم أي مبلغ.",
  refunded: "تمت إعادة العربون إلى وسيلة الدفع نفسها.",
} as const;

/** What a second buyer reads for a unit held online by another checkout: «محجوزة حتى …» (Riyadh time). */
export function heldUntilMessage(until: Date | string): string {
  return `محجوزة حتى ${formatDateTime(until)}، يمكنك المحاولة بعد ذلك أو اختيار وحدة أخرى`;
}

const requiredPhone = requiredSaudiPhone(CHECKOUT_TEXTS.phoneRequired);

/** POST /api/checkout body (unknown keys are dropped: the form is ours, and a refusal would echo them). */
export const checkoutSchema = z.object({
  unitId: z.coerce
    .number<string | number>({ error: CHECKOUT_TEXTS.unitInvalid })
    .int(CHECKOUT_TEXTS.unitInvalid)
    .positive(CHECKOUT_TEXTS.unitInvalid)
    .max(2_147_483_647, CHECKOUT_TEXTS.unitInvalid),
  name: text({ error: TEXTS.nameRequired }).trim().min(1, TEXTS.nameRequired).max(200, TEXTS.nameRequired),
  phone: requiredPhone,
  email: text({ error: CHECKOUT_TEXTS.emailRequired })
    .trim()
    .min(1, CHECKOUT_TEXTS.emailRequired)
    .max(254, TEXTS.emailInvalid)
    .pipe(z.email({ error: TEXTS.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  nationalId: text({ error: CHECKOUT_TEXTS.nationalId })
    .max(40, CHECKOUT_TEXTS.nationalId)
    .transform((value, ctx) => {
      const id = normalizeSaudiId(value);
      if (!id) {
        ctx.addIssue({ code: "custom", message: CHECKOUT_TEXTS.nationalId });
        return z.NEVER;
      }
      return id;
    }),
  acceptTerms: z.literal(true, { error: CHECKOUT_TEXTS.terms }),
  marketingConsent: z.boolean().optional(),
  /** The ad link's click ids and UTM values, as the enquiry form carries them (docs/conversions.md). */
  attribution: attributionSchema.optional(),
  /**
   * The URL slug of the campaign page this visit began on ("snapchat/shati"; docs/payments.md "Counted"), kept by the
   * browser for the visit: a first-time buyer's lead opens under that campaign as the campaign page's enquiry does.
   * Unknown or unreadable slugs are ignored, never refusing the checkout.
   */
  campaign: text().max(200).optional().catch(undefined),
  /**
   * The calculator's inputs when the unit page showed the buyer a result before «احجز الآن» (docs/affordability.md
   * "Kept with an enquiry"): the query of GET /api/affordability. An invalid estimate is dropped, never a refusal.
   */
  estimate: affordabilityQuerySchema.optional().catch(undefined),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutRequest = z.output<typeof checkoutSchema>;

/** A checkout as the buyer's confirmation page reads it (GET /api/checkout/{token}). */
export const checkoutViewSchema = z.object({
  state: z.enum(CHECKOUT_STATES),
  message: z.string(),
  unitId: z.number(),
  projectId: z.number(),
  unitLabel: z.string(),
  projectName: z.string(),
  amountSar: z.number(),
  paidAt: z.string().nullable(),
  gatewayPaymentId: z.string().nullable(),
});
export type CheckoutView = z.infer<typeof checkoutViewSchema>;

/** A payment in the admin's payments list (payments.view); the national ID only masked. */
export const paymentRowSchema = z.object({
  id: z.number(),
  state: z.enum(CHECKOUT_STATES),
  projectId: z.number(),
  projectName: z.string(),
  unitId: z.number(),
  unitLabel: z.string(),
  leadId: z.number().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  nationalIdMasked: z.string(),
  amountSar: z.number(),
  refundedSar: z.number(),
  gatewayPaymentId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** POST /api/payments/{id}/refund body (payments.refund). */
export const refundSchema = z.object({
  reason: text({ error: CHECKOUT_TEXTS.refundReason })
    .trim()
    .min(1, CHECKOUT_TEXTS.refundReason)
    .max(500, CHECKOUT_TEXTS.refundReason),
});

/** GET /api/payments/summary query: Jeddah days, both included. */
export const paymentsSummaryQuerySchema = z
  .object({
    from: z.iso.date({ error: "التاريخ غير صالح" }),
    to: z.iso.date({ error: "التاريخ غير صالح" }),
  })
  .refine((q) => q.from <= q.to, { message: "تاريخ البداية بعد تاريخ النهاية", path: ["to"] });

/**
 * GET /api/payments/summary (payments.view; the dashboard): over the days, the online reservations (deposits paid
 * that reserved their unit), the deposits received (every deposit paid, whole SAR) and what of them was refunded.
 */
export const paymentsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  onlineReservations: z.number().int(),
  depositsSar: z.number().int(),
  refundedSar: z.number().int(),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

/**
 * A lead's online payment as its page shows it (GET /api/leads/{id}/payments): amount, state and gateway reference;
 * the national ID masked (`nationalIdMasked`) only for staff holding payments.view, else null. `refundable`: paid and
 * not refunded; `withinRefundWindow`: paid no longer ago than the project's refund window (days), so cancelling the
 * reservation offers the refund (docs/payments.md "Refunds from the lead page").
 */
export const leadPaymentSchema = z.object({
  id: z.number(),
  state: z.enum(CHECKOUT_STATES),
  projectName: z.string(),
  unitId: z.number(),
  unitLabel: z.string(),
  amountSar: z.number(),
  refundedSar: z.number(),
  gatewayPaymentId: z.string().nullable(),
  paidAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  nationalIdMasked: z.string().nullable(),
  refundable: z.boolean(),
  withinRefundWindow: z.boolean(),
});
export type LeadPayment = z.infer<typeof leadPaymentSchema>;
/** Arabic messages of the payments list's filters. */
export const PAYMENTS_FILTER_TEXTS = {
  state: "حالة الدفعة غير صالحة",
  date: "أدخل تاريخًا صحيحًا: سنة-شهر-يوم",
  range: "تاريخ النهاية يجب ألا يسبق تاريخ البداية",
} as const;

const validRangeOf = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const filterDay = z.iso.date({ error: PAYMENTS_FILTER_TEXTS.date }).optional();

/**
 * The filters of GET /api/payments and GET /api/payments/export (payments.view; docs/payments.md "Payments screen"):
 * the state, and the days (YYYY-MM-DD, Asia/Riyadh, both included) the checkout was started. `to` before `from` →
 * 400 {to}.
 */
export const paymentFilterShape = {
  state: z.enum(CHECKOUT_STATES, { error: PAYMENTS_FILTER_TEXTS.state }).optional(),
  from: filterDay,
  to: filterDay,
};
export const paymentFiltersSchema = z
  .object(paymentFilterShape)
  .refine(validRangeOf, { path: ["to"], message: PAYMENTS_FILTER_TEXTS.range });
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/** GET /api/payments: the filters and a page (`limit` 1–200, default 50; `cursor` of the previous page). */
export const paymentsPageQuerySchema = z
  .object({ ...paymentFilterShape, ...pageQueryShape })
  .refine(validRangeOf, { path: ["to"], message: PAYMENTS_FILTER_TEXTS.range });
export type PaymentsPageQuery = z.infer<typeof paymentsPageQuerySchema>;

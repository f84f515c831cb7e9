/**
 * A project's online-deposit settings (docs/payments.md "Settings"; docs/decisions/103-payment-gateway-adapter.md):
 * PUT /api/projects/{id}/payment-settings takes `paymentSettingsInputSchema` and answers `paymentSettingsSchema`.
 * Amounts are whole SAR (the gateway is sent halalas: `toHalalas`); the windows are whole days. Credentials are
 * write-only: a sent key replaces the stored one, an absent key keeps it, `""` removes it; answers say `hasX` only.
 * An off-plan project (sale mode "offplan") may enable deposits only when its escrow account (bank, account name,
 * IBAN) and the gateway credentials are entered: otherwise 409 naming the first missing field (PAYMENT_TEXTS).
 */
import { z } from "zod";
import { multilineText, text } from "./schemas/text.ts";

export const PAYMENT_GATEWAYS = ["moyasar"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** Largest deposit accepted, SAR. */
export const MAX_DEPOSIT_SAR = 10_000_000;

export const PAYMENT_TEXTS = {
  deposit: "أدخل مبلغ العربون بالريال، عددًا صحيحًا أكبر من صفر",
  terms: "أدخل نص الشروط (الاسترداد ومدة توقيع العقد)",
  days: "أدخل عدد الأيام من ٠ إلى ٣٦٥",
  gateway: "اختر بوابة الدفع",
  key: "المفتاح طويل جدًا",
  escrowBank: "أدخل بنك حساب الضمان في بيانات ترخيص المشروع قبل تفعيل الدفع الإلكتروني لمشروع على الخارطة",
  escrowAccountName: "أدخل اسم حساب الضمان في بيانات ترخيص المشروع قبل تفعيل الدفع الإلكتروني لمشروع على الخارطة",
  escrowIban: "أدخل رقم آيبان حساب الضمان في بيانات ترخيص المشروع قبل تفعيل الدفع الإلكتروني لمشروع على الخارطة",
  secretKey: "أدخل المفتاح السري لبوابة الدفع الخاصة بحساب الضمان قبل تفعيل الدفع الإلكتروني",
  webhookSecret: "أدخل رمز التحقق من إشعارات بوابة الدفع قبل تفعيل الدفع الإلكتروني",
} as const;

const days = z
  .number({ error: PAYMENT_TEXTS.days })
  .int(PAYMENT_TEXTS.days)
  .min(0, PAYMENT_TEXTS.days)
  .max(365, PAYMENT_TEXTS.days);
const key = text({ error: PAYMENT_TEXTS.key }).trim().max(500, PAYMENT_TEXTS.key);

export const paymentSettingsInputSchema = z.object({
  enabled: z.boolean(),
  depositSar: z
    .number({ error: PAYMENT_TEXTS.deposit })
    .int(PAYMENT_TEXTS.deposit)
    .min(0, PAYMENT_TEXTS.deposit)
    .max(MAX_DEPOSIT_SAR, PAYMENT_TEXTS.deposit),
  termsText: multilineText({ error: PAYMENT_TEXTS.terms }).trim().max(10_000, PAYMENT_TEXTS.terms),
  refundWindowDays: days,
  daysToSign: days,
  gateway: z.enum(PAYMENT_GATEWAYS, { error: PAYMENT_TEXTS.gateway }).default("moyasar"),
  /** Write-only: absent keeps the stored key, "" removes it. */
  secretKey: key.optional(),
  webhookSecret: key.optional(),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsInputSchema>;

export const paymentSettingsSchema = z.object({
  projectId: z.number(),
  enabled: z.boolean(),
  depositSar: z.number(),
  termsText: z.string(),
  refundWindowDays: z.number(),
  daysToSign: z.number(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  hasSecretKey: z.boolean(),
  hasWebhookSecret: z.boolean(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** SAR → halalas (the gateway's smallest unit: 100 halalas = 1 SAR). */
export const toHalalas = (sar: number): number => Math.round(sar * 100);

/**
 * What enabling deposits still lacks, in order (the 409's field): escrow bank, account name and IBAN for an off-plan
 * project, then the gateway's secret key and webhook secret for any project; or a deposit of 0 / empty terms (400).
 * Empty when deposits may be enabled.
 */
export function missingForDeposits(
  project: { saleMode: string; escrowBank: string | null; escrowAccountName: string | null; escrowIban: string | null },
  credentials: { hasSecretKey: boolean; hasWebhookSecret: boolean },
): (keyof typeof PAYMENT_TEXTS)[] {
  const missing: (keyof typeof PAYMENT_TEXTS)[] = [];
  if (project.saleMode === "offplan") {
    if (!project.escrowBank?.trim()) missing.push("escrowBank");
    if (!project.escrowAccountName?.trim()) missing.push("escrowAccountName");
    if (!project.escrowIban?.trim()) missing.push("escrowIban");
  }
  if (!credentials.hasSecretKey) missing.push("secretKey");
  if (!credentials.hasWebhookSecret) missing.push("webhookSecret");
  return missing;
}

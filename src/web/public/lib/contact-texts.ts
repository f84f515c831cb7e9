/**
 * The words of the public contact forms beyond SPEC's (docs/product.md §8.4 keeps SPEC's success and failure texts;
 * these complete them): the validation headlines, the next step after a success, the refusal's buttons and the
 * WhatsApp message they prefill (docs/decisions/054-contact-form-results-without-javascript.md).
 */
import { TEXTS } from "#domain/texts.ts";
import { WHATSAPP_GREETING } from "~/shared/lib/whatsapp.ts";

export const CONTACT_TEXTS = {
  /** Headline of a form whose required fields are all filled but some are not valid (e.g. a phone number). */
  fieldsToCorrect: "يرجى تصحيح الحقول المحددة",
  /** Headline of a form with a required field left empty: SPEC §8.4's text. */
  requiredMissing: TEXTS.requiredFieldsMissing,
  /** What happens after a success, said after SPEC's success text. */
  nextStep: "سيتواصل معك أحد مستشاري المبيعات على رقم الجوال أو البريد الإلكتروني الذي أدخلته.",
  /** The refusal's two ways to reach the company at once. */
  whatsapp: "راسلنا عبر واتساب",
  call: "اتصل بنا",
  phoneLabel: "رقم الجوال",
} as const;

/**
 * The WhatsApp message a refused visitor sends instead of the form: the greeting with their name, then what they
 * typed in the message field (nothing typed: the general greeting's question). `values` are the posted fields.
 */
export function refusedWhatsAppMessage(values: Record<string, string | undefined>): string {
  const name = values.name?.trim();
  const message = values.message?.trim();
  const greeting = name ? `السلام عليكم، معك ${name}.` : "السلام عليكم،";
  if (message) return `${greeting}\n${message}`;
  return name ? `${greeting} أرغب في الاستفسار عن مشاريعكم.` : WHATSAPP_GREETING;
}

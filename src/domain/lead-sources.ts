/**
 * The Arabic name of an enquiry's `source` wherever staff read it (docs/decisions/061-enquiries-and-leads.md): the
 * website's forms (CONTACT_SOURCE_LABELS), a visit booking («حجز زيارة», docs/decisions/088-site-visits.md), a
 * WhatsApp conversation and the platforms' lead forms (docs/decisions/084-lead-forms-inbox-and-backfill.md); an
 * unknown source is shown as stored.
 */
import { LEAD_FORM_SOURCE_LABELS } from "./lead-forms.ts";
import { CONTACT_SOURCE_LABELS, type ContactSource } from "./schemas/contact.ts";

/** Sources written by channels outside the contact form. */
export const CHANNEL_SOURCE_LABELS: Record<string, string> = {
  visit: "حجز زيارة",
  online_reservation: "حجز إلكتروني",
  whatsapp: "واتساب",
};

/**
 * The consent version a lead opened by a WhatsApp message stores (src/server/modules/whatsapp/webhook.ts): the person
 * wrote first and no privacy-notice version was shown (docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md).
 */
export const WHATSAPP_CONSENT_VERSION = "whatsapp";

/** The line staff read for a lead's privacy consent when its conversation was opened on WhatsApp. */
export const WHATSAPP_CONSENT_TEXT = "بدأ المحادثة عبر واتساب";

/** `source` (contact_messages.source) in Arabic; the stored value when no label is known. */
export function enquirySourceLabel(source: string): string {
  return (
    CONTACT_SOURCE_LABELS[source as ContactSource] ??
    CHANNEL_SOURCE_LABELS[source] ??
    LEAD_FORM_SOURCE_LABELS[source] ??
    source
  );
}

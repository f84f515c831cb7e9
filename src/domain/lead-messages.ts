/**
 * Messages of another channel on a lead's timeline «سجل العميل» (docs/whatsapp.md "On the lead's timeline"): every
 * message in or out — the buyer's, a staff member's, or one the system sent by itself (the greeting, a visit
 * reminder) — with who or what sent it and its delivery state. The channel's module supplies them to the lead detail
 * (GET /api/leads/{id} `messages`) through the desk's registry (server leads/desk/channel-messages.ts); only a
 * staff-written message stops the response clock (docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md).
 * Pure: server and admin use it.
 */
import { z } from "zod";

/** Who sent a message: the buyer, a staff member (named), or the system (what sent it, named). */
export const LEAD_MESSAGE_SENDERS = ["person", "staff", "automated"] as const;
export type LeadMessageSender = (typeof LEAD_MESSAGE_SENDERS)[number];

/** One message on the timeline. */
export const leadMessageSchema = z.object({
  /** The channel, e.g. "whatsapp". */
  channel: z.string(),
  /** The message's id in its channel (the conversation pane's id). */
  id: z.number().int(),
  direction: z.enum(["in", "out"]),
  /** What it says: the text, the template as filled, a caption, or null (a file or a location without words). */
  text: z.string().nullable(),
  /** The approved template's name, null for free text and files. */
  template: z.string().nullable(),
  /** text, image, document, location, template, or the type the channel named. */
  kind: z.string(),
  sender: z.enum(LEAD_MESSAGE_SENDERS),
  /** The staff member's name (sender "staff"), what sent it in Arabic (sender "automated"), null for the buyer. */
  senderName: z.string().nullable(),
  /** The delivery state (the channel's status key) and its Arabic label. */
  status: z.string(),
  statusLabel: z.string(),
  /** Why it failed or needs a check, in Arabic (with the platform's code when it gave one), else null. */
  errorText: z.string().nullable(),
  errorCode: z.number().int().nullable(),
  /** The staff member who settled an unknown outcome by hand, else null. */
  reviewedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadMessage = z.infer<typeof leadMessageSchema>;

/** The Arabic words of a message entry on the timeline. */
export const LEAD_MESSAGE_TEXTS = {
  inbound: (channel: string) => `رسالة ${channel} من العميل`,
  outbound: (channel: string) => `رسالة ${channel} إلى العميل`,
  buyer: "العميل",
  reviewedBy: (name: string) => `راجعها ${name}`,
  /** The platform's error code: an identifier, in Latin digits like phone numbers. */
  code: (code: number) => `رمز الخطأ ${code}`,
  channelNames: { whatsapp: "واتساب" } as Record<string, string>,
} as const;

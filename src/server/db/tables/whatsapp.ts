/**
 * WhatsApp Cloud API tables (modules/whatsapp; docs/whatsapp.md, docs/decisions/092-whatsapp-cloud-api-in-the-lead-desk.md).
 *
 * - whatsapp_connection: the one connection (id 1): Meta's ids, the sealed app secret and access token
 *   (lib/secrets.ts, never answered), the verify token of the subscription check, the approved templates last
 *   fetched, and the health line (last accepted webhook, last error in Arabic).
 * - whatsapp_messages: every message of every conversation, both ways. An inbound message is stored once by Meta's
 *   message id (unique `wa_message_id`); an outbound one is its own outbox row (status queued → sending → sent →
 *   delivered → read, or failed / unknown; an unknown one settled by a person as sent or not_sent) claimed with the job engine's rules (jobs/outbox.ts) and sent at most once
 *   (docs/decisions/093-whatsapp-sends-at-most-once.md).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { WhatsappTemplate } from "#domain/whatsapp.ts";
import { at, extendsRow } from "../columns.ts";
import { leads, projects, users } from "../schema.ts";

export const whatsappConnection = pgTable("whatsapp_connection", {
  /** Always 1: one WhatsApp Business number per installation. */
  id: integer("id").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  phoneNumberId: text("phone_number_id").notNull(),
  businessAccountId: text("business_account_id").notNull(),
  /** AES-256-GCM sealed ("v1:…"), or null. */
  appSecret: text("app_secret"),
  /** AES-256-GCM sealed ("v1:…"), or null. */
  accessToken: text("access_token"),
  verifyToken: text("verify_token").notNull(),
  templates: jsonb("templates").$type<WhatsappTemplate[]>().notNull().default([]),
  templatesFetchedAt: at("templates_fetched_at"),
  lastWebhookAt: at("last_webhook_at"),
  /** The last error, in Arabic (templates fetch, a send, a media download). */
  lastError: text("last_error"),
  lastErrorAt: at("last_error_at"),
  updatedAt: at("updated_at").notNull(),
});

export interface WhatsappLocation {
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
}

export interface WhatsappTemplateUse {
  name: string;
  language: string;
  variables: string[];
  category: string;
}

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    /** The lead whose timeline holds it (null only for a moment while an inbound message is stored). */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    /** The buyer's phone, E.164 as WhatsApp gave it (any country). */
    phone: text("phone").notNull(),
    direction: text("direction").$type<"in" | "out">().notNull(),
    /** Meta's message id ("wamid.…"): inbound from the webhook, outbound from the send answer. */
    waMessageId: text("wa_message_id"),
    /** text, image, document, location, template, or the type Meta named (stored, not shown). */
    kind: text("kind").notNull(),
    body: text("body"),
    /** Meta's media id of an inbound image or document (fetched by the media queue). */
    mediaId: text("media_id"),
    /** Our /media/… path once fetched and checked by content. */
    mediaUrl: text("media_url"),
    mediaMime: text("media_mime"),
    fileName: text("file_name"),
    /** pending, stored, refused (by content) or failed (after the retries). */
    mediaStatus: text("media_status"),
    mediaAttempts: integer("media_attempts").notNull().default(0),
    mediaNextAt: at("media_next_at"),
    location: jsonb("location").$type<WhatsappLocation>(),
    template: jsonb("template").$type<WhatsappTemplateUse>(),
    /** A click-to-WhatsApp ad's referral on an inbound message (source id, URL, type, ctwa_clid). */
    referral: jsonb("referral").$type<Record<string, string>>(),
    /** received (inbound); queued, sending, sent, delivered, read, failed, unknown, not_sent (outbound). */
    status: text("status").notNull(),
    errorCode: integer("error_code"),
    /** The staff member who wrote it (outbound, not automated). */
    sentById: uuid("sent_by_id").references(() => users.id, { onDelete: "set null" }),
    /** What sent an automated message, in Arabic (null: a person). */
    automated: text("automated"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    /** The claim's lease while an attempt is in flight (jobs/outbox.ts). */
    lockedUntil: at("locked_until"),
    /**
     * The staff member who settled an "unknown" outcome by hand (status "sent" or "not_sent"), and when
     * (docs/whatsapp.md "Messages to check").
     */
    reviewedById: uuid("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: at("reviewed_at"),
    /** The message this one sends again (a staff member's resend of a message not sent); at most one resend each. */
    resentFromId: integer("resent_from_id"),
    /** When Meta's status last changed it. */
    statusAt: at("status_at"),
    /** When it reached us (inbound) or was written (outbound): the app's clock. */
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("whatsapp_messages_wa_message_id_key").on(t.waMessageId),
    index("whatsapp_messages_lead_idx").on(t.leadId, t.createdAt),
    index("whatsapp_messages_phone_idx").on(t.phone, t.direction, t.createdAt),
    index("whatsapp_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("whatsapp_messages_media_idx").on(t.mediaNextAt).where(sql`${t.mediaStatus} = 'pending'`),
    // One resend per message, even under two clicks at once.
    uniqueIndex("whatsapp_messages_resent_from_key").on(t.resentFromId),
  ],
);

/**
 * The optional greeting of a project's new enquiries (docs/whatsapp.md "Greeting"): an approved UTILITY template
 * sent automatically within a minute to a person who ticked «تواصلوا معي عبر واتساب»; never stops the response clock.
 */
export const whatsappGreetings = pgTable("whatsapp_greetings", {
  projectId: extendsRow("project_id", () => projects.id),
  enabled: boolean("enabled").notNull().default(false),
  templateName: text("template_name").notNull(),
  language: text("language").notNull(),
  updatedAt: at("updated_at").notNull(),
});

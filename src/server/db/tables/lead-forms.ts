/**
 * Tables of the ad platforms' lead forms (docs/lead-forms.md; docs/decisions/084-lead-forms-inbox-and-backfill.md).
 * Every platform id is text: Meta's ids exceed JavaScript's safe integers. Secrets are AES-256-GCM sealed
 * (lib/secrets.ts) and never leave the server.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { FieldTarget } from "#domain/lead-forms.ts";
import { at } from "../columns.ts";
import { contactMessages, projects } from "../schema.ts";

/** One connection per platform: on/off, its ids, its sealed secrets and its health. */
export const leadFormConnections = pgTable("lead_form_connections", {
  platform: text("platform").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** The platform's ids (Meta: pageId). */
  ids: jsonb("ids").$type<Record<string, string>>().notNull().default({}),
  /** Sealed secrets by name (Meta: appSecret, verifyToken, pageAccessToken); "v1:…" values. */
  secrets: jsonb("secrets").$type<Record<string, string>>().notNull().default({}),
  lastWebhookAt: at("last_webhook_at"),
  lastBackfillAt: at("last_backfill_at"),
  /** The last error in Arabic (token refused, permission missing), cleared by the next success. */
  lastError: text("last_error"),
  lastErrorAt: at("last_error_at"),
  /** When the managers were told the platform refused the token; cleared when a new token is saved. */
  tokenRefusedNotifiedAt: at("token_refused_notified_at"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** The forms found on a platform account, with the project each feeds, its field mapping and its backfill cursor. */
export const leadFormForms = pgTable(
  "lead_form_forms",
  {
    id: serial("id").primaryKey(),
    platform: text("platform").notNull(),
    formId: text("form_id").notNull(),
    name: text("name").notNull().default(""),
    status: text("status").notNull().default(""),
    questions: jsonb("questions").$type<{ key: string; label: string }[]>().notNull().default([]),
    /** The form's consent (privacy policy and custom disclaimer) text as the platform showed it. */
    consentText: text("consent_text"),
    testMode: boolean("test_mode").notNull().default(false),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    fieldMap: jsonb("field_map").$type<Record<string, FieldTarget>>().notNull().default({}),
    /** The created_time of the newest lead the backfill has read (the next read starts after it). */
    backfillCursor: at("backfill_cursor"),
    /** Set by the timed backfill job, cleared by the pass that claims the form and reads its leads. */
    backfillDueAt: at("backfill_due_at"),
    /**
     * TikTok: the lead download task the backfill started for this form and is polling (null: none), and how often it
     * was polled (modules/lead-forms/tiktok-backfill.ts).
     */
    backfillTaskId: text("backfill_task_id"),
    backfillTaskPolls: integer("backfill_task_polls").notNull().default(0),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_form_forms_platform_form_key").on(t.platform, t.formId)],
);

/**
 * The inbox of webhook notifications: one row per (platform, platform lead id), written before the webhook is answered
 * and carried out by the job engine's "lead-forms" outbox (fetch the lead, store it), with claims and retries.
 */
export const leadFormArrivals = pgTable(
  "lead_form_arrivals",
  {
    id: serial("id").primaryKey(),
    platform: text("platform").notNull(),
    platformLeadId: text("platform_lead_id").notNull(),
    formId: text("form_id"),
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull(),
    lockedUntil: at("locked_until"),
    lastError: text("last_error"),
    receivedAt: at("received_at").notNull(),
    /** The lead itself when the webhook carries it (Google): stored from here, nothing to fetch. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex("lead_form_arrivals_platform_lead_key").on(t.platform, t.platformLeadId),
    index("lead_form_arrivals_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Each platform lead stored, once per (platform, platform lead id) — the unique index is what makes a duplicate
 * webhook, a retry and the backfill meet on one row. Holds what the platform said beyond the person: its ids, the
 * created_time the response clock starts at, the test mark, every answer and the consent text and answers (PDPL).
 */
export const leadFormLeads = pgTable(
  "lead_form_leads",
  {
    id: serial("id").primaryKey(),
    platform: text("platform").notNull(),
    platformLeadId: text("platform_lead_id").notNull(),
    enquiryId: integer("enquiry_id").references(() => contactMessages.id, { onDelete: "set null" }),
    leadId: integer("lead_id"),
    formId: text("form_id").notNull(),
    formName: text("form_name"),
    pageId: text("page_id"),
    adId: text("ad_id"),
    adsetId: text("adset_id"),
    campaignId: text("campaign_id"),
    /** The platform's own placement name (Meta: fb, ig). */
    placement: text("placement"),
    isOrganic: boolean("is_organic").notNull().default(false),
    isTest: boolean("is_test").notNull().default(false),
    createdTime: at("created_time").notNull(),
    receivedAt: at("received_at").notNull(),
    /** When it was stored and assigned (the app's clock): stored_at − created_time is the platform-to-desk delay. */
    storedAt: at("stored_at").notNull(),
    /** "webhook" or "backfill": which way reached it first. */
    via: text("via").notNull(),
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    consentText: text("consent_text"),
    consentAnswers: jsonb("consent_answers").$type<{ key: string; checked: boolean }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("lead_form_leads_platform_lead_key").on(t.platform, t.platformLeadId),
    index("lead_form_leads_enquiry_idx").on(t.enquiryId),
    index("lead_form_leads_received_idx").on(t.platform, t.receivedAt),
  ],
);

/**
 * The lead desk's tables beside `leads` (schema.ts; docs/decisions/057-one-job-engine-and-one-clock.md): the lead
 * webhook outbox (SPEC §2.16), every event on a lead's timeline, lost reasons, the agents of the round robin and
 * their status, the desk settings, the clock's jobs, and staff notifications.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, belongsTo, belongsToUuid, createdAt, extendsUuidRow, outboxDelivery, updatedAt } from "../columns.ts";
import { contactMessages, leads, projects, users } from "../schema.ts";

/**
 * The webhook outbox (docs/webhooks.md): one row per lead to forward, inserted in the lead's own transaction and
 * delivered by the worker (modules/landing/webhook-worker.ts) with retries and exponential backoff. The secret is not
 * copied: `secretRef` names its owner ("campaign:{id}" or "landing_page:{id}") and is read at each attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    /** The Standard Webhooks message id (webhook-id header), the same on every attempt so receivers can dedupe. */
    eventId: text("event_id").notNull(),
    targetUrl: text("target_url").notNull(),
    secretRef: text("secret_ref").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ...outboxDelivery(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_id_key").on(t.eventId),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // An enquiry's deliveries, newest last: the leads list reads each enquiry's newest by a backward scan
    // (docs/performance/leads.md); also the cascade's lookup.
    index("webhook_deliveries_message_newest_idx").on(t.contactMessageId, t.id),
  ],
);

/** A lead's history (lead desk): assignments, stage changes, activities, unit links, response-clock steps, merges. */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: serial("id").primaryKey(),
    leadId: belongsTo("lead_id", () => leads.id),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    fromStage: text("from_stage"),
    toStage: text("to_stage"),
    activityKind: text("activity_kind"),
    note: text("note"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_lead_idx").on(t.leadId, t.createdAt)],
);

/** The editable list of reasons a lead is lost (seeded with DEFAULT_LOST_REASONS). */
export const leadLostReasons = pgTable(
  "lead_lost_reasons",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_lost_reasons_name_key").on(t.name)],
);

/**
 * The agents leads are assigned to by round robin: per project, or the site default list (projectId null).
 * lastTurn orders the round robin: the agent with the oldest turn (never first, then position) is next; each
 * assignment takes the list's highest turn + 1 (a counter, so equal clock readings cannot tie).
 */
export const leadAgents = pgTable(
  "lead_agents",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    userId: belongsToUuid("user_id", () => users.id),
    position: integer("position").notNull().default(0),
    lastTurn: integer("last_turn"),
    lastAssignedAt: at("last_assigned_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_agents_list_user_key").on(sql`coalesce(${t.projectId}, 0)`, t.userId)],
);

/** Agents marked away are skipped by the round robin. */
export const leadAgentStatus = pgTable("lead_agent_status", {
  userId: extendsUuidRow("user_id", () => users.id),
  away: boolean("away").notNull().default(false),
  updatedAt: updatedAt(),
});

/** One row of lead-desk settings (id 1): the response-clock steps in minutes. */
export const leadDeskSettings = pgTable("lead_desk_settings", {
  id: integer("id").primaryKey().default(1),
  notifyAgentAfter: integer("notify_agent_after").notNull().default(5),
  notifyManagersAfter: integer("notify_managers_after").notNull().default(15),
  reassignAfter: integer("reassign_after").notNull().default(30),
  /** Days a closed lead (sold/lost) keeps its personal data before the retention job anonymises it (PDPL). */
  retentionDays: integer("retention_days").notNull().default(730),
  updatedAt: updatedAt(),
});

/**
 * Timed lead jobs (response clock): claimed with FOR UPDATE SKIP LOCKED by one instance at a time, done once.
 * kind: "notify_agent" | "notify_managers" | "reassign" (the response clock) | "follow_up" (a follow-up reminder).
 */
export const leadJobs = pgTable(
  "lead_jobs",
  {
    id: serial("id").primaryKey(),
    leadId: belongsTo("lead_id", () => leads.id),
    kind: text("kind").notNull(),
    runAt: at("run_at").notNull(),
    doneAt: at("done_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_jobs_due_idx").on(t.doneAt, t.runAt),
    index("lead_jobs_lead_idx").on(t.leadId),
    // A lead's pending jobs in order: the leads list's next step (docs/performance/leads.md).
    index("lead_jobs_pending_lead_idx").on(t.leadId, t.runAt, t.id).where(sql`${t.doneAt} is null`),
  ],
);

/** In-app notifications (the bell). */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: belongsToUuid("user_id", () => users.id),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    readAt: at("read_at"),
    createdAt: createdAt(),
    /**
     * The e-mail copy of the notification (modules/leads/mail.ts): "pending" until sent to the user's e-mail,
     * "sent", "failed" after the last retry, "none" (no address, or too old to send). The row is the outbox.
     */
    emailStatus: text("email_status").$type<"pending" | "sent" | "failed" | "none">().notNull().default("pending"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailNextAt: at("email_next_at").notNull(),
    /** A worker holds the row until then while it talks to the SMTP server (the claim token). */
    emailLockedUntil: at("email_locked_until"),
    emailError: text("email_error"),
    emailedAt: at("emailed_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_email_due_idx").on(t.emailStatus, t.emailNextAt),
  ],
);

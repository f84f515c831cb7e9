/**
 * Site visits' tables (docs/decisions/088-site-visits.md, 089-visit-capacity-in-the-database.md):
 * - visit_settings: one row per project offering visits (place, days and hours, slot, capacity, notice, horizon,
 *   buffer, closed dates); times are Asia/Riyadh wall times;
 * - visit_slot_counts: visits booked per slot, the row that enforces a slot's capacity in the database (a booking
 *   adds one with `booked < capacity` in the same statement; a cancel or move takes one back);
 * - visits: one booked visit, its lead and agent, its state and outcome, its next reminder;
 * - visit_messages: the buyer's messages (confirmation, change, cancel, reminders), an outbox per channel (e-mail
 *   today; the WhatsApp channel plugs in through modules/visits/channels.ts).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uuid } from "drizzle-orm/pg-core";
import type { VisitPlaceKind, VisitStatus } from "#domain/visits.ts";
import { at, belongsTo, extendsRow, mailDelivery } from "../columns.ts";
import { contactMessages, landingCampaigns, landingPages, leads, projects, units, users } from "../schema.ts";

export const visitSettings = pgTable("visit_settings", {
  projectId: extendsRow("project_id", () => projects.id),
  enabled: boolean("enabled").notNull().default(true),
  placeKind: text("place_kind").$type<VisitPlaceKind>().notNull().default("office"),
  placeName: text("place_name").notNull(),
  mapUrl: text("map_url"),
  /** Weekdays offered, 0 = Sunday … 6 = Saturday. */
  days: jsonb("days").$type<number[]>().notNull(),
  opensAt: text("opens_at").notNull(),
  closesAt: text("closes_at").notNull(),
  slotMinutes: integer("slot_minutes").notNull(),
  capacity: integer("capacity").notNull(),
  minNoticeMinutes: integer("min_notice_minutes").notNull(),
  horizonDays: integer("horizon_days").notNull(),
  bufferMinutes: integer("buffer_minutes").notNull(),
  /** "YYYY-MM-DD" Riyadh dates without visits. */
  closedDates: jsonb("closed_dates").$type<string[]>().notNull(),
  /** The WhatsApp utility template confirming and reminding visits (modules/visits/whatsapp-channel.ts), or null. */
  whatsappTemplateName: text("whatsapp_template_name"),
  whatsappTemplateLanguage: text("whatsapp_template_language").notNull().default("ar"),
  updatedAt: at("updated_at").notNull(),
});

export const visitSlotCounts = pgTable(
  "visit_slot_counts",
  {
    projectId: belongsTo("project_id", () => projects.id),
    startsAt: at("starts_at").notNull(),
    booked: integer("booked").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.startsAt] }),
    check("visit_slot_counts_booked_check", sql`${t.booked} >= 0`),
  ],
);

export const visits = pgTable(
  "visits",
  {
    id: serial("id").primaryKey(),
    projectId: belongsTo("project_id", () => projects.id),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    enquiryId: integer("enquiry_id").references(() => contactMessages.id, { onDelete: "set null" }),
    unitId: integer("unit_id").references(() => units.id, { onDelete: "set null" }),
    landingPageId: integer("landing_page_id").references(() => landingPages.id, { onDelete: "set null" }),
    campaignId: integer("campaign_id").references(() => landingCampaigns.id, { onDelete: "set null" }),
    agentId: uuid("agent_id").references(() => users.id, { onDelete: "set null" }),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    status: text("status").$type<VisitStatus>().notNull().default("booked"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    outcomeNote: text("outcome_note"),
    outcomeAt: at("outcome_at"),
    /** The next reminder to the buyer (24 h, then 2 h before); null when none is left. */
    nextReminderAt: at("next_reminder_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    index("visits_starts_at_idx").on(t.startsAt),
    index("visits_agent_starts_idx").on(t.agentId, t.startsAt),
    index("visits_lead_idx").on(t.leadId),
    index("visits_campaign_idx").on(t.campaignId),
    index("visits_reminder_idx").on(t.nextReminderAt).where(sql`${t.nextReminderAt} is not null`),
  ],
);

export const visitMessages = pgTable(
  "visit_messages",
  {
    id: serial("id").primaryKey(),
    visitId: belongsTo("visit_id", () => visits.id),
    /** The channel that carries it ("email"; "whatsapp" once that channel is connected). */
    channel: text("channel").notNull(),
    /** confirmation | rescheduled | cancelled | reminder */
    kind: text("kind").notNull(),
    /** The address (e-mail) or number (E.164) it goes to. */
    recipient: text("recipient").notNull(),
    ...mailDelivery(),
  },
  (t) => [index("visit_messages_due_idx").on(t.status, t.nextAt), index("visit_messages_visit_idx").on(t.visitId)],
);

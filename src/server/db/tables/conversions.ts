import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, outboxDelivery, updatedAt } from "../columns.ts";
import { landingCampaigns, leads } from "../schema.ts";

/**
 * Ad-platform connections for server-side conversion events (modules/conversions, docs/conversions.md): one row per
 * platform. `accessToken` is sealed with the secrets key (lib/secrets.ts) and never leaves the server.
 */
export const conversionConnections = pgTable("conversion_connections", {
  platform: text("platform").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** The platform's ids (pixel id, account id, …), by the field names of domain/conversions.ts PLATFORM_FIELDS. */
  ids: jsonb("ids").$type<Record<string, string>>().notNull().default({}),
  /** AES-256-GCM sealed access token ("v1:…"), or null when none was given. */
  accessToken: text("access_token"),
  /** Event kind → the platform's event name (or, for Google and X, the conversion action / event tag id). */
  eventMap: jsonb("event_map").$type<Record<string, string>>().notNull().default({}),
  /** Send events without any personal identifier (leads without marketing consent, page views). */
  sendAnonymous: boolean("send_anonymous").notNull().default(false),
  /** The platform's test-event code (Meta test_event_code, TikTok test_event_code), used by the test button. */
  testEventCode: text("test_event_code"),
  updatedAt: updatedAt(),
});

/**
 * The conversion-event outbox: one row per event and platform, inserted in the lead's transaction and delivered by
 * the outbox worker (modules/leads/worker.ts) with the claiming rules of docs/decisions/010-lead-outbox-claims.md.
 * `payload` is the platform-neutral event (identifiers already hashed); the request is built at each attempt.
 */
export const conversionEvents = pgTable(
  "conversion_events",
  {
    id: serial("id").primaryKey(),
    platform: text("platform").notNull(),
    /** The deduplication id sent to the platform (event_id / conversion_id / transactionId). */
    eventId: text("event_id").notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id").references(() => landingCampaigns.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    eventName: text("event_name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ...outboxDelivery(),
  },
  (t) => [
    uniqueIndex("conversion_events_platform_event_id_key").on(t.platform, t.eventId),
    index("conversion_events_due_idx").on(t.status, t.nextAttemptAt),
    index("conversion_events_lead_idx").on(t.leadId),
  ],
);

/** Campaign page visits per day (Asia/Riyadh days), for the funnel of a date range. */
export const campaignDailyVisits = pgTable(
  "campaign_daily_visits",
  {
    campaignId: belongsTo("campaign_id", () => landingCampaigns.id),
    day: text("day").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [uniqueIndex("campaign_daily_visits_key").on(t.campaignId, t.day)],
);

/** Ad spend per campaign per day in halalas (1 SAR = 100), typed in or imported from a platform's CSV export. */
export const campaignSpend = pgTable(
  "campaign_spend",
  {
    campaignId: belongsTo("campaign_id", () => landingCampaigns.id),
    day: text("day").notNull(),
    amountHalalas: integer("amount_halalas").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("campaign_spend_key").on(t.campaignId, t.day)],
);

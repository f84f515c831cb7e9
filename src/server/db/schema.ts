/**
 * Drizzle tables for every entity of SPEC §3, plus sessions, login throttling and the webhook outbox.
 * snake_case columns mapped to camelCase keys; cascade / set-null rules as SPEC §3 states them.
 * Areas are decimal(10,2) (m² or m), prices integers in SAR, percentages integers 0–100.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BuyerEstimate } from "#domain/buyer-estimate.ts";
import type { InventoryState } from "#domain/inventory.ts";
import type { LeadStage } from "#domain/lead-desk.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const area = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
/** An Asia/Riyadh calendar day as "YYYY-MM-DD" (licence dates, docs/compliance.md). */
const licenceDay = (name: string) => date(name, { mode: "string" });

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull().default("employee"),
    name: text("name").notNull(),
    /** Where the lead desk's e-mail notifications go (null: in-app only; docs/operations.md "E-mail"). */
    email: text("email"),
    /** The phone a buyer reaches this staff member on (a visit's confirmation names the agent and this number). */
    phone: text("phone"),
    /** The user who created this account (ARCHITECTURE resolution 7). */
    accountId: uuid("account_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_username_key").on(t.username), index("users_account_id_idx").on(t.accountId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the current access token; the token itself is never stored. */
    accessTokenHash: text("access_token_hash").notNull(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** SHA-256 (hex) of the current refresh token (httpOnly cookie), rotated on each refresh. */
    refreshTokenHash: text("refresh_token_hash").notNull(),
    /** The refresh token before the last rotation: presenting it again means theft, and revokes the session. */
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sessions_access_token_hash_key").on(t.accessTokenHash),
    uniqueIndex("sessions_refresh_token_hash_key").on(t.refreshTokenHash),
    index("sessions_previous_refresh_token_hash_idx").on(t.previousRefreshTokenHash),
    index("sessions_user_id_idx").on(t.userId),
  ],
);

/**
 * Preview links for drafts (docs/decisions/017-drafts-and-preview.md): a random token (stored as its SHA-256) that
 * shows one draft for 30 minutes while the staff session that asked for it is alive.
 */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id").notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("preview_tokens_expires_at_idx").on(t.expiresAt)],
);

/**
 * The login throttle's counters (docs/decisions/020-staff-sign-in-hardening.md), one row per key: "user:{username}",
 * "ip:{address}", "known-ip:{username}:{address}", "device:{hash}" or "password:{userId}". Every attempt is counted
 * by one atomic upsert before the password is checked; `blockedUntil` is when the next attempt may be made.
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true, mode: "date" }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("login_throttle_last_failure_at_idx").on(t.lastFailureAt)],
);

/** Devices a user signed in from (the httpOnly device cookie holds the token; only its SHA-256 is kept). */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("known_devices_token_hash_key").on(t.tokenHash), index("known_devices_user_id_idx").on(t.userId)],
);

/** Every refresh token a session rotated away from: one coming back ends the whole session (its family). */
export const sessionRefreshTokens = pgTable(
  "session_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("session_refresh_tokens_session_id_idx").on(t.sessionId)],
);

/** A user's TOTP secret, sealed with the secrets key (lib/secrets.ts); enabledAt null = enrolment not confirmed. */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true, mode: "date" }),
  /** The last accepted time step (30 s units since the epoch): a code is accepted once. */
  lastStep: integer("last_step"),
  createdAt: createdAt(),
});

/** One-time recovery codes (argon2id hashes); usedAt set when spent. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_id_idx").on(t.userId)],
);

/** A password accepted, a second factor awaited: the short-lived challenge token's hash and its attempts. */
export const loginChallenges = pgTable("login_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: createdAt(),
});

/** Per-role security settings a super_admin sets: whether members must sign in with a second factor. */
export const roleSettings = pgTable("role_settings", {
  role: text("role").primaryKey(),
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Request counters of the rate limiter (@fastify/rate-limit store, src/server/lib/rate-limit-store.ts), shared by
 * every instance: key = "{route}:{ip}", count within the window that ends at resetAt.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    price: integer("price").notNull().default(0),
    city: text("city"),
    district: text("district"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    featuredRank: integer("featured_rank"),
    distanceFromLandmark: jsonb("distance_from_landmark").$type<string[]>().notNull().default([]),
    areaSize: area("area_size"),
    areaSizeMin: area("area_size_min"),
    areaSizeMax: area("area_size_max"),
    areaType: text("area_type").$type<"single" | "range">().notNull().default("single"),
    areaUnit: text("area_unit").$type<"m" | "m2">().notNull().default("m2"),
    rooms: integer("rooms"),
    roomsMin: integer("rooms_min"),
    roomsMax: integer("rooms_max"),
    roomsType: text("rooms_type").$type<"single" | "range">().notNull().default("single"),
    bathrooms: integer("bathrooms"),
    hasGarage: boolean("has_garage").notNull().default(false),
    hasDriverRoom: boolean("has_driver_room").notNull().default(false),
    hasMaidRoom: boolean("has_maid_room").notNull().default(false),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    videoUrl: text("video_url"),
    pdfUrl: text("pdf_url"),
    guarantees: jsonb("guarantees").$type<{ type: string; years: number }[]>().notNull().default([]),
    completionPercentage: integer("completion_percentage").notNull().default(0),
    salesOverrideEnabled: boolean("sales_override_enabled").notNull().default(false),
    salesOverrideValue: integer("sales_override_value"),
    concretePercentage: integer("concrete_percentage").notNull().default(0),
    plumbingPercentage: integer("plumbing_percentage").notNull().default(0),
    electricalPercentage: integer("electrical_percentage").notNull().default(0),
    finishingPercentage: integer("finishing_percentage").notNull().default(0),
    advertisingLicenseNumber: text("advertising_license_number"),
    wafiLicenseNumber: text("wafi_license_number"),
    titleDeedNumber: text("title_deed_number"),
    // Licences and disclosures (docs/compliance.md): days are Asia/Riyadh YYYY-MM-DD.
    saleMode: text("sale_mode").$type<"offplan" | "ready">().notNull().default("ready"),
    advertisingLicenseIssuedOn: licenceDay("advertising_license_issued_on"),
    advertisingLicenseExpiresOn: licenceDay("advertising_license_expires_on"),
    advertisingLicenseUrl: text("advertising_license_url"),
    offPlanLicenseExpiresOn: licenceDay("off_plan_license_expires_on"),
    escrowBank: text("escrow_bank"),
    escrowAccountName: text("escrow_account_name"),
    escrowIban: text("escrow_iban"),
    falLicenseNumber: text("fal_license_number"),
    plotNumber: text("plot_number"),
    rightsAndRestrictions: text("rights_and_restrictions").notNull().default("لا يوجد"),
    /** A staff hold's default minutes, and the longest one without inventory.manage (src/domain/inventory.ts). */
    holdMinutes: integer("hold_minutes").notNull().default(2880),
    holdMaxMinutes: integer("hold_max_minutes").notNull().default(4320),
    createdAt: createdAt(),
    /** When it was last published; null = a draft, seen by staff only (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_featured_rank_idx").on(t.featuredRank),
    index("projects_created_at_idx").on(t.createdAt),
    uniqueIndex("projects_name_city_key").on(sql`lower(${t.name})`, sql`lower(coalesce(${t.city}, ''))`),
  ],
);

export const units = pgTable(
  "units",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    unitNumber: text("unit_number").notNull(),
    building: text("building").notNull().default(""),
    price: integer("price"),
    status: text("status").notNull().default("متاحة"),
    rooms: integer("rooms"),
    floor: integer("floor"),
    direction: jsonb("direction").$type<string[]>().notNull().default([]),
    privateArea: area("private_area"),
    totalArea: area("total_area"),
    /** The unit's own advertising licence, overriding the project's (docs/compliance.md). */
    advertisingLicenseNumber: text("advertising_license_number"),
    advertisingLicenseExpiresOn: licenceDay("advertising_license_expires_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The inventory (docs/decisions/076-unit-inventory-states-and-holds.md): available | held | reserved | sold |
     * blocked; `status` above is SPEC's value derived from it (src/domain/inventory.ts statusOfState).
     */
    inventoryState: text("inventory_state").$type<InventoryState>().notNull().default("available"),
    /** buildings.id (db/tables/inventory.ts; the foreign key is added by drizzle/ SQL, on delete set null). */
    buildingId: integer("building_id"),
    /** unit_types.id (db/tables/inventory.ts; the foreign key is added by drizzle/ SQL, on delete set null). */
    typeId: integer("type_id"),
    /** The view (e.g. «إطلالة بحرية»); null: the type's. */
    view: text("view"),
    /** The floor plan image URL (/media/…); null: the type's. */
    floorPlanUrl: text("floor_plan_url"),
  },
  (t) => [
    uniqueIndex("units_project_building_number_key").on(t.projectId, t.building, t.unitNumber),
    index("units_status_idx").on(t.projectId, t.status),
    index("units_building_floor_idx").on(t.buildingId, t.floor),
  ],
);

export const projectUpdates = pgTable(
  "project_updates",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary"),
    thumbnailUrl: text("thumbnail_url"),
    videoUrl: text("video_url"),
    interiorPhotos: jsonb("interior_photos").$type<string[]>().notNull().default([]),
    dronePhotos: jsonb("drone_photos").$type<string[]>().notNull().default([]),
    concretePercentage: integer("concrete_percentage").notNull().default(0),
    plumbingPercentage: integer("plumbing_percentage").notNull().default(0),
    electricalPercentage: integer("electrical_percentage").notNull().default(0),
    finishingPercentage: integer("finishing_percentage").notNull().default(0),
    completionPercentage: integer("completion_percentage").notNull().default(0),
    lastVisitDate: timestamp("last_visit_date", { withTimezone: true, mode: "date" }),
    notes: text("notes"),
    createdAt: createdAt(),
    /** When it was last published; null = a draft, seen by staff only (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("project_updates_project_id_idx").on(t.projectId),
    index("project_updates_created_at_idx").on(t.createdAt),
  ],
);

export type LandingItemRow = { text: string; image: string | null };

export const landingPages = pgTable(
  "landing_pages",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    poster: text("poster").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    videoUrl: text("video_url"),
    features: jsonb("features").$type<LandingItemRow[]>().notNull().default([]),
    guarantees: jsonb("guarantees").$type<LandingItemRow[]>().notNull().default([]),
    buildingSpecs: jsonb("building_specs").$type<LandingItemRow[]>().notNull().default([]),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    createdAt: createdAt(),
    /** When it was last published; null = a draft, seen by staff only (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("landing_pages_project_id_key").on(t.projectId),
    uniqueIndex("landing_pages_slug_key").on(t.slug),
  ],
);

export const landingCampaigns = pgTable(
  "landing_campaigns",
  {
    id: serial("id").primaryKey(),
    landingPageId: integer("landing_page_id")
      .notNull()
      .references(() => landingPages.id, { onDelete: "cascade" }),
    platformName: text("platform_name").notNull(),
    urlSlug: text("url_slug").notNull(),
    isCustom: boolean("is_custom").notNull().default(false),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    displayName: text("display_name"),
    visits: integer("visits").notNull().default(0),
    /** The campaign's own advertising licence, overriding the project's (docs/compliance.md). */
    advertisingLicenseNumber: text("advertising_license_number"),
    advertisingLicenseExpiresOn: licenceDay("advertising_license_expires_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The ad platform's own campaign id (text), so its lead-form leads count under this campaign (docs/lead-forms.md). */
    platformCampaignId: text("platform_campaign_id"),
  },
  (t) => [
    uniqueIndex("landing_campaigns_url_slug_key").on(t.urlSlug),
    index("landing_campaigns_landing_page_id_idx").on(t.landingPageId),
  ],
);

/**
 * Where a lead came from, by name, copied when the lead is stored (docs/product.md §3: a delete never erases a lead's
 * origin). Every key is optional; the live rows win while they exist.
 */
export interface LeadOrigin {
  projectName?: string;
  landingPageSlug?: string;
  platform?: string;
  campaignSlug?: string;
  campaignName?: string | null;
  updateTitle?: string;
  /** The unit a unit page's enquiry was about (docs/decisions/077-public-availability-and-unit-pages.md). */
  unitId?: number;
  unitNumber?: string;
  /** The ad platform's lead form it came through (docs/lead-forms.md): shown on the lead's card. */
  leadForm?: { platform: string; formId: string; formName: string | null };
}

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    landingPageId: integer("landing_page_id").references(() => landingPages.id, { onDelete: "set null" }),
    campaignId: integer("campaign_id").references(() => landingCampaigns.id, { onDelete: "set null" }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    updateId: integer("update_id").references(() => projectUpdates.id, { onDelete: "set null" }),
    source: text("source").notNull().default("home"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    message: text("message"),
    isDuplicate: boolean("is_duplicate").notNull().default(false),
    attribution: jsonb("attribution").$type<Record<string, string>>().notNull().default({}),
    /** Names of the project, landing page, campaign and update the lead came from, kept when those are deleted. */
    origin: jsonb("origin").$type<LeadOrigin>().notNull().default({}),
    consentVersion: text("consent_version"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    ipAddress: text("ip_address"),
    /** The browser's User-Agent at the enquiry (conversion events: docs/conversions.md). */
    userAgent: text("user_agent"),
    /** Marketing consent (separate from the privacy notice): the version of its text the person ticked, and when. */
    marketingConsentVersion: text("marketing_consent_version"),
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true, mode: "date" }),
    /** When the person withdrew marketing consent (lead desk): no conversion event is sent for the lead after it. */
    marketingConsentWithdrawnAt: timestamp("marketing_consent_withdrawn_at", { withTimezone: true, mode: "date" }),
    /** The WhatsApp opt-in «تواصلوا معي عبر واتساب» (docs/whatsapp.md "Consent"): the version of its text, and when. */
    whatsappOptInVersion: text("whatsapp_opt_in_version"),
    whatsappOptInAt: timestamp("whatsapp_opt_in_at", { withTimezone: true, mode: "date" }),
    /** The buyer's own affordability estimate sent with the enquiry (#domain/buyer-estimate.ts); null: none. */
    estimate: jsonb("estimate").$type<BuyerEstimate>(),
    createdAt: createdAt(),
    /** The lead this enquiry opened or joined (null only for a moment while the enquiry that opens it is stored). */
    leadId: integer("lead_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /**
     * The Arabic search form of name, e-mail and message (search_key, drizzle/0004), kept by the database, so the
     * lead desk's list filters on a stored text instead of folding every row it reads (docs/performance/leads.md).
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`search_key(${contactMessages.name} || ' ' || coalesce(${contactMessages.email}, '') || ' ' || coalesce(${contactMessages.message}, ''))`,
    ),
    /** When the personal data was removed (PDPL erasure or the retention job); null: not anonymised. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true, mode: "date" }),
    /** A platform's test lead (docs/lead-forms.md "Test leads"): shown on the desk, left out of reports. */
    isTest: boolean("is_test").notNull().default(false),
  },
  (t) => [
    index("contact_messages_project_created_idx").on(t.projectId, t.createdAt),
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_phone_idx").on(t.phone, t.createdAt),
    index("contact_messages_email_idx").on(t.email, t.createdAt),
    index("contact_messages_landing_page_id_idx").on(t.landingPageId),
    index("contact_messages_campaign_id_idx").on(t.campaignId),
    index("contact_messages_lead_id_idx").on(t.leadId),
  ],
);

/**
 * Leads (docs/decisions/061-enquiries-and-leads.md): one person's open case, apart from the enquiries that reach us
 * (contact_messages, SPEC's name). A lead's id is the id of the enquiry that opened it, so every reference and link
 * made while the two were one row still opens the same case; deleting that enquiry (SPEC's delete) removes the case
 * with its history, as before. Lead desk (src/domain/lead-desk.ts): stage code, owner, held unit, lost reason,
 * response clock, follow-up.
 */
export const leads = pgTable(
  "leads",
  {
    id: integer("id")
      .primaryKey()
      .references((): AnyPgColumn => contactMessages.id, { onDelete: "cascade" }),
    stage: text("stage").$type<LeadStage>().notNull().default("new"),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The unit this lead holds at reserved/sold; unique, so a unit is held by one lead at most. */
    unitId: integer("unit_id").references(() => units.id, { onDelete: "set null" }),
    lostReason: text("lost_reason"),
    /** The first logged call, WhatsApp, e-mail or meeting (stops the response clock). */
    firstContactAt: timestamp("first_contact_at", { withTimezone: true, mode: "date" }),
    followUpAt: timestamp("follow_up_at", { withTimezone: true, mode: "date" }),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true, mode: "date" }),
    /** Set when staff merged this lead into another lead of the same person (it leaves the lists, stays stored). */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /** When the lead was opened (its first enquiry's time; the response clock starts here). */
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * The person's key (docs/decisions/073-one-open-lead-per-person.md): the opening enquiry's E.164 phone and
     * lower-cased e-mail; null once erased. An open lead's key is unique (the indexes below).
     */
    personPhone: text("person_phone"),
    personEmail: text("person_email"),
  },
  (t) => [
    uniqueIndex("leads_unit_id_key").on(t.unitId),
    index("leads_owner_created_idx").on(t.ownerId, t.createdAt),
    index("leads_stage_created_idx").on(t.stage, t.createdAt),
    index("leads_created_at_idx").on(t.createdAt),
    // The urgency order and the overdue filter (modules/leads desk): open leads not contacted yet, and follow-ups.
    index("leads_uncontacted_idx")
      .on(t.createdAt)
      .where(sql`${t.firstContactAt} is null and ${t.stage} not in ('lost', 'sold')`),
    index("leads_follow_up_idx")
      .on(t.followUpAt)
      .where(sql`${t.followUpAt} is not null and ${t.stage} not in ('lost', 'sold')`),
    // One open lead per person (docs/decisions/073-one-open-lead-per-person.md): two enquiries of one new person
    // stored at once cannot both open a lead.
    uniqueIndex("leads_open_person_phone_key")
      .on(t.personPhone)
      .where(sql`${t.personPhone} is not null and ${t.stage} not in ('lost', 'sold') and ${t.mergedIntoId} is null`),
    uniqueIndex("leads_open_person_email_key")
      .on(t.personEmail)
      .where(sql`${t.personEmail} is not null and ${t.stage} not in ('lost', 'sold') and ${t.mergedIntoId} is null`),
  ],
);

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
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    /** A worker holds the row until then while it calls the receiver (several instances never send twice at once). */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    lastStatusCode: integer("last_status_code"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    lastTurn: integer("last_turn"),
    lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_agents_list_user_key").on(sql`coalesce(${t.projectId}, 0)`, t.userId)],
);

/** Agents marked away are skipped by the round robin. */
export const leadAgentStatus = pgTable("lead_agent_status", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
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
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    /**
     * The e-mail copy of the notification (modules/leads/mail.ts): "pending" until sent to the user's e-mail,
     * "sent", "failed" after the last retry, "none" (no address, or too old to send). The row is the outbox.
     */
    emailStatus: text("email_status").$type<"pending" | "sent" | "failed" | "none">().notNull().default("pending"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailNextAt: timestamp("email_next_at", { withTimezone: true, mode: "date" }).notNull(),
    /** A worker holds the row until then while it talks to the SMTP server (the claim token). */
    emailLockedUntil: timestamp("email_locked_until", { withTimezone: true, mode: "date" }),
    emailError: text("email_error"),
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_email_due_idx").on(t.emailStatus, t.emailNextAt),
  ],
);

export const permissions = pgTable(
  "permissions",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("permissions_key_key").on(t.key)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: serial("id").primaryKey(),
    role: text("role").notNull(),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_permissions_role_permission_key").on(t.role, t.permissionId)],
);

export const userPermissions = pgTable(
  "user_permissions",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    granted: boolean("granted").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_permissions_user_permission_key").on(t.userId, t.permissionId)],
);

export const fileHashes = pgTable(
  "file_hashes",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 (hex) of the uploaded bytes. */
    hash: text("hash").notNull(),
    /** Public URL path of the stored file, e.g. /media/ab12….webp. */
    filePath: text("file_path").notNull(),
    mimeType: text("mime_type").notNull(),
    /** Bytes of the stored file. */
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Widths (px) of the responsive variants stored beside it. */
    variants: jsonb("variants").$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("file_hashes_hash_key").on(t.hash), index("file_hashes_file_path_idx").on(t.filePath)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    previousState: jsonb("previous_state"),
    newState: jsonb("new_state"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_at_idx").on(t.createdAt),
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_user_id_idx").on(t.userId),
  ],
);

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
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    lastStatusCode: integer("last_status_code"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => landingCampaigns.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [uniqueIndex("campaign_daily_visits_key").on(t.campaignId, t.day)],
);

/** Ad spend per campaign per day in halalas (1 SAR = 100), typed in or imported from a platform's CSV export. */
export const campaignSpend = pgTable(
  "campaign_spend",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => landingCampaigns.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    amountHalalas: integer("amount_halalas").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("campaign_spend_key").on(t.campaignId, t.day)],
);

export const schema = {
  users,
  sessions,
  loginThrottle,
  knownDevices,
  sessionRefreshTokens,
  userTwoFactor,
  recoveryCodes,
  loginChallenges,
  roleSettings,
  previewTokens,
  rateLimits,
  projects,
  units,
  projectUpdates,
  landingPages,
  landingCampaigns,
  contactMessages,
  leads,
  webhookDeliveries,
  leadEvents,
  leadLostReasons,
  leadAgents,
  leadAgentStatus,
  leadDeskSettings,
  leadJobs,
  notifications,
  permissions,
  rolePermissions,
  userPermissions,
  fileHashes,
  auditLogs,
  conversionConnections,
  conversionEvents,
  campaignDailyVisits,
  campaignSpend,
};

/**
 * Timed jobs shared by every instance (jobs/timed.ts): a job runs when `nextRunAt` (the app clock's time) has passed, in the
 * transaction that holds its row (FOR UPDATE SKIP LOCKED), so one run per period happens across all instances.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true, mode: "date" }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
  runs: integer("runs").notNull().default(0),
});

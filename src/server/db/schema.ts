/**
 * Drizzle tables for every entity of SPEC §3, plus sessions, login throttling and the webhook outbox.
 * snake_case columns mapped to camelCase keys; cascade / set-null rules as SPEC §3 states them.
 * Areas are decimal(10,2) (m² or m), prices integers in SAR, percentages integers 0–100.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BuyerEstimate } from "#domain/buyer-estimate.ts";
import type { InventoryState } from "#domain/inventory.ts";
import type { LeadStage } from "#domain/lead-desk.ts";
import { area, at, belongsTo, createdAt, licenceDay, updatedAt } from "./columns.ts";

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
    publishedAt: at("published_at"),
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
    projectId: belongsTo("project_id", () => projects.id),
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
    projectId: belongsTo("project_id", () => projects.id),
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
    lastVisitDate: at("last_visit_date"),
    notes: text("notes"),
    createdAt: createdAt(),
    /** When it was last published; null = a draft, seen by staff only (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: at("published_at"),
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
    projectId: belongsTo("project_id", () => projects.id),
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
    publishedAt: at("published_at"),
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
    landingPageId: belongsTo("landing_page_id", () => landingPages.id),
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
    consentAt: at("consent_at"),
    ipAddress: text("ip_address"),
    /** The browser's User-Agent at the enquiry (conversion events: docs/conversions.md). */
    userAgent: text("user_agent"),
    /** Marketing consent (separate from the privacy notice): the version of its text the person ticked, and when. */
    marketingConsentVersion: text("marketing_consent_version"),
    marketingConsentAt: at("marketing_consent_at"),
    /** When the person withdrew marketing consent (lead desk): no conversion event is sent for the lead after it. */
    marketingConsentWithdrawnAt: at("marketing_consent_withdrawn_at"),
    /** The WhatsApp opt-in «تواصلوا معي عبر واتساب» (docs/whatsapp.md "Consent"): the version of its text, and when. */
    whatsappOptInVersion: text("whatsapp_opt_in_version"),
    whatsappOptInAt: at("whatsapp_opt_in_at"),
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
    anonymisedAt: at("anonymised_at"),
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
    firstContactAt: at("first_contact_at"),
    followUpAt: at("follow_up_at"),
    stageChangedAt: at("stage_changed_at"),
    /** Set when staff merged this lead into another lead of the same person (it leaves the lists, stays stored). */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => leads.id, { onDelete: "set null" }),
    /** When the lead was opened (its first enquiry's time; the response clock starts here). */
    createdAt: at("created_at").notNull(),
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

/**
 * Tables of online deposits (docs/payments.md, docs/decisions/103-payment-gateway-adapter.md).
 *
 * - `project_payment_settings`: one row per project that has set them: whether «احجز الآن بعربون» is offered, the
 *   deposit (whole SAR), the terms text the buyer accepts, the refund window and the days to sign the contract (days),
 *   and the gateway with its credentials sealed with SECRETS_KEY (lib/secrets.ts; never answered, only `hasX`).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { BuyerEstimate } from "#domain/buyer-estimate.ts";
import type { CheckoutState } from "#domain/checkout.ts";
import { at, belongsTo, extendsRow } from "../columns.ts";
import { landingCampaigns, landingPages, leads, projects, units, users } from "../schema.ts";
import { unitHolds } from "./inventory.ts";

export const projectPaymentSettings = pgTable("project_payment_settings", {
  projectId: extendsRow("project_id", () => projects.id),
  enabled: boolean("enabled").notNull().default(false),
  /** Whole SAR. */
  depositSar: integer("deposit_sar").notNull().default(0),
  termsText: text("terms_text").notNull().default(""),
  refundWindowDays: integer("refund_window_days").notNull().default(0),
  daysToSign: integer("days_to_sign").notNull().default(0),
  /** "moyasar" (the one gateway implemented: ../../modules/payments/moyasar.ts). */
  gateway: text("gateway").notNull().default("moyasar"),
  /** The gateway's secret API key, sealed (lib/secrets.ts). */
  secretKeySealed: text("secret_key_sealed"),
  /** The webhook's shared secret (Moyasar's `secret_token`), sealed. */
  webhookSecretSealed: text("webhook_secret_sealed"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * `checkouts`: one buyer's online reservation attempt of a unit (docs/payments.md "Checkout";
 * docs/decisions/123-online-checkout-and-holds.md): the online hold it placed, the buyer (the national ID sealed with
 * SECRETS_KEY, its keyed hash for the one-hold-per-person rule and its last four digits for staff), the deposit
 * (whole SAR, frozen), the gateway's hosted page and payment, and what became of it. `token` is the buyer's
 * unguessable reference (confirmation page). While pending, one row per phone, per national ID and per e-mail
 * (partial unique indexes); the gateway's payment id is stored once (idempotent webhooks).
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: serial("id").primaryKey(),
    token: uuid("token").notNull().unique(),
    projectId: belongsTo("project_id", () => projects.id),
    unitId: belongsTo("unit_id", () => units.id),
    holdId: integer("hold_id").references(() => unitHolds.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    state: text("state").$type<CheckoutState>().notNull(),
    name: text("name").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    nationalIdSealed: text("national_id_sealed").notNull(),
    /** HMAC-SHA256 (keyed by SECRETS_KEY) of the normalised number, hex. */
    nationalIdHash: text("national_id_hash").notNull(),
    nationalIdLast4: text("national_id_last4").notNull(),
    /** Whole SAR. */
    amountSar: integer("amount_sar").notNull(),
    refundedSar: integer("refunded_sar").notNull().default(0),
    gateway: text("gateway").notNull().default("moyasar"),
    hostedId: text("hosted_id"),
    hostedUrl: text("hosted_url"),
    gatewayPaymentId: text("gateway_payment_id").unique(),
    consentVersion: text("consent_version").notNull(),
    marketingConsentVersion: text("marketing_consent_version"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull(),
    paidAt: at("paid_at"),
    endedAt: at("ended_at"),
    refundReason: text("refund_reason"),
    /** The ad link's click ids and UTM values the checkout form carried (string values only); given to the lead. */
    attribution: jsonb("attribution").$type<Record<string, string>>().notNull().default({}),
    /** The campaign page the visit began on (its landing page and campaign), when the buyer came through one. */
    landingPageId: integer("landing_page_id").references(() => landingPages.id, { onDelete: "set null" }),
    campaignId: integer("campaign_id").references(() => landingCampaigns.id, { onDelete: "set null" }),
    /** The buyer's affordability estimate computed before «احجز الآن» (#domain/buyer-estimate.ts); null: none. */
    estimate: jsonb("estimate").$type<BuyerEstimate>(),
    refundedBy: uuid("refunded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("checkouts_pending_phone_key").on(t.phone).where(sql`${t.state} = 'pending'`),
    uniqueIndex("checkouts_pending_national_id_key").on(t.nationalIdHash).where(sql`${t.state} = 'pending'`),
    uniqueIndex("checkouts_pending_email_key").on(t.email).where(sql`${t.state} = 'pending'`),
    index("checkouts_pending_expiry_idx").on(t.expiresAt).where(sql`${t.state} = 'pending'`),
    index("checkouts_created_idx").on(t.createdAt),
  ],
);

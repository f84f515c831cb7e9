/**
 * Tables of online deposits (docs/payments.md, docs/decisions/103-payment-gateway-adapter.md).
 *
 * - `project_payment_settings`: one row per project that has set them: whether «احجز الآن بعربون» is offered, the
 *   deposit (whole SAR), the terms text the buyer accepts, the refund window and the days to sign the contract (days),
 *   and the gateway with its credentials sealed with SECRETS_KEY (lib/secrets.ts; never answered, only `hasX`).
 */
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "../schema.ts";

export const projectPaymentSettings = pgTable("project_payment_settings", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
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
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Tables of advertising compliance (docs/compliance.md, docs/decisions/080-advertising-licences.md).
 *
 * - `compliance_settings`: one row (id 1), written by the migration that created it: `enforce_from` is the first
 *   Asia/Riyadh day on which a *missing* licence takes a page offline — null on a fresh install (from the start),
 *   the upgrade day + 14 on a database that already held projects (config/compliance.json `upgradeGraceDays`).
 * - `licence_alerts`: one row per alert sent (thing, its licence's last day, days before): the unique key makes each
 *   of the 30/7/1-day alerts happen once across instances and restarts; a renewed licence (another day) alerts again.
 */
import { date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at } from "../columns.ts";

export const complianceSettings = pgTable("compliance_settings", {
  id: integer("id").primaryKey(),
  enforceFrom: date("enforce_from", { mode: "string" }),
});

export const licenceAlerts = pgTable(
  "licence_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** "project", "unit" or "campaign". */
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id").notNull(),
    /** The licence's last day (YYYY-MM-DD) the alert was about. */
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [
    uniqueIndex("licence_alerts_once_key").on(t.entityType, t.entityId, t.expiresOn, t.daysBefore),
    index("licence_alerts_entity_idx").on(t.entityType, t.entityId),
  ],
);

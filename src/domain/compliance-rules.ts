/**
 * The advertising-compliance rules as data (docs/compliance.md, docs/decisions/080-advertising-licences.md): the shape
 * of config/compliance.json, validated when the server starts (server/lib/compliance-rules.ts), so a rule, a text or
 * a figure changes by editing the file, never the code.
 *
 * Every rule carries the date it took effect (or the date it was recorded here), whether it is published
 * `regulation` or the `operator`'s own choice (not law), and its source (an Arabic name and an https URL).
 */
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

/** Where a rule comes from. */
const sourced = {
  effectiveFrom: isoDate,
  basis: z.enum(["regulation", "operator"]),
  sourceName: z.string().min(1),
  sourceUrl: z.url({ protocol: /^https$/, error: "must be an https:// URL" }),
  note: z.string().optional(),
};

/** A rule stated in words (what must be shown, what must stop). */
export const complianceRuleSchema = z.strictObject({ id: z.string().min(1), text: z.string().min(1), ...sourced });

/** A figure with its source (days). */
const daysFigure = z.strictObject({ value: z.number().int().min(0).max(365), ...sourced });

export const complianceRulesSchema = z.strictObject({
  /** Raise it whenever a rule changes. */
  version: z.string().min(1).max(40),
  note: z.string().optional(),
  /**
   * From which Asia/Riyadh day a *missing* licence takes a page offline (an *expired* one always does at once).
   * null: the date the database recorded when the compliance tables were created (a fresh install: from the start;
   * an upgraded one: `upgradeGraceDays` after the upgrade).
   */
  enforceFrom: isoDate.nullable(),
  /** Days an upgraded installation is given to enter its licences. */
  upgradeGraceDays: daysFigure,
  /** A licence this many days (or fewer) from its last day is «ينتهي قريبًا». */
  expiringWithinDays: daysFigure,
  /** Days before a licence's last day on which staff are alerted (each once). */
  alertDaysBefore: z.strictObject({
    values: z.array(z.number().int().min(0).max(365)).min(1).max(10),
    ...sourced,
  }),
  /**
   * The QR target when a licence has no verification URL of its own: `{number}` is replaced by the licence number.
   * null: no QR without a URL entered by staff (the authority offers no public verification API today).
   */
  verificationUrlPattern: z
    .string()
    .regex(/^https:\/\/\S*\{number\}\S*$/, "must be an https:// URL holding {number}")
    .nullable(),
  /** The rules this product enforces or shows, with their sources. */
  rules: z.array(complianceRuleSchema).min(1),
});
export type ComplianceRules = z.infer<typeof complianceRulesSchema>;

/** The parts of the rules `effectiveLicence` reads, with the enforcement date resolved (null: enforce always). */
export interface LicencePolicy {
  /** First Asia/Riyadh day (YYYY-MM-DD) on which a missing licence takes a page offline; null: always. */
  enforceFrom: string | null;
  /** A licence this many days or fewer from its last day is «ينتهي قريبًا». */
  expiringWithinDays: number;
  /** See ComplianceRules.verificationUrlPattern. */
  verificationUrlPattern: string | null;
}

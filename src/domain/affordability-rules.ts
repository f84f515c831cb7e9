/**
 * The affordability calculator's rules as data (docs/affordability.md, docs/decisions/065-affordability-rules-as-data.md):
 * the shape of config/affordability.json, validated when the server starts (server/lib/affordability-rules.ts), so a
 * figure changes by editing the file, never the code.
 *
 * Every figure is `{ value, effectiveFrom, basis, sourceName, sourceUrl, note? }`: the number (a percentage 0–100,
 * an amount in whole SAR, a rate in % a year or a number of years), the date it took effect (YYYY-MM-DD), whether it
 * is published `regulation`, reported `market` practice or the `operator`'s own choice, and where it comes from
 * (an Arabic name shown to buyers beside the result, and an https URL).
 *
 * Income bands (`dbr.bands`, `redf.supportBands`) are ordered by `upToIncome` (SAR a month, inclusive) and end with
 * an open band (`upToIncome: null`), so every income the calculator accepts falls in exactly one band.
 */
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");

/** One figure of the rules with its date and source. */
export const ruleFigureSchema = z.strictObject({
  value: z.number().nonnegative(),
  effectiveFrom: isoDate,
  basis: z.enum(["regulation", "market", "operator"]),
  sourceName: z.string().min(1),
  sourceUrl: z.url({ protocol: /^https$/, error: "must be an https:// URL" }),
  note: z.string().optional(),
});
export type RuleFigure = z.infer<typeof ruleFigureSchema>;

const percentFigure = ruleFigureSchema.refine((f) => f.value <= 100, { message: "a percentage is at most 100" });

const capsSchema = z.strictObject({ standard: percentFigure, redf: percentFigure });

/** Bands ascending by upToIncome, the last one open (null): every income finds its band. */
function bandsCoverEveryIncome(bands: readonly { upToIncome: number | null }[]): boolean {
  if (bands.length === 0 || bands[bands.length - 1].upToIncome !== null) return false;
  return bands.every((band, i) => {
    if (i === bands.length - 1) return true;
    const next = bands[i + 1].upToIncome;
    return band.upToIncome !== null && (next === null || next > band.upToIncome);
  });
}
const BANDS_MESSAGE = "bands must be ascending by upToIncome and end with an open band (upToIncome: null)";
const upToIncome = z.number().int().positive().nullable();

export const affordabilityRulesSchema = z.strictObject({
  /** Shown with every result; raise it whenever a figure changes. */
  version: z.string().min(1).max(40),
  note: z.string().optional(),
  /** Loan-to-value: the largest share of the price a bank may finance, %. */
  ltv: z.strictObject({ citizenFirstHome: percentFigure, otherHomes: percentFigure }),
  /** The share of verified non-salary income that counts as income, %. */
  income: z.strictObject({ otherIncomeShare: percentFigure }),
  /** Debt-burden caps: all monthly credit obligations (the new instalment included) as % of counted income. */
  dbr: z.strictObject({
    bands: z
      .array(
        z.strictObject({
          upToIncome,
          caps: z.strictObject({
            government: capsSchema,
            private: capsSchema,
            military: capsSchema,
            retired: capsSchema,
          }),
        }),
      )
      .refine(bandsCoverEveryIncome, BANDS_MESSAGE),
  }),
  redf: z.strictObject({
    /** REDF pays part of the profit on this much of the financing, SAR. */
    supportedPrincipal: ruleFigureSchema,
    /** The share of that profit REDF pays, by monthly salary (SAR), %. */
    supportBands: z
      .array(z.strictObject({ upToIncome, percent: percentFigure }))
      .refine(bandsCoverEveryIncome, BANDS_MESSAGE),
    /** A REDF beneficiary's smaller down payment (%) on a first home up to maxPrice (SAR). */
    downPayment: z.strictObject({ percent: percentFigure, maxPrice: ruleFigureSchema }),
  }),
  transactionTax: z.strictObject({
    /** Real-estate transaction tax, % of the price. */
    percent: percentFigure,
    /** The state bears the tax on a citizen's first home up to this price, SAR: tax only on the part above. */
    firstHomeExemptUpTo: ruleFigureSchema,
  }),
  /** The annual profit rate (%) and years the calculator starts from; the buyer may change both. */
  defaults: z.strictObject({ annualRate: ruleFigureSchema, years: ruleFigureSchema }),
});
export type AffordabilityRules = z.infer<typeof affordabilityRulesSchema>;

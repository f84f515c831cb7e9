/**
 * GET /api/affordability (public): the query the calculator sends and the answer it gets (docs/affordability.md).
 * The project page's GET form sends the same names, so a page without JavaScript and any API client read one contract.
 *
 * Query (strings, as a URL carries them; Arabic-Indic digits and thousands separators are accepted):
 * `price` SAR 1–100,000,000 (required), `salary` SAR a month 0–10,000,000 (required), `otherIncome` and
 * `obligations` SAR a month (default 0), `sector` government | private | military | retired (required),
 * `firstHome` and `redf` yes | no (default no), `years` 1–30 and `rate` (annual %, 0–30) (default: the rules file's).
 * Each bad field → 400 with its Arabic message under its own name.
 * Answer: the five amounts in whole SAR with their details (domain/affordability.ts), the years and rate used and
 * `rulesVersion`.
 */
import { z } from "zod";
import {
  AFFORDABILITY_LIMITS,
  AFFORDABILITY_SECTORS,
  type AffordabilityNumberField,
  readAffordabilityNumber,
} from "../affordability.ts";
import { formatNumber } from "../format.ts";
import { text } from "./text.ts";

const n = formatNumber;
const L = AFFORDABILITY_LIMITS;

export const AFFORDABILITY_TEXTS = {
  price: `أدخل سعر العقار بالريال، من ${n(L.price.min)} إلى ${n(L.price.max)}`,
  salary: `أدخل راتبك الشهري بالريال، من ${n(L.salary.min)} إلى ${n(L.salary.max)}`,
  otherIncome: `أدخل دخلك الآخر الشهري بالريال، من ${n(L.otherIncome.min)} إلى ${n(L.otherIncome.max)}`,
  obligations: `أدخل التزاماتك الشهرية بالريال، من ${n(L.obligations.min)} إلى ${n(L.obligations.max)}`,
  sector: "اختر قطاع العمل",
  firstHome: "اختر نعم أو لا",
  redf: "اختر نعم أو لا",
  years: `أدخل مدة التمويل بالسنوات، من ${n(L.years.min)} إلى ${n(L.years.max)}`,
  rate: `أدخل هامش الربح السنوي، من ${n(L.rate.min)} إلى ${n(L.rate.max)}٪`,
} as const;

/** A number parameter read by readAffordabilityNumber; absent or empty → `fallback` (required when none). */
function numberParam<F extends number | null = never>(field: AffordabilityNumberField, fallback?: F) {
  const message = AFFORDABILITY_TEXTS[field];
  return text({ error: message })
    .optional()
    .transform((raw, ctx) => {
      const value = readAffordabilityNumber(field, raw ?? "");
      if (value === undefined && fallback !== undefined) return fallback as F;
      if (value === undefined || value === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

const yesNo = (message: string) =>
  z
    .enum(["yes", "no", "true", "false", "1", "0"], { error: message })
    .optional()
    .transform((v) => v === "yes" || v === "true" || v === "1");

/** The query; `years` and `rate` are null when not given (the route fills the rules' defaults). */
export const affordabilityQuerySchema = z.object({
  price: numberParam("price"),
  salary: numberParam("salary"),
  otherIncome: numberParam("otherIncome", 0),
  obligations: numberParam("obligations", 0),
  sector: z.enum(AFFORDABILITY_SECTORS, { error: AFFORDABILITY_TEXTS.sector }),
  firstHome: yesNo(AFFORDABILITY_TEXTS.firstHome),
  redf: yesNo(AFFORDABILITY_TEXTS.redf),
  years: numberParam("years", null),
  rate: numberParam("rate", null),
});
export type AffordabilityQuery = z.output<typeof affordabilityQuerySchema>;

const sar = z.number().int();
const detailSchema = z.object({ explanation: text(), sourceName: text(), sourceUrl: text() });

export const affordabilityResultSchema = z
  .object({
    maxFinancing: sar,
    downPayment: sar,
    monthlyInstalment: sar,
    redfSupport: sar,
    transactionTax: sar,
    details: z.object({
      maxFinancing: detailSchema,
      downPayment: detailSchema,
      monthlyInstalment: detailSchema,
      redfSupport: detailSchema,
      transactionTax: detailSchema,
    }),
    years: z.number().int(),
    rate: z.number(),
    rulesVersion: text(),
  })
  .meta({ id: "Affordability" });

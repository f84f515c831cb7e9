/**
 * The buyer's own affordability estimate kept with an enquiry (docs/affordability.md "Kept with an enquiry";
 * docs/decisions/102-buyer-estimate-on-the-enquiry.md): the calculator stores nothing by itself, but when the buyer
 * sends an enquiry from a page whose calculator shows a result, the inputs are sent with it, the server computes the
 * result again by the rules it loaded (domain/affordability.ts) and keeps inputs, the five amounts (whole SAR) and
 * the rules' version on the enquiry, marked as the buyer's estimate, for the agent on the lead's page.
 */
import { z } from "zod";
import {
  AFFORDABILITY_SECTORS,
  type AffordabilityInput,
  type AffordabilityResult,
  computeAffordability,
} from "./affordability.ts";
import type { AffordabilityRules } from "./affordability-rules.ts";
import type { AffordabilityQuery } from "./schemas/affordability.ts";

/** The Arabic label the agent reads above it: it is the buyer's own estimate, not a bank's offer. */
export const BUYER_ESTIMATE_LABEL = "تقدير العميل لقدرته على التمويل (من الحاسبة، ليس عرض بنك)";

/** What an enquiry keeps: the inputs, the amounts in whole SAR and the rules' version. */
export const buyerEstimateSchema = z.object({
  input: z.object({
    price: z.number(),
    salary: z.number(),
    otherIncome: z.number(),
    obligations: z.number(),
    sector: z.enum(AFFORDABILITY_SECTORS),
    firstHome: z.boolean(),
    redf: z.boolean(),
    years: z.number(),
    rate: z.number(),
  }),
  result: z.object({
    maxFinancing: z.number(),
    downPayment: z.number(),
    monthlyInstalment: z.number(),
    redfSupport: z.number(),
    transactionTax: z.number(),
  }),
  rulesVersion: z.string(),
  /** Always "buyer": the figures are the buyer's own estimate. */
  kind: z.literal("buyer"),
});
export type BuyerEstimate = z.infer<typeof buyerEstimateSchema>;

/**
 * The estimate of a validated calculator query by `rules` (`years`/`rate` null → the rules' defaults). Pure.
 */
export function buyerEstimateOf(query: AffordabilityQuery, rules: AffordabilityRules): BuyerEstimate {
  const input: AffordabilityInput = {
    ...query,
    years: query.years ?? rules.defaults.years.value,
    rate: query.rate ?? rules.defaults.annualRate.value,
  };
  const r: AffordabilityResult = computeAffordability(input, rules);
  return {
    input,
    result: {
      maxFinancing: r.maxFinancing,
      downPayment: r.downPayment,
      monthlyInstalment: r.monthlyInstalment,
      redfSupport: r.redfSupport,
      transactionTax: r.transactionTax,
    },
    rulesVersion: r.rulesVersion,
    kind: "buyer",
  };
}

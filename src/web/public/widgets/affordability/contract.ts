/**
 * The names the calculator's markup (affordability.tsx), its loader (public/lib/affordability.server.ts) and
 * its island (affordability.island.ts) share (docs/affordability.md, docs/public-pages.md §4): the query parameters of
 * the GET form, which are those of GET /api/affordability, and the data attributes the island fills.
 */

import type { WidgetContract } from "~/public/islands/contract.ts";

/** The section's id (the form's action is this anchor) and the form's `data-island`. */
export const AFFORDABILITY_ID = "affordability";

/** The form's fields, in order: the query parameters of GET /api/affordability. */
export const AFFORDABILITY_INPUTS = [
  "price",
  "salary",
  "otherIncome",
  "obligations",
  "sector",
  "firstHome",
  "redf",
  "years",
  "rate",
] as const;
export type AffordabilityInputName = (typeof AFFORDABILITY_INPUTS)[number];
export type AffordabilityFormValues = Record<AffordabilityInputName, string>;

/**
 * The hidden copies of the inputs the calculator puts into a page's enquiry form (by the `form` attribute) while it
 * shows a result: named this prefix + the input's name; the enquiry keeps them as the buyer's estimate
 * (docs/affordability.md "Kept with an enquiry").
 */
export const ESTIMATE_FIELD_PREFIX = "estimate.";

/** The rules the island computes with, fetched once on the buyer's first input. */
export const AFFORDABILITY_RULES_URL = "/api/affordability/rules";

/**
 * Data attributes: the result block (hidden until there is a result), and inside it each amount's value,
 * explanation and source link (the attribute's value is the field: maxFinancing, downPayment…), and the rules' version.
 */
export const ATTR = {
  result: "data-affordability-result",
  value: "data-affordability-value",
  explanation: "data-affordability-explanation",
  source: "data-affordability-source",
  version: "data-affordability-version",
  /** A hidden copy of one input for the enquiry form (value: the input's name). */
  estimate: "data-affordability-estimate",
} as const;

/** The calculator as a widget: its island name and data attributes (docs/public-pages.md §4). */
export const AFFORDABILITY = { island: AFFORDABILITY_ID, attrs: ATTR } as const satisfies WidgetContract;

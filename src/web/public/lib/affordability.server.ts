/**
 * The project page's calculator on the server (docs/affordability.md): the form's values (the page's query when the
 * buyer sent the GET form, else the project's price and the rules' default years and rate) and, when sent, the answer
 * of GET /api/affordability read in-process: the result, or each field's Arabic error. Stores nothing.
 */
import type { AffordabilityResult } from "#domain/affordability.ts";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import type { ApiInit } from "~/context.ts";
import { AFFORDABILITY_INPUTS, type AffordabilityFormValues } from "~/public/widgets/affordability/contract.ts";

type Api = (path: string, init?: ApiInit) => Promise<Response>;

export interface AffordabilityView {
  values: AffordabilityFormValues;
  result: AffordabilityResult | null;
  /** Field → Arabic message, from a 400 answer. */
  errors: Record<string, string>;
}

/** The longest value kept from the query for the form (longer input is cut, and the API names the field). */
const MAX_VALUE_LENGTH = 30;

/**
 * The calculator's view for a page at `url` about a home priced `price` SAR (0 = unknown). Null when the rules cannot
 * be read (the page then shows no calculator). Never throws.
 */
export async function loadAffordability(api: Api, url: URL, price: number): Promise<AffordabilityView | null> {
  try {
    const rulesRes = await api("/api/affordability/rules");
    if (!rulesRes.ok) return null;
    const rules = (await rulesRes.json()) as AffordabilityRules;
    const values: AffordabilityFormValues = {
      price: price > 0 ? String(price) : "",
      salary: "",
      otherIncome: "",
      obligations: "",
      sector: "government",
      firstHome: "yes",
      redf: "no",
      years: String(rules.defaults.years.value),
      rate: String(rules.defaults.annualRate.value),
    };
    const sent = url.searchParams.has("salary");
    if (!sent) return { values, result: null, errors: {} };
    for (const name of AFFORDABILITY_INPUTS) {
      const given = url.searchParams.get(name);
      if (given !== null) values[name] = given.trim().slice(0, MAX_VALUE_LENGTH);
    }
    const res = await api(`/api/affordability?${new URLSearchParams(values)}`);
    if (res.ok) return { values, result: (await res.json()) as AffordabilityResult, errors: {} };
    const body = (await res.json().catch(() => ({}))) as { fields?: Record<string, string> };
    return { values, result: null, errors: body.fields ?? {} };
  } catch {
    return null;
  }
}

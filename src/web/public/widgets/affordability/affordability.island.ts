/**
 * The calculator's island (affordability.tsx, docs/affordability.md): recomputes the estimate in
 * the browser as the buyer types, with the one domain function (domain/affordability.ts) and the rules fetched once
 * from GET /api/affordability/rules on the first focus or input. Sending the form then shows the result without a
 * reload and puts the query in the address, so the link opens the same estimate. Until the rules arrive, or when an
 * input cannot be read, sending the form is the plain GET the server answers (with its Arabic field errors), so
 * nothing depends on this script. Stores nothing. It imports nothing that brings zod (the rules' schema file only as
 * types): the islands' bundle stays small (docs/decisions/046-public-pages-as-islands.md).
 */
import {
  AFFORDABILITY_FIELDS,
  AFFORDABILITY_SECTORS,
  type AffordabilityInput,
  computeAffordability,
  readAffordabilityNumber,
} from "#domain/affordability.ts";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import { formatSAR } from "#domain/format.ts";
import { claim, islandSelector } from "~/public/islands/contract.ts";
import { AFFORDABILITY, AFFORDABILITY_ID, AFFORDABILITY_RULES_URL, ATTR } from "./contract.ts";

/** The form's input, or null when a field cannot be read (the server's answer then explains which). */
export function readForm(form: HTMLFormElement, rules: AffordabilityRules): AffordabilityInput | null {
  const data = new FormData(form);
  const raw = (name: string) => String(data.get(name) ?? "");
  const price = readAffordabilityNumber("price", raw("price"));
  const salary = readAffordabilityNumber("salary", raw("salary"));
  const otherIncome = readAffordabilityNumber("otherIncome", raw("otherIncome")) ?? 0;
  const obligations = readAffordabilityNumber("obligations", raw("obligations")) ?? 0;
  const years = readAffordabilityNumber("years", raw("years")) ?? rules.defaults.years.value;
  const rate = readAffordabilityNumber("rate", raw("rate")) ?? rules.defaults.annualRate.value;
  const sector = AFFORDABILITY_SECTORS.find((s) => s === raw("sector"));
  if (price == null || salary == null || otherIncome === null || obligations === null) return null;
  if (years === null || rate === null || !sector) return null;
  return {
    price,
    salary,
    otherIncome,
    obligations,
    sector,
    firstHome: raw("firstHome") === "yes",
    redf: raw("redf") === "yes",
    years,
    rate,
  };
}

/**
 * Copies the form's inputs into the hidden estimate copies beside it for the page's enquiry form (enabled while a
 * result shows: `shown`), or disables them (docs/affordability.md "Kept with an enquiry").
 */
function copyEstimate(form: HTMLFormElement, shown: boolean): void {
  const data = new FormData(form);
  for (const copy of form.parentElement?.querySelectorAll<HTMLInputElement>(`input[${ATTR.estimate}]`) ?? []) {
    copy.value = shown ? String(data.get(copy.getAttribute(ATTR.estimate) ?? "") ?? "") : "";
    copy.disabled = !shown;
  }
}

/** Whether a field of the form holds something other than what the server rendered. */
function typedBeforeEnhanced(form: HTMLFormElement): boolean {
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.value !== field.defaultValue) return true;
    if (field instanceof HTMLSelectElement && [...field.options].some((o) => o.selected !== o.defaultSelected))
      return true;
  }
  return false;
}

/** Enhances the calculator's form in `root`; does nothing without it or its result block. */
export function enhanceAffordability(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>(`form${islandSelector(AFFORDABILITY.island)}`);
  const block = form?.parentElement?.querySelector<HTMLElement>(`[${ATTR.result}]`);
  if (!form || !block || !claim(form)) return;
  let rules: AffordabilityRules | null = null;
  let loading: Promise<void> | null = null;
  const load = () => {
    loading ??= fetch(AFFORDABILITY_RULES_URL)
      .then((res) => (res.ok ? (res.json() as Promise<AffordabilityRules>) : null))
      .then((loaded) => {
        rules = loaded;
      })
      .catch(() => {
        loading = null;
      });
    return loading;
  };
  const part = (attr: string, field: string) => block.querySelector<HTMLElement>(`[${attr}="${field}"]`);
  /** Shows the estimate of the form's input; false when it cannot be read. */
  const render = (): boolean => {
    const input = rules && readForm(form, rules);
    if (!rules || !input) return false;
    const result = computeAffordability(input, rules);
    for (const field of AFFORDABILITY_FIELDS) {
      const value = part(ATTR.value, field);
      const explanation = part(ATTR.explanation, field);
      const source = part(ATTR.source, field);
      if (value) value.textContent = formatSAR(result[field]);
      if (explanation) explanation.textContent = result.details[field].explanation;
      if (source instanceof HTMLAnchorElement) {
        source.href = result.details[field].sourceUrl;
        source.textContent = `المصدر: ${result.details[field].sourceName}`;
      }
    }
    const version = block.querySelector(`[${ATTR.version}]`);
    if (version) version.textContent = result.rulesVersion;
    block.hidden = false;
    copyEstimate(form, true);
    return true;
  };
  const update = () => {
    void load().then(() => {
      if (render()) return;
      block.hidden = true;
      copyEstimate(form, false);
    });
  };
  form.addEventListener("focusin", () => void load());
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  // A buyer who typed before this script ran (a slow link) gets the estimate of what they typed.
  if (typedBeforeEnhanced(form)) update();
  form.addEventListener("submit", (event) => {
    if (!render()) return;
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) query.set(name, String(value));
    history.replaceState(history.state, "", `?${query}#${AFFORDABILITY_ID}`);
  });
}

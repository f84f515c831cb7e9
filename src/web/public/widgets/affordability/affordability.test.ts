import { readFileSync } from "node:fs";
import path from "node:path";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { computeAffordability } from "#domain/affordability.ts";
import { affordabilityRulesSchema } from "#domain/affordability-rules.ts";
import { formatSAR } from "#domain/format.ts";
import type { AffordabilityView } from "~/public/lib/affordability.server.ts";
import { enhanceAffordability } from "./affordability.island.ts";
import { AFFORDABILITY_NOTICE, AffordabilitySection } from "./affordability.tsx";

const rules = affordabilityRulesSchema.parse(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../../../config/affordability.json"), "utf8")),
);

const view: AffordabilityView = {
  values: {
    price: "900000",
    salary: "",
    otherIncome: "",
    obligations: "",
    sector: "government",
    firstHome: "yes",
    redf: "no",
    years: "25",
    rate: "5.5",
  },
  result: null,
  errors: {},
};

/** The view's values as the calculator's input (salary set by each test). */
const BASE_INPUT = {
  price: 900_000,
  salary: 0,
  otherIncome: 0,
  obligations: 0,
  sector: "government",
  firstHome: true,
  redf: false,
  years: 25,
  rate: 5.5,
} as const;

const block = () => document.querySelector<HTMLElement>("[data-affordability-result]");
const amountOf = (field: string) => document.querySelector(`[data-affordability-value="${field}"]`)?.textContent ?? "";
const form = () => document.querySelector<HTMLFormElement>('form[data-island="affordability"]');

describe("the calculator's island", () => {
  let fetchRules: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(AffordabilitySection, { view }))}</main>`;
    fetchRules = vi.fn(
      async () => new Response(JSON.stringify(rules), { headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetchRules);
    history.replaceState(null, "", "/project/1");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the server markup: a GET form to the section, the price prefilled, the notice, no result yet", () => {
    expect(form()?.getAttribute("method")).toBe("get");
    expect(form()?.getAttribute("action")).toBe("#affordability");
    expect(document.querySelector<HTMLInputElement>('input[name="price"]')?.value).toBe("900000");
    expect(document.body.textContent).toContain(AFFORDABILITY_NOTICE);
    expect(block()?.hidden).toBe(true);
  });

  it("recomputes as the buyer types, with the rules fetched once", async () => {
    enhanceAffordability(document);
    const user = userEvent.setup();
    await user.type(document.querySelector<HTMLInputElement>('input[name="salary"]') as HTMLElement, "8000");
    await user.type(document.querySelector<HTMLInputElement>('input[name="obligations"]') as HTMLElement, "2000");
    await user.selectOptions(document.querySelector("select[name='sector']") as HTMLElement, "private");
    // 8,000 × 55 % − 2,000 = 2,400 a month → 390,823 (hand-worked in domain/affordability.test.ts).
    await vi.waitFor(() => expect(amountOf("maxFinancing")).toBe(formatSAR(390_823)));
    expect(block()?.hidden).toBe(false);
    expect(amountOf("monthlyInstalment")).toBe(formatSAR(2_400));
    expect(document.querySelector("[data-affordability-version]")?.textContent).toBe(rules.version);
    expect(document.querySelector<HTMLAnchorElement>('[data-affordability-source="transactionTax"]')?.href).toBe(
      rules.transactionTax.firstHomeExemptUpTo.sourceUrl,
    );
    expect(fetchRules).toHaveBeenCalledTimes(1);
  });

  it("computes what the buyer typed before the script ran, and fetches nothing for an untouched form", async () => {
    enhanceAffordability(document);
    expect(fetchRules).not.toHaveBeenCalled();
    document.body.innerHTML = `<main>${renderToStaticMarkup(createElement(AffordabilitySection, { view }))}</main>`;
    (document.querySelector('input[name="salary"]') as HTMLInputElement).value = "8000";
    enhanceAffordability(document);
    await vi.waitFor(() => expect(block()?.hidden).toBe(false));
    const expected = computeAffordability({ ...BASE_INPUT, salary: 8000 }, rules);
    expect(amountOf("maxFinancing")).toBe(formatSAR(expected.maxFinancing));
    expect(fetchRules).toHaveBeenCalledTimes(1);
  });

  it("hides the estimate when an input cannot be read, and then leaves sending to the server", async () => {
    enhanceAffordability(document);
    const user = userEvent.setup();
    const salary = document.querySelector<HTMLInputElement>('input[name="salary"]') as HTMLInputElement;
    await user.type(salary, "12000");
    await vi.waitFor(() => expect(block()?.hidden).toBe(false));
    await user.type(salary, "x");
    await vi.waitFor(() => expect(block()?.hidden).toBe(true));
    const submit = new Event("submit", { cancelable: true });
    form()?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it("shows a sent estimate without a reload and puts the query in the address", async () => {
    enhanceAffordability(document);
    const user = userEvent.setup();
    await user.type(document.querySelector('input[name="salary"]') as HTMLElement, "١٢٬٠٠٠");
    await vi.waitFor(() => expect(amountOf("maxFinancing")).toBe(formatSAR(810_000)));
    const submit = new Event("submit", { cancelable: true });
    form()?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(new URLSearchParams(location.search).get("price")).toBe("900000");
    expect(location.hash).toBe("#affordability");
  });
});

/**
 * The affordability function against hand-worked cases (docs/affordability.md). The cases assume the figures of
 * FIGURES below, set over the shipped config/affordability.json, so an operator who changes a figure in the file
 * does not break these workings (the file itself is checked by the last block).
 *
 * Common working: at 5.5 % a year the monthly rate is r = 0.055 / 12 = 0.00458333; over 25 years n = 300 months,
 * (1 + r)^−300 = 0.253635, so the annuity factor F = (1 − 0.253635) / r = 162.8432 (the financing one riyal a month
 * repays). Over 15 years (n = 180) F = 122.3865. An instalment on P is P / F.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type AffordabilityInput, annuity, computeAffordability } from "./affordability.ts";
import { type AffordabilityRules, affordabilityRulesSchema } from "./affordability-rules.ts";

const FILE = path.resolve(import.meta.dirname, "../../config/affordability.json");
const shipped = affordabilityRulesSchema.parse(JSON.parse(readFileSync(FILE, "utf8")));

/** The figures the workings assume (%, SAR). */
function withWorkingFigures(base: AffordabilityRules): AffordabilityRules {
  const rules = structuredClone(base);
  rules.ltv.citizenFirstHome.value = 90;
  rules.ltv.otherHomes.value = 70;
  rules.income.otherIncomeShare.value = 50;
  rules.dbr.bands = [
    { ...rules.dbr.bands[0], upToIncome: 15_000 },
    { ...rules.dbr.bands[rules.dbr.bands.length - 1], upToIncome: null },
  ];
  for (const sector of ["government", "private", "military", "retired"] as const) {
    rules.dbr.bands[0].caps[sector].standard.value = 55;
    rules.dbr.bands[0].caps[sector].redf.value = 55;
    rules.dbr.bands[1].caps[sector].standard.value = sector === "retired" ? 55 : 65;
    rules.dbr.bands[1].caps[sector].redf.value = sector === "retired" ? 55 : 65;
  }
  rules.redf.supportedPrincipal.value = 500_000;
  rules.redf.supportBands = [14_000, 17_000, 20_000, null].map((upToIncome, i) => ({
    upToIncome,
    percent: { ...rules.redf.supportBands[0].percent, value: [100, 75, 55, 35][i] },
  }));
  rules.redf.downPayment.percent.value = 5;
  rules.redf.downPayment.maxPrice.value = 800_000;
  rules.transactionTax.percent.value = 5;
  rules.transactionTax.firstHomeExemptUpTo.value = 1_000_000;
  rules.version = "test";
  return rules;
}
const rules = withWorkingFigures(shipped);

const base: AffordabilityInput = {
  price: 900_000,
  salary: 12_000,
  otherIncome: 0,
  obligations: 0,
  sector: "government",
  firstHome: true,
  redf: false,
  years: 25,
  rate: 5.5,
};

type Expected = [maxFinancing: number, downPayment: number, instalment: number, redfSupport: number, tax: number];

const CASES: [name: string, input: Partial<AffordabilityInput>, expected: Expected][] = [
  // Band ≤ 15,000, government, first home: income 12,000 × 55 % = 6,600 a month → 6,600 × 162.8432 = 1,074,765;
  // LTV 90 % × 900,000 = 810,000 is smaller. Down 90,000. Instalment 810,000 / 162.8432 = 4,974.1 → 4,974.
  // Tax: first home ≤ 1,000,000 → 0.
  ["≤15k government, first home, bound by LTV", {}, [810_000, 90_000, 4_974, 0, 0]],
  // Private, salary 8,000, obligations 2,000: 8,000 × 55 % − 2,000 = 2,400 → 2,400 × 162.8432 = 390,823.8 → 390,823
  // (< 810,000). Down 900,000 − 390,823 = 509,177. Instalment 390,823 / 162.8432 = 2,399.99 → 2,400.
  [
    "≤15k private with obligations, bound by income",
    { salary: 8_000, obligations: 2_000, sector: "private" },
    [390_823, 509_177, 2_400, 0, 0],
  ],
  // Military, salary 7,000 + half of 4,000 other income = 9,000 counted; 9,000 × 55 % − 1,500 = 3,450 →
  // 3,450 × 162.8432 = 561,809.2 → 561,809 (LTV 630,000). Down 700,000 − 561,809 = 138,191. Instalment 3,450.
  [
    "≤15k military, half of other income counts",
    { price: 700_000, salary: 7_000, otherIncome: 4_000, obligations: 1_500, sector: "military" },
    [561_809, 138_191, 3_450, 0, 0],
  ],
  // Retired, 15 years: 10,000 × 55 % = 5,500 → 5,500 × 122.3865 = 673,126; LTV 90 % × 600,000 = 540,000 wins.
  // Down 60,000. Instalment 540,000 / 122.3865 = 4,412.3 → 4,412.
  [
    "≤15k retired over 15 years",
    { price: 600_000, salary: 10_000, sector: "retired", years: 15 },
    [540_000, 60_000, 4_412, 0, 0],
  ],
  // Band > 15,000, government, not a first home: 18,000 × 65 % = 11,700 → 11,700 × 162.8432 = 1,905,265.9 →
  // 1,905,265 (LTV 70 % × 3,000,000 = 2,100,000). Down 1,094,735. Tax 5 % × 3,000,000 = 150,000.
  [
    ">15k government, not a first home",
    { price: 3_000_000, salary: 18_000, firstHome: false },
    [1_905_265, 1_094_735, 11_700, 0, 150_000],
  ],
  // Band > 15,000, retired: 18,000 × 55 % = 9,900 → 9,900 × 162.8432 = 1,612,148.1 → 1,612,148. Down 1,387,852.
  [
    ">15k retired, a lower cap",
    { price: 3_000_000, salary: 18_000, firstHome: false, sector: "retired" },
    [1_612_148, 1_387_852, 9_900, 0, 150_000],
  ],
  // Band edge: 14,000 + half of 2,000 = 15,000 counted, still ≤ 15,000 → 55 % = 8,250 → 1,343,456.8 → 1,343,456.
  // Tax: first home, 5 % × (3,000,000 − 1,000,000) = 100,000.
  [
    "counted income exactly 15,000 stays in the first band",
    { price: 3_000_000, salary: 14_000, otherIncome: 2_000 },
    [1_343_456, 1_656_544, 8_250, 0, 100_000],
  ],
  // One riyal over: 14,000 + 2,002 / 2 = 15,001 → 65 % = 9,750.65 → 9,750.65 × 162.8432 = 1,587,827.8 → 1,587,827.
  // Instalment 1,587,827 / 162.8432 = 9,750.6 → 9,751.
  [
    "counted income 15,001 takes the second band",
    { price: 3_000_000, salary: 14_000, otherIncome: 2_002 },
    [1_587_827, 1_412_173, 9_751, 0, 100_000],
  ],
  // REDF, first home, 750,000 ≤ 800,000: 5 % down → LTV 95 % = 712,500 (income allows 10,000 × 55 % × 162.84 =
  // 895,638). Instalment 712,500 / 162.8432 = 4,375.3 → 4,375. Support (salary ≤ 14,000: 100 %) on the first
  // 500,000: 500,000 / 162.8432 − 500,000 / 300 = 3,070.44 − 1,666.67 = 1,403.77 → 1,404 a month.
  [
    "REDF on, first home up to 800,000: 5 % down and 100 % support",
    { price: 750_000, salary: 10_000, redf: true },
    [712_500, 37_500, 4_375, 1_404, 0],
  ],
  // REDF, first home over 800,000: back to 90 % = 855,000 (income: 16,000 × 65 % × 162.84 = 1,693,569).
  // Instalment 855,000 / 162.8432 = 5,250.4 → 5,250. Support band ≤ 17,000: 75 % × 1,403.77 = 1,052.8 → 1,053.
  [
    "REDF on, first home over 800,000, private, 75 % support",
    { price: 950_000, salary: 16_000, redf: true, sector: "private" },
    [855_000, 95_000, 5_250, 1_053, 0],
  ],
  // REDF chosen but not a first home: no REDF (support 0, LTV 70 % = 525,000), tax 5 % × 750,000 = 37,500.
  // Instalment 525,000 / 162.8432 = 3,223.99 → 3,224.
  [
    "REDF chosen without a first home: REDF off",
    { price: 750_000, salary: 10_000, redf: true, firstHome: false },
    [525_000, 225_000, 3_224, 0, 37_500],
  ],
  // Tax edge: first home at exactly 1,000,000 → the state bears all of it: 0. LTV 900,000; 900,000 / 162.8432 = 5,526.8.
  ["tax edge: first home at exactly 1,000,000", { price: 1_000_000, salary: 30_000 }, [900_000, 100_000, 5_527, 0, 0]],
  // 100 riyals over the edge: 5 % × 100 = 5. LTV 90 % × 1,000,100 = 900,090.
  [
    "tax edge: first home at 1,000,100 pays on the 100 above",
    { price: 1_000_100, salary: 30_000 },
    [900_090, 100_010, 5_527, 0, 5],
  ],
  // 5 % × (1,200,000 − 1,000,000) = 10,000. LTV 1,080,000 / 162.8432 = 6,632.1 → 6,632.
  [
    "first home at 1,200,000: tax on the 200,000 above",
    { price: 1_200_000, salary: 30_000 },
    [1_080_000, 120_000, 6_632, 0, 10_000],
  ],
  // Obligations past the cap: 6,000 × 55 % = 3,300 < 3,500 → no room: financing 0, the whole price down.
  ["obligations past the cap", { price: 500_000, salary: 6_000, obligations: 3_500 }, [0, 500_000, 0, 0, 0]],
  // 0 % over 20 years: 9,000 × 55 % × 240 = 1,188,000 > LTV 360,000; instalment 360,000 / 240 = 1,500.
  ["0 % profit", { price: 400_000, salary: 9_000, rate: 0, years: 20 }, [360_000, 40_000, 1_500, 0, 0]],
  // REDF, salary 25,000 (> 20,000: 35 %), 2,000,000: LTV 1,800,000 (income 16,250 × 162.84 = 2,646,203);
  // instalment 1,800,000 / 162.8432 = 11,053.6 → 11,054; support 35 % × 1,403.77 = 491.3 → 491 (first 500,000 only);
  // tax 5 % × 1,000,000 = 50,000.
  [
    "REDF at the lowest support band, financing above 500,000",
    { price: 2_000_000, salary: 25_000, redf: true },
    [1_800_000, 200_000, 11_054, 491, 50_000],
  ],
];

describe("computeAffordability (hand-worked cases)", () => {
  it.each(CASES)("%s", (_name, input, expected) => {
    const result = computeAffordability({ ...base, ...input }, rules);
    expect([
      result.maxFinancing,
      result.downPayment,
      result.monthlyInstalment,
      result.redfSupport,
      result.transactionTax,
    ]).toEqual(expected);
    expect(result.rulesVersion).toBe("test");
  });

  it("gives every amount a one-line Arabic explanation and its rule's source", () => {
    const result = computeAffordability({ ...base, price: 750_000, salary: 10_000, redf: true }, rules);
    for (const detail of Object.values(result.details)) {
      expect(detail.explanation).toMatch(/[\u0600-\u06FF]/);
      expect(detail.explanation).not.toContain("\n");
      expect(detail.explanation).not.toMatch(/[0-9]/);
      expect(detail.sourceUrl).toMatch(/^https:\/\//);
    }
    expect(result.details.downPayment.sourceUrl).toBe(rules.redf.downPayment.percent.sourceUrl);
    expect(result.details.redfSupport.explanation).toContain("١٠٠٪");
    expect(result.details.transactionTax.explanation).toContain("المسكن الأول");
  });

  it("names the binding rule: the income cap when it is the smaller bound", () => {
    const result = computeAffordability({ ...base, salary: 8_000, obligations: 2_000 }, rules);
    expect(result.details.maxFinancing.explanation).toContain("٥٥٪");
    expect(result.details.maxFinancing.sourceUrl).toBe(rules.dbr.bands[0].caps.government.standard.sourceUrl);
  });

  it("sectors other than retired share a cap; the file can set them apart without code", () => {
    const input = { ...base, price: 3_000_000, salary: 18_000, firstHome: false };
    const gov = computeAffordability({ ...input, sector: "government" }, rules).maxFinancing;
    expect(computeAffordability({ ...input, sector: "military" }, rules).maxFinancing).toBe(gov);
    const changed = structuredClone(rules);
    changed.dbr.bands[1].caps.military.standard.value = 60;
    // 18,000 × 60 % = 10,800 → 10,800 × 162.84325 = 1,758,707.05 → 1,758,707.
    expect(computeAffordability({ ...input, sector: "military" }, changed).maxFinancing).toBe(1_758_707);
  });

  it("annuity: the standard formula, and principal / months at 0 %", () => {
    expect(annuity(100_000, 0.01, 12)).toBeCloseTo(8_884.88, 2);
    expect(annuity(120_000, 0, 12)).toBe(10_000);
    expect(annuity(0, 0.01, 12)).toBe(0);
  });
});

describe("config/affordability.json", () => {
  it("is valid, covers every income and dates and sources every figure", () => {
    expect(shipped.dbr.bands.at(-1)?.upToIncome).toBeNull();
    expect(shipped.dbr.bands.some((b) => b.upToIncome === 15_000)).toBe(true);
    expect(shipped.redf.supportBands.at(-1)?.upToIncome).toBeNull();
    expect(shipped.ltv.citizenFirstHome.value).toBe(90);
    expect(shipped.transactionTax.firstHomeExemptUpTo.value).toBe(1_000_000);
  });

  it("refuses bands that leave incomes out, and figures without a source", () => {
    const raw = JSON.parse(readFileSync(FILE, "utf8"));
    raw.dbr.bands[raw.dbr.bands.length - 1].upToIncome = 50_000;
    delete raw.ltv.otherHomes.sourceUrl;
    const parsed = affordabilityRulesSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["dbr.bands", "ltv.otherHomes.sourceUrl"]));
  });
});

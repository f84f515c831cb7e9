/**
 * What a buyer can afford, by the Saudi rules in config/affordability.json (docs/affordability.md,
 * docs/decisions/065-affordability-rules-as-data.md). Pure: no I/O and no zod, so the server (GET /api/affordability),
 * the page's loader and the page's island in the browser all run this one function.
 *
 * Input (AffordabilityInput): price, monthly salary, other monthly income and existing monthly obligations in whole
 * SAR (≥ 0; price ≥ 1), the sector, whether it is a citizen's first home, whether the buyer is REDF-eligible, the
 * tenor in years and the annual profit rate in % (0 allowed). Validation is the query schema's job
 * (domain/schemas/affordability.ts); this function trusts its input.
 *
 * The rules, in order:
 * 1. Counted income = salary + otherIncomeShare % of other income (SAMA: half of verified other income).
 * 2. The debt-burden cap of the income band and sector (the REDF cap when REDF applies) bounds all monthly
 *    obligations: the largest new instalment = income × cap % − existing obligations (none below 0).
 * 3. Financing that instalment repays = instalment × (1 − (1 + r)^−n) / r, r the monthly rate, n the months
 *    (instalment × n at 0 %): the standard annuity formula.
 * 4. Loan-to-value: 90 % of the price for a citizen's first home, 70 % otherwise; a REDF beneficiary's first home up
 *    to SAR 800,000 needs only 5 % down (95 %). Figures from the rules file.
 * 5. maxFinancing = the smaller of 3 and 4, rounded down; downPayment = price − maxFinancing;
 *    monthlyInstalment = the annuity of maxFinancing, rounded to the riyal.
 * 6. REDF support (REDF-eligible buyers buying a first home only): the band's % (by salary) of the monthly profit on
 *    the first SAR 500,000 financed: % × (annuity(S) − S / n), S = min(maxFinancing, 500,000), rounded.
 * 7. Transaction tax: 5 % of the price; on a citizen's first home only on the part above SAR 1,000,000.
 *
 * Output: the five amounts in whole SAR, each with a one-line Arabic explanation and its rule's source, the years
 * and rate used, and the rules' version. Amounts shown in text use Arabic-Indic digits (format.ts).
 */
import type { AffordabilityRules, RuleFigure } from "./affordability-rules.ts";
import { cleanNumber } from "./digits.ts";
import { countNoun, formatNumber, formatSAR, NOUNS } from "./format.ts";

export interface AffordabilityInput {
  /** SAR. */
  price: number;
  /** SAR a month. */
  salary: number;
  /** Verified other income, SAR a month. */
  otherIncome: number;
  /** Existing monthly credit obligations, SAR a month. */
  obligations: number;
  sector: AffordabilitySector;
  /** A Saudi citizen's first home. */
  firstHome: boolean;
  /** Eligible for REDF's subsidised mortgage. */
  redf: boolean;
  years: number;
  /** Annual profit rate, %. */
  rate: number;
}

/** The four employment sectors the calculator asks for (حكومي، خاص، عسكري، متقاعد). */
export const AFFORDABILITY_SECTORS = ["government", "private", "military", "retired"] as const;
export type AffordabilitySector = (typeof AFFORDABILITY_SECTORS)[number];

/** The sectors' Arabic labels (the form's choices). */
export const SECTOR_LABELS: Record<AffordabilitySector, string> = {
  government: "حكومي",
  private: "خاص",
  military: "عسكري",
  retired: "متقاعد",
};

/** The accepted range of each numeric input (SAR, SAR a month, years, % a year) and whether it must be whole. */
export const AFFORDABILITY_LIMITS = {
  price: { min: 1, max: 100_000_000, whole: true },
  salary: { min: 0, max: 10_000_000, whole: true },
  otherIncome: { min: 0, max: 10_000_000, whole: true },
  obligations: { min: 0, max: 10_000_000, whole: true },
  years: { min: 1, max: 30, whole: true },
  rate: { min: 0, max: 30, whole: false },
} as const;
export type AffordabilityNumberField = keyof typeof AFFORDABILITY_LIMITS;

/**
 * A typed value of `field` as a number within its limits: Arabic-Indic digits, spaces and thousands separators are
 * accepted (digits.ts cleanNumber). Undefined when nothing was typed; null when it is not such a number. The one
 * reading of these inputs: the query schema (schemas/affordability.ts) and the page's island both use it.
 */
export function readAffordabilityNumber(field: AffordabilityNumberField, raw: string): number | null | undefined {
  const cleaned = cleanNumber(raw);
  if (cleaned === "") return undefined;
  const { min, max, whole } = AFFORDABILITY_LIMITS[field];
  const value = /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  return value >= min && value <= max && (!whole || Number.isInteger(value)) ? value : null;
}

export const AFFORDABILITY_FIELDS = [
  "maxFinancing",
  "downPayment",
  "monthlyInstalment",
  "redfSupport",
  "transactionTax",
] as const;
export type AffordabilityField = (typeof AFFORDABILITY_FIELDS)[number];

/** Why an amount is what it is, and the rule it follows. */
export interface AffordabilityDetail {
  explanation: string;
  sourceName: string;
  sourceUrl: string;
}

export type AffordabilityResult = Record<AffordabilityField, number> & {
  details: Record<AffordabilityField, AffordabilityDetail>;
  years: number;
  rate: number;
  rulesVersion: string;
};

const pct = (value: number) => `${formatNumber(value)}٪`;
const detail = (explanation: string, figure: RuleFigure): AffordabilityDetail => ({
  explanation,
  sourceName: figure.sourceName,
  sourceUrl: figure.sourceUrl,
});

/** The band of `income` (bands ascending, the last open: affordability-rules.ts). */
function bandOf<T extends { upToIncome: number | null }>(bands: readonly T[], income: number): T {
  return bands.find((band) => band.upToIncome === null || income <= band.upToIncome) ?? bands[bands.length - 1];
}

/** The monthly instalment repaying `principal` over `months` at monthly rate `r` (annuity), SAR, unrounded. */
export function annuity(principal: number, r: number, months: number): number {
  if (principal <= 0) return 0;
  return r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
}

/** See the module's docstring. */
export function computeAffordability(input: AffordabilityInput, rules: AffordabilityRules): AffordabilityResult {
  const { price, years, rate } = input;
  const months = years * 12;
  const r = rate / 100 / 12;
  const redfApplies = input.redf && input.firstHome;

  // 1–3: what the income allows.
  const income = input.salary + (input.otherIncome * rules.income.otherIncomeShare.value) / 100;
  const capFigure = bandOf(rules.dbr.bands, income).caps[input.sector][redfApplies ? "redf" : "standard"];
  const room = (income * capFigure.value) / 100 - input.obligations;
  const byIncome = room <= 0 ? 0 : Math.floor(r === 0 ? room * months : (room * (1 - (1 + r) ** -months)) / r);

  // 4: what the price allows.
  const redfDown = rules.redf.downPayment;
  const lowDown = redfApplies && price <= redfDown.maxPrice.value;
  const ltvFigure = input.firstHome ? rules.ltv.citizenFirstHome : rules.ltv.otherHomes;
  const ltv = lowDown ? 100 - redfDown.percent.value : ltvFigure.value;
  const byPrice = Math.floor((price * ltv) / 100);

  // 5
  const maxFinancing = Math.min(byIncome, byPrice);
  const downPayment = price - maxFinancing;
  const monthlyInstalment = Math.round(annuity(maxFinancing, r, months));
  const cap = pct(capFigure.value);
  const maxFinancingDetail =
    room <= 0
      ? detail(`التزاماتك الحالية تبلغ حد ${cap} من دخلك المحتسب، فلا يتسع لقسط جديد`, capFigure)
      : byIncome < byPrice
        ? detail(
            `ما يسدده قسط لا تتجاوز معه التزاماتك ${cap} من دخلك المحتسب (${formatSAR(Math.floor(income))} شهريًا)`,
            capFigure,
          )
        : detail(`الحد الأعلى ${pct(ltv)} من سعر العقار، ودخلك يتسع لقسطه`, lowDown ? redfDown.percent : ltvFigure);

  // 6
  const supported = Math.min(maxFinancing, rules.redf.supportedPrincipal.value);
  const supportFigure = bandOf(rules.redf.supportBands, input.salary).percent;
  const redfSupport = redfApplies
    ? Math.round((supportFigure.value / 100) * (annuity(supported, r, months) - supported / months))
    : 0;
  const redfDetail = redfApplies
    ? detail(
        `يدفع الصندوق شهريًا ${pct(supportFigure.value)} من أرباح أول ${formatSAR(rules.redf.supportedPrincipal.value)} من التمويل`,
        supportFigure,
      )
    : detail(
        input.redf ? "لا ينطبق: دعم الصندوق لشراء المسكن الأول فقط" : "لا ينطبق: لم تختر أنك مستحق لدعم الصندوق",
        rules.redf.supportedPrincipal,
      );

  // 7
  const tax = rules.transactionTax;
  const exemptUpTo = tax.firstHomeExemptUpTo.value;
  const taxable = input.firstHome ? Math.max(0, price - exemptUpTo) : price;
  const transactionTax = Math.round((taxable * tax.percent.value) / 100);
  const taxDetail = !input.firstHome
    ? detail(`${pct(tax.percent.value)} من سعر العقار`, tax.percent)
    : taxable === 0
      ? detail(`تتحمل الدولة الضريبة عن المسكن الأول حتى ${formatSAR(exemptUpTo)}`, tax.firstHomeExemptUpTo)
      : detail(
          `${pct(tax.percent.value)} على ما يزيد عن ${formatSAR(exemptUpTo)}، وتتحمل الدولة الباقي عن المسكن الأول`,
          tax.firstHomeExemptUpTo,
        );

  return {
    maxFinancing,
    downPayment,
    monthlyInstalment,
    redfSupport,
    transactionTax,
    details: {
      maxFinancing: maxFinancingDetail,
      downPayment: detail(
        `سعر العقار ناقص التمويل، ولا تقل عن ${pct(100 - ltv)} من السعر`,
        lowDown ? redfDown.percent : ltvFigure,
      ),
      monthlyInstalment: detail(
        `قسط ثابت لمدة ${countNoun(years, NOUNS.year)} بهامش ربح سنوي ${pct(rate)}`,
        rules.defaults.annualRate,
      ),
      redfSupport: redfDetail,
      transactionTax: taxDetail,
    },
    years,
    rate,
    rulesVersion: rules.version,
  };
}

import { describe, expect, it } from "vitest";
import {
  arabicIndicDigits,
  countNoun,
  formatDateLong,
  formatFloor,
  formatHijri,
  formatSAR,
  formatYear,
  NOUNS,
} from "./format.ts";

describe("formatters (SPEC §9, resolution 9)", () => {
  it("formats SAR in the Arabic-Saudi locale without decimals", () => {
    const text = formatSAR(1250000.6);
    expect(text).toContain("١٬٢٥٠٬٠٠١");
    expect(text).toMatch(/ر\.س/);
  });

  it("formats dates with Arabic Gregorian month names in Jeddah time", () => {
    expect(formatDateLong("2026-03-15T22:30:00Z")).toMatch(/١٦ مارس ٢٠٢٦/);
  });

  it("falls back to 'تاريخ غير محدد' for a missing or invalid date (SPEC §2.3)", () => {
    expect(formatDateLong(null)).toBe("تاريخ غير محدد");
    expect(formatDateLong("not a date")).toBe("تاريخ غير محدد");
  });

  it("gives the Hijri date beside it", () => {
    expect(formatHijri("2026-03-15T12:00:00Z")).toMatch(/هـ/);
  });
});

describe("digits of a text read in Arabic (resolution 11)", () => {
  it("writes a version and an address's post code in Arabic-Indic digits, keeping every other character", () => {
    expect(arabicIndicDigits("2026-11-01")).toBe("٢٠٢٦-١١-٠١");
    expect(arabicIndicDigits("طريق الملك عبدالعزيز، جدة 23411")).toBe("طريق الملك عبدالعزيز، جدة ٢٣٤١١");
    expect(arabicIndicDigits("الإصدار ٣")).toBe("الإصدار ٣");
    expect(arabicIndicDigits("")).toBe("");
  });
});

describe("floors", () => {
  it("names the ground floor and basements instead of a lone ٠", () => {
    expect([0, -1, 3].map(formatFloor)).toEqual(["الأرضي", "القبو ١", "٣"]);
    expect(formatYear(2026)).toBe("٢٠٢٦");
  });
});

describe("counted nouns (resolution 11, Intl.PluralRules ar)", () => {
  it("agrees the noun with 0, 1, 2, 3, 11 and 100 and writes Arabic-Indic digits", () => {
    const forms = [0, 1, 2, 3, 11, 100].map((n) => countNoun(n, NOUNS.unit));
    expect(forms).toEqual(["٠ وحدة", "وحدة واحدة", "وحدتان", "٣ وحدات", "١١ وحدة", "١٠٠ وحدة"]);
  });

  it("uses the sound plural for 3–10 and 103–110, the singular for 11–99", () => {
    expect(countNoun(10, NOUNS.row)).toBe("١٠ صفوف");
    expect(countNoun(103, NOUNS.project)).toBe("١٠٣ مشاريع");
    expect(countNoun(25, NOUNS.campaign)).toBe("٢٥ حملة");
    expect(countNoun(11, NOUNS.file)).toBe("١١ ملفًا");
    expect(countNoun(2, NOUNS.unit, { oblique: true })).toBe("وحدتين");
    expect(countNoun(50, NOUNS.character)).toBe("٥٠ حرفًا");
    expect(countNoun(8, NOUNS.second, { oblique: true })).toBe("٨ ثوانٍ");
    expect(countNoun(2, NOUNS.year)).toBe("سنتان");
    expect(countNoun(1, NOUNS.project)).toBe("مشروع واحد");
  });

  it("groups large counts with Arabic-Indic digits", () => {
    expect(countNoun(5000, NOUNS.row)).toBe("٥٬٠٠٠ صف");
  });
});

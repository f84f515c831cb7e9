import { describe, expect, it } from "vitest";
import { formatDateLong, formatHijri, formatSAR } from "./format.ts";

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

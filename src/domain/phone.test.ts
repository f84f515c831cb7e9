import { describe, expect, it } from "vitest";
import { digitsOnly } from "./digits.ts";
import { formatSaudiPhone, normalizeSaudiPhone } from "./phone.ts";

describe("Saudi phone rule (ARCHITECTURE resolution 3)", () => {
  it.each([
    ["0501234567", "+966501234567"],
    ["501234567", "+966501234567"],
    ["+966501234567", "+966501234567"],
    ["966501234567", "+966501234567"],
    ["00966501234567", "+966501234567"],
    ["050 123 4567", "+966501234567"],
    ["٠٥٠١٢٣٤٥٦٧", "+966501234567"],
    ["0126000000", "+966126000000"],
  ])("accepts %s as %s", (input, e164) => {
    expect(normalizeSaudiPhone(input)).toBe(e164);
  });

  it.each(["", "12345", "0401234567", "+14155552671", "05012345678901", "abc0501234567"])("refuses %s", (input) => {
    expect(normalizeSaudiPhone(input)).toBeNull();
  });

  it("shows numbers in +966 form", () => {
    expect(formatSaudiPhone("+966501234567")).toBe("+966 50 123 4567");
  });

  it("keeps digits only, converting Arabic-Indic digits, up to a length (SPEC §5.1)", () => {
    expect(digitsOnly("٠٥-٠١ 23abc4567", 10)).toBe("0501234567");
    expect(digitsOnly("05012345678", 10)).toBe("0501234567");
  });
});

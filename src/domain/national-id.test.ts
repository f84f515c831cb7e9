import { describe, expect, it } from "vitest";
import { maskSaudiId, normalizeSaudiId, saudiIdKind } from "./national-id.ts";

describe("Saudi national ID and iqama check digit", () => {
  // Worked by hand: 1 0 0 0 0 0 0 0 0 x → doubled odd positions 2+0+0+0+0 = 2, so x = 8 makes 10.
  it.each([
    ["1000000008", "1000000008"],
    ["2000000006", "2000000006"], // 4 + 6 = 10
    ["1234567897", "1234567897"], // 2+2+6+4+1+6+5+8+7+7 … = 50
    ["١٠٠٠٠٠٠٠٠٨", "1000000008"],
    ["1000 000 008", "1000000008"],
  ])("accepts %s", (input, expected) => {
    expect(normalizeSaudiId(input)).toBe(expected);
  });

  it.each([
    "1000000007", // wrong check digit
    "3000000004", // neither citizen (1) nor resident (2)
    "100000008", // nine digits
    "10000000080",
    "10000000a8",
    "",
  ])("refuses %s", (input) => {
    expect(normalizeSaudiId(input)).toBeNull();
  });

  it("tells citizen from resident and masks to the last four digits", () => {
    expect(saudiIdKind("1000000008")).toBe("citizen");
    expect(saudiIdKind("2000000006")).toBe("resident");
    expect(maskSaudiId("0008")).toBe("••••••0008");
  });
});

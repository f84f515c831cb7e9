import { describe, expect, it } from "vitest";
import { normalizeSearchText, phoneSearchDigits, SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "./search.ts";

describe("normalizeSearchText", () => {
  it("folds alef forms, taa marbuta, alef maqsura, digits, tatweel and harakat", () => {
    expect(normalizeSearchText("أبحر")).toBe(normalizeSearchText("ابحر"));
    expect(normalizeSearchText("إسكان آمن")).toBe("اسكان امن");
    expect(normalizeSearchText("الروضة")).toBe(normalizeSearchText("الروضه"));
    expect(normalizeSearchText("مستشفى")).toBe("مستشفي");
    expect(normalizeSearchText("جـــدة")).toBe("جده");
    expect(normalizeSearchText("مُحَمَّد")).toBe("محمد");
    expect(normalizeSearchText("  برج   ٢٠٢٦ ")).toBe("برج 2026");
    expect(normalizeSearchText("Al-Safa")).toBe("al-safa");
  });

  it("pairs every folded character with exactly one replacement", () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length);
  });
});

describe("phoneSearchDigits", () => {
  it("reduces a Saudi number typed in any form to its national digits", () => {
    for (const typed of [
      "0541112233",
      "541112233",
      "966541112233",
      "+966541112233",
      "00966541112233",
      "054 111 2233",
      "٠٥٤١١١٢٢٣٣",
    ]) {
      expect(phoneSearchDigits(typed)).toBe("541112233");
    }
    expect(phoneSearchDigits("2233")).toBe("2233");
  });

  it("ignores queries that are not phone numbers", () => {
    expect(phoneSearchDigits("أحمد")).toBeNull();
    expect(phoneSearchDigits("05")).toBeNull();
    expect(phoneSearchDigits("a1234")).toBeNull();
  });
});

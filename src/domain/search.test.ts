import { describe, expect, it } from "vitest";
import { FOLD_FROM, FOLD_TO, foldSearchText, phoneSearchDigits } from "./search.ts";

describe("search folding", () => {
  it("folds alef variants, taa marbuta, alef maqsura, digits, tatweel and diacritics", () => {
    expect(foldSearchText("أبحر")).toBe(foldSearchText("ابحر"));
    expect(foldSearchText("إسكان آمن")).toBe("اسكان امن");
    expect(foldSearchText("الروضة")).toBe(foldSearchText("الروضه"));
    expect(foldSearchText("مستشفى")).toBe("مستشفي");
    expect(foldSearchText("جـــدة")).toBe("جده");
    expect(foldSearchText("مُجَمَّعٌ")).toBe("مجمع");
    expect(foldSearchText("برج ٢٢ و ۳")).toBe("برج 22 و 3");
    expect(foldSearchText("Palm RESIDENCE")).toBe("palm residence");
  });

  it("maps one character to one (the SQL translate table): mapped first, removed after", () => {
    expect(FOLD_FROM.length).toBeGreaterThan(FOLD_TO.length);
    expect(new Set(FOLD_FROM).size).toBe(FOLD_FROM.length);
  });

  it("reduces a phone typed in any form to its national digits", () => {
    for (const typed of [
      "0541112233",
      "541112233",
      "966541112233",
      "+966 54 111 2233",
      "00966541112233",
      "٠٥٤١١١٢٢٣٣",
    ]) {
      expect(phoneSearchDigits(typed), typed).toBe("541112233");
    }
    expect(phoneSearchDigits("نورة")).toBeNull();
    expect(phoneSearchDigits("05")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { FOLD_FROM, FOLD_TO, foldSearchText } from "./search.ts";

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
});

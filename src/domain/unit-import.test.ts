import { describe, expect, it } from "vitest";
import { unitSchema } from "./schemas/unit.ts";
import {
  importSummary,
  isBlankRow,
  mapHeaders,
  normalizeDigits,
  parseDirections,
  parseNumberCell,
  parseStatus,
  rowToInput,
  TEMPLATE_COLUMNS,
} from "./unit-import.ts";

describe("mapHeaders", () => {
  it("recognises the Arabic and the English names of every template column", () => {
    const arabic = mapHeaders(TEMPLATE_COLUMNS.map((c) => c.arabic));
    const english = mapHeaders(TEMPLATE_COLUMNS.map((c) => c.english));
    for (const [index, column] of TEMPLATE_COLUMNS.entries()) {
      expect(arabic.columns[column.field]).toBe(index);
      expect(english.columns[column.field]).toBe(index);
    }
    expect(arabic.unrecognised).toEqual([]);
  });

  it("ignores case, spacing, BOM, '*' marks, hints in brackets and alef/teh-marbuta variants", () => {
    const mapping = mapHeaders(["\uFEFFUnit Number *", "السعر (ريال)", "المساحه الاجماليه", "TOTAL_AREA", "ملاحظات"]);
    expect(mapping.columns).toEqual({ unitNumber: 0, price: 1, totalArea: 2 });
    expect(mapping.unrecognised).toEqual(["ملاحظات"]);
  });
});

describe("cell parsing", () => {
  it("turns Arabic-Indic digits and separators into plain numbers", () => {
    expect(normalizeDigits("١٢٣٫٥")).toBe("123.5");
    expect(parseNumberCell("٨٥٠٬٠٠٠")).toBe("850000");
    expect(parseNumberCell("1,250,000")).toBe("1250000");
    expect(parseNumberCell(42)).toBe(42);
    expect(parseNumberCell("  ")).toBeNull();
  });

  it("maps statuses and directions given in Arabic or English to the stored Arabic values", () => {
    expect(parseStatus("Sold")).toBe("مباعة");
    expect(parseStatus("محجوز")).toBe("محجوزة");
    expect(parseStatus("")).toBe("");
    expect(parseStatus("later")).toBe("later");
    expect(parseDirections("شمال، شرق")).toEqual(["شمال", "شرق"]);
    expect(parseDirections("north-east; SW / west")).toEqual(["شمال شرق", "جنوب غرب", "غرب"]);
    expect(parseDirections("فوق")).toEqual(["فوق"]);
  });

  it("detects blank rows", () => {
    expect(isBlankRow([null, "", "  "])).toBe(true);
    expect(isBlankRow([null, 0])).toBe(false);
  });
});

describe("a row through the unit schema", () => {
  const columns = mapHeaders(["رقم الوحدة", "المبنى", "الحالة", "الغرف", "الدور", "المساحة الخاصة", "الاتجاه"]).columns;

  it("gives the form's values: defaults, nulls for empty cells, canonical directions", () => {
    const input = rowToInput([101, " A ", "", "", "", "", "شرق، شمال، شرق"], columns);
    const parsed = unitSchema.parse({ ...input, projectId: 7 });
    expect(parsed).toMatchObject({
      projectId: 7,
      unitNumber: "101",
      building: "A",
      status: "متاحة",
      rooms: null,
      floor: null,
      privateArea: null,
      direction: ["شمال", "شرق"],
    });
  });

  it("rejects what the form rejects: rooms 0, floor 51, an area off the 0.01 step", () => {
    const input = rowToInput(["1", "A", "", "0", "51", "10.005", ""], columns);
    const result = unitSchema.safeParse({ ...input, projectId: 1 });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["floor", "privateArea", "rooms"]);
  });
});

describe("importSummary", () => {
  it("says what happened in Arabic", () => {
    expect(importSummary(20, 0)).toBe("تم استيراد ٢٠ وحدة بنجاح");
    expect(importSummary(20, 1)).toBe("تم استيراد ٢٠ وحدة وتخطي صف واحد");
    expect(importSummary(2, 2)).toBe("تم استيراد وحدتين وتخطي صفين");
    expect(importSummary(0, 3)).toBe("لم يتم استيراد أي وحدة، تم تخطي ٣ صفوف");
  });
});

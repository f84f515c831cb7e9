import { describe, expect, it } from "vitest";
import { areaText, fileSizeText, placeText, roomsText, yearsText } from "./project-display.ts";

const single = { rooms: 4, roomsMin: null, roomsMax: null, roomsType: "single" as const };

describe("project display texts (SPEC §2.6)", () => {
  it("shows rooms as a single value or a range", () => {
    expect(roomsText(single)).toBe("٤");
    expect(roomsText({ rooms: null, roomsMin: 5, roomsMax: 7, roomsType: "range" })).toBe("٥ - ٧");
    expect(roomsText({ rooms: null, roomsMin: null, roomsMax: null, roomsType: "range" })).toBeNull();
  });

  it("uses م for linear metres and م² otherwise", () => {
    const base = { areaSize: 25, areaSizeMin: null, areaSizeMax: null, areaType: "single" as const };
    expect(areaText({ ...base, areaUnit: "m" })).toBe("٢٥ م");
    expect(areaText({ ...base, areaUnit: "m2" })).toBe("٢٥ م²");
    expect(
      areaText({ ...base, areaSize: null, areaSizeMin: 300, areaSizeMax: 420, areaType: "range", areaUnit: "m2" }),
    ).toBe("٣٠٠ - ٤٢٠ م²");
    expect(areaText({ ...base, areaSize: null, areaUnit: "m2" })).toBeNull();
  });

  it("joins city and district", () => {
    expect(placeText({ city: "جدة", district: "الشاطئ" })).toBe("جدة - الشاطئ");
    expect(placeText({ city: "جدة", district: " " })).toBe("جدة");
    expect(placeText({ city: null, district: null })).toBeNull();
  });
});

describe("yearsText", () => {
  it("agrees the counted noun with the number", () => {
    expect(yearsText(1)).toBe("سنة واحدة");
    expect(yearsText(2)).toBe("سنتان");
    expect(yearsText(5)).toBe("٥ سنوات");
    expect(yearsText(20)).toBe("٢٠ سنة");
  });

  it("writes a brochure size in Arabic units with Arabic-Indic digits", () => {
    expect(fileSizeText(2_516_582)).toBe("٢٫٤ ميغابايت");
    expect(fileSizeText(819_200)).toBe("٨٠٠ كيلوبايت");
    expect(fileSizeText(10)).toBe("١ كيلوبايت");
    expect(fileSizeText(null)).toBeNull();
  });
});

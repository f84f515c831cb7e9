import { describe, expect, it } from "vitest";
import {
  INITIAL_UNITS_VIEW,
  nextUnitsView,
  parseUnitsView,
  type UnitsView,
  unitsViewHref,
  visibleUnits,
} from "./units-view.ts";

const units = [
  { id: 1, status: "متاحة" },
  { id: 2, status: "محجوزة" },
  { id: 3, status: "مباعة" },
  { id: 4, status: "متاحة" },
  { id: 5, status: "متاحة" },
  { id: 6, status: "مباعة" },
  { id: 7, status: "محجوزة" },
  { id: 8, status: "متاحة" },
];

describe("units view (SPEC §4.7)", () => {
  it("shows 3 of all units at first", () => {
    const v = visibleUnits(units, INITIAL_UNITS_VIEW);
    expect(v.shown.map((u) => u.id)).toEqual([1, 2, 3]);
    expect(v).toMatchObject({ matching: 8, canShowMore: true, canCollapse: false });
  });

  it("«المزيد» adds 3, until every matching unit is shown", () => {
    const six = nextUnitsView(INITIAL_UNITS_VIEW, { type: "more" });
    expect(six.shown).toBe(6);
    expect(visibleUnits(units, six).shown).toHaveLength(6);
    const nine = nextUnitsView(six, { type: "more" });
    const v = visibleUnits(units, nine);
    expect(v.shown).toHaveLength(8);
    expect(v).toMatchObject({ canShowMore: false, canCollapse: true });
  });

  it("«إخفاء» collapses to 3 and keeps the filter", () => {
    const view: UnitsView = { filter: "available", shown: 9 };
    expect(nextUnitsView(view, { type: "collapse" })).toEqual({ filter: "available", shown: 3 });
  });

  it("changing the filter resets the count to 3", () => {
    expect(nextUnitsView({ filter: "all", shown: 9 }, { type: "filter", filter: "sold" })).toEqual({
      filter: "sold",
      shown: 3,
    });
  });

  it("filters by the stored Arabic status", () => {
    expect(visibleUnits(units, { filter: "available", shown: 3 }).shown.map((u) => u.id)).toEqual([1, 4, 5]);
    expect(visibleUnits(units, { filter: "available", shown: 3 }).canShowMore).toBe(true);
    expect(visibleUnits(units, { filter: "reserved", shown: 3 })).toMatchObject({ matching: 2, canShowMore: false });
    expect(visibleUnits(units, { filter: "sold", shown: 3 }).shown.map((u) => u.id)).toEqual([3, 6]);
    expect(visibleUnits([], INITIAL_UNITS_VIEW)).toMatchObject({ matching: 0, canShowMore: false, canCollapse: false });
  });

  it("reads the view from the URL and falls back on anything unknown", () => {
    expect(parseUnitsView(new URLSearchParams(""))).toEqual(INITIAL_UNITS_VIEW);
    expect(parseUnitsView(new URLSearchParams("units=sold&shown=6"))).toEqual({ filter: "sold", shown: 6 });
    expect(parseUnitsView(new URLSearchParams("units=toString&shown=-4"))).toEqual(INITIAL_UNITS_VIEW);
    expect(parseUnitsView(new URLSearchParams("shown=7")).shown).toBe(9);
    expect(parseUnitsView(new URLSearchParams("shown=abc")).shown).toBe(3);
  });

  it("builds links that round-trip and keep other parameters", () => {
    const current = new URLSearchParams("utm_source=x&units=sold&shown=9");
    const href = unitsViewHref(current, { filter: "reserved", shown: 6 });
    expect(href).toBe("?utm_source=x&units=reserved&shown=6#units");
    expect(parseUnitsView(new URLSearchParams(href.slice(1, href.indexOf("#"))))).toEqual({
      filter: "reserved",
      shown: 6,
    });
    expect(unitsViewHref(new URLSearchParams(""), INITIAL_UNITS_VIEW)).toBe("?#units");
  });
});

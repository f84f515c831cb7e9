/**
 * The units filter and paging of the project page (SPEC §4.7), as pure functions over a small view state.
 * The state lives in the URL (?units=<filter>&shown=<count>) so the filter buttons are plain links that
 * work before (and without) JavaScript; `unitsViewHref` builds those links, `parseUnitsView` reads them back.
 */
import { UNITS_PAGE_SIZE } from "#domain/constants.ts";
import { UNIT_FILTERS, type UnitFilter } from "#domain/project-rules.ts";

/** Which units the visitor sees: a filter and how many of the matching units are shown. */
export interface UnitsView {
  filter: UnitFilter;
  /** Units shown, a positive multiple of UNITS_PAGE_SIZE (3). */
  shown: number;
}

export type UnitsViewAction = { type: "filter"; filter: UnitFilter } | { type: "more" } | { type: "collapse" };

/** Arabic labels of the four filter values, in display order. */
export const UNIT_FILTER_LABELS: Record<UnitFilter, string> = {
  all: "الكل",
  available: "متاحة",
  reserved: "محجوزة",
  sold: "مباعة",
};

export const UNIT_FILTER_ORDER: readonly UnitFilter[] = ["all", "available", "reserved", "sold"];

export const INITIAL_UNITS_VIEW: UnitsView = { filter: "all", shown: UNITS_PAGE_SIZE };

/**
 * The next view after an action (SPEC §4.7): changing the filter resets to 3, "المزيد" adds 3, "إخفاء" collapses to 3.
 */
export function nextUnitsView(view: UnitsView, action: UnitsViewAction): UnitsView {
  switch (action.type) {
    case "filter":
      return { filter: action.filter, shown: UNITS_PAGE_SIZE };
    case "more":
      return { ...view, shown: view.shown + UNITS_PAGE_SIZE };
    case "collapse":
      return { ...view, shown: UNITS_PAGE_SIZE };
  }
}

export interface VisibleUnits<T> {
  /** The units to render, in the given order. */
  shown: T[];
  /** How many units match the filter. */
  matching: number;
  /** Whether "المزيد" applies (more matching units than shown). */
  canShowMore: boolean;
  /** Whether "إخفاء" applies (more than 3 shown and more than 3 matching). */
  canCollapse: boolean;
}

/** Applies the view to a list of units: filter by status, then take the first `shown`. */
export function visibleUnits<T extends { status: string }>(units: readonly T[], view: UnitsView): VisibleUnits<T> {
  const status = UNIT_FILTERS[view.filter];
  const matching = status === null ? [...units] : units.filter((u) => u.status === status);
  const shown = matching.slice(0, view.shown);
  return {
    shown,
    matching: matching.length,
    canShowMore: matching.length > view.shown,
    canCollapse: view.shown > UNITS_PAGE_SIZE && matching.length > UNITS_PAGE_SIZE,
  };
}

function isUnitFilter(value: string | null): value is UnitFilter {
  return value !== null && Object.hasOwn(UNIT_FILTERS, value);
}

/** Reads the view from the page URL's search parameters; anything unknown falls back to the initial view. */
export function parseUnitsView(params: URLSearchParams): UnitsView {
  const filterParam = params.get("units");
  const filter = isUnitFilter(filterParam) ? filterParam : "all";
  const requested = Number.parseInt(params.get("shown") ?? "", 10);
  const shown =
    Number.isFinite(requested) && requested > UNITS_PAGE_SIZE
      ? Math.ceil(Math.min(requested, 10_000) / UNITS_PAGE_SIZE) * UNITS_PAGE_SIZE
      : UNITS_PAGE_SIZE;
  return { filter, shown };
}

/**
 * The link (search + hash, relative to the current page) that shows `view`, keeping the other search parameters.
 * The initial values are left out so the canonical page URL stays clean.
 */
export function unitsViewHref(current: URLSearchParams, view: UnitsView, hash = "#units"): string {
  const params = new URLSearchParams(current);
  params.delete("units");
  params.delete("shown");
  if (view.filter !== "all") params.set("units", view.filter);
  if (view.shown !== UNITS_PAGE_SIZE) params.set("shown", String(view.shown));
  const search = params.toString();
  return `?${search}${hash}`;
}

/**
 * The project page's availability widget's contract (docs/decisions/099-availability-after-first-paint.md): the
 * island name, the data attributes the markup writes and the island reads, the query parameter of the no-JavaScript
 * link to another building's grid, and the cell classes both sides draw a unit with (one list, so a grid drawn by
 * the island looks like the one the server drew).
 */
import type { UnitStatus } from "#domain/project-rules.ts";
import type { WidgetContract } from "~/public/islands/contract.ts";

export const AVAILABILITY = {
  island: "availability",
  attrs: {
    /** On the root: the project's id (the island fetches GET /api/projects/{id}/inventory). */
    project: "data-availability-project",
    /** On a building not drawn by the server: its name (its grid is drawn there after the first paint). */
    building: "data-availability-building",
  },
} as const satisfies WidgetContract;

/** `/project/{id}?building=NAME#availability`: the project page drawing that building's grid (no JavaScript). */
export const AVAILABILITY_QUERY = "building";
export const AVAILABILITY_ANCHOR = "availability";

/** A unit cell's classes, and its colour per status (the status is also written out in the cell). */
export const CELL_CLASS = "grid min-w-24 gap-0.5 rounded-xl px-3 py-2 text-xs ring-1";
export const CELL_STATUS_CLASS: Record<UnitStatus, string> = {
  متاحة: "bg-success/15 text-ink ring-success/50",
  محجوزة: "bg-warning/20 text-ink ring-warning/60",
  مباعة: "bg-black/10 text-muted ring-black/20",
};
export const FLOORS_CLASS = "grid gap-2";
export const FLOOR_CLASS = "grid grid-cols-[6rem_1fr] items-start gap-2";
export const FLOOR_LABEL_CLASS = "pt-2 text-sm font-medium text-muted";
export const UNITS_CLASS = "flex flex-wrap gap-2";
export const UNIT_NUMBER_CLASS = "text-sm font-bold";

/** The href of a unit's page, and of the project page drawing `building`. */
export const unitHref = (projectId: number, unitId: number) => `/project/${projectId}/unit/${unitId}`;
export const buildingHref = (projectId: number, building: string) =>
  `/project/${projectId}?${AVAILABILITY_QUERY}=${encodeURIComponent(building)}#${AVAILABILITY_ANCHOR}`;

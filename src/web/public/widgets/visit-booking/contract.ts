/**
 * The names shared by the visit-booking markup (./visit-booking.tsx) and its island (./visit-booking.island.ts)
 * (docs/decisions/046-public-pages-as-islands.md; docs/decisions/088-site-visits.md).
 */
import type { WidgetContract } from "~/public/islands/contract.ts";

export const VISIT_BOOKING_ISLAND = "visit-booking";

export const VISIT_BOOKING_ATTRS = {
  /** On the picker: GET /api/projects/{id}/visit-slots without its query. */
  slotsUrl: "data-visit-slots-url",
  /** On each day link of the strip: its Riyadh date "YYYY-MM-DD". */
  day: "data-visit-day",
  /** On the list of times (radio buttons named `startsAt`). */
  times: "data-visit-times",
  /** On the line shown when a day has no free time left. */
  empty: "data-visit-empty",
} as const;

/** The form field of the chosen slot. */
export const VISIT_SLOT_FIELD = "startsAt";

/** The widget's contract for the islands registry (src/web/public/islands/registry.ts). */
export const VISIT_BOOKING = {
  island: VISIT_BOOKING_ISLAND,
  attrs: VISIT_BOOKING_ATTRS,
} as const satisfies WidgetContract;

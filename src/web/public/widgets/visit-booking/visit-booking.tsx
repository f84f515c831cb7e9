/**
 * The visit-booking widget's markup (docs/decisions/088-site-visits.md): stateless React, enhanced by
 * ./visit-booking.island.ts.
 * - `VisitBookingCta`: the «احجز موعد زيارة» section of the project, unit and campaign pages: a link to the booking
 *   page `/visit/book/{projectId}` carrying what the booking comes from (`unit`, `lp`, `c`) and the ad link's
 *   attribution parameters (utm_*, fbclid, ttclid, ScCid…: campaign/attribution.ts), so a booking without
 *   JavaScript is attributed as the page's enquiry form is (docs/conversions.md). Pages stay cacheable:
 *   the free times are read by the booking page, never cached (ARCHITECTURE resolution 24).
 * - `VisitSlotPicker`: the day strip (links `?day=YYYY-MM-DD`, so it works without JavaScript) and the free times of
 *   the chosen day as radio buttons named `startsAt`; the island swaps the times in place from the slots API.
 */
import { CalendarDays } from "lucide-react";
import { formatVisitClock, visitDayLabel } from "#domain/visit-format.ts";
import { VISIT_PLACE_LABELS, VISIT_TEXTS, type VisitPlaceKind } from "#domain/visits.ts";
import { type Attribution, attributionParams } from "~/public/campaign/attribution.ts";
import { VISIT_BOOKING_ATTRS, VISIT_BOOKING_ISLAND, VISIT_SLOT_FIELD } from "./contract.ts";

/**
 * Where a booking comes from: a unit page, a campaign (landing page and campaign ids), and the ad link's attribution
 * read from the page's URL.
 */
export interface VisitOrigin {
  unitId?: number;
  landingPageId?: number;
  campaignId?: number;
  attribution?: Attribution;
}

/** The booking page's path for `projectId` and `origin` (query `unit`, `lp`, `c`, the attribution's, `day`). */
export function visitBookingPath(projectId: number, origin: VisitOrigin = {}, day?: string): string {
  const query = new URLSearchParams();
  if (origin.unitId) query.set("unit", String(origin.unitId));
  if (origin.landingPageId) query.set("lp", String(origin.landingPageId));
  if (origin.campaignId) query.set("c", String(origin.campaignId));
  for (const [param, value] of attributionParams(origin.attribution ?? {})) query.set(param, value);
  if (day) query.set("day", day);
  const text = query.toString();
  return `/visit/book/${projectId}${text ? `?${text}` : ""}`;
}

/** The «احجز موعد زيارة» section: where visits happen and the link to book one. */
export function VisitBookingCta({
  projectId,
  placeKind,
  placeName,
  origin,
}: {
  projectId: number;
  placeKind: VisitPlaceKind;
  placeName: string;
  origin?: VisitOrigin;
}) {
  return (
    <section
      id="visit"
      aria-labelledby="visit-title"
      className="grid scroll-mt-24 gap-3 rounded-3xl bg-surface p-6 ring-1 ring-black/5"
    >
      <h2 id="visit-title" className="text-2xl font-bold text-ink">
        {VISIT_TEXTS.book}
      </h2>
      <p className="text-muted">
        زرنا في {VISIT_PLACE_LABELS[placeKind]}: <span className="font-medium text-ink">{placeName}</span>. اختر اليوم
        والوقت المناسبين في ثلاث خطوات.
      </p>
      <a
        href={visitBookingPath(projectId, origin)}
        data-testid="visit-booking-link"
        className="inline-flex items-center gap-2 justify-self-start rounded-xl bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-900"
      >
        <CalendarDays aria-hidden="true" className="size-5 shrink-0" />
        {VISIT_TEXTS.book}
      </a>
    </section>
  );
}

export interface PickerDay {
  /** Riyadh date "YYYY-MM-DD". */
  date: string;
  /** The day's link (the booking page with `?day=`). */
  href: string;
}

/** The day strip and the free times of `selected` (ISO starts at +03:00). */
export function VisitSlotPicker({
  slotsUrl,
  days,
  selected,
  times,
  chosen,
  error,
}: {
  slotsUrl: string;
  days: PickerDay[];
  selected: string | null;
  times: string[];
  chosen?: string;
  error?: string;
}) {
  return (
    <fieldset
      data-island={VISIT_BOOKING_ISLAND}
      {...{ [VISIT_BOOKING_ATTRS.slotsUrl]: slotsUrl }}
      className="grid min-w-0 gap-3"
      aria-describedby={error ? "visit-slot-error" : undefined}
    >
      <legend className="mb-2 font-bold text-ink">اختر اليوم والوقت</legend>
      <nav aria-label="الأيام المتاحة" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {days.map((day) => {
          const label = visitDayLabel(day.date);
          const current = day.date === selected;
          return (
            <a
              key={day.date}
              href={day.href}
              {...{ [VISIT_BOOKING_ATTRS.day]: day.date }}
              aria-current={current ? "date" : undefined}
              className="grid min-w-20 shrink-0 justify-items-center rounded-xl border border-black/15 px-3 py-2 text-sm text-ink aria-[current=date]:border-brand-700 aria-[current=date]:bg-brand-700 aria-[current=date]:text-white"
            >
              <span className="font-bold">{label.weekday}</span>
              <span>{label.date}</span>
            </a>
          );
        })}
      </nav>
      <div {...{ [VISIT_BOOKING_ATTRS.times]: "" }} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {times.map((startsAt) => (
          <label
            key={startsAt}
            className="flex items-center justify-center gap-2 rounded-xl border border-black/15 px-2 py-2.5 text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={VISIT_SLOT_FIELD}
              value={startsAt}
              defaultChecked={startsAt === chosen}
              required
              className="accent-brand-700"
            />
            {formatVisitClock(startsAt)}
          </label>
        ))}
      </div>
      <p {...{ [VISIT_BOOKING_ATTRS.empty]: "" }} hidden={times.length > 0} className="text-muted">
        لا توجد أوقات متاحة في هذا اليوم، اختر يومًا آخر.
      </p>
      {error && (
        <p id="visit-slot-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

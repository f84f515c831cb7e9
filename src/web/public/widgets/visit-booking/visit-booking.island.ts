/**
 * The visit-booking picker's behaviour (./visit-booking.tsx; docs/decisions/088-site-visits.md). Without it each day
 * of the strip is a link that reloads the booking page on that day; with it a tap on a day reads that day's slots from
 * GET /api/projects/{id}/visit-slots (never cached: ARCHITECTURE resolution 24), puts its free times in place of the
 * list, marks the day current and writes `?day=` into the address (so a reload keeps it). When the read fails the
 * link is followed as without the island. The picker's form gets the whole visit's attribution in its hidden "attr_*"
 * fields by the enquiry forms' own code path (campaign/attribution.ts `addAttribution`: the first page of the visit,
 * kept for the session, this page's parameters, what the server rendered). No React.
 */
import { formatVisitClock } from "#domain/visit-format.ts";
import { addAttribution } from "~/public/campaign/attribution.ts";
import { VISIT_BOOKING_ATTRS, VISIT_BOOKING_ISLAND, VISIT_SLOT_FIELD } from "./contract.ts";

interface Slot {
  startsAt: string;
  available: boolean;
}

/** One radio of a free time, as the markup renders it. */
function timeOption(startsAt: string): HTMLLabelElement {
  const label = document.createElement("label");
  label.className =
    "flex items-center justify-center gap-2 rounded-xl border border-black/15 px-2 py-2.5 text-ink has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = VISIT_SLOT_FIELD;
  input.value = startsAt;
  input.required = true;
  input.className = "accent-brand-700";
  label.append(input, formatVisitClock(startsAt));
  return label;
}

async function showDay(picker: HTMLElement, link: HTMLAnchorElement, day: string): Promise<void> {
  const url = `${picker.getAttribute(VISIT_BOOKING_ATTRS.slotsUrl)}?from=${day}&to=${day}`;
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`تعذر تحميل المواعيد (${response.status})`);
  const slots = (await response.json()) as Slot[];
  const times = picker.querySelector<HTMLElement>(`[${VISIT_BOOKING_ATTRS.times}]`);
  const empty = picker.querySelector<HTMLElement>(`[${VISIT_BOOKING_ATTRS.empty}]`);
  if (!times) return;
  const free = slots.filter((s) => s.available).map((s) => s.startsAt);
  times.replaceChildren(...free.map(timeOption));
  if (empty) empty.hidden = free.length > 0;
  for (const other of picker.querySelectorAll(`[${VISIT_BOOKING_ATTRS.day}]`)) other.removeAttribute("aria-current");
  link.setAttribute("aria-current", "date");
  history.replaceState(history.state, "", link.href);
}

/** Enhances every picker under `root` once. */
export function enhanceVisitBooking(root: ParentNode): void {
  for (const picker of root.querySelectorAll<HTMLElement>(`[data-island="${VISIT_BOOKING_ISLAND}"]`)) {
    if (picker.hasAttribute("data-enhanced")) continue;
    picker.setAttribute("data-enhanced", "");
    const form = picker.closest("form");
    if (form) addAttribution(form);
    picker.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(`a[${VISIT_BOOKING_ATTRS.day}]`);
      const day = link?.getAttribute(VISIT_BOOKING_ATTRS.day);
      if (!link || !day) return;
      event.preventDefault();
      picker.setAttribute("aria-busy", "true");
      showDay(picker, link, day)
        .catch(() => window.location.assign(link.href))
        .finally(() => picker.removeAttribute("aria-busy"));
    });
  }
}

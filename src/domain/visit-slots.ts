/**
 * Visit slots (docs/decisions/088-site-visits.md; ARCHITECTURE resolutions 17 and 24): which times a project offers
 * for a visit on which days, computed from its availability and the injected clock, never the database's clock.
 *
 * Times are Asia/Riyadh. Saudi Arabia keeps UTC+03:00 all year (no daylight saving), so a wall time of a Riyadh date
 * is the instant `YYYY-MM-DDTHH:MM:00+03:00`; the Riyadh date of an instant is `riyadhDay`
 * (licence.ts, the one Riyadh-day function).
 * Pure: no I/O; the server passes the counts already booked per slot.
 */
import { riyadhDay } from "./licence.ts";

/** The fixed offset of Asia/Riyadh (no DST), as written in ISO 8601 answers. */
export const RIYADH_OFFSET = "+03:00";
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The availability a slot computation needs (a project's visit settings; src/domain/visits.ts has the defaults). */
export interface SlotRules {
  /** Weekdays offered, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Opening wall time "HH:MM" (Riyadh). */
  opensAt: string;
  /** Closing wall time "HH:MM"; at or before `opensAt` it is on the next day (hours past midnight). */
  closesAt: string;
  /** Length of a visit, minutes. */
  slotMinutes: number;
  /** Visits one slot takes (agents on duty). */
  capacity: number;
  /** A slot starts at least this many minutes after now. */
  minNoticeMinutes: number;
  /** Slots are offered on dates up to today + this many days (Riyadh). */
  horizonDays: number;
  /** Gap between one slot's end and the next one's start, minutes. */
  bufferMinutes: number;
  /** Dates "YYYY-MM-DD" (Riyadh) without visits (Eid holidays…). */
  closedDates: readonly string[];
}

/** One slot as GET /api/projects/{id}/visit-slots answers it. */
export interface VisitSlot {
  /** ISO 8601 with +03:00, e.g. "2026-11-28T17:00:00+03:00". */
  startsAt: string;
  endsAt: string;
  available: boolean;
}

/** `date` ("YYYY-MM-DD") plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** The instant of wall time `hhmm` ("HH:MM") on Riyadh date `date`, plus `extraMinutes`. */
export function riyadhInstant(date: string, hhmm: string, extraMinutes = 0): Date {
  return new Date(Date.parse(`${date}T${hhmm}:00${RIYADH_OFFSET}`) + extraMinutes * 60_000);
}

/** An instant written in ISO 8601 at the Riyadh offset: "2026-11-28T17:00:00+03:00". */
export function toRiyadhIso(at: Date): string {
  return `${new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 19)}${RIYADH_OFFSET}`;
}

/** The weekday (0 = Sunday) of a Riyadh date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/**
 * The Saturday that opens the visit week of Riyadh date `date` ("YYYY-MM-DD"): the week runs Saturday to Friday
 * (docs/decisions/113-visit-lists-behind-the-figures.md), so a Friday's week began six days before it.
 */
export function visitWeekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 1) % 7));
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/** The start instants of every slot of Riyadh date `date` (none on a closed date or a day not offered). */
export function slotStartsOn(rules: SlotRules, date: string): Date[] {
  if (!rules.days.includes(weekdayOf(date)) || rules.closedDates.includes(date)) return [];
  const opens = minutesOf(rules.opensAt);
  let closes = minutesOf(rules.closesAt);
  if (closes <= opens) closes += 24 * 60;
  const step = rules.slotMinutes + rules.bufferMinutes;
  const starts: Date[] = [];
  for (let start = opens; start + rules.slotMinutes <= closes; start += step) {
    starts.push(riyadhInstant(date, rules.opensAt, start - opens));
  }
  return starts;
}

/** The first and last date a visitor may book on at `now`: today and today + horizonDays (Riyadh). */
export function bookableDates(rules: SlotRules, now: Date): { first: string; last: string } {
  const first = riyadhDay(now);
  return { first, last: addDays(first, rules.horizonDays) };
}

/**
 * The slots of Riyadh dates `from`…`to` (inclusive, clamped to today…today + horizonDays), in time order.
 * `booked`: visits already booked per slot start (epoch ms). A slot is available when it starts at least
 * minNoticeMinutes after `now` and has fewer than `capacity` visits booked.
 */
export function computeSlots(
  rules: SlotRules,
  range: { from: string; to: string },
  now: Date,
  booked: ReadonlyMap<number, number>,
): VisitSlot[] {
  const { first, last } = bookableDates(rules, now);
  const from = range.from < first ? first : range.from;
  const to = range.to > last ? last : range.to;
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  const slots: VisitSlot[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const start of slotStartsOn(rules, date)) {
      const end = new Date(start.getTime() + rules.slotMinutes * 60_000);
      const available = start.getTime() >= earliest && (booked.get(start.getTime()) ?? 0) < rules.capacity;
      slots.push({ startsAt: toRiyadhIso(start), endsAt: toRiyadhIso(end), available });
    }
  }
  return slots;
}

/** Whether `at` is the start of a slot of the rules (on a day offered, not closed, within the hours). */
export function isSlotStart(rules: SlotRules, at: Date): boolean {
  // A slot past midnight belongs to the previous date's hours: look at both dates.
  const date = riyadhDay(at);
  return [addDays(date, -1), date].some((d) => slotStartsOn(rules, d).some((s) => s.getTime() === at.getTime()));
}

/** The slot boundary after `now` (the next start or end of a slot) within the next two days, or null. */
export function nextSlotBoundary(rules: SlotRules, now: Date): Date | null {
  const today = riyadhDay(now);
  let best: number | null = null;
  for (const date of [addDays(today, -1), today, addDays(today, 1), addDays(today, 2)]) {
    for (const start of slotStartsOn(rules, date)) {
      for (const t of [start.getTime() - rules.minNoticeMinutes * 60_000, start.getTime()]) {
        if (t > now.getTime() && (best === null || t < best)) best = t;
      }
    }
  }
  return best === null ? null : new Date(best);
}

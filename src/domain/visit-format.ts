/**
 * How a visit's times are written on the booking page and in its island (docs/decisions/088-site-visits.md;
 * ARCHITECTURE resolutions 11 and 17): Arabic, Riyadh time, Gregorian calendar. No zod here, so the island that
 * imports it stays small.
 */
import { DATE_LOCALE, TIME_ZONE } from "./constants.ts";
import { lazily } from "./lazily.ts";

const clock = lazily(
  () => new Intl.DateTimeFormat(DATE_LOCALE, { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }),
);
const dayName = lazily(() => new Intl.DateTimeFormat(DATE_LOCALE, { weekday: "long", timeZone: TIME_ZONE }));
const dayShort = lazily(
  () => new Intl.DateTimeFormat(DATE_LOCALE, { day: "numeric", month: "short", timeZone: TIME_ZONE }),
);

/** A slot's time of day in Arabic ("٥:٠٠ م"), Riyadh time. */
export function formatVisitClock(at: Date | string): string {
  return clock().format(typeof at === "string" ? new Date(at) : at);
}

/**
 * A time of day "HH:MM" (24-hour, as the API reads and writes it) written as the slots are ("16:00" → "٤:٠٠ م"):
 * for pickers of opening hours. Riyadh keeps no daylight saving, so any day gives the same reading.
 */
export function formatTimeOfDay(hhmm: string): string {
  return clock().format(new Date(`2000-01-01T${hhmm}:00+03:00`));
}

/** A day of the booking strip: weekday and short date ("السبت", "٢٨ نوفمبر") of a Riyadh date "YYYY-MM-DD". */
export function visitDayLabel(date: string): { weekday: string; date: string } {
  const noon = new Date(`${date}T12:00:00+03:00`);
  return { weekday: dayName().format(noon), date: dayShort().format(noon) };
}

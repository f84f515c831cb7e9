/**
 * Calendar days in Jeddah (ARCHITECTURE resolution 17: days are Asia/Riyadh's). Asia/Riyadh is UTC+3 all year (no
 * daylight saving), so a day `YYYY-MM-DD` starts at `YYYY-MM-DDT00:00:00+03:00`. One home for the rule that the
 * lead lists' date filters, the dashboard's figures and the campaign funnel's daily visits all read.
 */

const OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Jeddah day (YYYY-MM-DD) of the instant `at`. */
export function jeddahDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The weekday of `at` in Jeddah: 0 = Sunday … 6 = Saturday. */
export function jeddahWeekday(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCDay();
}

/** The instant the Jeddah day `day` (YYYY-MM-DD) starts, moved `addDays` whole days (negative: earlier). */
export function dayStart(day: string, addDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + addDays * DAY_MS);
}

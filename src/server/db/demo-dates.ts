/** Dates of the demo content (demo-content.ts), relative to the moment of seeding so the site looks current. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` before `now`, at hour:minute Jeddah time (UTC+3). */
export function daysAgo(now: Date, days: number, hour = 10, minute = 0): Date {
  const d = new Date(now.getTime() - days * DAY_MS);
  d.setUTCHours(hour - 3, minute, 0, 0);
  return d;
}

/**
 * The visit lists of /admin/visits and the links to them (docs/decisions/113-visit-lists-behind-the-figures.md):
 * each figure of the dashboard and of the visits screen opens the list behind it — today's visits (`/admin/visits`), this week's
 * (`?period=week`, Saturday to Friday) and this week's no-shows, the period the no-show rate is computed over
 * (`?period=week&status=no_show`); `date` (a Riyadh "YYYY-MM-DD") picks another day or the week around it.
 * A list names its period in Arabic (`visitListName`); what the figures count is VISIT_COUNTED_STATUSES.
 */
import { formatDateLong } from "#domain/format.ts";
import { visitDayLabel } from "#domain/visit-format.ts";
import { addDays, visitWeekStart } from "#domain/visit-slots.ts";
import type { VisitListPeriod } from "#domain/visits.ts";

/** What a visit list shows: the period, a date in it (absent: today), and only no-shows or every visit. */
export interface VisitListFilter {
  period: VisitListPeriod;
  date?: string;
  status?: "no_show";
}

/** The lists behind the three figures (today, this week, the week's no-show rate). */
export const VISIT_LIST_LINKS = {
  today: "/admin/visits",
  week: "/admin/visits?period=week",
  noShows: "/admin/visits?period=week&status=no_show",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter of the screen's address; unknown values fall back to the day and every visit. */
export function visitListFilter(params: URLSearchParams): VisitListFilter {
  const date = params.get("date");
  return {
    period: params.get("period") === "week" ? "week" : "day",
    ...(date && ISO_DATE.test(date) ? { date } : {}),
    ...(params.get("status") === "no_show" ? { status: "no_show" as const } : {}),
  };
}

/** The address parameters of `filter` (the day of today: none), for the screen's links and GET /api/visits. */
export function visitListParams(filter: VisitListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.period === "week") params.set("period", "week");
  if (filter.date) params.set("date", filter.date);
  if (filter.status) params.set("status", filter.status);
  return params;
}

/** `/admin/visits` with the filter's parameters. */
export function visitListHref(filter: VisitListFilter): string {
  const query = visitListParams(filter).toString();
  return query ? `/admin/visits?${query}` : "/admin/visits";
}

/** A list's period as GET /api/visits answers it. */
export interface ListedPeriod {
  period: VisitListPeriod;
  /** The server's Riyadh date. */
  today: string;
  from: string;
  to: string;
  status: string | null;
}

function longDay(date: string): string {
  return `${visitDayLabel(date).weekday} ${formatDateLong(`${date}T12:00:00+03:00`)}`;
}

/**
 * The Arabic name of a list: its title («زيارات اليوم»، «زيارات هذا الأسبوع»، «حالات عدم الحضور هذا الأسبوع»…) and
 * its dates («الأحد ٢٩ نوفمبر ٢٠٢٦»، «من السبت ٢٨ نوفمبر ٢٠٢٦ إلى الجمعة ٤ ديسمبر ٢٠٢٦»).
 */
export function visitListName(list: ListedPeriod): { title: string; dates: string } {
  let when: string;
  if (list.period === "week") {
    when = list.from === visitWeekStart(list.today) ? "هذا الأسبوع" : "الأسبوع";
  } else if (list.from === list.today) {
    when = "اليوم";
  } else if (list.from === addDays(list.today, 1)) {
    when = "غدًا";
  } else {
    when = `يوم ${visitDayLabel(list.from).weekday}`;
  }
  const title = list.status === "no_show" ? `حالات عدم الحضور ${when}` : `زيارات ${when}`;
  const dates = list.period === "week" ? `من ${longDay(list.from)} إلى ${longDay(list.to)}` : longDay(list.from);
  return { title, dates };
}

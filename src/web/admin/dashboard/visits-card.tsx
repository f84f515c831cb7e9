/**
 * The dashboard's visits card (visits.work; docs/decisions/113-visit-lists-behind-the-figures.md): today's visits,
 * this week's (Saturday to Friday, Riyadh) and the week's no-show rate (no-shows ÷ outcomes, %), each a link to the
 * list behind it at /admin/visits (src/web/admin/visits/visit-lists.ts: today's visits, this week's, this week's no-shows),
 * whose count is the figure.
 */
import { Link } from "react-router";
import { formatNumber, formatPercent } from "#domain/format.ts";
import { useVisitStats, VISIT_LIST_LINKS } from "~/admin/visits/api.ts";

export function VisitsCard() {
  const stats = useVisitStats();
  if (!stats.data) return null;
  const figures = [
    { key: "today", label: "زيارات اليوم", value: formatNumber(stats.data.today), to: VISIT_LIST_LINKS.today },
    { key: "week", label: "زيارات هذا الأسبوع", value: formatNumber(stats.data.week), to: VISIT_LIST_LINKS.week },
    {
      key: "no-show",
      label: "نسبة عدم الحضور هذا الأسبوع",
      value: formatPercent(stats.data.noShowRate),
      to: VISIT_LIST_LINKS.noShows,
    },
  ];
  return (
    <section aria-labelledby="visits-summary" className="grid gap-3 rounded-xl bg-surface p-4 ring-1 ring-black/5">
      <h2 id="visits-summary" className="font-bold text-ink">
        الزيارات
      </h2>
      <ul className="grid grid-cols-3 gap-2 text-center">
        {figures.map((figure) => (
          <li key={figure.key}>
            <Link
              to={figure.to}
              className="grid gap-1 rounded-lg bg-canvas p-2 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-accent-400/50"
            >
              <span className="text-xs text-muted">{figure.label}</span>
              <span className="text-xl font-bold text-ink">{figure.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

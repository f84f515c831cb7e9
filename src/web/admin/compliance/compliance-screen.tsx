/**
 * «الامتثال والتراخيص» (docs/compliance.md): every project, campaign, and unit with a licence of its own, with the
 * licence that applies, its last day (Gregorian and Hijri), days left, state (ساري / ينتهي قريبًا / منتهٍ / مفقود)
 * and what visitors no longer see because of it; sortable; a table from md up, cards on a phone (RT). While the
 * upgrade's grace period runs, a banner lists what will go offline on the enforcement day.
 */
import { useState } from "react";
import { Link } from "react-router";
import { countNoun, formatNumber, NOUNS } from "#domain/format.ts";

import type { ComplianceRow } from "#domain/schemas/licence-view.ts";
import { ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { RT } from "~/admin/common/responsive-table.ts";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { useCompliance } from "./api.ts";
import { EnforcementBanner, IsolatedName, LicenceDayLines, StateBadge } from "./compliance-parts.tsx";
import { COMPLIANCE_TEXTS as T } from "./compliance-texts.ts";

type SortKey = "urgency" | "days" | "name";

const URGENCY: Record<ComplianceRow["licence"]["state"], number> = { expired: 0, missing: 1, expiring: 2, valid: 3 };

/** Rows sorted by the chosen key (stable: ties keep the server's order). */
export function sortRows(rows: readonly ComplianceRow[], key: SortKey): ComplianceRow[] {
  const days = (r: ComplianceRow) => r.licence.daysLeft ?? Number.NEGATIVE_INFINITY;
  const by: Record<SortKey, (a: ComplianceRow, b: ComplianceRow) => number> = {
    urgency: (a, b) => URGENCY[a.licence.state] - URGENCY[b.licence.state] || days(a) - days(b),
    days: (a, b) => days(a) - days(b),
    name: (a, b) => a.name.localeCompare(b.name, "ar"),
  };
  return [...rows].sort(by[key]);
}

function daysText(days: number | null): string {
  if (days === null) return "-";
  if (days < 0) return `منذ ${countNoun(-days, NOUNS.day)}`;
  return days === 0 ? "اليوم آخر يوم" : countNoun(days, NOUNS.day);
}

function Row({ row }: { row: ComplianceRow }) {
  const { licence } = row;
  return (
    <tr className={RT.tr} data-testid="compliance-row" data-entity={row.entityType} data-state={licence.state}>
      <th scope="row" className={RT.rowHeader}>
        <span className="block">
          <IsolatedName name={row.name} />
        </span>
        {row.entityType !== "project" && (
          <span className="block text-xs font-normal text-muted">{row.projectName}</span>
        )}
      </th>
      <td data-label={T.kind} className={RT.td}>
        {T.kinds[row.entityType]}
      </td>
      <td data-label={T.licence} className={RT.td}>
        {licence.number ? <bdi data-latin-digits="licence">{licence.number}</bdi> : T.noNumber}
      </td>
      <td data-label={T.expires} className={RT.td}>
        {licence.expiresOn ? <LicenceDayLines day={licence.expiresOn} /> : "-"}
      </td>
      <td data-label={T.daysLeft} className={`${RT.td} md:whitespace-nowrap`}>
        {daysText(licence.daysLeft)}
      </td>
      <td data-label={T.state} className={RT.td}>
        <StateBadge state={licence.state} />
      </td>
      <td data-label={T.offline} className={RT.td}>
        {row.offline.length ? row.offline.join("، ") : T.nothingOffline}
      </td>
      <td className={RT.actions}>
        <Link
          to={row.editPath}
          className="whitespace-nowrap font-bold text-brand-700 underline-offset-4 hover:underline"
        >
          {T.edit}
        </Link>
      </td>
    </tr>
  );
}

export function ComplianceScreen() {
  const query = useCompliance();
  const [sort, setSort] = useState<SortKey>("urgency");
  const rows = query.data ? sortRows(query.data.rows, sort) : [];
  return (
    <ListScreen
      title={T.title}
      state={listState(query, rows.length)}
      summary={
        query.data && (
          <div className="grid gap-3">
            <p className="text-sm text-muted">{T.intro}</p>
            <p className="font-bold text-ink" data-testid="compliance-needs-action">
              {`${T.needsAction}: ${formatNumber(query.data.needsAction)}`}
            </p>
            <EnforcementBanner report={query.data} />
            <label className="inline-flex items-center gap-2 text-sm">
              {T.sortBy}
              <select
                value={sort}
                onChange={(event) => setSort(event.target.value as SortKey)}
                className="h-10 rounded-lg border border-brand-100 bg-surface px-3"
              >
                <option value="urgency">{T.sortUrgency}</option>
                <option value="days">{T.sortDays}</option>
                <option value="name">{T.sortName}</option>
              </select>
            </label>
          </div>
        )
      }
      pending={<Skeleton className="h-64 w-full" />}
      error={<QueryError message={T.loadError} onRetry={() => void query.refetch()} />}
      empty={<p className="p-6 text-muted">{T.empty}</p>}
      surface={(body) => <div className="overflow-hidden rounded-2xl bg-surface ring-1 ring-black/5">{body}</div>}
    >
      <div className={RT.wrapper}>
        <table className={RT.table}>
          <thead className={RT.thead}>
            <tr>
              {[T.name, T.kind, T.licence, T.expires, T.daysLeft, T.state, T.offline, ""].map((label, i) => (
                <th key={label || i} scope="col" className="px-4 py-3 text-start font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={RT.tbody}>
            {rows.map((row) => (
              <Row key={`${row.entityType}-${row.id}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </ListScreen>
  );
}

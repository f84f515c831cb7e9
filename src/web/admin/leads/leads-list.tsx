/**
 * /admin/leads, the leads list (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md): one server page
 * at a time (GET /api/leads, keyset cursor, "عرض المزيد"), filtered on the server by stage, owner, project, campaign,
 * source, date range, overdue and duplicate, and by a search that finds a phone typed in any form. Every filter lives
 * in the URL (?stage=…&ownerId=…), so the dashboard's cards link to the list behind them and a reload keeps the view. A
 * table from 768 px, cards below (admin/common/responsive-table.ts). No match names the query in Arabic. Client-only
 * route.
 */
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import { LEAD_STAGE_LABELS, LEAD_STAGES } from "#domain/lead-desk.ts";
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES } from "#domain/schemas/contact.ts";
import { DateField } from "~/admin/common/date-field.tsx";
import { RT } from "~/admin/common/responsive-table.ts";
import { SearchField } from "~/admin/common/search-field.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import {
  downloadLeadExport,
  type LeadFilterKey,
  type LeadSummary,
  leadFiltersFrom,
  useDeskAgents,
  useLeadPages,
} from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { LeadFlags, StageBadge } from "./lead-badges.tsx";
import { selectClass } from "./stage-dialog.tsx";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Skeleton className="h-40 w-full rounded-xl" />;
}

export function meta() {
  return [{ title: DESK_TEXTS.listTitle }];
}

/** How long the search box waits after the last key before it updates the URL, in ms. */
const SEARCH_DEBOUNCE_MS = 300;

export default function LeadsListScreen() {
  const [params, setParams] = useSearchParams();
  const filters = leadFiltersFrom(params);
  const projects = useProjects();
  const pages = useLeadPages(filters);
  // The agents of the round-robin lists, to filter by owner (the lists are read with leads.settings).
  const user = useCurrentUser();
  const agents = useDeskAgents({ enabled: userCan(user, "leads.settings") });
  const canExport = userCan(user, "leads.export");
  const [exporting, setExporting] = useState(false);
  /** Downloads the leads of the current filters (the server streams them; an agent gets their own). */
  const exportAs = async (format: "csv" | "xlsx") => {
    setExporting(true);
    try {
      await downloadLeadExport(format, filters);
    } catch (e) {
      toast({ variant: "destructive", title: "تعذّر التصدير", description: apiErrorMessage(e, "") });
    } finally {
      setExporting(false);
    }
  };
  const [search, setSearch] = useState(filters.search ?? "");
  // On a phone the filters beyond search and stage fold away until asked for (open when the URL sets one).
  const [more, setMore] = useState(() => Object.keys(filters).some((k) => !["search", "stage", "sort"].includes(k)));
  const fold = more ? "" : "max-md:hidden";

  const setFilter = (key: LeadFilterKey, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  // The search box writes to the URL after a pause in typing; the URL stays the one source of the filters.
  useEffect(() => {
    if ((filters.search ?? "") === search.trim()) return;
    const timer = setTimeout(() => setFilter("search", search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const select = (key: LeadFilterKey) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilter(key, e.target.value);
  const hasFilters = Object.keys(filters).some((k) => k !== "sort");

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{DESK_TEXTS.listTitle}</h1>
        <div className="flex flex-wrap gap-2">
          {canExport && (
            <>
              <Button variant="outline" disabled={exporting} onClick={() => void exportAs("xlsx")}>
                تصدير (جدول إكسل)
              </Button>
              <Button variant="outline" disabled={exporting} onClick={() => void exportAs("csv")}>
                تصدير (ملف نصي مفصول بفواصل)
              </Button>
            </>
          )}
          <Button asChild variant="outline">
            <Link to="/admin/leads/mine">{DESK_TEXTS.mineTitle}</Link>
          </Button>
        </div>
      </div>

      <fieldset className="grid gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">تصفية العملاء</legend>
        <SearchField label={DESK_TEXTS.search} value={search} onChange={setSearch} className="sm:col-span-2" />
        <select
          aria-label={DESK_TEXTS.stage}
          className={selectClass}
          value={filters.stage ?? ""}
          onChange={select("stage")}
        >
          <option value="">{DESK_TEXTS.allStages}</option>
          {LEAD_STAGES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
        <Button variant="outline" className="md:hidden" aria-expanded={more} onClick={() => setMore((m) => !m)}>
          {more ? "إخفاء التصفية" : "تصفية أكثر"}
        </Button>
        <select
          aria-label={DESK_TEXTS.owner}
          className={`${selectClass} ${fold}`}
          value={filters.ownerId ?? ""}
          onChange={select("ownerId")}
        >
          <option value="">{DESK_TEXTS.allOwners}</option>
          <option value="me">{DESK_TEXTS.mine}</option>
          <option value="none">{DESK_TEXTS.unassigned}</option>
          {agents.map((a) => (
            <option key={a.userId} value={a.userId}>
              {a.name}
            </option>
          ))}
          {filters.ownerId &&
            !["me", "none"].includes(filters.ownerId) &&
            !agents.some((a) => a.userId === filters.ownerId) && (
              <option value={filters.ownerId}>{items[0]?.ownerName ?? "مسؤول محدد"}</option>
            )}
        </select>
        <select
          aria-label={DESK_TEXTS.project}
          className={`${selectClass} ${fold}`}
          value={filters.projectId ?? ""}
          onChange={select("projectId")}
        >
          <option value="">{DESK_TEXTS.allProjects}</option>
          {(projects.data ?? []).map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </select>
        <select
          aria-label={DESK_TEXTS.source}
          className={selectClass}
          value={filters.source ?? ""}
          onChange={select("source")}
        >
          <option value="">{DESK_TEXTS.allSources}</option>
          {CONTACT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {CONTACT_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
        <div className={`grid gap-1 ${fold}`}>
          <Label htmlFor="leads-from" className="text-xs text-muted">
            {DESK_TEXTS.from}
          </Label>
          <DateField id="leads-from" value={filters.from} onChange={(v) => setFilter("from", v)} />
        </div>
        <div className={`grid gap-1 ${fold}`}>
          <Label htmlFor="leads-to" className="text-xs text-muted">
            {DESK_TEXTS.to}
          </Label>
          <DateField id="leads-to" value={filters.to} onChange={(v) => setFilter("to", v)} />
        </div>
        <select
          aria-label="الترتيب"
          className={`${selectClass} ${fold}`}
          value={filters.sort ?? "newest"}
          onChange={select("sort")}
        >
          <option value="newest">{DESK_TEXTS.sortNewest}</option>
          <option value="oldest">{DESK_TEXTS.sortOldest}</option>
          <option value="urgency">{DESK_TEXTS.sortUrgency}</option>
        </select>
        <label className={`flex items-center gap-2 text-sm ${fold}`}>
          <input
            type="checkbox"
            className="size-5"
            checked={filters.overdue === "true"}
            onChange={(e) => setFilter("overdue", e.target.checked ? "true" : "")}
          />
          {DESK_TEXTS.overdueOnly}
        </label>
        <label className={`flex items-center gap-2 text-sm ${fold}`}>
          <input
            type="checkbox"
            className="size-5"
            checked={filters.duplicate === "true"}
            onChange={(e) => setFilter("duplicate", e.target.checked ? "true" : "")}
          />
          {DESK_TEXTS.duplicateOnly}
        </label>
        {filters.campaignId && (
          <Button variant="outline" size="sm" onClick={() => setFilter("campaignId", "")}>
            {`حملة محددة (${formatNumber(Number(filters.campaignId))}) ✕`}
          </Button>
        )}
        {hasFilters && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch("");
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {DESK_TEXTS.clearFilters}
          </Button>
        )}
      </fieldset>

      {pages.isPending ? (
        <div className="grid gap-3">
          {["a", "b", "c", "d"].map((k) => (
            <Skeleton key={k} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : pages.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(pages.error, DESK_TEXTS.loadFailed)}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-center text-muted" role="status">
          {filters.search
            ? DESK_TEXTS.noMatch(filters.search)
            : hasFilters
              ? DESK_TEXTS.noMatchFilters
              : DESK_TEXTS.noLeads}
        </p>
      ) : (
        <LeadsTable items={items} />
      )}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {DESK_TEXTS.loadMore}
        </Button>
      )}
    </div>
  );
}

/** The page's leads: a table from 768 px, a card per lead below. */
function LeadsTable({ items }: { items: LeadSummary[] }) {
  return (
    <div className={`${RT.wrapper} rounded-xl bg-surface shadow-sm ring-1 ring-brand-100`}>
      <table className={RT.table}>
        <thead className={RT.thead}>
          <tr>
            {[
              DESK_TEXTS.name,
              DESK_TEXTS.phone,
              DESK_TEXTS.project,
              DESK_TEXTS.stage,
              DESK_TEXTS.owner,
              DESK_TEXTS.createdAt,
            ].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 text-start font-bold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={RT.tbody}>
          {items.map((lead) => (
            <tr key={lead.id} className={RT.tr} data-testid="lead-row">
              <th scope="row" className={RT.rowHeader}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/leads/${lead.id}`} className="text-brand-700 hover:underline">
                    {lead.name}
                  </Link>
                  <LeadFlags lead={lead} />
                </div>
              </th>
              <td data-label={DESK_TEXTS.phone} className={RT.td}>
                <span dir="ltr" className="whitespace-nowrap">
                  {lead.phone ?? "—"}
                </span>
              </td>
              <td data-label={DESK_TEXTS.project} className={RT.td}>
                {lead.projectName ?? DESK_TEXTS.noProject}
              </td>
              <td data-label={DESK_TEXTS.stage} className={RT.td}>
                <StageBadge stage={lead.stage} />
              </td>
              <td data-label={DESK_TEXTS.owner} className={RT.td}>
                {lead.ownerName ?? DESK_TEXTS.unassigned}
              </td>
              <td data-label={DESK_TEXTS.createdAt} className={RT.td}>
                {formatDateTime(lead.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/leads, «العملاء»: the one leads list of the back office (docs/product.md §2.16;
 * docs/decisions/030-lead-desk-screens.md, docs/decisions/070-one-leads-list.md). One server page at a time (GET /api/leads: keyset cursor, «عرض المزيد», the
 * total matching the filters), filtered on the server by every filter in the URL (leads-filters.tsx) and by a search
 * that folds Arabic letter forms and finds a phone typed in any form. Each lead shows its live wait and the clock's next
 * step, and its enquiries' webhook delivery with the retry (campaigns.manage); with leads.assign, leads are ticked for
 * «إعادة الإسناد» in one call; SPEC's delete of one enquiry (contact_messages.delete) and enquiries export
 * (contact_messages.export) sit beside them (enquiry-actions.tsx). SPEC's messages screen (/admin/contact-messages) redirects here with its filters
 * (contact-messages.tsx). Laid out by the ListScreen frame; client-only route.
 */
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { PagedLoadMore } from "~/admin/common/load-more.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadLeadExport, type LeadFilterKey, leadFiltersFrom, useDeskAgents, useLeadPages } from "./api.ts";
import { BulkReassignBar } from "./bulk-reassign.tsx";
import { DESK_TEXTS } from "./desk-texts.ts";
import { EnquiryExportButtons } from "./enquiry-actions.tsx";
import { LeadsFilters } from "./leads-filters.tsx";
import { LeadsTable } from "./leads-table.tsx";
import { useServerNow } from "./live-clock.tsx";

/** The list's title and the menu item's label. */
export const LEADS_LIST_TITLE = "العملاء";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: LEADS_LIST_TITLE });

/** How long the search box waits after the last key before it updates the URL, in ms. */
const SEARCH_DEBOUNCE_MS = 300;

const SKELETON_KEYS = ["a", "b", "c", "d"];

/** The export buttons (leads.export): the leads of the current filters, streamed by the server. */
function ExportButtons({ filters }: { filters: ReturnType<typeof leadFiltersFrom> }) {
  const [exporting, setExporting] = useState(false);
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
  return (
    <>
      <Button variant="outline" disabled={exporting} onClick={() => void exportAs("xlsx")}>
        تصدير (جدول إكسل)
      </Button>
      <Button variant="outline" disabled={exporting} onClick={() => void exportAs("csv")}>
        تصدير (ملف نصي مفصول بفواصل)
      </Button>
    </>
  );
}

export default function LeadsListScreen() {
  const [params, setParams] = useSearchParams();
  const filters = leadFiltersFrom(params);
  const pages = useLeadPages(filters);
  const user = useCurrentUser();
  // The agents of the round-robin lists, to filter by owner (the lists are read with leads.settings).
  const agents = useDeskAgents({ enabled: userCan(user, "leads.settings") });
  const canAssign = userCan(user, "leads.assign");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Ticks belong to the list they were made on: another filter clears them (no hidden lead is reassigned).
  const [ticksOf, setTicksOf] = useState(params.toString());
  if (ticksOf !== params.toString()) {
    setTicksOf(params.toString());
    setSelected(new Set());
  }
  const [search, setSearch] = useState(filters.search ?? "");

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
  const now = useServerNow(pages.data?.pages.at(-1)?.now);
  const hasFilters = Object.keys(filters).some((k) => k !== "sort" && k !== "search");
  const select = (ids: number[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <ListScreen
      title={LEADS_LIST_TITLE}
      actions={
        <div className="flex flex-wrap gap-2">
          {userCan(user, "leads.export") && <ExportButtons filters={filters} />}
          {userCan(user, "contact_messages.export") && <EnquiryExportButtons filters={filters} />}
          <Button asChild variant="outline">
            <Link to="/admin/leads/mine">{DESK_TEXTS.mineTitle}</Link>
          </Button>
        </div>
      }
      search={{ label: DESK_TEXTS.search, value: search, onChange: setSearch }}
      filters={
        <>
          <LeadsFilters
            filters={filters}
            setFilter={setFilter}
            onClear={() => {
              setSearch("");
              setParams(new URLSearchParams(), { replace: true });
            }}
            agents={agents}
            ownerName={items.find((l) => l.ownerId === filters.ownerId)?.ownerName ?? null}
          />
          {canAssign && <BulkReassignBar ids={[...selected]} onClear={() => setSelected(new Set())} />}
        </>
      }
      state={listState(pages, items.length)}
      pending={
        <div className="grid gap-3" aria-busy="true">
          {SKELETON_KEYS.map((k) => (
            <Skeleton key={k} className="h-12 rounded-lg" />
          ))}
        </div>
      }
      error={
        <QueryError
          message={apiErrorMessage(pages.error, DESK_TEXTS.loadFailed)}
          onRetry={() => void pages.refetch()}
        />
      }
      empty={
        <p className="rounded-xl bg-surface p-6 text-center text-muted" role="status">
          {hasFilters ? DESK_TEXTS.noMatchFilters : DESK_TEXTS.noLeads}
        </p>
      }
      footer={<PagedLoadMore query={pages} shown={items.length} />}
    >
      <LeadsTable
        items={items}
        now={now}
        canRetry={userCan(user, "campaigns.manage")}
        canDelete={userCan(user, "contact_messages.delete")}
        selected={canAssign ? selected : null}
        onSelect={select}
      />
    </ListScreen>
  );
}

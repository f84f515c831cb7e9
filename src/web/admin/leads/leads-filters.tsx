/**
 * The filters of the leads list (docs/decisions/030-lead-desk-screens.md, docs/decisions/070-one-leads-list.md):
 * stage, owner, project, source, webhook delivery, date range, sort, overdue and duplicate, and the campaign or landing
 * page a link brought (a chip that clears it). Every value lives in the URL (`LeadFilters`), read and written by the screen; on a
 * phone the filters beyond stage and source fold away until asked for (open when the URL sets one).
 */
import { useState } from "react";
import { formatNumber } from "#domain/format.ts";
import { LEAD_STAGE_LABELS, LEAD_STAGES } from "#domain/lead-desk.ts";
import { LEAD_DELIVERY_FILTERS } from "#domain/lead-list.ts";
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, DELIVERY_STATUS_LABELS } from "#domain/schemas/contact.ts";
import { DateField } from "~/admin/common/date-field.tsx";
import { useProjects } from "~/admin/projects/api.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Label } from "~/shared/ui/label.tsx";
import type { DeskAgent, LeadFilterKey, LeadFilters } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { selectClass } from "./stage-dialog.tsx";

export const FILTER_TEXTS = {
  legend: "تصفية العملاء",
  delivery: "حالة الويب هوك",
  allDeliveries: "كل حالات الويب هوك",
  sort: "الترتيب",
  more: "تصفية أكثر",
  less: "إخفاء التصفية",
  campaign: (id: string) => `حملة محددة (${formatNumber(Number(id))}) ✕`,
  landingPage: (id: string) => `صفحة هبوط محددة (${formatNumber(Number(id))}) ✕`,
  someOwner: "مسؤول محدد",
} as const;

export interface LeadsFiltersProps {
  filters: LeadFilters;
  setFilter: (key: LeadFilterKey, value: string) => void;
  onClear: () => void;
  /** The agents of the round-robin lists (empty without leads.settings). */
  agents: DeskAgent[];
  /** The name of the owner the URL filters by, when not one of `agents`. */
  ownerName: string | null;
}

/** The filter fieldset; see the module docstring. */
export function LeadsFilters({ filters, setFilter, onClear, agents, ownerName }: LeadsFiltersProps) {
  const projects = useProjects();
  const [more, setMore] = useState(() =>
    Object.keys(filters).some((k) => !["search", "stage", "source", "sort"].includes(k)),
  );
  const fold = more ? "" : "max-md:hidden";
  const select = (key: LeadFilterKey) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilter(key, e.target.value);
  const check = (key: LeadFilterKey) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilter(key, e.target.checked ? "true" : "");
  const hasFilters = Object.keys(filters).some((k) => k !== "sort");
  return (
    <fieldset className="grid gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{FILTER_TEXTS.legend}</legend>
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
      <Button variant="outline" className="md:hidden" aria-expanded={more} onClick={() => setMore((m) => !m)}>
        {more ? FILTER_TEXTS.less : FILTER_TEXTS.more}
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
            <option value={filters.ownerId}>{ownerName ?? FILTER_TEXTS.someOwner}</option>
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
        aria-label={FILTER_TEXTS.delivery}
        className={`${selectClass} ${fold}`}
        value={filters.delivery ?? ""}
        onChange={select("delivery")}
      >
        <option value="">{FILTER_TEXTS.allDeliveries}</option>
        {LEAD_DELIVERY_FILTERS.map((s) => (
          <option key={s} value={s}>
            {DELIVERY_STATUS_LABELS[s]}
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
        aria-label={FILTER_TEXTS.sort}
        className={`${selectClass} ${fold}`}
        value={filters.sort ?? "newest"}
        onChange={select("sort")}
      >
        <option value="newest">{DESK_TEXTS.sortNewest}</option>
        <option value="oldest">{DESK_TEXTS.sortOldest}</option>
        <option value="urgency">{DESK_TEXTS.sortUrgency}</option>
      </select>
      <label className={`flex items-center gap-2 text-sm ${fold}`}>
        <input type="checkbox" className="size-5" checked={filters.overdue === "true"} onChange={check("overdue")} />
        {DESK_TEXTS.overdueOnly}
      </label>
      <label className={`flex items-center gap-2 text-sm ${fold}`}>
        <input
          type="checkbox"
          className="size-5"
          checked={filters.duplicate === "true"}
          onChange={check("duplicate")}
        />
        {DESK_TEXTS.duplicateOnly}
      </label>
      {filters.campaignId && (
        <Button variant="outline" size="sm" onClick={() => setFilter("campaignId", "")}>
          {FILTER_TEXTS.campaign(filters.campaignId)}
        </Button>
      )}
      {filters.landingPageId && (
        <Button variant="outline" size="sm" onClick={() => setFilter("landingPageId", "")}>
          {FILTER_TEXTS.landingPage(filters.landingPageId)}
        </Button>
      )}
      {hasFilters && (
        <Button variant="ghost" onClick={onClear}>
          {DESK_TEXTS.clearFilters}
        </Button>
      )}
    </fieldset>
  );
}

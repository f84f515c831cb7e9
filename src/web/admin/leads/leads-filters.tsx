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
import { type Choice, ChoiceSelect, type ChoiceSelectProps, choicesOf } from "~/admin/common/choice-select.tsx";
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

const STAGE_CHOICES = choicesOf(LEAD_STAGES, LEAD_STAGE_LABELS);
const SOURCE_CHOICES = choicesOf(CONTACT_SOURCES, CONTACT_SOURCE_LABELS);
const DELIVERY_CHOICES = choicesOf(LEAD_DELIVERY_FILTERS, DELIVERY_STATUS_LABELS);
const OWNER_CHOICES: Choice[] = [
  { value: "me", label: DESK_TEXTS.mine },
  { value: "none", label: DESK_TEXTS.unassigned },
];
const SORT_CHOICES: Choice[] = [
  { value: "newest", label: DESK_TEXTS.sortNewest },
  { value: "oldest", label: DESK_TEXTS.sortOldest },
  { value: "urgency", label: DESK_TEXTS.sortUrgency },
];

/** The yes/no filters, each a checkbox. */
const CHECKS = [
  { key: "overdue", label: DESK_TEXTS.overdueOnly },
  { key: "duplicate", label: DESK_TEXTS.duplicateOnly },
] as const;

/** The filter fieldset; see the module docstring. */
export function LeadsFilters({ filters, setFilter, onClear, agents, ownerName }: LeadsFiltersProps) {
  const projects = useProjects();
  const [more, setMore] = useState(() =>
    Object.keys(filters).some((k) => !["search", "stage", "source", "sort"].includes(k)),
  );
  const fold = more ? "" : "max-md:hidden";
  const check = (key: LeadFilterKey) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilter(key, e.target.checked ? "true" : "");
  const hasFilters = Object.keys(filters).some((k) => k !== "sort");
  /** The select of filter `key`, named `label` for assistive technology; folded away on a phone unless `folds` is false. */
  const choose = (
    key: LeadFilterKey,
    label: string,
    options: readonly Choice[],
    { folds = true, ...props }: Partial<ChoiceSelectProps> & { folds?: boolean },
  ) => (
    <ChoiceSelect
      aria-label={label}
      className={folds ? `${selectClass} ${fold}` : selectClass}
      value={filters[key] ?? ""}
      onChange={(value) => setFilter(key, value)}
      options={options}
      {...props}
    />
  );
  const owner = filters.ownerId;
  const owners = [...OWNER_CHOICES, ...agents.map((a) => ({ value: a.userId, label: a.name }))];
  const otherOwner = owner && !["me", "none"].includes(owner) && !agents.some((a) => a.userId === owner);
  const projectChoices = (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <fieldset className="grid gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{FILTER_TEXTS.legend}</legend>
      {choose("stage", DESK_TEXTS.stage, STAGE_CHOICES, { folds: false, empty: DESK_TEXTS.allStages })}
      {choose("source", DESK_TEXTS.source, SOURCE_CHOICES, { folds: false, empty: DESK_TEXTS.allSources })}
      <Button variant="outline" className="md:hidden" aria-expanded={more} onClick={() => setMore((m) => !m)}>
        {more ? FILTER_TEXTS.less : FILTER_TEXTS.more}
      </Button>
      {choose("ownerId", DESK_TEXTS.owner, owners, {
        empty: DESK_TEXTS.allOwners,
        children: otherOwner && <option value={owner}>{ownerName ?? FILTER_TEXTS.someOwner}</option>,
      })}
      {choose("projectId", DESK_TEXTS.project, projectChoices, { empty: DESK_TEXTS.allProjects })}
      {choose("delivery", FILTER_TEXTS.delivery, DELIVERY_CHOICES, { empty: FILTER_TEXTS.allDeliveries })}
      {(["from", "to"] as const).map((key) => (
        <div key={key} className={`grid gap-1 ${fold}`}>
          <Label htmlFor={`leads-${key}`} className="text-xs text-muted">
            {DESK_TEXTS[key]}
          </Label>
          <DateField id={`leads-${key}`} value={filters[key]} onChange={(v) => setFilter(key, v)} />
        </div>
      ))}
      {choose("sort", FILTER_TEXTS.sort, SORT_CHOICES, { value: filters.sort ?? "newest" })}
      {CHECKS.map(({ key, label }) => (
        <label key={key} className={`flex items-center gap-2 text-sm ${fold}`}>
          <input type="checkbox" className="size-5" checked={filters[key] === "true"} onChange={check(key)} />
          {label}
        </label>
      ))}
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

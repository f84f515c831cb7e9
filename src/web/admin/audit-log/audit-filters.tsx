/**
 * The audit log's filters (audit-log-screen.tsx): user, item type, action, a date range, the total found and «مسح».
 * Any change goes back to the first page (the screen's `onChange`).
 */
import { useId } from "react";
import { type Choice, ChoiceSelect } from "~/admin/common/choice-select.tsx";
import { DateField } from "~/admin/common/date-field.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import type { AuditFilters } from "./api.ts";
import { AUDIT_TEXTS } from "./audit-texts.ts";

const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50";

/** One filter's select: «الكل», then `options` by their Arabic names. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <ChoiceSelect
        id={props.id}
        className={SELECT_CLASS}
        value={props.value}
        onChange={props.onChange}
        empty={AUDIT_TEXTS.any}
        options={props.options}
      />
    </div>
  );
}

/** The filters card; `users` are the staff to filter by (empty without users.view). */
export function AuditFiltersCard({
  filters,
  onChange,
  onClear,
  users,
  entityTypes,
  actions,
  total,
}: {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
  onClear: () => void;
  users: readonly { id: string; name: string; username: string }[];
  entityTypes: readonly Choice[];
  actions: readonly Choice[];
  total: string | null;
}) {
  const id = useId();
  return (
    <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <FilterSelect
        id={`${id}-user`}
        label={AUDIT_TEXTS.user}
        value={filters.userId}
        onChange={(userId) => onChange({ userId })}
        options={users.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
      />
      <FilterSelect
        id={`${id}-type`}
        label={AUDIT_TEXTS.entityType}
        value={filters.entityType}
        onChange={(entityType) => onChange({ entityType })}
        options={entityTypes}
      />
      <FilterSelect
        id={`${id}-action`}
        label={AUDIT_TEXTS.action}
        value={filters.action}
        onChange={(action) => onChange({ action })}
        options={actions}
      />
      {(["from", "to"] as const).map((key) => (
        <div key={key} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${key}`}>{AUDIT_TEXTS[key]}</Label>
          <DateField id={`${id}-${key}`} value={filters[key]} onChange={(value) => onChange({ [key]: value })} />
        </div>
      ))}
      <div className="flex items-center justify-between gap-3 sm:col-span-2 lg:col-span-5">
        <p className="text-sm text-muted" aria-live="polite">
          {total}
        </p>
        <Button variant="outline" size="sm" onClick={onClear}>
          {AUDIT_TEXTS.clear}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The audit log's filters (audit-log-screen.tsx): user, item type, action, a date range, the total found and «مسح».
 * Any change goes back to the first page (the screen's `onChange`).
 */
import { useId } from "react";
import { type Choice, ChoiceField } from "~/admin/common/choice-select.tsx";
import { DateField } from "~/admin/common/date-field.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import type { AuditFilters } from "./api.ts";
import { AUDIT_TEXTS } from "./audit-texts.ts";

const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50";

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
  const selects = [
    {
      key: "userId",
      name: "user",
      label: AUDIT_TEXTS.user,
      options: users.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` })),
    },
    { key: "entityType", name: "type", label: AUDIT_TEXTS.entityType, options: entityTypes },
    { key: "action", name: "action", label: AUDIT_TEXTS.action, options: actions },
  ] as const;
  return (
    <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {selects.map(({ key, name, label, options }) => (
        <ChoiceField
          key={key}
          id={`${id}-${name}`}
          label={label}
          frameClassName="flex flex-col gap-2"
          className={SELECT_CLASS}
          value={filters[key]}
          onChange={(value) => onChange({ [key]: value })}
          empty={AUDIT_TEXTS.any}
          options={options}
        />
      ))}
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

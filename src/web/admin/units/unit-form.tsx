/**
 * The unit form (SPEC §2.14 view 3, §5.6), validated in the browser with the same schema as the API
 * (domain/schemas/unit.ts): project, unit number, building, price (SAR), status (default "متاحة"; any status to
 * any other, §4.8), rooms 1–10, floor −5..50, private and total area (m², step 0.01, empty → null) and the eight
 * directions as checkboxes with Arabic labels. Server field errors (400/409) are shown under their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type Path, useController, useForm } from "react-hook-form";
import { AREA_STEP, FLOOR_MAX, FLOOR_MIN, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { DEFAULT_UNIT_STATUS, UNIT_STATUSES } from "#domain/project-rules.ts";
import { UNIT_DIRECTIONS, type UnitInput, type UnitValues, unitSchema } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import { AdminForm, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field, SelectField, useFieldControl } from "~/admin/common/form/field.tsx";
import { MoneyField } from "~/admin/common/form/money-field.tsx";
import { NumberField } from "~/admin/common/form/number-field.tsx";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

export interface UnitFormProps {
  /** The unit being edited; absent for a new unit. */
  unit?: Unit;
  /** Preselected project of a new unit (?project=ID). */
  defaultProjectId?: number | null;
  projects: readonly { id: number; name: string }[];
  /** Saves; resolves with field errors to show (field → Arabic message) or null on success. */
  onSubmit: (values: UnitValues) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

function defaultsOf(unit: Unit | undefined, projectId: number | null | undefined): UnitInput {
  return {
    projectId: unit?.projectId ?? (projectId ? String(projectId) : ""),
    unitNumber: unit?.unitNumber ?? "",
    building: unit?.building ?? "",
    price: text(unit?.price),
    status: unit?.status ?? DEFAULT_UNIT_STATUS,
    rooms: text(unit?.rooms),
    floor: text(unit?.floor),
    direction: (unit?.direction ?? []) as UnitInput["direction"],
    privateArea: text(unit?.privateArea),
    totalArea: text(unit?.totalArea),
  };
}

const FIELDS = [
  "projectId",
  "unitNumber",
  "building",
  "price",
  "status",
  "rooms",
  "floor",
  "direction",
  "privateArea",
  "totalArea",
] as const satisfies readonly Path<UnitInput>[];

const DIRECTION_LABELS = UNIT_DIRECTIONS.map((d) => d.label);

/** The eight directions as checkboxes; the form holds the ticked labels in the catalogue's order. */
function DirectionsField() {
  const { id, error } = useFieldControl("direction");
  const { field } = useController<UnitInput, "direction">({ name: "direction" });
  const selected = new Set<string>(field.value ?? []);
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm font-bold text-ink">{UNIT_TEXTS.direction}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {DIRECTION_LABELS.map((label) => (
          <label
            key={label}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
              selected.has(label) ? "border-brand-500 bg-brand-50" : "border-brand-100 bg-surface",
            )}
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={selected.has(label)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(label);
                else next.delete(label);
                field.onChange(DIRECTION_LABELS.filter((l) => next.has(l)));
              }}
              onBlur={field.onBlur}
            />
            {label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function UnitForm({ unit, defaultProjectId, projects, onSubmit, onCancel }: UnitFormProps) {
  const form = useForm<UnitInput, unknown, UnitValues>({
    resolver: zodResolver(unitSchema),
    defaultValues: defaultsOf(unit, defaultProjectId),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    showServerErrors(
      form.setError,
      fieldErrors,
      (key) => FIELDS.find((f) => key === f || key.startsWith(`${f}.`)) ?? null,
    );
  });

  return (
    <AdminForm guardUnsaved form={form} onSubmit={submit} className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <SelectField
          name="projectId"
          label={UNIT_TEXTS.project}
          placeholder={UNIT_TEXTS.chooseProject}
          options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          className="md:col-span-2"
        />
        <Field name="unitNumber" label={UNIT_TEXTS.unitNumber} input={{ autoComplete: "off" }} />
        <Field name="building" label={UNIT_TEXTS.building} input={{ autoComplete: "off" }} />
        <MoneyField name="price" label={UNIT_TEXTS.priceField} />
        <SelectField
          name="status"
          label={UNIT_TEXTS.status}
          options={UNIT_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <NumberField name="rooms" label={UNIT_TEXTS.roomsField} min={ROOMS_MIN} max={ROOMS_MAX} />
        <NumberField name="floor" label={UNIT_TEXTS.floor} min={FLOOR_MIN} max={FLOOR_MAX} />
        <NumberField name="privateArea" label={UNIT_TEXTS.privateArea} min={1} step={AREA_STEP} />
        <NumberField name="totalArea" label={UNIT_TEXTS.totalArea} min={1} step={AREA_STEP} />
      </div>
      <DirectionsField />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? UNIT_TEXTS.saving : UNIT_TEXTS.save}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {UNIT_TEXTS.cancel}
        </Button>
      </div>
    </AdminForm>
  );
}

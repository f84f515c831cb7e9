/**
 * The unit form (SPEC §2.14 view 3, §5.6), validated in the browser with the same schema as the API
 * (domain/schemas/unit.ts): project, unit number, building, price (SAR), status (default "متاحة"; any status to
 * any other, §4.8), rooms 1–10, floor −5..50, private and total area (m², step 0.01, empty → null) and the eight
 * directions as checkboxes with Arabic labels, and the unit's own advertising licence (unit-licence-fields.tsx).
 * Server field errors (400/409) are shown under their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type Path, useForm } from "react-hook-form";
import { AREA_STEP, FLOOR_MAX, FLOOR_MIN, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { DEFAULT_UNIT_STATUS, UNIT_STATUSES } from "#domain/project-rules.ts";
import { type UnitInput, type UnitValues, unitSchema } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import { AdminForm, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { DirectionsField } from "~/admin/common/form/directions-field.tsx";
import { Field, SelectField } from "~/admin/common/form/field.tsx";
import { MoneyField } from "~/admin/common/form/money-field.tsx";
import { NumberField } from "~/admin/common/form/number-field.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { UnitLicenceFields } from "./unit-licence-fields.tsx";
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
    advertisingLicenseNumber: unit?.advertisingLicenseNumber ?? "",
    advertisingLicenseExpiresOn: unit?.advertisingLicenseExpiresOn ?? "",
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
  "advertisingLicenseNumber",
  "advertisingLicenseExpiresOn",
] as const satisfies readonly Path<UnitInput>[];

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
      <DirectionsField legend={UNIT_TEXTS.direction} />
      <UnitLicenceFields />
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

/**
 * The unit form (SPEC §2.14 view 3, §5.6), validated in the browser with the same schema as the API
 * (domain/schemas/unit.ts): project, unit number, building, price (SAR), status (default "متاحة"; any status to
 * any other, §4.8), rooms 1–10, floor −5..50, private and total area (m², step 0.01, empty → null) and the eight
 * directions as checkboxes with Arabic labels. Server field errors (400/409) are shown under their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { AREA_STEP, FLOOR_MAX, FLOOR_MIN, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { DEFAULT_UNIT_STATUS, UNIT_STATUSES } from "#domain/project-rules.ts";
import { UNIT_DIRECTIONS, type UnitInput, type UnitValues, unitSchema } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import { MoneyInput } from "~/admin/common/money-input.tsx";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
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

export function UnitForm({ unit, defaultProjectId, projects, onSubmit, onCancel }: UnitFormProps) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UnitInput, unknown, UnitValues>({
    resolver: zodResolver(unitSchema),
    defaultValues: defaultsOf(unit, defaultProjectId),
  });

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (!fieldErrors) return;
    // The first field the server named is focused (and so scrolled into view).
    let first = true;
    for (const [key, message] of Object.entries(fieldErrors)) {
      const field = FIELDS.find((f) => key === f || key.startsWith(`${f}.`));
      if (!field) continue;
      setError(field, { type: "server", message }, { shouldFocus: first });
      first = false;
    }
  });

  const fieldError = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="text-sm text-danger">
        {String(message)}
      </p>
    ) : null;
  };
  const a11y = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  const selectClass =
    "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-base text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50 aria-invalid:border-danger md:text-sm";

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2 md:col-span-2">
          <Label htmlFor={`${id}-projectId`}>{UNIT_TEXTS.project}</Label>
          <select className={selectClass} {...a11y("projectId")} {...register("projectId")}>
            <option value="">{UNIT_TEXTS.chooseProject}</option>
            {projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
          {fieldError("projectId")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-unitNumber`}>{UNIT_TEXTS.unitNumber}</Label>
          <Input autoComplete="off" {...a11y("unitNumber")} {...register("unitNumber")} />
          {fieldError("unitNumber")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-building`}>{UNIT_TEXTS.building}</Label>
          <Input autoComplete="off" {...a11y("building")} {...register("building")} />
          {fieldError("building")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-price`}>{UNIT_TEXTS.priceField}</Label>
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <MoneyInput
                {...a11y("price")}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
          {fieldError("price")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-status`}>{UNIT_TEXTS.status}</Label>
          <select className={selectClass} {...a11y("status")} {...register("status")}>
            {UNIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {fieldError("status")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-rooms`}>{UNIT_TEXTS.roomsField}</Label>
          <Input
            type="number"
            inputMode="numeric"
            min={ROOMS_MIN}
            max={ROOMS_MAX}
            step={1}
            dir="ltr"
            {...a11y("rooms")}
            {...register("rooms")}
          />
          {fieldError("rooms")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-floor`}>{UNIT_TEXTS.floor}</Label>
          <Input
            type="number"
            inputMode="numeric"
            min={FLOOR_MIN}
            max={FLOOR_MAX}
            step={1}
            dir="ltr"
            {...a11y("floor")}
            {...register("floor")}
          />
          {fieldError("floor")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-privateArea`}>{UNIT_TEXTS.privateArea}</Label>
          <Input
            type="number"
            inputMode="decimal"
            min={1}
            step={AREA_STEP}
            dir="ltr"
            {...a11y("privateArea")}
            {...register("privateArea")}
          />
          {fieldError("privateArea")}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-totalArea`}>{UNIT_TEXTS.totalArea}</Label>
          <Input
            type="number"
            inputMode="decimal"
            min={1}
            step={AREA_STEP}
            dir="ltr"
            {...a11y("totalArea")}
            {...register("totalArea")}
          />
          {fieldError("totalArea")}
        </div>
      </div>
      <Controller
        control={control}
        name="direction"
        render={({ field }) => {
          const selected = new Set(field.value ?? []);
          return (
            <fieldset
              className="flex flex-col gap-3"
              aria-invalid={errors.direction ? true : undefined}
              aria-describedby={errors.direction ? `${id}-direction-error` : undefined}
            >
              <legend className="mb-2 text-sm font-bold text-ink">{UNIT_TEXTS.direction}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {UNIT_DIRECTIONS.map((d) => (
                  <label
                    key={d.key}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
                      selected.has(d.label) ? "border-brand-500 bg-brand-50" : "border-brand-100 bg-surface",
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={selected.has(d.label)}
                      onChange={(event) => {
                        const next = new Set(selected);
                        if (event.target.checked) next.add(d.label);
                        else next.delete(d.label);
                        field.onChange(UNIT_DIRECTIONS.map((x) => x.label).filter((l) => next.has(l)));
                      }}
                      onBlur={field.onBlur}
                    />
                    {d.label}
                  </label>
                ))}
              </div>
              {fieldError("direction")}
            </fieldset>
          );
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? UNIT_TEXTS.saving : UNIT_TEXTS.save}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {UNIT_TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}

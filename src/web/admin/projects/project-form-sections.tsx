/**
 * The first sections of the project form (docs/product.md §2.12, §3 projects, §5.3), each reading and writing the
 * form through react-hook-form's context (ProjectForm provides it): basics (name with its live check, city, district,
 * price, description), specifications (single or range areas and rooms 1–10, bathrooms 1–500, extras), location and
 * the stage percentages. The later ones are in project-form-more.tsx.
 */
import type * as React from "react";
import { useId } from "react";
import { useController, useFormContext } from "react-hook-form";
import { AREA_STEP, BATHROOMS_MAX, BATHROOMS_MIN, ROOMS_MAX, ROOMS_MIN } from "#domain/constants.ts";
import { PROJECT_MESSAGES, type ProjectInput } from "#domain/schemas/project.ts";
import { Field, FieldFrame, SelectField, TEXTAREA_CLASS, useFieldControl } from "~/admin/common/form/field.tsx";
import { MoneyField } from "~/admin/common/form/money-field.tsx";
import { NumberField } from "~/admin/common/form/number-field.tsx";
import { PercentField } from "~/admin/common/form/percent-field.tsx";
import { PERCENT_LABELS } from "~/admin/common/project-texts.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Input } from "~/shared/ui/input.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { FORM_TEXTS } from "./project-form-texts.ts";
import type { NameCheckState } from "./use-project-name-check.ts";

const GRID = { 1: "md:grid-cols-1", 2: "md:grid-cols-2", 3: "md:grid-cols-3" } as const;
const SPAN = { 1: "", 2: "md:col-span-2", 3: "md:col-span-3" } as const;

/** A titled section laid out in 1–3 columns from 768 px. */
export function FormSection({
  title,
  columns,
  children,
}: {
  title: string;
  columns: 1 | 2 | 3;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className={cn("grid grid-cols-1 gap-4", GRID[columns])} aria-labelledby={id}>
      <h3 id={id} className={cn("font-bold text-ink", SPAN[columns])}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A checkbox bound to the boolean form value `name`. */
function Checkbox({ name, label }: { name: keyof ProjectInput; label: string }) {
  const { register } = useFormContext<ProjectInput>();
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-brand-600" {...register(name)} />
      {label}
    </label>
  );
}

/** The name with the server's live check under it ("جاري التحقق...", "خطأ في الاسم"). */
function NameField({ nameCheck }: { nameCheck: NameCheckState }) {
  const { register } = useFormContext<ProjectInput>();
  const { id, error } = useFieldControl("name");
  return (
    <FieldFrame id={id} label={FORM_TEXTS.name} error={error}>
      <Input
        id={id}
        autoComplete="off"
        {...register("name")}
        aria-invalid={Boolean(error || nameCheck.error) || undefined}
        aria-describedby={error ? `${id}-status ${id}-error` : `${id}-status`}
      />
      <div id={`${id}-status`}>
        {nameCheck.checking ? (
          <p className="text-xs text-muted" role="status">
            {PROJECT_MESSAGES.nameChecking}
          </p>
        ) : null}
        {nameCheck.error ? (
          <p className="text-xs text-danger" role="alert">
            {nameCheck.error}
          </p>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export function BasicsSection({ nameCheck }: { nameCheck: NameCheckState }) {
  return (
    <FormSection title={FORM_TEXTS.basics} columns={2}>
      <NameField nameCheck={nameCheck} />
      <Field name="city" label={FORM_TEXTS.city} />
      <Field name="district" label={FORM_TEXTS.district} />
      <MoneyField name="price" label={FORM_TEXTS.price} />
      <Field name="description" label={FORM_TEXTS.description} className="md:col-span-2">
        {(control) => <Textarea rows={4} className={TEXTAREA_CLASS} {...control} />}
      </Field>
    </FormSection>
  );
}

/** The choice of a single value or a range (area and rooms). */
const SINGLE_OR_RANGE = [
  { value: "single", label: FORM_TEXTS.single },
  { value: "range", label: FORM_TEXTS.range },
];
const AREA_UNITS = [
  { value: "m2", label: FORM_TEXTS.unitM2 },
  { value: "m", label: FORM_TEXTS.unitM },
];

export function SpecsSection() {
  const { watch } = useFormContext<ProjectInput>();
  const areaRange = watch("areaType") === "range";
  const roomsRange = watch("roomsType") === "range";
  const rooms = { min: ROOMS_MIN, max: ROOMS_MAX };
  return (
    <FormSection title={FORM_TEXTS.specs} columns={3}>
      <SelectField name="areaType" label={FORM_TEXTS.areaType} options={SINGLE_OR_RANGE} />
      {areaRange ? (
        <>
          <NumberField name="areaSizeMin" label={FORM_TEXTS.areaSizeMin} min={1} step={AREA_STEP} />
          <NumberField name="areaSizeMax" label={FORM_TEXTS.areaSizeMax} min={1} step={AREA_STEP} />
        </>
      ) : (
        <NumberField name="areaSize" label={FORM_TEXTS.areaSize} min={1} step={AREA_STEP} />
      )}
      <SelectField name="areaUnit" label={FORM_TEXTS.areaUnit} options={AREA_UNITS} />
      <SelectField name="roomsType" label={FORM_TEXTS.roomsType} options={SINGLE_OR_RANGE} />
      {roomsRange ? (
        <>
          <NumberField name="roomsMin" label={FORM_TEXTS.roomsMin} {...rooms} />
          <NumberField name="roomsMax" label={FORM_TEXTS.roomsMax} {...rooms} />
        </>
      ) : (
        <NumberField name="rooms" label={FORM_TEXTS.rooms} {...rooms} />
      )}
      <NumberField name="bathrooms" label={FORM_TEXTS.bathrooms} min={BATHROOMS_MIN} max={BATHROOMS_MAX} />
      <div className="flex flex-wrap gap-4 md:col-span-3">
        {(["hasGarage", "hasDriverRoom", "hasMaidRoom"] as const).map((name) => (
          <Checkbox key={name} name={name} label={FORM_TEXTS[name]} />
        ))}
      </div>
    </FormSection>
  );
}

/** Landmarks, one a line; the form holds them as a list. */
function LandmarksField() {
  const { id, error, control } = useFieldControl("distanceFromLandmark");
  const { field } = useController<ProjectInput, "distanceFromLandmark">({ name: "distanceFromLandmark" });
  return (
    <FieldFrame id={id} label={FORM_TEXTS.landmarks} error={error} className="md:col-span-2">
      <Textarea
        {...control}
        ref={field.ref}
        rows={3}
        className={TEXTAREA_CLASS}
        value={(field.value ?? []).join("\n")}
        onChange={(e) => field.onChange(e.target.value.split("\n"))}
        onBlur={field.onBlur}
      />
    </FieldFrame>
  );
}

export function LocationSection() {
  return (
    <FormSection title={FORM_TEXTS.location} columns={2}>
      <NumberField name="latitude" label={FORM_TEXTS.latitude} step="any" min={-90} max={90} />
      <NumberField name="longitude" label={FORM_TEXTS.longitude} step="any" min={-180} max={180} />
      <LandmarksField />
    </FormSection>
  );
}

export function PercentagesSection() {
  return (
    <FormSection title={FORM_TEXTS.percentages} columns={2}>
      {(Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]).map((name) => (
        <PercentField key={name} name={name} label={PERCENT_LABELS[name]} />
      ))}
    </FormSection>
  );
}

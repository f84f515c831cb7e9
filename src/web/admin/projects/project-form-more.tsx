/**
 * The later sections of the project form (docs/product.md §2.12, §4.4, §5.3): the sales percentage with its manual
 * override and the sold-out box (ARCHITECTURE resolution 1: computed from the units unless overridden), the media
 * (images, a video uploaded or linked, the brochure PDF), and the compliance numbers with the warning while any is
 * missing (docs/product.md §3 projects).
 */
import { AlertTriangleIcon } from "lucide-react";
import type * as React from "react";
import { useController, useFormContext } from "react-hook-form";
import { missingComplianceFields, type ProjectInput } from "#domain/schemas/project.ts";
import { Field, FieldFrame, useFieldControl } from "~/admin/common/form/field.tsx";
import { ImageListField } from "~/admin/common/form/image-list-field.tsx";
import { PercentField } from "~/admin/common/form/percent-field.tsx";
import { SingleFile, SingleFileField } from "~/admin/common/form/single-file-field.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { FormSection } from "./project-form-sections.tsx";
import { FORM_TEXTS } from "./project-form-texts.ts";

export function SalesSection() {
  const { register, watch, setValue } = useFormContext<ProjectInput>();
  const enabled = watch("salesOverrideEnabled");
  const value = watch("salesOverrideValue");
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-bold text-ink">{FORM_TEXTS.sales}</legend>
      <p className="text-xs text-muted">{FORM_TEXTS.salesAuto}</p>
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          {...register("salesOverrideEnabled", {
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
              if (e.target.checked && (value === null || value === undefined || value === "")) {
                setValue("salesOverrideValue", 0);
              }
            },
          })}
        />
        {FORM_TEXTS.salesOverrideEnabled}
      </label>
      {enabled ? <PercentField name="salesOverrideValue" label={FORM_TEXTS.salesOverrideValue} /> : null}
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={Boolean(enabled) && Number(value) === 100}
          onChange={(e) => {
            setValue("salesOverrideEnabled", true, { shouldDirty: true });
            setValue("salesOverrideValue", e.target.checked ? 100 : 0, { shouldDirty: true });
          }}
        />
        {FORM_TEXTS.soldOut}
      </label>
    </fieldset>
  );
}

/** The video: an uploaded file or a link (YouTube or direct), one form value. */
function VideoField() {
  const { id, error, control } = useFieldControl("videoUrl");
  const { field } = useController<ProjectInput, "videoUrl">({ name: "videoUrl" });
  return (
    <div className="flex flex-col gap-3">
      <SingleFile kind="video" label={FORM_TEXTS.video} value={field.value} onChange={field.onChange} />
      <FieldFrame id={id} label={FORM_TEXTS.videoUrl} error={error}>
        <Input
          {...control}
          ref={field.ref}
          dir="ltr"
          inputMode="url"
          value={field.value ?? ""}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        />
      </FieldFrame>
    </div>
  );
}

export function MediaSection() {
  return (
    <FormSection title={FORM_TEXTS.media} columns={1}>
      <ImageListField name="images" label={FORM_TEXTS.images} />
      <VideoField />
      <SingleFileField name="pdfUrl" kind="pdf" label={FORM_TEXTS.pdf} />
    </FormSection>
  );
}

const COMPLIANCE_FIELDS = ["advertisingLicenseNumber", "wafiLicenseNumber", "titleDeedNumber"] as const;

export function ComplianceSection() {
  const { watch } = useFormContext<ProjectInput>();
  const [advertisingLicenseNumber, wafiLicenseNumber, titleDeedNumber] = watch([...COMPLIANCE_FIELDS]);
  const missing = missingComplianceFields({ advertisingLicenseNumber, wafiLicenseNumber, titleDeedNumber });
  return (
    <FormSection title={FORM_TEXTS.compliance} columns={3}>
      {missing.length > 0 ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-ink md:col-span-3"
        >
          <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <div>
            <p className="font-bold">{FORM_TEXTS.complianceWarning}</p>
            <ul className="list-disc ps-5">
              {missing.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {COMPLIANCE_FIELDS.map((name) => (
        <Field key={name} name={name} label={FORM_TEXTS[name]} input={{ dir: "ltr" }} />
      ))}
    </FormSection>
  );
}

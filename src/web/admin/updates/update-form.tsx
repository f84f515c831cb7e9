/**
 * The progress-update create/edit form (SPEC §2.13): project, title, summary, optional video URL, interior and drone
 * photos (uploads with progress), the four stage percentages and completion (sliders 0–100), lastVisitDate (a date
 * or none) and notes. Validated with the server's domain schema (projectUpdateInputSchema); field errors of a 400
 * answer are put on their fields.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useController, useForm } from "react-hook-form";
import {
  type ProjectUpdateInput,
  type ProjectUpdatePayload,
  projectUpdateInputSchema,
} from "#domain/schemas/project-update.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { DateField } from "~/admin/common/date-field.tsx";
import { AdminForm, serverFieldErrors, showServerErrors } from "~/admin/common/form/admin-form.tsx";
import { Field, FieldFrame, SelectField, TEXTAREA_CLASS, useFieldControl } from "~/admin/common/form/field.tsx";
import { ImageListField } from "~/admin/common/form/image-list-field.tsx";
import { PercentField } from "~/admin/common/form/percent-field.tsx";
import { PERCENT_LABELS, PROJECT_TEXTS, UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";

/** The form values of an existing update, or the defaults of a new one (percentages 0, no visit date). */
export function updateToInput(u: ProjectUpdate | null, projectId?: number): ProjectUpdateInput {
  return {
    projectId: u?.projectId ?? projectId ?? "",
    title: u?.title ?? "",
    summary: u?.summary ?? "",
    thumbnailUrl: u?.thumbnailUrl ?? null,
    videoUrl: u?.videoUrl ?? "",
    interiorPhotos: u?.interiorPhotos ?? [],
    dronePhotos: u?.dronePhotos ?? [],
    concretePercentage: u?.concretePercentage ?? 0,
    plumbingPercentage: u?.plumbingPercentage ?? 0,
    electricalPercentage: u?.electricalPercentage ?? 0,
    finishingPercentage: u?.finishingPercentage ?? 0,
    completionPercentage: u?.completionPercentage ?? 0,
    lastVisitDate: u?.lastVisitDate ? u.lastVisitDate.slice(0, 10) : "",
    notes: u?.notes ?? "",
  };
}

/** The last visit's date, or none (the box ticked clears it; the form holds "YYYY-MM-DD" or ""). */
function LastVisitField() {
  const { id, error, control } = useFieldControl("lastVisitDate");
  const { field } = useController<ProjectUpdateInput, "lastVisitDate">({ name: "lastVisitDate" });
  return (
    <FieldFrame id={id} label={UPDATE_TEXTS.lastVisitDate} error={error}>
      <DateField {...control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={!field.value}
          onChange={(e) => {
            if (e.target.checked) field.onChange("");
          }}
        />
        {UPDATE_TEXTS.noVisitDate}
      </label>
    </FieldFrame>
  );
}

export function UpdateForm({
  update,
  projects,
  onSubmit,
  onCancel,
}: {
  update: ProjectUpdate | null;
  projects: readonly { id: number; name: string }[];
  onSubmit: (payload: ProjectUpdatePayload) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<ProjectUpdateInput, unknown, ProjectUpdatePayload>({
    resolver: zodResolver(projectUpdateInputSchema),
    defaultValues: updateToInput(update),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (payload) => {
    try {
      await onSubmit(payload);
    } catch (error) {
      showServerErrors(form.setError, serverFieldErrors(error));
    }
  });

  const textarea = (control: React.ComponentProps<"textarea">) => (
    <Textarea rows={3} className={TEXTAREA_CLASS} {...control} />
  );

  return (
    <AdminForm form={form} onSubmit={submit} className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <SelectField
        name="projectId"
        label={UPDATE_TEXTS.project}
        placeholder={UPDATE_TEXTS.chooseProject}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
      />
      <Field name="title" label={UPDATE_TEXTS.updateTitle} />
      <Field name="summary" label={UPDATE_TEXTS.summary} className="md:col-span-2">
        {textarea}
      </Field>
      <Field
        name="videoUrl"
        label={UPDATE_TEXTS.videoUrl}
        className="md:col-span-2"
        input={{ dir: "ltr", inputMode: "url" }}
      />
      <div className="md:col-span-2">
        <ImageListField name="interiorPhotos" label={UPDATE_TEXTS.interiorPhotos} />
      </div>
      <div className="md:col-span-2">
        <ImageListField name="dronePhotos" label={UPDATE_TEXTS.dronePhotos} />
      </div>
      {(Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]).map((name) => (
        <PercentField key={name} name={name} label={PERCENT_LABELS[name]} />
      ))}
      <LastVisitField />
      <Field name="notes" label={UPDATE_TEXTS.notes} className="md:col-span-2">
        {textarea}
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t border-brand-100 pt-4 sm:flex-row sm:justify-end md:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {PROJECT_TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? PROJECT_TEXTS.saving : update ? UPDATE_TEXTS.updateSubmit : UPDATE_TEXTS.createSubmit}
        </Button>
      </div>
    </AdminForm>
  );
}

/**
 * The progress-update create/edit form (SPEC §2.13): project, title, summary, optional video URL, interior and drone
 * photos (uploads with progress), the four stage percentages and completion (sliders 0–100), lastVisitDate (a date
 * or none) and notes. Validated with the server's domain schema (projectUpdateInputSchema); field errors of a 400
 * answer are put on their fields.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import type * as React from "react";
import { useId } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { formatPercent } from "#domain/format.ts";
import {
  type ProjectUpdateInput,
  type ProjectUpdatePayload,
  projectUpdateInputSchema,
} from "#domain/schemas/project-update.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { DateField } from "~/admin/common/date-field.tsx";
import { PERCENT_LABELS, PROJECT_TEXTS, UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { ImageListField } from "~/admin/common/upload-fields.tsx";
import { ApiError } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";

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
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProjectUpdateInput, unknown, ProjectUpdatePayload>({
    resolver: zodResolver(projectUpdateInputSchema),
    defaultValues: updateToInput(update),
  });
  const lastVisit = watch("lastVisitDate");

  const submit = handleSubmit(async (payload) => {
    try {
      await onSubmit(payload);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.fields : undefined;
      // The first field the server named is focused (and so scrolled into view).
      let first = true;
      for (const [path, message] of Object.entries(fields ?? {})) {
        if (path === "_") continue;
        setError(path as FieldPath<ProjectUpdateInput>, { type: "server", message }, { shouldFocus: first });
        first = false;
      }
    }
  });

  const err = (field: keyof ProjectUpdateInput) => errors[field]?.message;
  const errorText = (field: keyof ProjectUpdateInput) =>
    err(field) ? (
      <p id={fid(`${field}-error`)} role="alert" className="text-xs text-danger">
        {err(field)}
      </p>
    ) : null;
  const invalid = (field: keyof ProjectUpdateInput) =>
    err(field) ? { "aria-invalid": true as const, "aria-describedby": fid(`${field}-error`) } : {};

  const slider = (field: keyof typeof PERCENT_LABELS) => (
    <Controller
      key={field}
      control={control}
      name={field}
      render={({ field: f }) => {
        const value = Number(f.value ?? 0) || 0;
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between">
              <Label htmlFor={fid(field)}>{PERCENT_LABELS[field]}</Label>
              <output htmlFor={fid(field)} className="text-sm font-bold text-brand-700">
                {formatPercent(value)}
              </output>
            </div>
            <input
              id={fid(field)}
              type="range"
              min={0}
              max={100}
              step={1}
              value={value}
              onChange={(e) => f.onChange(Number(e.target.value))}
              className="w-full accent-brand-600"
            />
            {errorText(field)}
          </div>
        );
      }}
    />
  );

  const textarea = (
    field: "summary" | "notes",
    label: string,
    attrs: React.TextareaHTMLAttributes<HTMLTextAreaElement> = {},
  ) => (
    <div className="flex flex-col gap-1.5 md:col-span-2">
      <Label htmlFor={fid(field)}>{label}</Label>
      <textarea
        id={fid(field)}
        rows={3}
        className="w-full rounded-lg border border-brand-100 bg-surface px-3 py-2 text-sm"
        {...attrs}
        {...register(field)}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fid("projectId")}>{UPDATE_TEXTS.project}</Label>
        <select
          id={fid("projectId")}
          className="h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm"
          {...register("projectId")}
          {...invalid("projectId")}
        >
          <option value="">{UPDATE_TEXTS.chooseProject}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {errorText("projectId")}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fid("title")}>{UPDATE_TEXTS.updateTitle}</Label>
        <Input id={fid("title")} {...register("title")} {...invalid("title")} />
        {errorText("title")}
      </div>
      {textarea("summary", UPDATE_TEXTS.summary)}
      <div className="flex flex-col gap-1.5 md:col-span-2">
        <Label htmlFor={fid("videoUrl")}>{UPDATE_TEXTS.videoUrl}</Label>
        <Input id={fid("videoUrl")} dir="ltr" inputMode="url" {...register("videoUrl")} {...invalid("videoUrl")} />
        {errorText("videoUrl")}
      </div>
      <div className="md:col-span-2">
        <Controller
          control={control}
          name="interiorPhotos"
          render={({ field }) => (
            <ImageListField label={UPDATE_TEXTS.interiorPhotos} value={field.value ?? []} onChange={field.onChange} />
          )}
        />
      </div>
      <div className="md:col-span-2">
        <Controller
          control={control}
          name="dronePhotos"
          render={({ field }) => (
            <ImageListField label={UPDATE_TEXTS.dronePhotos} value={field.value ?? []} onChange={field.onChange} />
          )}
        />
      </div>
      {(Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]).map((field) => slider(field))}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fid("lastVisitDate")}>{UPDATE_TEXTS.lastVisitDate}</Label>
        <Controller
          control={control}
          name="lastVisitDate"
          render={({ field }) => (
            <DateField
              id={fid("lastVisitDate")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalid("lastVisitDate")}
            />
          )}
        />
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={!lastVisit}
            onChange={(e) => {
              if (e.target.checked) setValue("lastVisitDate", "");
            }}
          />
          {UPDATE_TEXTS.noVisitDate}
        </label>
        {errorText("lastVisitDate")}
      </div>
      {textarea("notes", UPDATE_TEXTS.notes)}
      <div className="flex flex-col-reverse gap-2 border-t border-brand-100 pt-4 sm:flex-row sm:justify-end md:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {PROJECT_TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? PROJECT_TEXTS.saving : update ? UPDATE_TEXTS.updateSubmit : UPDATE_TEXTS.createSubmit}
        </Button>
      </div>
    </form>
  );
}

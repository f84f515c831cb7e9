/**
 * The form element of the back office's react-hook-form forms (docs/decisions/059-admin-form-kit.md): it provides the
 * form to the kit's fields (`Field`, `NumberField`, …, which read their values and errors by name) and turns the
 * browser's own validation off (the domain schemas validate, with their Arabic messages).
 *
 * `showServerErrors` puts the field messages of a 400/409 answer (`{fields: {path: message}}`, docs/product.md §7.3)
 * on their fields and focuses the first one, which also scrolls it into view
 * (docs/decisions/024-admin-fits-and-arabic-controls.md). The `_` key (a message for the whole form) is left to the caller's toast.
 *
 * `guardUnsaved` warns before unsaved changes are lost (./unsaved-changes.tsx): while the form is dirty, not being
 * saved, and its last submit did not succeed, leaving the screen asks first. A save that navigates away itself (to
 * the list it saved into) leaves while the submit is still running, so it is never stopped.
 */
import type * as React from "react";
import { type FieldPath, type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";
import { ApiError } from "~/shared/lib/api-client.ts";
import { UnsavedChangesGuard } from "./unsaved-changes.tsx";

export interface AdminFormProps<TValues extends FieldValues, TOutput>
  extends Omit<React.ComponentProps<"form">, "onSubmit" | "noValidate"> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Ask before leaving the screen with unsaved changes (project, unit, landing and employee forms). */
  guardUnsaved?: boolean;
}

/** `<form noValidate>` inside react-hook-form's FormProvider. */
export function AdminForm<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  guardUnsaved = false,
  children,
  ...props
}: AdminFormProps<TValues, TOutput>) {
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  return (
    <FormProvider {...form}>
      <form {...props} onSubmit={onSubmit} noValidate>
        {children}
      </form>
      {guardUnsaved ? <UnsavedChangesGuard when={isDirty && !isSubmitting && !isSubmitSuccessful} /> : null}
    </FormProvider>
  );
}

/** The field messages of an API error (`body.fields`), or null when it has none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const fields = error instanceof ApiError ? error.body?.fields : undefined;
  return fields && Object.keys(fields).length > 0 ? fields : null;
}

/**
 * Sets each server field message on its field (`accept` maps a server path to a form path, or null to skip it; by
 * default every path but `_`) and focuses the first. Returns how many were set.
 */
export function showServerErrors<TValues extends FieldValues>(
  setError: UseFormReturn<TValues>["setError"],
  fields: Record<string, string> | null | undefined,
  accept: (path: string) => FieldPath<TValues> | null = (path) => (path === "_" ? null : (path as FieldPath<TValues>)),
): number {
  let count = 0;
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = accept(path);
    if (field === null) continue;
    setError(field, { type: "server", message }, { shouldFocus: count === 0 });
    count += 1;
  }
  return count;
}

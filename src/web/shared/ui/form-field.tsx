/**
 * One form field: a label, its control, and either the field's error (from the domain schema's Arabic messages) or a
 * hint beneath, wired for assistive technology — the control gets the id the label points at, `aria-invalid` when
 * there is an error, and `aria-describedby` naming the error or the hint. The control is rendered by `children`,
 * which receives those props to spread on an Input, a select or a textarea.
 */
import type * as React from "react";
import { useId } from "react";
import { cn } from "~/shared/lib/cn.ts";
import { Label } from "~/shared/ui/label.tsx";

/** The props a FormField hands to its control. */
export interface FormFieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: React.ReactNode;
  /** The field's error message; replaces the hint while shown. */
  error?: string;
  hint?: React.ReactNode;
  /** A fixed id for the control (default: a generated one). */
  id?: string;
  className?: string;
  children: (control: FormFieldControlProps) => React.ReactNode;
}

/** A labelled control with its error or hint (see the module docstring). */
export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  return (
    <div data-slot="form-field" className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : hint ? hintId : undefined,
      })}
      {error ? (
        <p id={errorId} data-slot="form-field-error" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} data-slot="form-field-hint" className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

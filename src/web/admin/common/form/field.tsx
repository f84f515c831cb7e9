/**
 * One form field of the back office (docs/decisions/059-admin-form-kit.md): a label, its control, and either the
 * field's error (the domain schema's Arabic message, or the server's from a 400 answer) or a hint beneath, wired for
 * assistive technology — the control gets the id the label points at, `aria-invalid` while there is an error, and
 * `aria-describedby` naming the error or the hint. The error is an alert, so it is read out when it appears.
 *
 * - `FieldFrame` lays a control out (no form state): for controls that are not react-hook-form fields.
 * - `Field` reads its error from the surrounding react-hook-form (`AdminForm`/`FormProvider`) by `name` (a dotted
 *   path such as `guarantees.0.years`) and registers the control: by default an `Input` with the `input` attributes;
 *   `children` renders another control (a select, a textarea) from the props it is given.
 * - `useFieldControl(name)` gives the id, error and aria props to fields built on a Controller (money, percent, …).
 */
import type * as React from "react";
import { useId } from "react";
import { get, type RegisterOptions, type UseFormRegisterReturn, useFormContext, useFormState } from "react-hook-form";
import { cn } from "~/shared/lib/cn.ts";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";

/** The props a field hands to its control. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The control props of the field `id` with this error and hint. */
export function fieldControlProps(id: string, error: string | undefined, hasHint: boolean): FieldControlProps {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  };
}

export interface FieldFrameProps {
  /** The control's id (the label's htmlFor; the error and hint ids derive from it). */
  id: string;
  label: React.ReactNode;
  /** The field's error message; replaces the hint while shown. */
  error?: string;
  hint?: React.ReactNode;
  /** Shown at the end of the label's line (a slider's value). */
  labelEnd?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

/** A labelled control with its error or hint beneath (see the module docstring). */
export function FieldFrame({ id, label, error, hint, labelEnd, className, children }: FieldFrameProps) {
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div data-slot="form-field" className={cn("flex flex-col gap-1.5", className)}>
      {labelEnd ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelEnd}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" data-slot="form-field-error" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} data-slot="form-field-hint" className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The error message react-hook-form holds for `name` (a dotted path), if any. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message ? message : undefined;
}

/** The id, error and control props of the form field `name`. */
export function useFieldControl(name: string, hasHint = false) {
  const id = `${useId()}-${name}`;
  const error = useFieldError(name);
  return { id, error, control: fieldControlProps(id, error, hasHint) };
}

export interface FieldProps {
  /** The form value's path, e.g. "city" or "guarantees.0.years". */
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  /** Attributes of the default Input (type, dir, autoComplete, …). */
  input?: Omit<React.ComponentProps<"input">, "id" | "name">;
  /** react-hook-form's register options (e.g. an onChange side effect). */
  rules?: RegisterOptions;
  /** Another control than an Input: spread the given props on it. */
  children?: (control: FieldControlProps & UseFormRegisterReturn) => React.ReactNode;
}

/** A react-hook-form field with its label and error (see the module docstring). */
export function Field({ name, label, hint, className, input, rules, children }: FieldProps) {
  const { register } = useFormContext();
  const { id, error, control } = useFieldControl(name, Boolean(hint));
  const props = { ...control, ...register(name, rules) };
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {children ? children(props) : <Input {...input} {...props} />}
    </FieldFrame>
  );
}

/** The look of a native select in the back office (Input's border, height and focus ring). */
export const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-brand-100 bg-surface px-3 text-base text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50 aria-invalid:border-danger md:text-sm";

/** The look of a textarea in the back office. */
export const TEXTAREA_CLASS =
  "w-full rounded-lg border border-brand-100 bg-surface px-3 py-2 text-base text-ink outline-none focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-accent-400/50 aria-invalid:border-danger md:text-sm";

export interface SelectFieldProps extends Omit<FieldProps, "input" | "children"> {
  options: readonly { value: string | number; label: string }[];
  /** A first option with the empty value ("اختر …"). */
  placeholder?: string;
}

/** A `Field` whose control is a native select of `options`. */
export function SelectField({ options, placeholder, ...field }: SelectFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <select className={SELECT_CLASS} {...control}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

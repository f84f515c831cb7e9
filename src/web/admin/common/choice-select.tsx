/**
 * The back office's native select of choices (docs/decisions/059-admin-form-kit.md): an optional first choice with
 * the empty value («الكل», «اختر …»), then `options` by their Arabic names; it reports the chosen value as text.
 * Filters and small forms that keep their own state use it; react-hook-form forms use the kit's `SelectField`.
 */
import type * as React from "react";
import { SELECT_CLASS } from "~/admin/common/form/field.tsx";
import { Label } from "~/shared/ui/label.tsx";

/** One choice: the value sent or stored, and its Arabic name. */
export interface Choice {
  value: string | number;
  label: string;
}

/** The choices of `keys` named by `labels` (a domain list and its Arabic labels), in the list's order. */
export function choicesOf<K extends string>(keys: readonly K[], labels: Readonly<Record<K, string>>): Choice[] {
  return keys.map((key) => ({ value: key, label: labels[key] }));
}

export interface ChoiceSelectProps extends Omit<React.ComponentProps<"select">, "value" | "onChange" | "children"> {
  value: string | number;
  onChange: (value: string) => void;
  options: readonly Choice[];
  /** The first choice, valued "" (none by default). */
  empty?: string;
  /** Choices after `options` (e.g. the current value when it is not among them). */
  children?: React.ReactNode;
}

/** A select of `options`; see the module docstring. */
export function ChoiceSelect({
  value,
  onChange,
  options,
  empty,
  className = SELECT_CLASS,
  children,
  ...select
}: ChoiceSelectProps) {
  return (
    <select className={className} value={value} onChange={(event) => onChange(event.target.value)} {...select}>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}

export interface ChoiceFieldProps extends ChoiceSelectProps {
  id: string;
  label: React.ReactNode;
  /** A line under the select. */
  hint?: React.ReactNode;
  /** The layout of label, select and hint (default a grid with a gap of 0.5rem). */
  frameClassName?: string;
}

/** A `ChoiceSelect` under its label (and over its hint). */
export function ChoiceField({ label, hint, frameClassName = "grid gap-2", ...select }: ChoiceFieldProps) {
  return (
    <div className={frameClassName}>
      <Label htmlFor={select.id}>{label}</Label>
      <ChoiceSelect {...select} />
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

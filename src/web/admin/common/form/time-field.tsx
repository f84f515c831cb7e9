/**
 * A time of day of the back office ("HH:MM", 24-hour, the value the API reads) picked from a select of times at a step,
 * each written as the product writes visit times ("16:00" → «٤:٠٠ م», `formatTimeOfDay` of #domain/visit-format.ts:
 * Arabic-Indic digits, ص/م; ARCHITECTURE resolution 11). The admin's forms use it instead of the browser's time input,
 * whose «10:00 PM» follows the browser's language (DEVELOPERS ground rule 9: no English in the UI;
 * docs/decisions/154-time-of-day-select.md).
 *
 * - `TimeSelect`: the control alone, for forms read with FormData (a native select named `name`).
 * - `TimeField`: a react-hook-form field by `name`, with its label and error (docs/decisions/059-admin-form-kit.md).
 */
import type * as React from "react";
import { useController } from "react-hook-form";
import { formatTimeOfDay } from "#domain/visit-format.ts";
import { FieldFrame, SELECT_CLASS, useFieldControl } from "./field.tsx";

/** The "HH:MM" times of a day from 00:00 at `stepMinutes` (1–60, dividing the hour), plus `current` when off that grid. */
export function timesOfDay(stepMinutes: number, current?: string): string[] {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  }
  if (current && /^([01]\d|2[0-3]):[0-5]\d$/.test(current) && !times.includes(current)) {
    times.push(current);
    times.sort();
  }
  return times;
}

export interface TimeSelectProps extends Omit<React.ComponentProps<"select">, "children"> {
  /** Minutes between two offered times (default 15). */
  stepMinutes?: number;
}

/** A native select of the day's times, labelled in Arabic, valued "HH:MM". */
export function TimeSelect({ stepMinutes = 15, className, ...select }: TimeSelectProps) {
  const chosen = select.value ?? select.defaultValue;
  const current = typeof chosen === "string" ? chosen : undefined;
  return (
    <select className={className ?? SELECT_CLASS} {...select}>
      {timesOfDay(stepMinutes, current).map((time) => (
        <option key={time} value={time}>
          {formatTimeOfDay(time)}
        </option>
      ))}
    </select>
  );
}

export interface TimeFieldProps {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  stepMinutes?: number;
  className?: string;
}

/** The time field `name` of the surrounding react-hook-form form. */
export function TimeField({ name, label, hint, stepMinutes, className }: TimeFieldProps) {
  const { id, error, control } = useFieldControl(name, Boolean(hint));
  const { field } = useController({ name });
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <TimeSelect
        {...control}
        stepMinutes={stepMinutes}
        name={field.name}
        ref={field.ref}
        value={typeof field.value === "string" ? field.value : ""}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FieldFrame>
  );
}

/**
 * A percentage chosen with a slider, 0–100 in whole steps, its value shown beside the label in Arabic-Indic digits
 * (docs/product.md §2.12, §2.13: the stage and completion percentages; ARCHITECTURE resolution 11). The form holds a
 * number.
 */
import type * as React from "react";
import { useController } from "react-hook-form";
import { formatPercent } from "#domain/format.ts";
import { FieldFrame, useFieldControl } from "./field.tsx";

export function PercentField({ name, label, className }: { name: string; label: React.ReactNode; className?: string }) {
  const { id, error, control } = useFieldControl(name);
  const { field } = useController({ name });
  const value = Number(field.value ?? 0) || 0;
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      className={className}
      labelEnd={
        <output htmlFor={id} className="text-sm font-bold text-brand-700">
          {formatPercent(value)}
        </output>
      }
    >
      <input
        {...control}
        ref={field.ref}
        name={field.name}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        onChange={(e) => field.onChange(Number(e.target.value))}
        onBlur={field.onBlur}
        className="w-full accent-brand-600"
      />
    </FieldFrame>
  );
}

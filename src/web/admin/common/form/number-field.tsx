/**
 * A number field of the back office (docs/decisions/059-admin-form-kit.md): a `Field` whose Input is
 * `type="number"` with Latin digits left to right (ARCHITECTURE resolution 11: what users type is in Latin digits),
 * the numeric keyboard for whole numbers (step 1) and the decimal one otherwise. The form keeps the typed text; the
 * domain schema parses it (an empty field is "" → the schema's "missing" rule or null).
 */
import type * as React from "react";
import { Field } from "./field.tsx";

export interface NumberFieldProps {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  min?: number;
  max?: number;
  /** 1 for whole numbers (default), 0.01 for areas, "any" for coordinates. */
  step?: number | "any";
  className?: string;
  /** Attributes of the Input beyond the above (e.g. a narrower class). */
  input?: Omit<React.ComponentProps<"input">, "id" | "name" | "type" | "min" | "max" | "step">;
}

export function NumberField({ step = 1, min, max, input, ...field }: NumberFieldProps) {
  return (
    <Field
      {...field}
      input={{
        ...input,
        type: "number",
        inputMode: step === 1 ? "numeric" : "decimal",
        dir: "ltr",
        min,
        max,
        step,
      }}
    />
  );
}

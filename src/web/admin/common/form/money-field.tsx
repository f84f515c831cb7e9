/**
 * An amount in riyals (SAR) typed with its thousands grouped as the user types ("1,250,000"), so a missing or extra
 * zero is visible (docs/decisions/024-admin-fits-and-arabic-controls.md). Whole riyals, no sign (SPEC §9: prices are
 * non-negative integers; ARCHITECTURE resolution 20). The form keeps the plain digits ("1250000", or "" when empty),
 * and the domain schema parses and checks them. Grouping and caret handling come from react-number-format.
 *
 * `MoneyInput` is the control; `MoneyField` is the react-hook-form field with its label and error.
 */
import type * as React from "react";
import { useController } from "react-hook-form";
import { NumericFormat } from "react-number-format";
import { Input } from "~/shared/ui/input.tsx";
import { FieldFrame, useFieldControl } from "./field.tsx";

export interface MoneyInputProps
  extends Omit<React.ComponentProps<"input">, "value" | "defaultValue" | "onChange" | "type" | "ref"> {
  /** The digits (or a number) held by the form; "" / null / undefined shows an empty field. */
  value: string | number | null | undefined;
  /** Receives the digits without grouping ("" when cleared). */
  onChange: (digits: string) => void;
  /** The input element, for focusing the field on an error (react-hook-form's field.ref). */
  inputRef?: React.Ref<HTMLInputElement>;
}

export function MoneyInput({ value, onChange, inputRef, ...props }: MoneyInputProps) {
  return (
    <NumericFormat
      {...props}
      customInput={Input}
      getInputRef={inputRef}
      value={value === null || value === undefined ? "" : String(value)}
      valueIsNumericString
      thousandSeparator=","
      allowNegative={false}
      decimalScale={0}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      onValueChange={(values, source) => {
        if (source.source === "event") onChange(values.value);
      }}
    />
  );
}

/** The form field `name` holding an amount in riyals (see the module docstring). */
export function MoneyField({ name, label, className }: { name: string; label: React.ReactNode; className?: string }) {
  const { id, error, control } = useFieldControl(name);
  const { field } = useController({ name });
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <MoneyInput
        {...control}
        name={field.name}
        value={field.value as string | number | null | undefined}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
      />
    </FieldFrame>
  );
}

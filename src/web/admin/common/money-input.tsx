/**
 * An amount in riyals typed with its thousands grouped as the user types ("1,250,000"), so a missing or extra zero is
 * visible (docs/product.md, back-office forms). Whole riyals, no sign (SPEC §9: prices are non-negative integers).
 * The form keeps the plain digits ("1250000", or "" when empty): `onChange` receives them, and the domain schema
 * parses and checks them as before. Grouping and caret handling come from react-number-format.
 */
import type * as React from "react";
import { NumericFormat } from "react-number-format";
import { Input } from "~/shared/ui/input.tsx";

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

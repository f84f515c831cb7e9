/**
 * What users type is in Latin digits (ARCHITECTURE resolution 11, docs/architecture.md "Numerals"): Arabic-Indic digits
 * typed on an Arabic keyboard (٠–٩, ۰–۹) become 0–9 as they are typed, before the change reaches the form, the caret
 * kept in place. One helper for every text control: the shared Input and Textarea, and the few bare inputs that keep
 * their own look.
 */
import type * as React from "react";
import { toAsciiDigits } from "#domain/digits.ts";

/** Rewrites the control's Arabic-Indic digits as Latin ones in place (each is one UTF-16 unit, so the caret holds). */
export function latinDigitsIn(control: HTMLInputElement | HTMLTextAreaElement): void {
  const latin = toAsciiDigits(control.value);
  if (latin === control.value) return;
  let caret: [number | null, number | null] = [null, null];
  try {
    caret = [control.selectionStart, control.selectionEnd];
  } catch {
    // Inputs without a text selection (email, number) throw here; they keep the caret at the end.
  }
  control.value = latin;
  if (caret[0] !== null) control.setSelectionRange(caret[0], caret[1]);
}

/** `onChange` preceded by the digit rewrite: the handler reads Latin digits from the event's target. */
export function withLatinDigits<E extends HTMLInputElement | HTMLTextAreaElement>(
  onChange?: React.ChangeEventHandler<E>,
): React.ChangeEventHandler<E> {
  return (event) => {
    latinDigitsIn(event.currentTarget);
    onChange?.(event);
  };
}

/**
 * Saudi national ID and iqama numbers (docs/payments.md "Checkout"; docs/decisions/123-online-checkout-and-holds.md).
 * No maintained npm package validates them (searched: only Norwegian and Chilean validators exist), so the rule is
 * written here from its published form: ten digits, the first 1 (a citizen's national ID) or 2 (a resident's iqama),
 * and a Luhn check digit over all ten: the digits at odd positions (1st, 3rd, …, 9th) are doubled, a doubled value
 * above 9 has its two digits added, and the sum of every value must be a multiple of 10. Arabic-Indic digits and
 * spaces are accepted and normalised away.
 */
import { toAsciiDigits } from "./digits.ts";

export type SaudiIdKind = "citizen" | "resident";

/** The ten ASCII digits of `input` when it is a valid national ID or iqama number, else null. */
export function normalizeSaudiId(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s-]/g, "");
  if (!/^[12]\d{9}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const digit = Number(digits[i]);
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return sum % 10 === 0 ? digits : null;
}

/** Whose number it is: 1… a citizen's national ID, 2… a resident's iqama. `id` is a normalised number. */
export const saudiIdKind = (id: string): SaudiIdKind => (id.startsWith("1") ? "citizen" : "resident");

/** The number as staff see it: its last four digits only ("••••••4321"). */
export const maskSaudiId = (lastFour: string): string => `••••••${lastFour}`;

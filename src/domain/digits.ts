/**
 * Pure digit helpers with no dependency, safe for the public bundle (SPEC §5.1 "phone keeps digits only").
 * The phone-number rule itself lives in phone.ts (it needs libphonenumber-js, which public pages must not ship).
 */

/** Keeps digits only (SPEC §5.1 "phone keeps digits only"), converting Arabic-Indic digits first; at most `maxLength` digits when given. */
export function digitsOnly(input: string, maxLength?: number): string {
  const digits = toAsciiDigits(input).replace(/\D/g, "");
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/** Converts Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII digits; other characters are kept. */
export function toAsciiDigits(input: string): string {
  return input
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * A typed number as plain ASCII text: Arabic-Indic digits converted, spaces and thousands separators ("," "٬")
 * removed, the Arabic decimal separator "٫" made "." ("١٢٬٥٠٠" → "12500"); "" when nothing was typed.
 */
export function cleanNumber(raw: string): string {
  return toAsciiDigits(raw)
    .replace(/[\s,٬]/g, "")
    .replace("٫", ".");
}

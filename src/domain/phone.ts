import { parsePhoneNumberFromString } from "libphonenumber-js";
import { toAsciiDigits } from "./digits.ts";

/**
 * Saudi phone rule of ARCHITECTURE resolution 3, used by every form and by the server.
 * Accepts 05XXXXXXXX, 5XXXXXXXX, +9665XXXXXXXX / 9665XXXXXXXX / 009665XXXXXXXX, or a Saudi landline
 * (e.g. 012XXXXXXX); spaces, dashes and Arabic-Indic digits are tolerated.
 * Returns the E.164 form (+9665XXXXXXXX) or null when the input is not a valid Saudi number.
 */
export function normalizeSaudiPhone(input: string): string | null {
  const ascii = toAsciiDigits(input).replace(/[\s\-().]/g, "");
  if (!/^\+?\d{8,15}$/.test(ascii)) return null;
  let candidate = ascii;
  if (candidate.startsWith("00")) candidate = `+${candidate.slice(2)}`;
  else if (candidate.startsWith("966")) candidate = `+${candidate}`;
  else if (/^5\d{8}$/.test(candidate)) candidate = `0${candidate}`;
  const parsed = parsePhoneNumberFromString(candidate, "SA");
  if (parsed?.country !== "SA" || !parsed.isValid()) return null;
  return parsed.number;
}

/** Whether `input` satisfies the Saudi phone rule. */
export function isSaudiPhone(input: string): boolean {
  return normalizeSaudiPhone(input) !== null;
}

/** Formats an E.164 Saudi number for display in +966 form, e.g. "+966 50 123 4567". */
export function formatSaudiPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, "SA");
  return parsed ? parsed.formatInternational() : e164;
}

/**
 * A phone number of any country as a platform's lead form received it (ARCHITECTURE resolution 26: GCC and
 * expatriate buyers), as E.164, or null when it is not a valid number. A number written without its country code is
 * read as Saudi (the forms run in Saudi Arabia); Arabic-Indic digits are tolerated.
 */
export function normalizeAnyPhone(input: string): string | null {
  const ascii = toAsciiDigits(input).replace(/[\s\-().]/g, "");
  const candidate = ascii.startsWith("00") ? `+${ascii.slice(2)}` : ascii;
  const parsed = parsePhoneNumberFromString(candidate, "SA");
  if (parsed?.isValid()) return parsed.number;
  // An international number sent without its "+" (e.g. 971501234567).
  const international = /^\d{10,15}$/.test(candidate) ? parsePhoneNumberFromString(`+${candidate}`) : undefined;
  return international?.isValid() ? international.number : null;
}

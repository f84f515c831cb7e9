import { CURRENCY, DATE_LOCALE, HIJRI_LOCALE, NUMBER_LOCALE, TIME_ZONE } from "./constants.ts";

const sarFormatter = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: "currency",
  currency: CURRENCY,
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const numberFormatter = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const longDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: TIME_ZONE,
});
const shortDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: TIME_ZONE,
});
const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});
const hijriDate = new Intl.DateTimeFormat(HIJRI_LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: TIME_ZONE,
});

/** An amount in SAR, Arabic-Saudi locale, no decimals (SPEC §9), e.g. "‏١٬٢٥٠٬٠٠٠ ر.س.‏". */
export function formatSAR(amount: number): string {
  return sarFormatter.format(amount);
}

/** A number in the Arabic-Saudi locale (Arabic-Indic digits), up to 2 decimals. */
export function formatNumber(value: number): string {
  return numberFormatter.format(value);
}

/** A percentage value (0–100) as "٤٥٪". */
export function formatPercent(value: number): string {
  return `${formatNumber(Math.round(value))}٪`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Long Arabic date on the Gregorian calendar (resolution 9), or `fallback` when missing or invalid. */
export function formatDateLong(value: string | Date | null | undefined, fallback = "تاريخ غير محدد"): string {
  const date = toDate(value);
  return date ? longDate.format(date) : fallback;
}

/** Short Arabic date (dashboard lists). */
export function formatDateShort(value: string | Date | null | undefined, fallback = "-"): string {
  const date = toDate(value);
  return date ? shortDate.format(date) : fallback;
}

/** Arabic date and time (contact messages). */
export function formatDateTime(value: string | Date | null | undefined, fallback = "-"): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : fallback;
}

/** The Hijri (Umm al-Qura) date shown beside the Gregorian one on update pages (resolution 9). */
export function formatHijri(value: string | Date | null | undefined, fallback = ""): string {
  const date = toDate(value);
  return date ? hijriDate.format(date) : fallback;
}

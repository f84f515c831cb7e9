import { CURRENCY, DATE_LOCALE, HIJRI_LOCALE, NUMBER_LOCALE, TIME_ZONE } from "./constants.ts";
import { lazily } from "./lazily.ts";

const sarFormatter = lazily(
  () =>
    new Intl.NumberFormat(NUMBER_LOCALE, {
      style: "currency",
      currency: CURRENCY,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);
const numberFormatter = lazily(() => new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 }));
/** A Riyadh calendar day with its month written `month` ("long" or "short"), in `locale`, plus `extra` fields. */
const dayFormat = (locale: string, month: "long" | "short", extra: Intl.DateTimeFormatOptions = {}) =>
  lazily(
    () => new Intl.DateTimeFormat(locale, { year: "numeric", month, day: "numeric", timeZone: TIME_ZONE, ...extra }),
  );
const longDate = dayFormat(DATE_LOCALE, "long");
const shortDate = dayFormat(DATE_LOCALE, "short");
const dateTime = dayFormat(DATE_LOCALE, "long", { hour: "numeric", minute: "2-digit" });
const hijriDate = dayFormat(HIJRI_LOCALE, "long");

/** An amount in SAR, Arabic-Saudi locale, no decimals (SPEC §9), e.g. "‏١٬٢٥٠٬٠٠٠ ر.س.‏". */
export function formatSAR(amount: number): string {
  return sarFormatter().format(amount);
}

/** A number in the Arabic-Saudi locale (Arabic-Indic digits), up to 2 decimals. */
export function formatNumber(value: number): string {
  return numberFormatter().format(value);
}

const yearFormatter = lazily(
  () => new Intl.NumberFormat(NUMBER_LOCALE, { useGrouping: false, maximumFractionDigits: 0 }),
);

/** A calendar year in Arabic-Indic digits without grouping ("٢٠٢٦", not "٢٬٠٢٦"). */
export function formatYear(year: number): string {
  return yearFormatter().format(year);
}

/**
 * The Latin digits of a text written in Arabic-Indic, every other character kept: for numbers that sit in Arabic text
 * to be read, not copied or typed (ARCHITECTURE resolution 11, docs/decisions/056-numerals-in-text-and-fixed-buttons.md):
 * the privacy notice's version ("2026-11-01" → "٢٠٢٦-١١-٠١"), the post code of the Arabic address ("جدة 23411" →
 * "جدة ٢٣٤١١"). Not for phone, licence, registration or unit numbers, URLs or inputs, which stay Latin.
 */
export function arabicIndicDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + digit.charCodeAt(0) - 0x30));
}

/** A percentage value (0–100) as "٤٥٪". */
export function formatPercent(value: number): string {
  return `${formatNumber(Math.round(value))}٪`;
}

/**
 * A unit's floor as shown in text: 0 is "الأرضي" (a lone Arabic-Indic zero "٠" reads as a dot), a basement level
 * "القبو ١", any other floor its number in Arabic-Indic digits.
 */
export function formatFloor(floor: number): string {
  if (floor === 0) return "الأرضي";
  if (floor < 0) return `القبو ${formatNumber(-floor)}`;
  return formatNumber(floor);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Long Arabic date on the Gregorian calendar (resolution 9), or `fallback` when missing or invalid. */
export function formatDateLong(value: string | Date | null | undefined, fallback = "تاريخ غير محدد"): string {
  const date = toDate(value);
  return date ? longDate().format(date) : fallback;
}

/** Short Arabic date (dashboard lists). */
export function formatDateShort(value: string | Date | null | undefined, fallback = "-"): string {
  const date = toDate(value);
  return date ? shortDate().format(date) : fallback;
}

/** Arabic date and time (contact messages). */
export function formatDateTime(value: string | Date | null | undefined, fallback = "-"): string {
  const date = toDate(value);
  return date ? dateTime().format(date) : fallback;
}

/** The Hijri (Umm al-Qura) date shown beside the Gregorian one on update pages (resolution 9). */
export function formatHijri(value: string | Date | null | undefined, fallback = ""): string {
  const date = toDate(value);
  return date ? hijriDate().format(date) : fallback;
}

/**
 * The Arabic forms of one counted noun, keyed by the plural category `Intl.PluralRules("ar")` gives a number
 * (CLDR: zero 0; one 1; two 2; few 3–10 and 103–110…; many 11–99 and 111–199…; other 100–102, fractions…).
 * A form holds `{n}` where the number goes (written by `formatNumber`, Arabic-Indic digits); "one" and "two"
 * usually carry no number ("وحدة واحدة", "وحدتان"), as Arabic says them.
 */
export interface CountedNoun {
  zero: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
  /** The dual after a verb or preposition ("تم استيراد وحدتين"); `two` when absent. */
  twoOblique?: string;
}

const arabicPlural = lazily(() => new Intl.PluralRules("ar"));

/**
 * A count with its noun in the form Arabic grammar asks for (ARCHITECTURE resolution 11, docs/architecture.md
 * "Numerals"): `countNoun(3, NOUNS.unit)` → "٣ وحدات", 11 → "١١ وحدة", 2 → "وحدتان". The number is written with
 * Arabic-Indic digits. `n` is a count (a non-negative number); NaN is treated as 0.
 */
export function countNoun(n: number, noun: CountedNoun, options: { oblique?: boolean } = {}): string {
  const value = Number.isFinite(n) ? n : 0;
  const category = arabicPlural().select(value);
  const form = category === "two" && options.oblique ? (noun.twoOblique ?? noun.two) : noun[category];
  return form.replace("{n}", formatNumber(value));
}

/**
 * A noun whose forms follow the common pattern: number + plural for 3–10, number + accusative singular for 11–99
 * (a masculine noun takes "ًا": "١١ ملفًا"; a feminine one in ة is written as is), number + singular otherwise;
 * the oblique dual is the nominative one with "ين" for "ان" unless given.
 */
function noun(
  singular: string,
  dual: string,
  plural: string,
  one = `${singular} واحدة`,
  twoOblique = dual.replace(/ان$/, "ين"),
  accusative = singular.endsWith("ة") ? singular : `${singular}ًا`,
): CountedNoun {
  return {
    zero: `{n} ${singular}`,
    one,
    two: dual,
    twoOblique,
    few: `{n} ${plural}`,
    many: `{n} ${accusative}`,
    other: `{n} ${singular}`,
  };
}

/** The counted nouns the interface shows (one home, so each agrees the same way everywhere). */
export const NOUNS = {
  unit: noun("وحدة", "وحدتان", "وحدات"),
  project: noun("مشروع", "مشروعان", "مشاريع", "مشروع واحد"),
  campaign: noun("حملة", "حملتان", "حملات"),
  row: noun("صف", "صفان", "صفوف", "صف واحد"),
  error: noun("خطأ", "خطآن", "أخطاء", "خطأ واحد", "خطأين", "خطأً"),
  file: noun("ملف", "ملفان", "ملفات", "ملف واحد"),
  image: noun("صورة", "صورتان", "صور"),
  year: noun("سنة", "سنتان", "سنوات"),
  record: noun("سجل", "سجلان", "سجلات", "سجل واحد"),
  code: noun("رمز", "رمزان", "رموز", "رمز واحد"),
  update: noun("تحديث", "تحديثان", "تحديثات", "تحديث واحد"),
  employee: noun("موظف", "موظفان", "موظفين", "موظف واحد"),
  message: noun("رسالة", "رسالتان", "رسائل"),
  result: noun("نتيجة", "نتيجتان", "نتائج"),
  character: noun("حرف", "حرفان", "أحرف", "حرف واحد"),
  second: noun("ثانية", "ثانيتان", "ثوانٍ"),
  minute: noun("دقيقة", "دقيقتان", "دقائق"),
  hour: noun("ساعة", "ساعتان", "ساعات"),
  lead: noun("عميل", "عميلان", "عملاء", "عميل واحد"),
  room: noun("غرفة", "غرفتان", "غرف"),
  day: noun("يوم", "يومان", "أيام", "يوم واحد"),
  value: noun("قيمة", "قيمتان", "قيم"),
  visit: noun("زيارة", "زيارتان", "زيارات"),
  request: noun("طلب", "طلبان", "طلبات", "طلب واحد"),
  reservation: noun("حجز", "حجزان", "حجوزات", "حجز واحد"),
} as const satisfies Record<string, CountedNoun>;

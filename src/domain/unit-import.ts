/**
 * Spreadsheet import of units (SPEC §2.14, §5.6, §8.5): pure functions from a sheet's rows (arrays of cell
 * values, header row first) to unit inputs for the shared unit schema (schemas/unit.ts), plus the result shape
 * and the template's columns. No I/O: the server reads the file (SheetJS) and writes the rows.
 *
 * Headers are recognised in Arabic or English, whatever their case, spacing, punctuation, "*" marks or
 * parenthesised hints ("السعر (ريال)"). Cell values: Arabic-Indic digits and separators become ASCII; statuses
 * and directions are accepted in Arabic or English and stored with their Arabic labels.
 */

import type { z } from "zod";
import { countNoun, formatNumber, NOUNS } from "./format.ts";
import { UNIT_STATUSES, type UnitStatus } from "./project-rules.ts";
import type { importRowErrorSchema, unitImportResultSchema } from "./schemas/api.ts";
import { UNIT_DIRECTIONS } from "./schemas/unit.ts";

/** Columns an import understands; `project` is an id or a project name (only for the global upload). */
export const IMPORT_FIELDS = [
  "project",
  "unitNumber",
  "building",
  "price",
  "status",
  "rooms",
  "floor",
  "direction",
  "privateArea",
  "totalArea",
  "type",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Column headers of the template (Arabic first; the English names are recognised too). */
export const TEMPLATE_COLUMNS: readonly { field: ImportField; arabic: string; english: string }[] = [
  { field: "project", arabic: "رقم المشروع", english: "projectId" },
  { field: "unitNumber", arabic: "رقم الوحدة", english: "unitNumber" },
  { field: "building", arabic: "المبنى", english: "building" },
  { field: "price", arabic: "السعر", english: "price" },
  { field: "status", arabic: "الحالة", english: "status" },
  { field: "rooms", arabic: "عدد الغرف", english: "rooms" },
  { field: "floor", arabic: "الدور", english: "floor" },
  { field: "direction", arabic: "الاتجاه", english: "direction" },
  { field: "privateArea", arabic: "المساحة الخاصة", english: "privateArea" },
  { field: "totalArea", arabic: "المساحة الإجمالية", english: "totalArea" },
  { field: "type", arabic: "النموذج", english: "type" },
];

/** Accepted header spellings per field, before normalisation (normalizeHeader is applied to both sides). */
const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  project: [
    "رقم المشروع",
    "المشروع",
    "اسم المشروع",
    "معرف المشروع",
    "projectId",
    "project id",
    "project",
    "project name",
  ],
  unitNumber: ["رقم الوحدة", "الوحدة", "رقم الشقة", "unitNumber", "unit number", "unit no", "unit", "unit #"],
  building: ["المبنى", "رقم المبنى", "العمارة", "رقم العمارة", "البناية", "building", "building number", "block"],
  price: ["السعر", "سعر الوحدة", "القيمة", "price", "unit price"],
  status: ["الحالة", "حالة الوحدة", "status", "unit status"],
  rooms: ["عدد الغرف", "الغرف", "غرف", "rooms", "rooms count", "bedrooms"],
  floor: ["الدور", "الطابق", "رقم الدور", "floor", "level"],
  direction: ["الاتجاه", "الاتجاهات", "الواجهة", "الواجهات", "direction", "directions", "facing"],
  privateArea: ["المساحة الخاصة", "مساحة الوحدة", "المساحة", "privateArea", "private area", "area", "unit area"],
  totalArea: ["المساحة الإجمالية", "المساحة الكلية", "إجمالي المساحة", "totalArea", "total area", "gross area"],
  type: ["النموذج", "نموذج الوحدة", "اسم النموذج", "type", "unit type", "model"],
};

/** Arabic-Indic and Eastern Arabic-Indic digits to ASCII; Arabic decimal/thousands separators to "." / "". */
export function normalizeDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, ".")
    .replace(/\u066C/g, "");
}

/**
 * A header or a value reduced to a comparable key: no BOM, tatweel, diacritics, parenthesised hints, "*" marks,
 * punctuation or spacing; alef/teh-marbuta/yeh variants unified; Latin lower-cased.
 */
export function normalizeKey(text: string): string {
  return normalizeDigits(text)
    .replace(/^\uFEFF/, "")
    .replace(/\([^)]*\)|\[[^\]]*\]/g, "")
    .replace(/[\u0640\u064B-\u0652]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .toLowerCase()
    .replace(/[\s_\-.*:#/\\،,]+/g, "");
}

const ALIAS_TO_FIELD = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const alias of HEADER_ALIASES[field]) ALIAS_TO_FIELD.set(normalizeKey(alias), field);
}

/** Which column index holds each recognised field; `unrecognised` lists the header texts not understood. */
export interface HeaderMapping {
  columns: Partial<Record<ImportField, number>>;
  unrecognised: string[];
}

/** Maps a header row to fields (the first column wins when two headers name the same field). */
export function mapHeaders(headers: readonly unknown[]): HeaderMapping {
  const columns: Partial<Record<ImportField, number>> = {};
  const unrecognised: string[] = [];
  headers.forEach((header, index) => {
    const text = cellText(header);
    if (!text) return;
    const field = ALIAS_TO_FIELD.get(normalizeKey(text));
    if (field === undefined) unrecognised.push(text);
    else if (columns[field] === undefined) columns[field] = index;
  });
  return { columns, unrecognised };
}

/** A cell as trimmed text (numbers as JavaScript prints them; booleans and empty cells as ""). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string") return value.trim();
  return "";
}

/** Whether every cell of a row is empty (such rows are skipped silently, not counted). */
export function isBlankRow(row: readonly unknown[]): boolean {
  return row.every((cell) => cellText(cell) === "");
}

const STATUS_ALIASES = new Map<string, UnitStatus>([
  ...UNIT_STATUSES.map((s) => [normalizeKey(s), s] as const),
  [normalizeKey("متاح"), "متاحة"],
  [normalizeKey("available"), "متاحة"],
  [normalizeKey("محجوز"), "محجوزة"],
  [normalizeKey("reserved"), "محجوزة"],
  [normalizeKey("booked"), "محجوزة"],
  [normalizeKey("مباع"), "مباعة"],
  [normalizeKey("sold"), "مباعة"],
]);

/** A status cell → the stored Arabic status; "" stays "" (the schema applies the default); unknown text unchanged. */
export function parseStatus(value: unknown): string {
  const text = cellText(value);
  if (!text) return "";
  return STATUS_ALIASES.get(normalizeKey(text)) ?? text;
}

const DIRECTION_ALIASES = new Map<string, string>();
for (const { key, label } of UNIT_DIRECTIONS) {
  DIRECTION_ALIASES.set(normalizeKey(label), label);
  DIRECTION_ALIASES.set(normalizeKey(key), label);
  const [a, b] = key.split("-");
  if (b) DIRECTION_ALIASES.set(`${a[0]}${b[0]}`, label);
  else DIRECTION_ALIASES.set(key[0], label);
}
for (const [alias, label] of [
  ["شمالي", "شمال"],
  ["جنوبي", "جنوب"],
  ["شرقي", "شرق"],
  ["غربي", "غرب"],
  ["شمالي شرقي", "شمال شرق"],
  ["شمالي غربي", "شمال غرب"],
  ["جنوبي شرقي", "جنوب شرق"],
  ["جنوبي غربي", "جنوب غرب"],
] as const) {
  DIRECTION_ALIASES.set(normalizeKey(alias), label);
}

/**
 * A direction cell → Arabic labels. Values are separated by "،", ",", ";", "|", "/" or new lines, e.g.
 * "شمال، شرق" or "north, south-east" or "N / SE". Unknown parts are kept as they are so that the schema
 * reports them (validation error).
 */
export function parseDirections(value: unknown): string[] {
  const text = cellText(value);
  if (!text) return [];
  return text
    .split(/[،,;|/\n\r]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => DIRECTION_ALIASES.get(normalizeKey(part)) ?? part);
}

/** A numeric cell: numbers kept; text with Arabic digits, thousands separators or spaces normalised. */
export function parseNumberCell(value: unknown): number | string | null {
  if (typeof value === "number") return value;
  const text = cellText(value);
  if (!text) return null;
  return normalizeDigits(text).replace(/[,\s\u00A0]/g, "");
}

/** One row as the unit schema's input, with the project reference still unresolved. */
export interface ImportRowInput {
  /** The project column as text (an id or a name), "" when absent. */
  project: string;
  unitNumber: string;
  building: string;
  price: number | string | null;
  status: string;
  rooms: number | string | null;
  floor: number | string | null;
  direction: string[];
  privateArea: number | string | null;
  totalArea: number | string | null;
  /** The unit type's name within the project (docs/decisions/098-unit-type-admin.md), "" when absent. */
  type: string;
}

/** Reads one data row through the header mapping. */
export function rowToInput(row: readonly unknown[], columns: HeaderMapping["columns"]): ImportRowInput {
  const at = (field: ImportField): unknown => {
    const index = columns[field];
    return index === undefined ? undefined : row[index];
  };
  return {
    project: normalizeDigits(cellText(at("project"))),
    unitNumber: normalizeDigits(cellText(at("unitNumber"))),
    building: normalizeDigits(cellText(at("building"))),
    price: parseNumberCell(at("price")),
    status: parseStatus(at("status")),
    rooms: parseNumberCell(at("rooms")),
    floor: parseNumberCell(at("floor")),
    direction: parseDirections(at("direction")),
    privateArea: parseNumberCell(at("privateArea")),
    totalArea: parseNumberCell(at("totalArea")),
    type: cellText(at("type")),
  };
}

/** The identity of a unit for duplicate checks: same project, building and unit number (SPEC §5.6). */
export function unitKey(unit: { projectId: number; building: string; unitNumber: string }): string {
  return `${unit.projectId}\u0000${unit.building}\u0000${unit.unitNumber}`;
}

export type ImportErrorCode = "validation" | "project_not_found" | "duplicate" | "unknown";

/** One row error: `row` is the spreadsheet row number (the header is row 1). */
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** The answer of POST /api/units/upload (SPEC §7.2). */
export type UnitImportResult = z.infer<typeof unitImportResultSchema>;

/** Arabic labels and colours of the error codes (SPEC §8.5). */
export const IMPORT_ERROR_LABELS: Record<ImportErrorCode, string> = {
  validation: "خطأ في البيانات",
  project_not_found: "المشروع غير موجود",
  duplicate: "مكرر",
  unknown: "خطأ غير معروف",
};

export const IMPORT_MESSAGES = {
  invalidFileType: "نوع الملف غير صالح، الملفات المسموحة: XLSX وXLS وCSV",
  fileTooLarge: `حجم الملف كبير جدًا، الحد الأقصى ${formatNumber(10)} ميجابايت`,
  tooManyRows: (max: number) => `عدد الصفوف أكبر من المسموح، الحد الأقصى ${countNoun(max, NOUNS.row)}`,
  fileMissing: "يرجى اختيار ملف",
  unreadable: "تعذر قراءة الملف، تأكد أنه جدول بيانات صالح",
  emptyFile: "الملف لا يحتوي على بيانات",
  noUnitNumberColumn: "لم يتم العثور على عمود رقم الوحدة (رقم الوحدة / unitNumber) في الصف الأول",
  noProjectColumn: "لم يتم العثور على عمود رقم المشروع (رقم المشروع / projectId)",
  duplicateInFile: (row: number) => `رقم الوحدة مكرر في الملف (الصف ${formatNumber(row)}) لنفس المشروع والمبنى`,
  duplicateInDb: "رقم الوحدة موجود مسبقًا في نفس المشروع والمبنى",
  projectNotFound: (ref: string) => `المشروع "${ref}" غير موجود`,
  projectMissing: "رقم المشروع مطلوب",
  projectDiffers: (ref: string) =>
    `عمود المشروع في هذا الصف يذكر مشروعًا آخر ("${ref}")، ولا يُنقل صف إلى مشروع آخر من صفحة هذا المشروع؛ صحّح الصف أو ارفعه من شاشة رفع الوحدات العامة`,
  saveFailed: "تعذر حفظ الوحدات بسبب خطأ غير متوقع، لم يُحفظ أي صف من الملف",
  typeNotFound: (name: string) => `عمود «النموذج»: لا يوجد نموذج باسم "${name}" في هذا المشروع`,
  onlyFirstErrors: (n: number) => `يتم عرض أول ${countNoun(n, NOUNS.error, { oblique: true })} فقط`,
} as const;

/**
 * The summary message of an import, e.g. "تم استيراد ٢٠ وحدة وتخطي صف واحد": counts in Arabic-Indic digits, each
 * noun agreeing with its number (ARCHITECTURE resolution 11, `countNoun`).
 */
export function importSummary(insertedCount: number, skippedCount: number): string {
  if (insertedCount === 0 && skippedCount === 0) return IMPORT_MESSAGES.emptyFile;
  const units = countNoun(insertedCount, NOUNS.unit, { oblique: true });
  const rows = countNoun(skippedCount, NOUNS.row, { oblique: true });
  if (skippedCount === 0) return `تم استيراد ${units} بنجاح`;
  if (insertedCount === 0) return `لم يتم استيراد أي وحدة، تم تخطي ${rows}`;
  return `تم استيراد ${units} وتخطي ${rows}`;
}

/** The template's example row (the cells under TEMPLATE_COLUMNS). */
export const TEMPLATE_EXAMPLE_ROW: readonly (string | number)[] = [
  1,
  "101",
  "A",
  850000,
  "متاحة",
  3,
  1,
  "شمال، شرق",
  120.5,
  135.75,
  "نموذج أ",
];

/**
 * The unit form and POST/PUT /api/units body (SPEC §3 units, §5.6, §9), also used row by row by the spreadsheet
 * import (domain/unit-import.ts), so the form, the API and the import apply one rule set:
 * - projectId: a positive integer (required);
 * - unitNumber: required text (≤ 50 characters); building: text (≤ 100), "" when empty;
 * - price: integer SAR ≥ 0 or null; rooms 1–10 or null; floor −5..50 or null;
 * - privateArea, totalArea: m², ≥ 1, step 0.01, ≤ 99,999,999.99 (decimal 10,2); empty → null;
 * - direction: any of the eight directions, stored with their Arabic labels (duplicates removed);
 * - status: "متاحة" | "محجوزة" | "مباعة", default "متاحة"; any status may follow any other (SPEC §4.8).
 * Numeric fields accept numbers or numeric strings (forms and spreadsheets send text); "" and null become null.
 */
import { z } from "zod";
import { AREA_STEP, FLOOR_MAX, FLOOR_MIN, ROOMS_MAX, ROOMS_MIN } from "../constants.ts";
import { countNoun, NOUNS } from "../format.ts";
import { DEFAULT_UNIT_STATUS, UNIT_STATUSES, type UnitStatus } from "../project-rules.ts";
import { createBody, replaceBody } from "./common.ts";
import { licenceNumber, optionalDay } from "./licence.ts";
import { text } from "./text.ts";

/** The eight directions of SPEC §5.6: key → Arabic label (the stored value). */
export const UNIT_DIRECTIONS = [
  { key: "north", label: "شمال" },
  { key: "south", label: "جنوب" },
  { key: "east", label: "شرق" },
  { key: "west", label: "غرب" },
  { key: "north-east", label: "شمال شرق" },
  { key: "north-west", label: "شمال غرب" },
  { key: "south-east", label: "جنوب شرق" },
  { key: "south-west", label: "جنوب غرب" },
] as const;
export type UnitDirection = (typeof UNIT_DIRECTIONS)[number]["label"];
/** The stored direction values in display order. */
export const UNIT_DIRECTION_LABELS = [
  "شمال",
  "جنوب",
  "شرق",
  "غرب",
  "شمال شرق",
  "شمال غرب",
  "جنوب شرق",
  "جنوب غرب",
] as const satisfies readonly UnitDirection[];

/** Upper bounds of the columns (SPEC §9: areas decimal 10,2; prices integer SAR). */
export const UNIT_PRICE_MAX = 2_000_000_000;
export const UNIT_AREA_MAX = 99_999_999.99;
export const UNIT_AREA_MIN = 1;
export const UNIT_NUMBER_MAX_LENGTH = 50;
export const UNIT_BUILDING_MAX_LENGTH = 100;

export const UNIT_MESSAGES = {
  projectRequired: "المشروع مطلوب",
  unitNumberRequired: "رقم الوحدة مطلوب",
  unitNumberTooLong: `يجب ألا يزيد رقم الوحدة عن ${countNoun(UNIT_NUMBER_MAX_LENGTH, NOUNS.character, { oblique: true })}`,
  buildingTooLong: `يجب ألا يزيد اسم المبنى عن ${countNoun(UNIT_BUILDING_MAX_LENGTH, NOUNS.character, { oblique: true })}`,
  priceInvalid: "السعر يجب أن يكون رقمًا صحيحًا موجبًا بالريال",
  roomsInvalid: `عدد الغرف يجب أن يكون رقمًا صحيحًا من ${ROOMS_MIN} إلى ${ROOMS_MAX}`,
  floorInvalid: `الدور يجب أن يكون رقمًا صحيحًا من ${FLOOR_MIN} إلى ${FLOOR_MAX}`,
  privateAreaInvalid: `المساحة الخاصة يجب أن تكون رقمًا من ${UNIT_AREA_MIN} فأكثر بخطوة ${AREA_STEP}`,
  totalAreaInvalid: `المساحة الإجمالية يجب أن تكون رقمًا من ${UNIT_AREA_MIN} فأكثر بخطوة ${AREA_STEP}`,
  statusInvalid: `الحالة يجب أن تكون إحدى القيم: ${UNIT_STATUSES.join("، ")}`,
  directionInvalid: `الاتجاه يجب أن يكون من: ${UNIT_DIRECTION_LABELS.join("، ")}`,
  mustLogin: "يجب تسجيل الدخول",
} as const;

type NumberInput = number | string | null | undefined;

/** Parses a number from a form/spreadsheet value; "" / null / undefined → null; NaN for non-numbers. */
function toNumber(value: NumberInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = value.trim();
  if (text === "") return null;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** Whether `value` is a multiple of 0.01 (within float noise). */
function onAreaStep(value: number): boolean {
  const cents = value / AREA_STEP;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A nullable number field with bounds; `integer` demands whole numbers, `step` the 0.01 grid. */
function nullableNumber(rule: { min: number; max: number; integer?: boolean; step?: boolean; message: string }) {
  return z
    .union([z.number(), text(), z.null()])
    .optional()
    .transform((value, ctx): number | null => {
      const n = toNumber(value);
      if (n === null) return null;
      const ok =
        Number.isFinite(n) &&
        n >= rule.min &&
        n <= rule.max &&
        (!rule.integer || Number.isInteger(n)) &&
        (!rule.step || onAreaStep(n));
      if (!ok) {
        ctx.addIssue({ code: "custom", message: rule.message });
        return z.NEVER;
      }
      return rule.step ? Math.round(n * 100) / 100 : n;
    });
}

export const unitSchema = z.object({
  projectId: z.union([z.number(), text()], { error: UNIT_MESSAGES.projectRequired }).transform((value, ctx): number => {
    const n = toNumber(value);
    if (n === null || !Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: UNIT_MESSAGES.projectRequired });
      return z.NEVER;
    }
    return n;
  }),
  unitNumber: z
    .union([text(), z.number()], { error: UNIT_MESSAGES.unitNumberRequired })
    .transform((v) => String(v).trim())
    .pipe(text().min(1, UNIT_MESSAGES.unitNumberRequired).max(UNIT_NUMBER_MAX_LENGTH, UNIT_MESSAGES.unitNumberTooLong)),
  building: z
    .union([text(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .pipe(text().max(UNIT_BUILDING_MAX_LENGTH, UNIT_MESSAGES.buildingTooLong)),
  price: nullableNumber({ min: 0, max: UNIT_PRICE_MAX, integer: true, message: UNIT_MESSAGES.priceInvalid }),
  status: z
    .union([text(), z.null()], { error: UNIT_MESSAGES.statusInvalid })
    .optional()
    .transform((value, ctx): UnitStatus => {
      const text = value?.trim();
      if (!text) return DEFAULT_UNIT_STATUS;
      if (!(UNIT_STATUSES as readonly string[]).includes(text)) {
        ctx.addIssue({ code: "custom", message: UNIT_MESSAGES.statusInvalid });
        return z.NEVER;
      }
      return text as UnitStatus;
    }),
  rooms: nullableNumber({ min: ROOMS_MIN, max: ROOMS_MAX, integer: true, message: UNIT_MESSAGES.roomsInvalid }),
  floor: nullableNumber({ min: FLOOR_MIN, max: FLOOR_MAX, integer: true, message: UNIT_MESSAGES.floorInvalid }),
  direction: z
    .array(z.enum(UNIT_DIRECTION_LABELS, { error: UNIT_MESSAGES.directionInvalid }), {
      error: UNIT_MESSAGES.directionInvalid,
    })
    .max(UNIT_DIRECTIONS.length, UNIT_MESSAGES.directionInvalid)
    .optional()
    .transform((list): UnitDirection[] => UNIT_DIRECTION_LABELS.filter((label) => list?.includes(label))),
  privateArea: nullableNumber({
    min: UNIT_AREA_MIN,
    max: UNIT_AREA_MAX,
    step: true,
    message: UNIT_MESSAGES.privateAreaInvalid,
  }),
  totalArea: nullableNumber({
    min: UNIT_AREA_MIN,
    max: UNIT_AREA_MAX,
    step: true,
    message: UNIT_MESSAGES.totalAreaInvalid,
  }),
  /**
   * The unit's own advertising licence (docs/compliance.md): Latin digits, last day YYYY-MM-DD (Asia/Riyadh); both
   * empty: the project's applies. Absent (a SPEC client's body): kept as it is.
   */
  advertisingLicenseNumber: licenceNumber().optional(),
  advertisingLicenseExpiresOn: optionalDay().optional(),
});

/** What a client sends (numbers may be strings). */
/** Fields a unit's GET answer carries that the server sets. */
export const UNIT_READ_ONLY = ["id", "createdAt", "updatedAt", "inventoryState", "buildingId", "typeId"] as const;
/** POST /api/units body: unitSchema's fields; unknown and read-only fields refused, each on its own key. */
export const unitCreateSchema = createBody(unitSchema.shape, UNIT_READ_ONLY);
/** PUT /api/units/{id} body: unitSchema's fields; the read-only fields a GET answered are ignored (round trip). */
export const unitReplaceSchema = replaceBody(unitSchema.shape, UNIT_READ_ONLY);

export type UnitInput = z.input<typeof unitSchema>;
/** What the server stores: numbers or null, direction in canonical order. */
export type UnitValues = z.output<typeof unitSchema>;

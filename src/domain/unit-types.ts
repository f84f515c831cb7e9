/**
 * A project's unit types («نموذج أ») and their defaults (docs/decisions/098-unit-type-admin.md): a unit inherits a
 * type's rooms, areas (m²), direction, view, floor plan and price (integer SAR) wherever its own value is empty.
 * The body of POST /api/projects/{id}/unit-types and PUT /api/unit-types/{id}: `name` required (≤ 100 characters,
 * unique within the project), every default optional and validated as the unit's own field (schemas/unit.ts).
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";
import { createBody, replaceBody } from "./schemas/common.ts";
import { mediaUrl } from "./schemas/project.ts";
import { text } from "./schemas/text.ts";
import { unitSchema } from "./schemas/unit.ts";

export const UNIT_TYPE_NAME_MAX = 100;
export const UNIT_TYPE_VIEW_MAX = 200;

export const UNIT_TYPE_TEXTS = {
  nameRequired: "اسم النموذج مطلوب",
  nameTooLong: `يجب ألا يزيد اسم النموذج عن ${countNoun(UNIT_TYPE_NAME_MAX, NOUNS.character, { oblique: true })}`,
  viewTooLong: `يجب ألا يزيد وصف الإطلالة عن ${countNoun(UNIT_TYPE_VIEW_MAX, NOUNS.character, { oblique: true })}`,
  nameTaken: "يوجد نموذج بهذا الاسم في المشروع",
  notFound: "النموذج غير موجود",
  projectNotFound: "المشروع غير موجود",
  inUse: "لا يمكن حذف النموذج لأن وحدات مرتبطة به",
} as const;

const unitTypeShape = {
  name: text({ error: UNIT_TYPE_TEXTS.nameRequired })
    .trim()
    .min(1, UNIT_TYPE_TEXTS.nameRequired)
    .max(UNIT_TYPE_NAME_MAX, UNIT_TYPE_TEXTS.nameTooLong),
  rooms: unitSchema.shape.rooms,
  privateArea: unitSchema.shape.privateArea,
  totalArea: unitSchema.shape.totalArea,
  direction: unitSchema.shape.direction,
  view: text()
    .trim()
    .max(UNIT_TYPE_VIEW_MAX, UNIT_TYPE_TEXTS.viewTooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  price: unitSchema.shape.price,
  floorPlanUrl: mediaUrl(),
};

/** Fields a type's GET answer carries that the server sets. */
export const UNIT_TYPE_READ_ONLY = ["id", "projectId", "unitCount", "createdAt"] as const;
export const unitTypeCreateSchema = createBody(unitTypeShape, UNIT_TYPE_READ_ONLY);
export const unitTypeReplaceSchema = replaceBody(unitTypeShape, UNIT_TYPE_READ_ONLY);
export type UnitTypeInput = z.input<typeof unitTypeCreateSchema>;
export type UnitTypeValues = z.output<typeof unitTypeCreateSchema>;

/** A unit type as the API answers it; `unitCount`: the units of the project using it. */
export const unitTypeSchema = z
  .object({
    id: z.number(),
    projectId: z.number(),
    name: z.string(),
    rooms: z.number().nullable(),
    privateArea: z.number().nullable(),
    totalArea: z.number().nullable(),
    direction: z.array(z.string()),
    view: z.string().nullable(),
    price: z.number().nullable(),
    floorPlanUrl: z.string().nullable(),
    unitCount: z.number(),
  })
  .meta({ id: "UnitType" });
export type UnitType = z.infer<typeof unitTypeSchema>;

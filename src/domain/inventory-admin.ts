/**
 * The back office's view of the inventory (docs/decisions/078-stacking-plan-and-bulk-generation.md): the stacking
 * plan's shape, a unit's history, blocking, and bulk generation (a building × floors × units per floor, a type per
 * position, a price step per floor flat or in percent, rounded to the nearest 1,000 SAR, previewed before it is
 * written). Arabic messages for every field.
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";
import { HOLD_KINDS, INVENTORY_STATES } from "./inventory.ts";
import { FIELD_MESSAGES } from "./schemas/common.ts";

const gridUnitSchema = z.object({
  id: z.number(),
  unitNumber: z.string(),
  state: z.enum(INVENTORY_STATES),
  typeId: z.number().nullable(),
  type: z.string().nullable(),
  rooms: z.number().nullable(),
  price: z.number().nullable(),
  totalArea: z.number().nullable(),
  direction: z.array(z.string()),
  view: z.string().nullable(),
  hold: z
    .object({
      id: z.number(),
      kind: z.enum(HOLD_KINDS),
      leadId: z.number().nullable(),
      leadName: z.string().nullable(),
      heldBy: z.string().nullable(),
      heldByName: z.string().nullable(),
      expiresAt: z.string().nullable(),
      price: z.number().nullable(),
    })
    .nullable(),
});
export type GridUnit = z.infer<typeof gridUnitSchema>;

export const stackingPlanSchema = z
  .object({
    buildings: z.array(
      z.object({
        id: z.number().nullable(),
        name: z.string(),
        floors: z.array(z.object({ number: z.number().nullable(), label: z.string(), units: z.array(gridUnitSchema) })),
      }),
    ),
    types: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .meta({ id: "StackingPlan" });
export type StackingPlan = z.infer<typeof stackingPlanSchema>;

export const unitHistorySchema = z.object({
  transitions: z.array(
    z.object({
      fromState: z.enum(INVENTORY_STATES),
      toState: z.enum(INVENTORY_STATES),
      actorName: z.string().nullable(),
      leadId: z.number().nullable(),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
  prices: z.array(
    z.object({
      oldPrice: z.number().nullable(),
      newPrice: z.number().nullable(),
      actorName: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type UnitHistory = z.infer<typeof unitHistorySchema>;

export const GENERATION_MAX_UNITS = 5_000;

export const GENERATION_TEXTS = {
  buildingsInvalid: "أدخل اسم مبنى واحد على الأقل (٢٠ مبنى كحد أقصى، ١٠٠ حرف لكل اسم)",
  floorsInvalid: "عدد الأدوار يجب أن يكون رقمًا صحيحًا من ١ إلى ٦٠",
  firstFloorInvalid: "الدور الأول يجب أن يكون رقمًا صحيحًا من -٥ إلى ٥٠",
  unitsPerFloorInvalid: "عدد الوحدات في الدور يجب أن يكون رقمًا صحيحًا من ١ إلى ٥٠",
  typesInvalid: "نماذج المواقع يجب ألا تزيد عن عدد الوحدات في الدور",
  typeUnknown: "النموذج غير موجود في هذا المشروع",
  priceInvalid: "السعر يجب أن يكون رقمًا صحيحًا موجبًا بالريال",
  stepInvalid: "زيادة السعر لكل دور يجب أن تكون رقمًا (ريال أو نسبة مئوية من -٥٠ إلى ١٠٠)",
  tooMany: `لا يمكن توليد أكثر من ${countNoun(GENERATION_MAX_UNITS, NOUNS.unit, { oblique: true })} في مرة واحدة`,
  clash: "بعض أرقام الوحدات موجودة بالفعل في هذا المشروع",
} as const;

const int = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** POST /api/projects/{id}/units/generate body; `apply: false` (the default) only previews. */
export const generationSchema = z.strictObject(
  {
    buildings: z
      .array(z.string({ error: GENERATION_TEXTS.buildingsInvalid }).trim().min(1).max(100), {
        error: GENERATION_TEXTS.buildingsInvalid,
      })
      .min(1, { error: GENERATION_TEXTS.buildingsInvalid })
      .max(20, { error: GENERATION_TEXTS.buildingsInvalid }),
    floors: int(1, 60, GENERATION_TEXTS.floorsInvalid),
    firstFloor: int(-5, 50, GENERATION_TEXTS.firstFloorInvalid).default(1),
    unitsPerFloor: int(1, 50, GENERATION_TEXTS.unitsPerFloorInvalid),
    types: z
      .array(z.number().int().positive().nullable(), { error: GENERATION_TEXTS.typesInvalid })
      .max(50, { error: GENERATION_TEXTS.typesInvalid })
      .default([]),
    basePrice: int(0, 2_000_000_000, GENERATION_TEXTS.priceInvalid).nullable().default(null),
    priceStep: z
      .object({
        kind: z.enum(["flat", "percent"], { error: GENERATION_TEXTS.stepInvalid }),
        value: z.number({ error: GENERATION_TEXTS.stepInvalid }).min(-1_000_000).max(1_000_000),
      })
      .refine((s) => s.kind === "flat" || (s.value >= -50 && s.value <= 100), { error: GENERATION_TEXTS.stepInvalid })
      .optional(),
    apply: z.boolean().default(false),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? FIELD_MESSAGES.unknown : undefined) },
);
export type GenerationRequest = z.output<typeof generationSchema>;

export const generatedUnitSchema = z.object({
  building: z.string(),
  floor: z.number(),
  unitNumber: z.string(),
  typeId: z.number().nullable(),
  price: z.number().nullable(),
});
export type GeneratedUnit = z.infer<typeof generatedUnitSchema>;
export const generationResultSchema = z.object({
  units: z.array(generatedUnitSchema),
  clashes: z.array(z.string()),
  created: z.number(),
});

/** A unit's number from its floor and position: floor 3, position 4 → "0304"; ground "0001"; basement 1 → "B101". */
export function generatedUnitNumber(floor: number, position: number): string {
  const pos = String(position).padStart(2, "0");
  if (floor < 0) return `B${-floor}${pos}`;
  return `${String(floor).padStart(2, "0")}${pos}`;
}

/** Rounds an amount to the nearest 1,000 SAR. */
export const roundToThousand = (amount: number) => Math.round(amount / 1000) * 1000;

/**
 * The units a generation request makes, in order (building, floor up, position): the type of each position, the
 * price of each floor (the base price on the first floor, then the step per floor above it: flat SAR or percent
 * compounded), rounded to the nearest 1,000 SAR; null without a base price.
 */
export function planGeneration(request: GenerationRequest): GeneratedUnit[] {
  const out: GeneratedUnit[] = [];
  for (const building of request.buildings) {
    for (let k = 0; k < request.floors; k += 1) {
      const floor = request.firstFloor + k;
      let price: number | null = null;
      if (request.basePrice !== null) {
        const step = request.priceStep;
        const raw = !step
          ? request.basePrice
          : step.kind === "flat"
            ? request.basePrice + step.value * k
            : request.basePrice * (1 + step.value / 100) ** k;
        price = Math.max(0, roundToThousand(raw));
      }
      for (let p = 1; p <= request.unitsPerFloor; p += 1) {
        out.push({
          building,
          floor,
          unitNumber: generatedUnitNumber(floor, p),
          typeId: request.types[p - 1] ?? null,
          price,
        });
      }
    }
  }
  return out;
}

/** A unit is blocked or unblocked by management (inventory.manage), with a reason. */
export const blockSchema = z.strictObject(
  { reason: z.string({ error: "السبب مطلوب" }).trim().min(1, { error: "السبب مطلوب" }).max(500) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? FIELD_MESSAGES.unknown : undefined) },
);

export const PRICE_CHANGE_TEXTS = {
  scopeRequired: "اختر مبنى أو نطاق أدوار أو نموذجًا",
  amountInvalid: "قيمة التغيير يجب أن تكون رقمًا (ريال، أو نسبة مئوية من -٥٠ إلى ١٠٠)",
  floorsInvalid: "نطاق الأدوار غير صالح",
} as const;

/**
 * POST /api/projects/{id}/prices body: which units (a building's name, a floor range, a type; at least one), the
 * change (`fixed` SAR added, or `percent`), `apply: false` (the default) to preview. New prices are rounded to the
 * nearest 1,000 SAR; held, reserved and sold units are left out and listed.
 */
export const priceChangeSchema = z
  .strictObject(
    {
      building: z.string().trim().min(1).max(100).optional(),
      floorFrom: z.number().int().min(-5).max(60).optional(),
      floorTo: z.number().int().min(-5).max(60).optional(),
      typeId: z.number().int().positive().optional(),
      kind: z.enum(["fixed", "percent"], { error: PRICE_CHANGE_TEXTS.amountInvalid }),
      amount: z.number({ error: PRICE_CHANGE_TEXTS.amountInvalid }).min(-100_000_000).max(100_000_000),
      apply: z.boolean().default(false),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? FIELD_MESSAGES.unknown : undefined) },
  )
  .superRefine((v, ctx) => {
    if (v.building === undefined && v.floorFrom === undefined && v.floorTo === undefined && v.typeId === undefined) {
      ctx.addIssue({ code: "custom", path: ["building"], message: PRICE_CHANGE_TEXTS.scopeRequired });
    }
    if (v.kind === "percent" && (v.amount < -50 || v.amount > 100)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: PRICE_CHANGE_TEXTS.amountInvalid });
    }
    if (v.floorFrom !== undefined && v.floorTo !== undefined && v.floorFrom > v.floorTo) {
      ctx.addIssue({ code: "custom", path: ["floorTo"], message: PRICE_CHANGE_TEXTS.floorsInvalid });
    }
  });
export type PriceChangeRequest = z.output<typeof priceChangeSchema>;

const priceLine = z.object({
  id: z.number(),
  building: z.string(),
  unitNumber: z.string(),
  oldPrice: z.number().nullable(),
  newPrice: z.number().nullable(),
});
export const priceChangeResultSchema = z.object({
  changes: z.array(priceLine),
  leftOut: z.array(priceLine.extend({ state: z.enum(INVENTORY_STATES) })),
  applied: z.boolean(),
});

/** A unit's new price: + amount SAR, or × (1 + amount / 100), rounded to the nearest 1,000 SAR, never below 0. */
export function changedPrice(price: number | null, kind: "fixed" | "percent", amount: number): number | null {
  if (price === null) return null;
  const raw = kind === "fixed" ? price + amount : price * (1 + amount / 100);
  return Math.max(0, roundToThousand(raw));
}

const stateNumbers = z.object({
  available: z.number(),
  held: z.number(),
  reserved: z.number(),
  sold: z.number(),
  blocked: z.number(),
});
/** GET /api/inventory/summary: per project, units and their value (SAR) by state. */
export const inventorySummarySchema = z.array(
  z.object({ projectId: z.number(), projectName: z.string(), counts: stateNumbers, values: stateNumbers }),
);
export type InventorySummaryRow = z.infer<typeof inventorySummarySchema>[number];

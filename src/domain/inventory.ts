/**
 * The live unit inventory (docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE resolutions 15, 25):
 * project → building → floor (ground 0, basements negative) → unit, and the five inventory states of a unit.
 *
 * SPEC's `status` keeps its three values (docs/product.md §3 units) and is derived from `inventoryState`:
 * available → متاحة; held, reserved, blocked → محجوزة; sold → مباعة. A hold (kind "hold") has an expiry; a
 * reservation (kind "reservation") has none and is what a lead at حجز holds. Minutes of a hold: 15 to 20,160 (14 days).
 */
import { z } from "zod";
import { countNoun, formatNumber, NOUNS } from "./format.ts";
import type { UnitStatus } from "./project-rules.ts";
import { FIELD_MESSAGES } from "./schemas/common.ts";

export const INVENTORY_STATES = ["available", "held", "reserved", "sold", "blocked"] as const;
export type InventoryState = (typeof INVENTORY_STATES)[number];

/** The Arabic name of each inventory state as staff read it (ARCHITECTURE resolution 15). */
export const INVENTORY_STATE_LABELS: Record<InventoryState, string> = {
  available: "متاحة",
  held: "محجوزة مؤقتًا",
  reserved: "محجوزة",
  sold: "مباعة",
  blocked: "موقوفة",
};

/** SPEC's three-valued status of a state (held, reserved and blocked read محجوزة to SPEC clients and visitors). */
export function statusOfState(state: InventoryState): UnitStatus {
  if (state === "available") return "متاحة";
  if (state === "sold") return "مباعة";
  return "محجوزة";
}

/**
 * The state a SPEC status written through PUT/POST /api/units or the spreadsheet import means. When the status is
 * the one `current` already derives to, the state is kept (a blocked unit saved with «محجوزة» stays blocked).
 */
export function stateOfStatus(status: UnitStatus, current?: InventoryState): InventoryState {
  if (current && statusOfState(current) === status) return current;
  if (status === "متاحة") return "available";
  if (status === "مباعة") return "sold";
  return "reserved";
}

export function isInventoryState(value: string): value is InventoryState {
  return (INVENTORY_STATES as readonly string[]).includes(value);
}

export const HOLD_KINDS = ["hold", "reservation"] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

/** Why a hold or reservation ended (unit_holds.release_reason). */
export const HOLD_RELEASE_REASONS = ["released", "expired", "lost", "unlinked", "sold"] as const;
export type HoldReleaseReason = (typeof HOLD_RELEASE_REASONS)[number];

/** Bounds of a hold's duration in minutes (15 minutes to 14 days). */
export const HOLD_MINUTES_MIN = 15;
export const HOLD_MINUTES_MAX = 20_160;
/** A project's default hold time for staff holds (48 hours) and the longest one without inventory.manage (72 hours). */
export const DEFAULT_HOLD_MINUTES = 2_880;
export const DEFAULT_HOLD_MAX_MINUTES = 4_320;

/** A floor's label for visitors: 0 «الدور الأرضي», −1 «القبو ١», 3 «الدور ٣». */
export function floorLabel(floor: number): string {
  if (floor === 0) return "الدور الأرضي";
  if (floor < 0) return `القبو ${formatNumber(-floor)}`;
  return `الدور ${formatNumber(floor)}`;
}

export const INVENTORY_TEXTS = {
  minutesInvalid: `مدة الحجز المؤقت يجب أن تكون رقمًا صحيحًا من ${countNoun(HOLD_MINUTES_MIN, NOUNS.minute)} إلى ${countNoun(HOLD_MINUTES_MAX, NOUNS.minute)}`,
  minutesOverMax: "مدة الحجز المؤقت أطول من الحد المسموح في هذا المشروع، ويلزمها صلاحية إدارة المخزون",
  leadInvalid: "العميل غير موجود",
  leadOtherProject: "العميل مهتم بمشروع آخر غير مشروع هذه الوحدة",
  unitNotFound: "الوحدة غير موجودة",
  holdNotFound: "الحجز غير موجود",
  notAvailable: "الوحدة غير متاحة للحجز",
  releaseNotYours: "لا يمكنك إلغاء حجز لم تقم به",
  boundField: "لا يمكن تغيير حالة الوحدة أو سعرها أثناء حجزها لعميل، غيّرها من صفحة العميل",
  reasonTooLong: "السبب يجب ألا يزيد عن ٥٠٠ حرف",
  walkIn: "عميل بدون ملف",
  notBlocked: "الوحدة ليست موقوفة",
  reservationByStage: "هذا الحجز مرتبط بمرحلة العميل، ويُلغى بتغيير مرحلته من صفحة العميل",
} as const;

/**
 * The Arabic 409 message of a unit sold through a lead (a lead at بيع linked to it): its status and price change
 * only through that lead's stage (docs/decisions/130-a-unit-sold-through-a-lead-changes-through-the-lead.md).
 */
export function soldToMessage(buyer: string): string {
  return `لا يمكن تغيير حالة الوحدة أو سعرها بعد بيعها للعميل ${buyer}، غيّر مرحلة العميل من صفحته`;
}

/**
 * The Arabic 409 message naming who holds a unit until when (staff only; visitors only ever see «محجوزة»).
 * `until` is null for a reservation (no expiry). `when` is the formatted local time (the caller formats it).
 */
export function heldByMessage(holder: string, kind: HoldKind, when: string | null): string {
  if (kind === "reservation" || !when) return `الوحدة محجوزة للعميل ${holder}`;
  return `الوحدة محجوزة مؤقتًا للعميل ${holder} حتى ${when}`;
}

/** POST /api/units/{id}/holds body: `{ leadId?, minutes? }` (a walk-in without leadId); unknown keys refused. */
export const holdRequestSchema = z.strictObject(
  {
    leadId: z
      .number({ error: INVENTORY_TEXTS.leadInvalid })
      .int({ error: INVENTORY_TEXTS.leadInvalid })
      .positive({ error: INVENTORY_TEXTS.leadInvalid })
      .max(2_147_483_647, { error: INVENTORY_TEXTS.leadInvalid })
      .optional(),
    minutes: z
      .number({ error: INVENTORY_TEXTS.minutesInvalid })
      .int({ error: INVENTORY_TEXTS.minutesInvalid })
      .min(HOLD_MINUTES_MIN, { error: INVENTORY_TEXTS.minutesInvalid })
      .max(HOLD_MINUTES_MAX, { error: INVENTORY_TEXTS.minutesInvalid })
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? FIELD_MESSAGES.unknown : undefined) },
);
export type HoldRequest = z.output<typeof holdRequestSchema>;

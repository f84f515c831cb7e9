/**
 * What a lead's stage does to its units (docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE
 * resolutions 14, 15): called by the lead desk's stage change inside its transaction.
 * - حجز (reserved): the linked unit becomes the lead's reservation; the lead's own hold on it (and its other holds)
 *   turn into reservations at their frozen price. Without a unit named, the lead's first hold becomes the link. A
 *   walk-in hold of the staff member changing the stage is taken as this lead's.
 * - بيع (sold): the linked unit is sold; its reservation row ends as "sold".
 * - مفقود (lost): every hold and reservation of the lead ends ("lost"), each unit available again.
 * - unlinking (another unit, or none at a stage that holds no unit): the previous unit's row ends ("unlinked").
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { LEAD_TEXTS } from "#domain/lead-desk.ts";
import type { Tx } from "#server/db/connection.ts";
import { unitHolds } from "#server/db/tables/inventory.ts";
import { badRequest } from "#server/lib/http-errors.ts";
import { heldConflict, notAvailable } from "./holds.ts";
import { dropExpiredHold, endHold, type HoldRow, isExpired, lockUnit, moveUnit } from "./state.ts";

export interface LeadStageUnits {
  leadId: number;
  /** The lead's project (its opening enquiry's), or null. */
  projectId: number | null;
  stage: "reserved" | "sold" | "lost" | "other";
  /** The unit the lead was linked to before. */
  previousUnitId: number | null;
  /** The unit it is to be linked to (null: none); `undefined`: the caller did not name one. */
  nextUnitId: number | null;
  /** Whether the caller named the unit (false: keep the link, or take the lead's first hold at حجز). */
  named: boolean;
  actorId: string | null;
  at: Date;
}

/** The lead's active rows, oldest first. */
async function rowsOfLead(tx: Tx, leadId: number): Promise<HoldRow[]> {
  return tx
    .select()
    .from(unitHolds)
    .where(and(eq(unitHolds.leadId, leadId), isNull(unitHolds.releasedAt)))
    .orderBy(asc(unitHolds.id));
}

/** Ends a row of the lead and frees its unit (reason "lost" or "unlinked"). */
async function free(tx: Tx, hold: HoldRow | null, unitId: number, reason: "lost" | "unlinked", input: LeadStageUnits) {
  const unit = await lockUnit(tx, unitId);
  if (hold) await endHold(tx, hold, reason, input.actorId, input.at);
  if (unit && unit.inventoryState !== "available" && unit.inventoryState !== "blocked") {
    const move = { actorId: input.actorId, holdId: hold?.id, leadId: input.leadId, reason, at: input.at };
    await moveUnit(tx, unit, "available", move);
  }
}

/** Turns the lead's active holds into reservations (frozen price kept, no expiry). */
async function reserveHolds(tx: Tx, holds: HoldRow[], input: LeadStageUnits) {
  for (const hold of holds) {
    if (hold.kind !== "hold" || isExpired(hold, input.at)) continue;
    const unit = await lockUnit(tx, hold.unitId);
    await tx.update(unitHolds).set({ kind: "reservation", expiresAt: null }).where(eq(unitHolds.id, hold.id));
    if (unit) {
      await moveUnit(tx, unit, "reserved", {
        actorId: input.actorId,
        holdId: hold.id,
        leadId: input.leadId,
        at: input.at,
      });
    }
  }
}

/**
 * Applies a stage change to the lead's units. Output: the unit the lead is linked to afterwards (null: none).
 * Errors: 400 {unitId} unknown unit or another project's; 409 {unitId} held or reserved by someone else (naming
 * them, with heldUntil), or not available (sold, blocked).
 */
export async function applyLeadStageToUnits(tx: Tx, input: LeadStageUnits): Promise<number | null> {
  const rows = await rowsOfLead(tx, input.leadId);
  if (input.stage === "lost") {
    for (const row of rows) await free(tx, row, row.unitId, "lost", input);
    if (input.previousUnitId !== null && !rows.some((r) => r.unitId === input.previousUnitId)) {
      await free(tx, null, input.previousUnitId, "lost", input);
    }
    return null;
  }
  const holding = input.stage === "reserved" || input.stage === "sold";
  let nextUnitId = holding ? input.nextUnitId : null;
  if (input.stage === "reserved" && !input.named && nextUnitId === null) {
    nextUnitId = rows.find((r) => r.kind === "hold" && !isExpired(r, input.at))?.unitId ?? null;
  }
  if (input.previousUnitId !== null && input.previousUnitId !== nextUnitId) {
    const row = rows.find((r) => r.unitId === input.previousUnitId) ?? null;
    await free(tx, row, input.previousUnitId, "unlinked", input);
  }
  if (nextUnitId === null) return null;

  const unit = await lockUnit(tx, nextUnitId);
  if (!unit) throw badRequest({ unitId: LEAD_TEXTS.unitNotFound });
  if (input.projectId !== null && unit.projectId !== input.projectId) {
    throw badRequest({ unitId: LEAD_TEXTS.unitOtherProject });
  }
  let active = await dropExpiredHold(tx, unit, input.at);
  // A walk-in hold made by the same staff member becomes this lead's (they held it for this buyer).
  if (active && active.leadId === null && active.heldBy !== null && active.heldBy === input.actorId) {
    await tx.update(unitHolds).set({ leadId: input.leadId }).where(eq(unitHolds.id, active.id));
    active = { ...active, leadId: input.leadId };
    rows.push(active);
  }
  if (active && active.leadId !== input.leadId) throw await heldConflict(tx, active, "unitId");
  if (!active && unit.inventoryState !== "available" && nextUnitId !== input.previousUnitId) {
    throw notAvailable("unitId");
  }
  const move = { actorId: input.actorId, leadId: input.leadId, at: input.at };
  if (input.stage === "sold") {
    if (active) await endHold(tx, active, "sold", input.actorId, input.at);
    await moveUnit(tx, unit, "sold", { ...move, holdId: active?.id });
    return nextUnitId;
  }
  if (!active) {
    const [row] = await tx
      .insert(unitHolds)
      .values({
        unitId: unit.id,
        leadId: input.leadId,
        kind: "reservation",
        heldBy: input.actorId,
        price: unit.price,
        createdAt: input.at,
      })
      .returning();
    await moveUnit(tx, unit, "reserved", { ...move, holdId: row.id });
  }
  await reserveHolds(tx, active ? rows : rows.filter((r) => r.unitId !== unit.id), input);
  return nextUnitId;
}

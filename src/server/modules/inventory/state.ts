/**
 * A unit's inventory state and the rows that hold it (docs/decisions/076-unit-inventory-states-and-holds.md):
 * every change of state goes through `moveUnit` (units.inventory_state with SPEC's status derived, one
 * unit_transitions row: who, when, why; the live grids told through live.ts); holds end through `endHold`. Callers run inside their transaction and
 * write the audit row.
 */
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { type HoldReleaseReason, type InventoryState, statusOfState } from "#domain/inventory.ts";
import type { Tx } from "#server/db/connection.ts";
import { units } from "#server/db/schema.ts";
import { unitHolds, unitTransitions } from "#server/db/tables/inventory.ts";
import { notifyInventory } from "./live.ts";

export type UnitRow = typeof units.$inferSelect;
export type HoldRow = typeof unitHolds.$inferSelect;

/** Who changed a unit (null: the system, e.g. the expiry job), with the lead and hold concerned and why. */
export interface Move {
  actorId: string | null;
  holdId?: number | null;
  leadId?: number | null;
  reason?: string | null;
  at: Date;
}

/** Sets a unit's inventory state (and SPEC's status from it), storing the transition. No-op when unchanged. */
export async function moveUnit(
  tx: Tx,
  unit: Pick<UnitRow, "id" | "projectId" | "inventoryState">,
  to: InventoryState,
  move: Move,
) {
  if (unit.inventoryState === to) return;
  await notifyInventory(tx, unit.projectId);
  await tx
    .update(units)
    .set({ inventoryState: to, status: statusOfState(to), updatedAt: move.at })
    .where(eq(units.id, unit.id));
  await tx.insert(unitTransitions).values({
    unitId: unit.id,
    fromState: unit.inventoryState,
    toState: to,
    actorId: move.actorId,
    holdId: move.holdId ?? null,
    leadId: move.leadId ?? null,
    reason: move.reason ?? null,
    at: move.at,
  });
}

/** The unit row, locked for the rest of the transaction (FOR UPDATE), or undefined. */
export async function lockUnit(tx: Tx, id: number): Promise<UnitRow | undefined> {
  const [unit] = await tx.select().from(units).where(eq(units.id, id)).for("update").limit(1);
  return unit;
}

/** The unit's active hold or reservation (released_at null), if any. */
export async function activeHold(tx: Tx, unitId: number): Promise<HoldRow | undefined> {
  const [row] = await tx
    .select()
    .from(unitHolds)
    .where(and(eq(unitHolds.unitId, unitId), isNull(unitHolds.releasedAt)))
    .limit(1);
  return row;
}

/** Whether a hold row has run out at `now` (reservations never do). */
export function isExpired(hold: Pick<HoldRow, "kind" | "expiresAt">, now: Date): boolean {
  return hold.kind === "hold" && hold.expiresAt !== null && hold.expiresAt.getTime() <= now.getTime();
}

/** Ends a hold row: released at/by/why. */
export async function endHold(tx: Tx, hold: HoldRow, reason: HoldReleaseReason, actorId: string | null, at: Date) {
  await tx
    .update(unitHolds)
    .set({ releasedAt: at, releasedBy: actorId, releaseReason: reason })
    .where(eq(unitHolds.id, hold.id));
}

/**
 * Releases the (locked) unit's hold when it has expired at `now`: the row ends as "expired" and the unit is
 * available again. Returns the hold still active afterwards, if any.
 */
export async function dropExpiredHold(tx: Tx, unit: UnitRow, now: Date): Promise<HoldRow | undefined> {
  const hold = await activeHold(tx, unit.id);
  if (!hold || !isExpired(hold, now)) return hold;
  await endHold(tx, hold, "expired", null, now);
  if (unit.inventoryState === "held") {
    await moveUnit(tx, unit, "available", {
      actorId: null,
      holdId: hold.id,
      leadId: hold.leadId,
      reason: "expired",
      at: now,
    });
    unit.inventoryState = "available";
  }
  return undefined;
}

/** The active holds that have expired at `now`, locked (SKIP LOCKED: another instance's sweep takes the others). */
export async function claimExpiredHolds(tx: Tx, now: Date, limit: number): Promise<HoldRow[]> {
  return tx
    .select()
    .from(unitHolds)
    .where(and(isNull(unitHolds.releasedAt), eq(unitHolds.kind, "hold"), lte(unitHolds.expiresAt, now)))
    .orderBy(unitHolds.expiresAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** SQL: the unit's inventory state as read at `now` (a held unit whose hold has expired reads as available). */
export function stateAt(now: Date) {
  return sql<InventoryState>`case when ${units.inventoryState} = 'held' and not exists (
    select 1 from ${unitHolds} h where h.unit_id = ${units.id} and h.released_at is null
      and (h.kind <> 'hold' or h.expires_at > ${now.toISOString()}::timestamptz)) then 'available'
    else ${units.inventoryState} end`;
}

/**
 * SQL: when the unit's active hold runs out, if that is after `now` (a timestamptz, read as a Date), else null — the
 * moment its state as read at `now` (`stateAt`) changes by itself, so no cached page shows the hold past it
 * (ARCHITECTURE resolution 24; docs/decisions/122-a-hold-ends-the-cached-page.md). Reservations never run out.
 */
export function holdEndsAt(now: Date) {
  return sql<Date | null>`(select min(h.expires_at) from ${unitHolds} h where h.unit_id = ${units.id}
    and h.released_at is null and h.kind = 'hold' and h.expires_at > ${now.toISOString()}::timestamptz)`.mapWith(
    unitHolds.expiresAt,
  );
}

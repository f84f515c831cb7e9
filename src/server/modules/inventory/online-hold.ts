/**
 * Online holds (docs/decisions/123-online-checkout-and-holds.md; docs/decisions/076-unit-inventory-states-and-holds.md;
 * ARCHITECTURE resolution 15): the hold a buyer's checkout places while they pay on the gateway's page. It is a
 * system hold — no staff member (held_by null), no lead yet (lead_id null) — with the same guarantee as a staff
 * hold: the unit row is locked (FOR UPDATE), an expired hold is released first, and the unit_holds_active_key
 * partial unique index refuses a second active row whatever happens. Both functions run inside the caller's
 * transaction (the checkout row commits with its hold) and write a system audit row.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "#server/db/connection.ts";
import { unitHolds } from "#server/db/tables/inventory.ts";
import { recordAudit } from "../audit/service.ts";
import { dropExpiredHold, endHold, lockUnit, moveUnit } from "./state.ts";

const SYSTEM = { userId: null, ip: null };

/** Why an online hold could not be placed: unknown unit, held until `until` (a hold), or not available. */
export type OnlineHoldRefusal = { refused: "unknown" } | { refused: "held"; until: Date } | { refused: "unavailable" };

export interface OnlineHold {
  holdId: number;
  /** The unit's project. */
  projectId: number;
  /** The unit's price (whole SAR) frozen on the hold; null when the unit has none. */
  price: number | null;
  expiresAt: Date;
}

/**
 * Places an online hold of `minutes` (ms from `now`) on unit `unitId` inside `tx`. Output: the hold, or why it was
 * refused (the caller answers the buyer). A concurrent second hold that slips past the lock fails on the unique index
 * (a unique violation the caller maps to the same refusal).
 */
export async function placeOnlineHold(
  tx: Tx,
  unitId: number,
  minutes: number,
  now: Date,
): Promise<OnlineHold | OnlineHoldRefusal> {
  const unit = await lockUnit(tx, unitId);
  if (!unit) return { refused: "unknown" };
  const active = await dropExpiredHold(tx, unit, now);
  if (active) {
    return active.kind === "hold" && active.expiresAt
      ? { refused: "held", until: active.expiresAt }
      : { refused: "unavailable" };
  }
  if (unit.inventoryState !== "available") return { refused: "unavailable" };
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const [hold] = await tx
    .insert(unitHolds)
    .values({ unitId, leadId: null, kind: "hold", heldBy: null, price: unit.price, createdAt: now, expiresAt })
    .returning();
  await moveUnit(tx, unit, "held", { actorId: null, holdId: hold.id, reason: "online", at: now });
  await recordAudit(tx, SYSTEM, {
    entityType: "unit",
    entityId: unitId,
    action: "hold",
    previousState: { inventoryState: unit.inventoryState },
    newState: { inventoryState: "held", holdId: hold.id, online: true, price: hold.price, expiresAt },
  });
  return { holdId: hold.id, projectId: unit.projectId, price: unit.price, expiresAt };
}

/**
 * Ends online hold `holdId` inside `tx` when it is still an active hold (the payment failed, or the checkout ran out):
 * the row ends with `reason`, the unit is available again. Returns false when there was nothing to end (already
 * released by the sweep, or turned into a reservation).
 */
export async function releaseOnlineHold(
  tx: Tx,
  holdId: number,
  reason: "released" | "expired",
  now: Date,
): Promise<boolean> {
  const [hold] = await tx
    .select()
    .from(unitHolds)
    .where(and(eq(unitHolds.id, holdId), isNull(unitHolds.releasedAt), eq(unitHolds.kind, "hold")))
    .for("update")
    .limit(1);
  if (!hold) return false;
  const unit = await lockUnit(tx, hold.unitId);
  await endHold(tx, hold, reason, null, now);
  if (unit?.inventoryState === "held") {
    await moveUnit(tx, unit, "available", { actorId: null, holdId, reason, at: now });
  }
  await recordAudit(tx, SYSTEM, {
    entityType: "unit",
    entityId: hold.unitId,
    action: reason === "expired" ? "hold_expired" : "release",
    previousState: { inventoryState: unit?.inventoryState ?? null, holdId, online: true },
    newState: { inventoryState: "available" },
  });
  return true;
}

/** Gives active hold `holdId` to lead `leadId` (the paid checkout's buyer), so the lead's حجز turns it into theirs. */
export async function giveHoldToLead(tx: Tx, holdId: number, leadId: number): Promise<boolean> {
  const rows = await tx
    .update(unitHolds)
    .set({ leadId })
    .where(and(eq(unitHolds.id, holdId), isNull(unitHolds.releasedAt)))
    .returning({ id: unitHolds.id });
  return rows.length > 0;
}

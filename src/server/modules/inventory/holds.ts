/**
 * Timed holds of units (docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE resolution 15):
 * POST /api/units/{id}/holds, DELETE /api/holds/{id}, and the sweep of expired holds.
 *
 * Never two active rows for one unit: the insert locks the unit row (FOR UPDATE), releases an expired hold first,
 * then inserts; the unit_holds_active_key partial unique index refuses a second active row whatever happens, and
 * its violation answers the same 409.
 */
import { eq } from "drizzle-orm";
import { formatDateTime } from "#domain/format.ts";
import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN, heldByMessage, INVENTORY_TEXTS } from "#domain/inventory.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leads, projects, users } from "#server/db/schema.ts";
import { unitHolds } from "#server/db/tables/inventory.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "#server/lib/http-errors.ts";
import { isUniqueViolation } from "#server/lib/sql.ts";
import { recordAudit } from "../audit/service.ts";
import {
  claimExpiredHolds,
  dropExpiredHold,
  endHold,
  type HoldRow,
  lockUnit,
  moveUnit,
  type UnitRow,
} from "./state.ts";

/** The staff member acting: their id and IP, whether they hold inventory.manage and leads.view_all. */
export interface InventoryActor {
  id: string;
  ip: string | null;
  manage: boolean;
  viewAllLeads: boolean;
}

export const auditActor = (actor: InventoryActor) => ({ userId: actor.id, ip: actor.ip });

/** A lead as a hold needs it: its owner, its project (its opening enquiry's) and the person's name. */
async function leadOf(tx: Tx, id: number) {
  const [lead] = await tx
    .select({ id: leads.id, ownerId: leads.ownerId, projectId: contactMessages.projectId, name: contactMessages.name })
    .from(leads)
    .innerJoin(contactMessages, eq(contactMessages.id, leads.id))
    .where(eq(leads.id, id))
    .limit(1);
  return lead;
}

/**
 * The 409 of a unit held by someone else: `{ message, fields: { [field]: message }, heldUntil }`, the message naming
 * the lead (or «عميل بدون ملف» and the staff member) and until when (staff only).
 */
export async function heldConflict(tx: Tx, hold: HoldRow, field: string): Promise<HttpError> {
  const lead = hold.leadId === null ? undefined : await leadOf(tx, hold.leadId);
  const [staff] = hold.heldBy
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, hold.heldBy)).limit(1)
    : [];
  const holder = lead?.name ?? `${INVENTORY_TEXTS.walkIn}${staff ? ` (${staff.name})` : ""}`;
  const until = hold.kind === "hold" && hold.expiresAt ? hold.expiresAt : null;
  const message = heldByMessage(holder, hold.kind, until ? formatDateTime(until) : null);
  return new HttpError(409, message, { [field]: message }, { heldUntil: until?.toISOString() ?? null });
}

/** The 409 of a unit that is not available (reserved without a row, sold, blocked). */
export const notAvailable = (field: string) =>
  conflict(INVENTORY_TEXTS.notAvailable, { [field]: INVENTORY_TEXTS.notAvailable });

export interface HoldInput {
  leadId?: number;
  minutes?: number;
}

/** Checks the lead a hold is for: known, the actor's (unless they see every lead), of the unit's project. */
async function checkLead(tx: Tx, actor: InventoryActor, unit: UnitRow, leadId: number) {
  const lead = await leadOf(tx, leadId);
  if (!lead || (!actor.viewAllLeads && lead.ownerId !== actor.id)) {
    throw badRequest({ leadId: INVENTORY_TEXTS.leadInvalid });
  }
  if (lead.projectId !== null && lead.projectId !== unit.projectId) {
    throw badRequest({ leadId: INVENTORY_TEXTS.leadOtherProject });
  }
}

/**
 * POST /api/units/{id}/holds (inventory.hold). Input: `{ leadId?, minutes? }` (minutes 15–20,160, default the
 * project's hold_minutes; over its hold_max_minutes needs inventory.manage). Output: `{ id, unitId, expiresAt }`.
 * The unit's price is frozen on the hold row. In one transaction: the row, the transition, the audit row.
 * Errors: 404 unit; 400 {leadId} unknown/not the agent's/another project's, {minutes} out of bounds; 403 over the
 * project's maximum without inventory.manage; 409 {unit} held by someone else (with heldUntil) or not available.
 */
export async function placeHold(db: Db, actor: InventoryActor, unitId: number, input: HoldInput, now: Date) {
  if (input.minutes !== undefined && (input.minutes < HOLD_MINUTES_MIN || input.minutes > HOLD_MINUTES_MAX)) {
    throw badRequest({ minutes: INVENTORY_TEXTS.minutesInvalid });
  }
  try {
    return await db.transaction(async (tx) => {
      const unit = await lockUnit(tx, unitId);
      if (!unit) throw notFound(INVENTORY_TEXTS.unitNotFound);
      const [project] = await tx
        .select({ holdMinutes: projects.holdMinutes, holdMaxMinutes: projects.holdMaxMinutes })
        .from(projects)
        .where(eq(projects.id, unit.projectId));
      const minutes = input.minutes ?? project.holdMinutes;
      if (minutes > project.holdMaxMinutes && !actor.manage) throw forbidden(INVENTORY_TEXTS.minutesOverMax);
      if (input.leadId !== undefined) await checkLead(tx, actor, unit, input.leadId);
      const active = await dropExpiredHold(tx, unit, now);
      if (active) throw await heldConflict(tx, active, "unit");
      if (unit.inventoryState !== "available") throw notAvailable("unit");
      const expiresAt = new Date(now.getTime() + minutes * 60_000);
      const [hold] = await tx
        .insert(unitHolds)
        .values({
          unitId,
          leadId: input.leadId ?? null,
          kind: "hold",
          heldBy: actor.id,
          price: unit.price,
          createdAt: now,
          expiresAt,
        })
        .returning();
      await moveUnit(tx, unit, "held", { actorId: actor.id, holdId: hold.id, leadId: hold.leadId, at: now });
      await recordAudit(tx, auditActor(actor), {
        entityType: "unit",
        entityId: unitId,
        action: "hold",
        previousState: { inventoryState: unit.inventoryState },
        newState: { inventoryState: "held", holdId: hold.id, leadId: hold.leadId, price: hold.price, expiresAt },
      });
      return { id: hold.id, unitId, expiresAt: expiresAt.toISOString() };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw notAvailable("unit");
    throw error;
  }
}

/**
 * DELETE /api/holds/{id} (inventory.hold): ends an active hold; the unit is available again. An agent releases
 * only their own holds, a holder of inventory.manage any. A reservation ends through its lead's stage (the desk).
 * Errors: 404 unknown or already ended; 403 another's hold without inventory.manage; 409 a reservation.
 */
export async function releaseHold(db: Db, actor: InventoryActor, holdId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [hold] = await tx.select().from(unitHolds).where(eq(unitHolds.id, holdId)).for("update").limit(1);
    if (!hold || hold.releasedAt) throw notFound(INVENTORY_TEXTS.holdNotFound);
    if (hold.heldBy !== actor.id && !actor.manage) throw forbidden(INVENTORY_TEXTS.releaseNotYours);
    if (hold.kind === "reservation") throw conflict(INVENTORY_TEXTS.reservationByStage);
    const unit = await lockUnit(tx, hold.unitId);
    await endHold(tx, hold, "released", actor.id, now);
    if (unit && unit.inventoryState === "held") {
      await moveUnit(tx, unit, "available", {
        actorId: actor.id,
        holdId,
        leadId: hold.leadId,
        reason: "released",
        at: now,
      });
    }
    await recordAudit(tx, auditActor(actor), {
      entityType: "unit",
      entityId: hold.unitId,
      action: "release",
      previousState: { inventoryState: unit?.inventoryState ?? null, holdId },
      newState: { inventoryState: "available" },
    });
  });
}

/** The sweep's batch size: expired holds released per transaction. */
const SWEEP_BATCH = 200;

/**
 * The expiry job (jobs/engine.ts `every`, once across instances): releases every hold expired at `now` in `tx`
 * (rows claimed with SKIP LOCKED), each unit back to available, each with its transition and a system audit row.
 * Output: how many were released.
 */
export async function releaseExpiredHolds(tx: Tx, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await claimExpiredHolds(tx, now, SWEEP_BATCH);
    for (const hold of batch) {
      const unit = await lockUnit(tx, hold.unitId);
      if (unit) await dropExpiredHold(tx, unit, now);
      else await endHold(tx, hold, "expired", null, now);
      await recordAudit(
        tx,
        { userId: null, ip: null },
        {
          entityType: "unit",
          entityId: hold.unitId,
          action: "hold_expired",
          previousState: { holdId: hold.id, expiresAt: hold.expiresAt },
          newState: { inventoryState: "available" },
        },
      );
    }
    released += batch.length;
    if (batch.length < SWEEP_BATCH) return released;
  }
}

/**
 * Bulk generation of units and blocking (docs/decisions/078-stacking-plan-and-bulk-generation.md):
 * - `generateUnits`: POST /api/projects/{id}/units/generate (inventory.manage). The preview (`apply: false`) answers
 *   exactly the units `apply: true` writes (planGeneration in src/domain/inventory-admin.ts), with the numbers that
 *   already exist in the project; applying writes them in one transaction (buildings made or made taller) with one
 *   audit entry. Errors: 404 project; 400 {types} a type of another project, {units} over the maximum; 409
 *   {unitNumber} when a number exists (nothing is written).
 * - `setBlocked`: POST/DELETE /api/units/{id}/block (inventory.manage): an available unit is taken off sale
 *   (blocked) or back; a transition with the reason and an audit row. Errors: 404; 409 the unit is held, reserved or
 *   sold (blocking) or not blocked (unblocking).
 */
import { and, eq, inArray } from "drizzle-orm";
import { INVENTORY_TEXTS } from "#domain/inventory.ts";
import {
  GENERATION_MAX_UNITS,
  GENERATION_TEXTS,
  type GeneratedUnit,
  type GenerationRequest,
  planGeneration,
} from "#domain/inventory-admin.ts";
import type { Db } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { unitTypes } from "#server/db/tables/inventory.ts";
import { badRequest, conflict, notFound } from "#server/lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { auditActor, type InventoryActor } from "./holds.ts";
import { dropExpiredHold, lockUnit, moveUnit } from "./state.ts";
import { placeUnits } from "./unit-writes.ts";

const BATCH = 500;

export async function generateUnits(
  db: Db,
  actor: InventoryActor,
  projectId: number,
  request: GenerationRequest,
): Promise<{ units: GeneratedUnit[]; clashes: string[]; created: number }> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound("المشروع غير موجود");
  const typeIds = [...new Set(request.types.filter((t): t is number => t !== null))];
  if (typeIds.length) {
    const found = await db
      .select({ id: unitTypes.id })
      .from(unitTypes)
      .where(and(eq(unitTypes.projectId, projectId), inArray(unitTypes.id, typeIds)));
    if (found.length !== typeIds.length) throw badRequest({ types: GENERATION_TEXTS.typeUnknown });
  }
  const planned = planGeneration(request);
  if (planned.length > GENERATION_MAX_UNITS) throw badRequest({ units: GENERATION_TEXTS.tooMany });
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ building: units.building, unitNumber: units.unitNumber })
      .from(units)
      .where(and(eq(units.projectId, projectId), inArray(units.building, request.buildings)));
    const taken = new Set(existing.map((u) => `${u.building}\u0000${u.unitNumber}`));
    const clashes = planned.filter((u) => taken.has(`${u.building}\u0000${u.unitNumber}`)).map((u) => u.unitNumber);
    if (!request.apply) return { units: planned, clashes, created: 0 };
    if (clashes.length) throw conflict(GENERATION_TEXTS.clash, { unitNumber: GENERATION_TEXTS.clash });
    for (let i = 0; i < planned.length; i += BATCH) {
      await tx.insert(units).values(
        planned.slice(i, i + BATCH).map((u) => ({
          projectId,
          building: u.building,
          floor: u.floor,
          unitNumber: u.unitNumber,
          typeId: u.typeId,
          price: u.price,
        })),
      );
    }
    await placeUnits(tx, projectId);
    await recordAudit(tx, auditActor(actor), {
      entityType: "project",
      entityId: projectId,
      action: "units_generated",
      newState: { count: planned.length, request },
    });
    return { units: planned, clashes: [], created: planned.length };
  });
}

export async function setBlocked(
  db: Db,
  actor: InventoryActor,
  unitId: number,
  blocked: boolean,
  reason: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const unit = await lockUnit(tx, unitId);
    if (!unit) throw notFound(INVENTORY_TEXTS.unitNotFound);
    await dropExpiredHold(tx, unit, now);
    const from = blocked ? "available" : "blocked";
    if (unit.inventoryState !== from) {
      throw conflict(blocked ? INVENTORY_TEXTS.notAvailable : INVENTORY_TEXTS.notBlocked);
    }
    const to = blocked ? "blocked" : "available";
    await moveUnit(tx, unit, to, { actorId: actor.id, reason, at: now });
    await recordAudit(tx, auditActor(actor), {
      entityType: "unit",
      entityId: unitId,
      action: blocked ? "block" : "unblock",
      previousState: { inventoryState: from },
      newState: { inventoryState: to, reason },
    });
  });
}

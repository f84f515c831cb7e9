/**
 * The back office's stacking plan (docs/decisions/078-stacking-plan-and-bulk-generation.md):
 * - `stackingPlan`: GET /api/projects/{id}/stacking-plan (inventory.view) → `{ buildings: [{ id, name, floors:
 *   [{ number, label, units: [GridUnit] }] }], types: [{ id, name }] }`, floors top to bottom; each unit with its
 *   state read at `now` (an expired hold reads available), its effective type values and its active hold (who, which
 *   lead, until when, the frozen price). Staff only: holders are named.
 * - `unitHistory`: GET /api/units/{id}/history (inventory.view) → `{ transitions, prices }`, newest first.
 * - `inventorySummary`: GET /api/inventory/summary (inventory.view) → the dashboard's counts per project.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { floorLabel } from "#domain/inventory.ts";
import type { InventorySummaryRow, StackingPlan } from "#domain/inventory-admin.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, projects, units, users } from "#server/db/schema.ts";
import { buildings, unitHolds, unitPriceChanges, unitTransitions, unitTypes } from "#server/db/tables/inventory.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { inherited } from "./inherited.ts";
import { stateAt } from "./state.ts";

const NO_FLOOR_LABEL = "دور غير محدد";

/** GET /api/projects/{id}/stacking-plan (drafts included: staff). Errors: 404 unknown project. */
export async function stackingPlan(db: Db, projectId: number, now: Date): Promise<StackingPlan> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound("المشروع غير موجود");
  const holder = alias(users, "holder");
  const rows = await db
    .select({
      id: units.id,
      unitNumber: units.unitNumber,
      building: units.building,
      buildingId: units.buildingId,
      floor: units.floor,
      state: stateAt(now),
      typeId: units.typeId,
      type: unitTypes.name,
      rooms: inherited.rooms,
      price: inherited.price,
      totalArea: inherited.totalArea,
      direction: units.direction,
      view: inherited.view,
      holdId: unitHolds.id,
      holdKind: unitHolds.kind,
      holdLeadId: unitHolds.leadId,
      holdLeadName: contactMessages.name,
      holdBy: unitHolds.heldBy,
      holdByName: holder.name,
      holdExpiresAt: unitHolds.expiresAt,
      holdPrice: unitHolds.price,
    })
    .from(units)
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
    .leftJoin(buildings, eq(buildings.id, units.buildingId))
    .leftJoin(unitHolds, and(eq(unitHolds.unitId, units.id), isNull(unitHolds.releasedAt)))
    .leftJoin(contactMessages, eq(contactMessages.id, unitHolds.leadId))
    .leftJoin(holder, eq(holder.id, unitHolds.heldBy))
    .where(eq(units.projectId, projectId))
    .orderBy(asc(buildings.id), asc(units.building), desc(units.floor), asc(units.unitNumber), asc(units.id));
  const types = await db
    .select({ id: unitTypes.id, name: unitTypes.name })
    .from(unitTypes)
    .where(eq(unitTypes.projectId, projectId))
    .orderBy(asc(unitTypes.name));
  const plan: StackingPlan = { buildings: [], types };
  for (const row of rows) {
    let building = plan.buildings.at(-1);
    if (!building || building.name !== row.building) {
      building = { id: row.buildingId, name: row.building, floors: [] };
      plan.buildings.push(building);
    }
    let floor = building.floors.at(-1);
    if (!floor || floor.number !== row.floor) {
      floor = { number: row.floor, label: row.floor === null ? NO_FLOOR_LABEL : floorLabel(row.floor), units: [] };
      building.floors.push(floor);
    }
    const live = row.holdId !== null && row.state !== "available";
    floor.units.push({
      id: row.id,
      unitNumber: row.unitNumber,
      state: row.state,
      typeId: row.typeId,
      type: row.type,
      rooms: row.rooms,
      price: row.price,
      totalArea: row.totalArea === null ? null : Number(row.totalArea),
      direction: row.direction,
      view: row.view,
      hold:
        live && row.holdId !== null && row.holdKind !== null
          ? {
              id: row.holdId,
              kind: row.holdKind,
              leadId: row.holdLeadId,
              leadName: row.holdLeadName,
              heldBy: row.holdBy,
              heldByName: row.holdByName,
              expiresAt: row.holdExpiresAt?.toISOString() ?? null,
              price: row.holdPrice,
            }
          : null,
    });
  }
  return plan;
}

/** GET /api/units/{id}/history: the unit's state transitions and price changes, newest first (at most 100 each). */
export async function unitHistory(db: Db, unitId: number) {
  const transitions = await db
    .select({
      fromState: unitTransitions.fromState,
      toState: unitTransitions.toState,
      actorName: users.name,
      leadId: unitTransitions.leadId,
      reason: unitTransitions.reason,
      at: unitTransitions.at,
    })
    .from(unitTransitions)
    .leftJoin(users, eq(users.id, unitTransitions.actorId))
    .where(eq(unitTransitions.unitId, unitId))
    .orderBy(desc(unitTransitions.at), desc(unitTransitions.id))
    .limit(100);
  const prices = await db
    .select({
      oldPrice: unitPriceChanges.oldPrice,
      newPrice: unitPriceChanges.newPrice,
      actorName: users.name,
      at: unitPriceChanges.at,
    })
    .from(unitPriceChanges)
    .leftJoin(users, eq(users.id, unitPriceChanges.actorId))
    .where(eq(unitPriceChanges.unitId, unitId))
    .orderBy(desc(unitPriceChanges.at), desc(unitPriceChanges.id))
    .limit(100);
  return {
    transitions: transitions.map((t) => ({ ...t, at: t.at.toISOString() })),
    prices: prices.map((p) => ({ ...p, at: p.at.toISOString() })),
  };
}

/**
 * GET /api/inventory/summary (inventory.view): per project, the units and their value in SAR (list prices) by state
 * read at `now` — `[{ projectId, projectName, counts: { available, held, reserved, sold, blocked }, values: {…} }]`.
 */
export async function inventorySummary(db: Db, now: Date) {
  const state = stateAt(now);
  const rows = await db
    .select({
      projectId: units.projectId,
      projectName: projects.name,
      state,
      n: sql<number>`count(*)::int`,
      value: sql<number>`coalesce(sum(${inherited.price}), 0)::bigint`,
    })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
    // By position: the state's expression carries the time as a parameter, so it cannot be repeated here.
    .groupBy(units.projectId, projects.name, sql.raw("3"))
    .orderBy(asc(projects.name));
  const byProject = new Map<number, InventorySummaryRow>();
  for (const row of rows) {
    const entry =
      byProject.get(row.projectId) ??
      ({
        projectId: row.projectId,
        projectName: row.projectName,
        counts: emptyStates(),
        values: emptyStates(),
      } as InventorySummaryRow);
    entry.counts[row.state] = Number(row.n);
    entry.values[row.state] = Number(row.value);
    byProject.set(row.projectId, entry);
  }
  return [...byProject.values()];
}

const emptyStates = () => ({ available: 0, held: 0, reserved: 0, sold: 0, blocked: 0 });

/**
 * What visitors see of a project's inventory (docs/decisions/077-public-availability-and-unit-pages.md):
 * - `projectInventory`: GET /api/projects/{id}/inventory → `{ buildings: [{ name, floors: [{ number, label, units:
 *   [{ id, unitNumber, status, type, rooms, price, totalArea }] }] }] }`, floors top to bottom, units by number.
 * - `publicUnit`: GET /api/projects/{id}/units/{unitId}/public → one unit's page data.
 * No personal data; blocked units are left out; `status` is SPEC's Arabic value of the state read at `now` (an
 * expired hold reads متاحة before the job sweeps it; held and reserved read محجوزة); `price` is the list price (the
 * type's when the unit has none), null when there is none («السعر عند الطلب») or the unit is sold — the price frozen
 * on a hold is never shown. Type defaults fill what a unit leaves empty (rooms, areas, direction, view, floor plan).
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { floorLabel, statusOfState } from "#domain/inventory.ts";
import type { ProjectInventory, PublicUnit } from "#domain/inventory-public.ts";
import type { Db } from "#server/db/connection.ts";
import { units } from "#server/db/schema.ts";
import { buildings, unitTypes } from "#server/db/tables/inventory.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { stateAt } from "./state.ts";

const NO_FLOOR_LABEL = "دور غير محدد";

/** The columns of a unit as visitors read it: its own value, else its type's. */
function publicColumns(now: Date) {
  return {
    id: units.id,
    unitNumber: units.unitNumber,
    building: units.building,
    buildingId: units.buildingId,
    floor: units.floor,
    state: stateAt(now),
    type: unitTypes.name,
    rooms: sql<number | null>`coalesce(${units.rooms}, ${unitTypes.rooms})`,
    price: sql<number | null>`coalesce(${units.price}, ${unitTypes.price})`,
    privateArea: sql<string | null>`coalesce(${units.privateArea}, ${unitTypes.privateArea})`,
    totalArea: sql<string | null>`coalesce(${units.totalArea}, ${unitTypes.totalArea})`,
    direction: sql<string[]>`case when jsonb_array_length(${units.direction}) > 0 then ${units.direction}
      else coalesce(${unitTypes.direction}, '[]'::jsonb) end`,
    view: sql<string | null>`coalesce(${units.view}, ${unitTypes.view})`,
    floorPlanUrl: sql<string | null>`coalesce(${units.floorPlanUrl}, ${unitTypes.floorPlanUrl})`,
  };
}

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/** GET /api/projects/{id}/inventory (public). The caller has checked the project is visible. */
export async function projectInventory(db: Db, projectId: number, now: Date): Promise<ProjectInventory> {
  // Only what the answer carries: the page-only columns (areas, direction, view, floor plan) cost row parsing.
  const { id, unitNumber, building, floor, state, type, rooms, price, totalArea } = publicColumns(now);
  const rows = await db
    .select({ id, unitNumber, building, floor, state, type, rooms, price, totalArea })
    .from(units)
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
    .leftJoin(buildings, eq(buildings.id, units.buildingId))
    .where(and(eq(units.projectId, projectId), ne(units.inventoryState, "blocked")))
    .orderBy(asc(buildings.id), asc(units.building), desc(units.floor), asc(units.unitNumber), asc(units.id));
  const result: ProjectInventory = { buildings: [] };
  for (const row of rows) {
    let building = result.buildings.at(-1);
    if (!building || building.name !== row.building) {
      building = { name: row.building, floors: [] };
      result.buildings.push(building);
    }
    let floor = building.floors.at(-1);
    if (!floor || floor.number !== row.floor) {
      floor = { number: row.floor, label: row.floor === null ? NO_FLOOR_LABEL : floorLabel(row.floor), units: [] };
      building.floors.push(floor);
    }
    floor.units.push({
      id: row.id,
      unitNumber: row.unitNumber,
      status: statusOfState(row.state),
      type: row.type,
      rooms: row.rooms,
      price: row.state === "sold" ? null : row.price,
      totalArea: toNumber(row.totalArea),
    });
  }
  return result;
}

/** GET /api/projects/{id}/units/{unitId}/public. Errors: 404 unknown, another project's, or blocked. */
export async function publicUnit(db: Db, projectId: number, unitId: number, now: Date): Promise<PublicUnit> {
  const [row] = await db
    .select(publicColumns(now))
    .from(units)
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
    .where(and(eq(units.id, unitId), eq(units.projectId, projectId), ne(units.inventoryState, "blocked")))
    .limit(1);
  if (!row) throw notFound("الوحدة غير موجودة");
  return {
    id: row.id,
    projectId,
    unitNumber: row.unitNumber,
    building: row.building,
    floor: row.floor,
    floorLabel: row.floor === null ? NO_FLOOR_LABEL : floorLabel(row.floor),
    status: statusOfState(row.state),
    availability: row.state === "available" ? "available" : row.state === "sold" ? "sold" : "reserved",
    type: row.type,
    rooms: row.rooms,
    price: row.state === "sold" ? null : row.price,
    privateArea: toNumber(row.privateArea),
    totalArea: toNumber(row.totalArea),
    direction: row.direction,
    view: row.view,
    floorPlanUrl: row.floorPlanUrl,
  };
}

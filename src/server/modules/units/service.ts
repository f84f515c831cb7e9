/** Unit queries (SPEC §3 units). Ordered by building, then floor, then unit number. */
import { asc, eq } from "drizzle-orm";
import { UNIT_STATUSES, type UnitStatus } from "../../../domain/project-rules.ts";
import type { Unit } from "../../../domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { units } from "../../db/schema.ts";

type UnitRow = typeof units.$inferSelect;

export function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    projectId: row.projectId,
    unitNumber: row.unitNumber,
    building: row.building,
    price: row.price,
    status: (UNIT_STATUSES as readonly string[]).includes(row.status) ? (row.status as UnitStatus) : "متاحة",
    rooms: row.rooms,
    floor: row.floor,
    direction: row.direction,
    privateArea: row.privateArea,
    totalArea: row.totalArea,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const unitOrder = [asc(units.building), asc(units.floor), asc(units.unitNumber), asc(units.id)];

/** GET /api/projects/{id}/units. */
export async function listUnitsOfProject(db: Db | Tx, projectId: number): Promise<Unit[]> {
  const rows = await db
    .select()
    .from(units)
    .where(eq(units.projectId, projectId))
    .orderBy(...unitOrder);
  return rows.map(toUnit);
}

/** GET /api/units: all units of all projects (staff). */
export async function listAllUnits(db: Db | Tx): Promise<Unit[]> {
  const rows = await db
    .select()
    .from(units)
    .orderBy(asc(units.projectId), ...unitOrder);
  return rows.map(toUnit);
}

/**
 * Unit queries and mutations (SPEC §3 units, §4.8, §5.6, §7.2). Lists are ordered by building, then floor, then
 * unit number. Every mutation runs in a transaction with its audit row. A unit number is unique per project and
 * building (the units_project_building_number_key index); a clash answers 409.
 */
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import { statusOfState } from "#domain/inventory.ts";
import { UNIT_STATUSES, type UnitStatus } from "#domain/project-rules.ts";
import type { UnitPageQuery } from "#domain/schemas/paging.ts";
import type { UnitValues } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import { IMPORT_MESSAGES } from "#domain/unit-import.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { earliest, type LicenceContext } from "../../lib/compliance-rules.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { decodeCursor, encodeCursor } from "../../lib/paging.ts";
import { escapeLike, isUniqueViolation } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import {
  advertisingOf,
  checkUnitEdit,
  holdEndsAt,
  placeUnits,
  stateAt,
  unitLicenceColumns,
} from "../inventory/service.ts";
import { assertProjectExists } from "../projects/service.ts";

type UnitRow = typeof units.$inferSelect;

export const UNIT_NOT_FOUND = "الوحدة غير موجودة";
export const UNIT_DUPLICATE = IMPORT_MESSAGES.duplicateInDb;

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
    inventoryState: row.inventoryState,
    buildingId: row.buildingId,
    typeId: row.typeId,
    advertisingLicenseNumber: row.advertisingLicenseNumber,
    advertisingLicenseExpiresOn: row.advertisingLicenseExpiresOn,
  };
}

const unitOrder = [asc(units.building), asc(units.floor), asc(units.unitNumber), asc(units.id)];

/** Who reads a project's units: at `now` (the app's clock); a visitor with the licence context of that moment. */
export interface UnitListReader {
  now: Date;
  /** Set for a visitor: units whose licence does not allow advertising are left out. Null: staff or a preview. */
  visitor: LicenceContext | null;
}

/**
 * GET /api/projects/{id}/units (SPEC §7.2). `status` and `inventoryState` are read at `reader.now` (a hold that ran
 * out reads متاحة before the job sweeps it). For a visitor, a unit whose licence (its own, else the project's;
 * domain/licence.ts unitAdvertising) does not allow advertising today is left out (docs/compliance.md;
 * docs/decisions/121-an-unlicensed-unit-leaves-every-public-read.md). Output: the units and `contentExpires`, the
 * earliest ISO instant the list changes by itself (a listed hold runs out; for a visitor, a listed licence stops).
 */
export async function listUnitsOfProject(
  db: Db | Tx,
  projectId: number,
  reader: UnitListReader,
): Promise<{ units: Unit[]; contentExpires: string | null }> {
  const rows = await db
    .select({ unit: units, state: stateAt(reader.now), holdEndsAt: holdEndsAt(reader.now), ...unitLicenceColumns })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .where(eq(units.projectId, projectId))
    .orderBy(...unitOrder);
  const ends: (string | null | undefined)[] = [];
  const listed = rows.filter((row) => {
    if (reader.visitor) {
      const { licence } = advertisingOf(row, reader.visitor);
      if (!licence.advertisable) return false;
      ends.push(licence.advertiseUntil);
    }
    ends.push(row.holdEndsAt?.toISOString());
    return true;
  });
  return {
    units: listed.map((row) => toUnit({ ...row.unit, inventoryState: row.state, status: statusOfState(row.state) })),
    contentExpires: earliest(ends),
  };
}

/** GET /api/units: all units of all projects (staff). */
export async function listAllUnits(db: Db | Tx): Promise<Unit[]> {
  const rows = await db
    .select()
    .from(units)
    .orderBy(asc(units.projectId), ...unitOrder);
  return rows.map(toUnit);
}

/**
 * GET /api/units/page?projectId= (units.view): one page of a project's units, drafts included, ordered by
 * building, unit number, id (keyset on the unique index units_project_building_number_key), filtered by status and
 * a part of the unit number or building. Output: { items, nextCursor, total, statusCounts } (src/domain/schemas/
 * paging.ts) — statusCounts: the project's units per status, whatever the filters (the screen's counters).
 * Errors: 404 unknown project; 400 {cursor}.
 */
export async function pageUnitsOfProject(db: Db | Tx, query: UnitPageQuery) {
  const { projectId } = query;
  await assertProjectExists(db, projectId);
  const like = query.search ? `%${escapeLike(query.search)}%` : null;
  const filters = and(
    eq(units.projectId, projectId),
    query.status ? eq(units.status, query.status) : undefined,
    like ? or(ilike(units.unitNumber, like), ilike(units.building, like)) : undefined,
  );
  const key = query.cursor ? decodeCursor(query.cursor, { b: "string", n: "string", i: "number" }) : null;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(units)
      .where(
        and(
          filters,
          key ? sql`(${units.building}, ${units.unitNumber}, ${units.id}) > (${key.b}, ${key.n}, ${key.i})` : undefined,
        ),
      )
      .orderBy(asc(units.building), asc(units.unitNumber), asc(units.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(units).where(filters),
  ]);
  const byStatus = await db
    .select({ status: units.status, n: count() })
    .from(units)
    .where(eq(units.projectId, projectId))
    .groupBy(units.status);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    statusCounts: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    items: page.map(toUnit),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ b: last.building, n: last.unitNumber, i: last.id }) : null,
    total: Number(total?.n ?? 0),
  };
}

/** One unit. Errors: 404 UNIT_NOT_FOUND. */
export async function getUnit(db: Db | Tx, id: number): Promise<Unit> {
  const [row] = await db.select().from(units).where(eq(units.id, id)).limit(1);
  if (!row) throw notFound(UNIT_NOT_FOUND);
  return toUnit(row);
}

async function assertNoClash(tx: Tx, values: UnitValues, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: units.id })
    .from(units)
    .where(
      and(
        eq(units.projectId, values.projectId),
        eq(units.building, values.building),
        eq(units.unitNumber, values.unitNumber),
        exceptId === undefined ? undefined : ne(units.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(UNIT_DUPLICATE, { unitNumber: UNIT_DUPLICATE });
}

function columnsOf(values: UnitValues) {
  return {
    projectId: values.projectId,
    unitNumber: values.unitNumber,
    building: values.building,
    price: values.price,
    status: values.status,
    rooms: values.rooms,
    floor: values.floor,
    direction: values.direction,
    privateArea: values.privateArea,
    totalArea: values.totalArea,
    // Left undefined (not written) when the body did not carry them.
    advertisingLicenseNumber: values.advertisingLicenseNumber,
    advertisingLicenseExpiresOn: values.advertisingLicenseExpiresOn,
  };
}

/** Runs a write; a unique violation (a concurrent insert of the same unit) becomes 409. */
async function withClashAs409<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UNIT_DUPLICATE, { unitNumber: UNIT_DUPLICATE });
    throw error;
  }
}

/**
 * POST /api/units. Input: validated unit values. Output: the created unit.
 * Errors: 404 "المشروع غير موجود"; 409 when the project already has this unit number in this building.
 */
export async function createUnit(db: Db, values: UnitValues, actor: AuditActor): Promise<Unit> {
  return withClashAs409(() =>
    db.transaction(async (tx) => {
      await assertProjectExists(tx, values.projectId);
      await assertNoClash(tx, values);
      const [inserted] = await tx.insert(units).values(columnsOf(values)).returning();
      await placeUnits(tx, values.projectId);
      const unit = await getUnit(tx, inserted.id);
      await recordAudit(tx, actor, { entityType: "unit", entityId: unit.id, action: "create", newState: unit });
      return unit;
    }),
  );
}

/**
 * PUT /api/units/{id}: replaces every field (any status may follow any other, SPEC §4.8, except that a unit a lead
 * holds or reserves changes status and price only through that lead: ARCHITECTURE resolution 25). `at`: the app
 * clock's now (the transition's and price history's time).
 * Errors: 404 unit or project not found; 409 unit-number clash; 409 {status|price} bound to a lead's hold.
 */
export async function updateUnit(
  db: Db,
  id: number,
  values: UnitValues,
  actor: AuditActor,
  at = new Date(),
): Promise<Unit> {
  return withClashAs409(() =>
    db.transaction(async (tx) => {
      const previous = await getUnit(tx, id);
      await assertProjectExists(tx, values.projectId);
      await assertNoClash(tx, values, id);
      // A unit a lead holds changes status and price only through that lead (409); the state follows the status.
      await checkUnitEdit(tx, { unitId: id, status: values.status, price: values.price, actorId: actor.userId, at });
      const { status: _status, ...rest } = columnsOf(values);
      await tx
        .update(units)
        .set({ ...rest, updatedAt: at })
        .where(eq(units.id, id));
      await placeUnits(tx, values.projectId);
      const unit = await getUnit(tx, id);
      await recordAudit(tx, actor, {
        entityType: "unit",
        entityId: id,
        action: "update",
        previousState: previous,
        newState: unit,
      });
      return unit;
    }),
  );
}

/** DELETE /api/units/{id}. Errors: 404 UNIT_NOT_FOUND. */
export async function deleteUnit(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const previous = await getUnit(tx, id);
    await tx.delete(units).where(eq(units.id, id));
    await recordAudit(tx, actor, { entityType: "unit", entityId: id, action: "delete", previousState: previous });
  });
}

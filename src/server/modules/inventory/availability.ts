/**
 * What visitors see of a project's inventory (docs/decisions/077-public-availability-and-unit-pages.md):
 * - `projectInventory`: GET /api/projects/{id}/inventory → `{ buildings: [{ name, floors: [{ number, label, units:
 *   [{ id, unitNumber, status, type, rooms, price, totalArea }] }] }] }`, floors top to bottom, units by number.
 * - `publicUnit`: GET /api/projects/{id}/units/{unitId}/public → one unit's page data.
 * No personal data; blocked units are left out; `status` is SPEC's Arabic value of the state read at `now` (an
 * expired hold reads متاحة before the job sweeps it; held and reserved read محجوزة); `price` is the list price (the
 * type's when the unit has none), null when there is none («السعر عند الطلب») or the unit is sold — the price frozen
 * on a hold is never shown. Type defaults fill what a unit leaves empty (rooms, areas, direction, view, floor plan).
 * Licences (docs/compliance.md; domain/licence.ts unitAdvertising): each unit carries the licence that applies to it
 * today (its own, else the project's). For a visitor (`visitor: true`) a unit whose licence does not allow advertising
 * is left out of the inventory (so out of the project page's grid and counts and the sitemap), and its page read
 * answers 404 with the licence-offline header (the page answers 410).
 * `contentExpires` (ISO instant or null) is the earliest moment what was read changes by itself: a listed unit's hold
 * runs out (any reader) or, for a visitor, a listed licence stops; the page cache and CDN headers keep the answer no
 * longer (ARCHITECTURE resolution 24; docs/decisions/122-a-hold-ends-the-cached-page.md).
 */
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { floorLabel, type InventoryState, statusOfState } from "#domain/inventory.ts";
import type { ProjectInventory, PublicUnit } from "#domain/inventory-public.ts";
import { type EffectiveLicence, type ProjectLicenceFields, unitAdvertising } from "#domain/licence.ts";
import type { Db } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { buildings, unitHolds, unitTypes } from "#server/db/tables/inventory.ts";
import { assertAdvertisable, earliest, type LicenceContext } from "#server/lib/compliance-rules.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { inherited } from "./inherited.ts";
import { holdEndsAt, stateAt } from "./state.ts";

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
    holdEndsAt: holdEndsAt(now),
    type: unitTypes.name,
    rooms: inherited.rooms,
    price: inherited.price,
    privateArea: inherited.privateArea,
    totalArea: inherited.totalArea,
    direction: sql<string[]>`case when jsonb_array_length(${units.direction}) > 0 then ${units.direction}
      else coalesce(${unitTypes.direction}, '[]'::jsonb) end`,
    view: inherited.view,
    floorPlanUrl: inherited.floorPlanUrl,
    ...unitLicenceColumns,
  };
}

/**
 * The columns a unit's licence rule reads (domain/licence.ts unitAdvertising): the unit's own licence and, under
 * `project`, its project's licence fields. Select them from `units` joined to `projects`.
 */
export const unitLicenceColumns = {
  advertisingLicenseNumber: units.advertisingLicenseNumber,
  advertisingLicenseExpiresOn: units.advertisingLicenseExpiresOn,
  project: {
    saleMode: projects.saleMode,
    advertisingLicenseNumber: projects.advertisingLicenseNumber,
    advertisingLicenseExpiresOn: projects.advertisingLicenseExpiresOn,
    advertisingLicenseUrl: projects.advertisingLicenseUrl,
    wafiLicenseNumber: projects.wafiLicenseNumber,
    offPlanLicenseExpiresOn: projects.offPlanLicenseExpiresOn,
  },
};

/** A row read with `unitLicenceColumns` and the unit's state as read now. */
export type UnitLicenceRow = {
  advertisingLicenseNumber: string | null;
  advertisingLicenseExpiresOn: string | null;
  project: ProjectLicenceFields;
  state: InventoryState;
};

function selectPublic(db: Db, now: Date) {
  return db
    .select(publicColumns(now))
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(unitTypes, eq(unitTypes.id, units.typeId));
}

/** The licence that applies to a unit row today and whether it is advertised (domain/licence.ts unitAdvertising). */
export function advertisingOf(row: UnitLicenceRow, ctx: LicenceContext) {
  const unit = {
    advertisingLicenseNumber: row.advertisingLicenseNumber,
    advertisingLicenseExpiresOn: row.advertisingLicenseExpiresOn,
    status: statusOfState(row.state),
    inventoryState: row.state,
  };
  return unitAdvertising({ project: row.project, unit }, ctx.today, ctx.policy);
}

/** Who reads: a visitor sees only advertised units; staff and a preview link see every one. */
export interface AvailabilityReader {
  now: Date;
  licence: LicenceContext;
  visitor: boolean;
}

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The columns the public inventory answer reads, and no more (drizzle maps every selected field of every row, which
 * at 2,000 units was most of the answer's time: docs/performance/inventory.md): the unit's own licence only, since
 * the project's licence fields are the same on every row and are read once.
 */
function inventoryColumns(now: Date, holdEnds: ReturnType<typeof activeHoldEnds>) {
  return {
    id: units.id,
    unitNumber: units.unitNumber,
    building: units.building,
    floor: units.floor,
    state: stateAt(now),
    holdEndsAt: holdEnds.endsAt,
    type: unitTypes.name,
    rooms: inherited.rooms,
    price: inherited.price,
    totalArea: inherited.totalArea,
    advertisingLicenseNumber: units.advertisingLicenseNumber,
    advertisingLicenseExpiresOn: units.advertisingLicenseExpiresOn,
  };
}

/**
 * Per unit, when its active hold runs out, if after `now` (state.ts holdEndsAt's value): read in one pass over the
 * active holds and joined by unit, instead of a sub-query per unit row (at 2,000 units that sub-query was most of the
 * query's time: docs/performance/inventory.md).
 */
function activeHoldEnds(db: Db, now: Date) {
  return db
    .select({
      unitId: unitHolds.unitId,
      endsAt: sql<Date>`min(${unitHolds.expiresAt})`.mapWith(unitHolds.expiresAt).as("ends_at"),
    })
    .from(unitHolds)
    .where(and(isNull(unitHolds.releasedAt), eq(unitHolds.kind, "hold"), gt(unitHolds.expiresAt, now)))
    .groupBy(unitHolds.unitId)
    .as("hold_ends");
}

/**
 * The licence of each unit of one project today (domain/licence.ts effectiveLicence through `advertisingOf`),
 * computed once per distinct own-licence pair (number, expiry) instead of once per unit: the licence depends only on
 * the project's fields, the unit's own ones and `ctx`, never on the unit's state.
 */
function licencesOfProject(project: ProjectLicenceFields, ctx: LicenceContext) {
  const known = new Map<string, EffectiveLicence>();
  return (row: Pick<UnitLicenceRow, "advertisingLicenseNumber" | "advertisingLicenseExpiresOn" | "state">) => {
    const key = `${row.advertisingLicenseNumber ?? ""}\u0000${row.advertisingLicenseExpiresOn ?? ""}`;
    let licence = known.get(key);
    if (!licence) {
      licence = advertisingOf({ ...row, project }, ctx).licence;
      known.set(key, licence);
    }
    return licence;
  };
}

/**
 * GET /api/projects/{id}/inventory (public). The caller has checked the project is visible. Output: the inventory and
 * the earliest ISO instant a listed unit's licence stops by itself (visitors only) or a listed hold runs out; null
 * when none does.
 */
export async function projectInventory(
  db: Db,
  projectId: number,
  reader: AvailabilityReader,
): Promise<{ inventory: ProjectInventory; contentExpires: string | null }> {
  const [project] = await db.select(unitLicenceColumns.project).from(projects).where(eq(projects.id, projectId));
  const holdEnds = activeHoldEnds(db, reader.now);
  const all = project
    ? await db
        .select(inventoryColumns(reader.now, holdEnds))
        .from(units)
        .leftJoin(holdEnds, eq(holdEnds.unitId, units.id))
        .leftJoin(unitTypes, eq(unitTypes.id, units.typeId))
        .leftJoin(buildings, eq(buildings.id, units.buildingId))
        .where(and(eq(units.projectId, projectId), ne(units.inventoryState, "blocked")))
        .orderBy(asc(buildings.id), asc(units.building), desc(units.floor), asc(units.unitNumber), asc(units.id))
    : [];
  const ends: (string | null | undefined)[] = [];
  let rows = all;
  if (reader.visitor && project) {
    const licenceOf = licencesOfProject(project, reader.licence);
    const listed = new Set<EffectiveLicence>();
    rows = all.filter((row) => {
      const licence = licenceOf(row);
      if (licence.advertisable) listed.add(licence);
      return licence.advertisable;
    });
    for (const licence of listed) ends.push(licence.advertiseUntil);
  }
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
    if (row.holdEndsAt) ends.push(row.holdEndsAt.toISOString());
  }
  return { inventory: result, contentExpires: earliest(ends) };
}

export const UNIT_NOT_FOUND_PUBLIC = "الوحدة غير موجودة";

/**
 * GET /api/projects/{id}/units/{unitId}/public, with the licence that applies to the unit today (`licence`).
 * For a visitor: 404 with the licence-offline header when that licence does not allow advertising
 * (lib/compliance-rules.ts assertAdvertisable). Output: the unit and `contentExpires`, the earliest ISO instant its
 * hold runs out or (for a visitor) its licence stops by itself, else null.
 * Errors: 404 unknown, another project's, or blocked.
 */
export async function publicUnit(
  db: Db,
  projectId: number,
  unitId: number,
  reader: AvailabilityReader,
  reply: { header(name: string, value: string): unknown },
): Promise<{ unit: PublicUnit; contentExpires: string | null }> {
  const [row] = await selectPublic(db, reader.now)
    .where(and(eq(units.id, unitId), eq(units.projectId, projectId), ne(units.inventoryState, "blocked")))
    .limit(1);
  if (!row) throw notFound(UNIT_NOT_FOUND_PUBLIC);
  const { licence } = advertisingOf(row, reader.licence);
  if (reader.visitor) assertAdvertisable(reply, licence, UNIT_NOT_FOUND_PUBLIC);
  const unit: PublicUnit = {
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
    licence,
  };
  const ends = [reader.visitor ? licence.advertiseUntil : null, row.holdEndsAt?.toISOString()];
  return { unit, contentExpires: earliest(ends) };
}

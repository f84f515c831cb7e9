/**
 * Project queries (SPEC §3 projects, §4.4 sales percentage, §4.5 featured order).
 * Rows become the Project shape of domain/types.ts with unitCounts and the computed salesPercentage.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { compareProjectsForListing, salesPercentage, type UnitCounts } from "../../../domain/project-rules.ts";
import type { Project } from "../../../domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { notFound } from "../../lib/http-errors.ts";

export const PROJECT_NOT_FOUND = "المشروع غير موجود";

type ProjectRow = typeof projects.$inferSelect;

const EMPTY_COUNTS: UnitCounts = { total: 0, available: 0, reserved: 0, sold: 0 };

/** Unit counts per project id, in one grouped query. */
export async function unitCountsByProject(db: Db | Tx, projectId?: number): Promise<Map<number, UnitCounts>> {
  const rows = await db
    .select({
      projectId: units.projectId,
      total: sql<number>`count(*)::int`,
      available: sql<number>`count(*) filter (where ${units.status} = 'متاحة')::int`,
      reserved: sql<number>`count(*) filter (where ${units.status} = 'محجوزة')::int`,
      sold: sql<number>`count(*) filter (where ${units.status} = 'مباعة')::int`,
    })
    .from(units)
    .where(projectId === undefined ? undefined : eq(units.projectId, projectId))
    .groupBy(units.projectId);
  return new Map(
    rows.map((r) => [
      r.projectId,
      { total: Number(r.total), available: Number(r.available), reserved: Number(r.reserved), sold: Number(r.sold) },
    ]),
  );
}

/** Maps a row and its unit counts to the API shape. */
export function toProject(row: ProjectRow, counts: UnitCounts = EMPTY_COUNTS): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    city: row.city,
    district: row.district,
    latitude: row.latitude,
    longitude: row.longitude,
    featuredRank: row.featuredRank,
    distanceFromLandmark: row.distanceFromLandmark,
    areaSize: row.areaSize,
    areaSizeMin: row.areaSizeMin,
    areaSizeMax: row.areaSizeMax,
    areaType: row.areaType,
    areaUnit: row.areaUnit,
    rooms: row.rooms,
    roomsMin: row.roomsMin,
    roomsMax: row.roomsMax,
    roomsType: row.roomsType,
    bathrooms: row.bathrooms,
    hasGarage: row.hasGarage,
    hasDriverRoom: row.hasDriverRoom,
    hasMaidRoom: row.hasMaidRoom,
    images: row.images,
    videoUrl: row.videoUrl,
    pdfUrl: row.pdfUrl,
    guarantees: row.guarantees,
    completionPercentage: row.completionPercentage,
    salesPercentage: salesPercentage(counts, row),
    salesOverrideEnabled: row.salesOverrideEnabled,
    salesOverrideValue: row.salesOverrideValue,
    concretePercentage: row.concretePercentage,
    plumbingPercentage: row.plumbingPercentage,
    electricalPercentage: row.electricalPercentage,
    finishingPercentage: row.finishingPercentage,
    advertisingLicenseNumber: row.advertisingLicenseNumber,
    wafiLicenseNumber: row.wafiLicenseNumber,
    titleDeedNumber: row.titleDeedNumber,
    unitCounts: counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/projects: every project, featured first by rank, then newest first (SPEC §4.5).
 * `search` filters by name or city (case-insensitive, SPEC §2.4 search parameter).
 */
export async function listProjects(db: Db, options: { search?: string } = {}): Promise<Project[]> {
  const search = options.search?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(projects)
    .where(
      search
        ? sql`(lower(${projects.name}) like ${`%${escapeLike(search)}%`} escape '\\' or lower(coalesce(${projects.city}, '')) like ${`%${escapeLike(search)}%`} escape '\\' or lower(coalesce(${projects.district}, '')) like ${`%${escapeLike(search)}%`} escape '\\')`
        : undefined,
    )
    .orderBy(asc(projects.featuredRank), desc(projects.createdAt));
  const counts = await unitCountsByProject(db);
  return rows.map((row) => toProject(row, counts.get(row.id))).sort(compareProjectsForListing);
}

/** GET /api/projects/{id}. Errors: 404 PROJECT_NOT_FOUND. */
export async function getProject(db: Db | Tx, id: number): Promise<Project> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  const counts = await unitCountsByProject(db, id);
  return toProject(row, counts.get(id));
}

/** Errors: 404 PROJECT_NOT_FOUND when the project does not exist. */
export async function assertProjectExists(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
}

/** Escapes LIKE wildcards in user input. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

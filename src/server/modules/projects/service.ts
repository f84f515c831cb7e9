/**
 * Project queries (SPEC §3 projects, §4.4 sales percentage, §4.5 featured order).
 * Rows become the Project shape of domain/types.ts with unitCounts and the computed salesPercentage.
 */
import { and, asc, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { compareProjectsForListing, type UnitCounts } from "#domain/project-rules.ts";
import { PROJECT_MESSAGES, type ProjectPayload, sameGuaranteeType } from "#domain/schemas/project.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Project } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingPages, projects, projectUpdates, units } from "../../db/schema.ts";
import type { LicenceContext } from "../../lib/compliance-rules.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { searchMatch } from "../../lib/search.ts";
import { isUniqueViolation } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { detachLeads } from "../leads/intake/service.ts";
import { toProject, toRowValues } from "./project-rows.ts";

export const PROJECT_NOT_FOUND = TEXTS.projectNotFound;

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

/**
 * GET /api/projects: every published project (drafts too with `includeDrafts`), featured first by rank, then newest
 * first (SPEC §4.5). Without `includeDrafts` (a visitor) a project whose licence does not allow advertising today is
 * left out (docs/compliance.md); staff see it with its `licence`.
 * `search` filters by name, city or district in the Arabic search form (SPEC §2.4 search parameter; src/domain/search.ts).
 * `limit` (1–100) keeps the first N of that order (the home page's carousel); without it the list is unbounded (admin).
 */
export async function listProjects(
  db: Db,
  licence: LicenceContext,
  options: { search?: string; limit?: number; includeDrafts?: boolean } = {},
): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(
      and(
        options.includeDrafts ? undefined : isNotNull(projects.publishedAt),
        options.search
          ? searchMatch(
              sql`${projects.name} || ' ' || coalesce(${projects.city}, '') || ' ' || coalesce(${projects.district}, '')`,
              options.search,
            )
          : undefined,
      ),
    )
    .orderBy(asc(projects.featuredRank), desc(projects.createdAt), desc(projects.id));
  const counts = await unitCountsByProject(db);
  const listed = rows
    .map((row) => toProject(row, licence, counts.get(row.id)))
    .filter((project) => options.includeDrafts || project.licence.advertisable)
    .sort(compareProjectsForListing);
  return options.limit === undefined ? listed : listed.slice(0, options.limit);
}

/**
 * GET /api/projects/{id}. A draft is found only with `includeDrafts` (the default for staff-side callers).
 * Errors: 404 PROJECT_NOT_FOUND.
 */
export async function getProject(
  db: Db | Tx,
  id: number,
  licence: LicenceContext,
  options: { includeDrafts?: boolean } = { includeDrafts: true },
): Promise<Project> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!row || (!options.includeDrafts && row.publishedAt === null)) throw notFound(PROJECT_NOT_FOUND);
  const counts = await unitCountsByProject(db, id);
  return toProject(row, licence, counts.get(id));
}

/** Errors: 404 PROJECT_NOT_FOUND when the project does not exist. */
export async function assertProjectExists(
  db: Db | Tx,
  id: number,
  options: { includeDrafts?: boolean } = { includeDrafts: true },
): Promise<void> {
  const [row] = await db
    .select({ id: projects.id, publishedAt: projects.publishedAt })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  if (!row || (!options.includeDrafts && row.publishedAt === null)) throw notFound(PROJECT_NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------------------------
// Writes (SPEC §2.12, §4.5): create, update, delete, featured rank, name and guarantee checks. Each write runs in one
// transaction with its audit_logs row (ARCHITECTURE security model).
// ---------------------------------------------------------------------------------------------------------------

/** Audit entity type of projects. */
export const PROJECT_ENTITY = "project";

/**
 * Whether another project has this name in this city (trimmed, case-insensitive; the unique index
 * projects_name_city_key enforces the same). `excludeId` skips the project being edited.
 */
export async function projectNameTaken(
  db: Db | Tx,
  name: string,
  city: string | null,
  excludeId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        sql`lower(${projects.name}) = ${name.trim().toLowerCase()}`,
        sql`lower(coalesce(${projects.city}, '')) = ${(city ?? "").trim().toLowerCase()}`,
        excludeId === undefined ? undefined : ne(projects.id, excludeId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** GET /api/validate/project → {exists, message} (SPEC §3 name check response, §5.3). Empty names never exist. */
export async function checkProjectName(
  db: Db,
  query: { name: string; city: string; excludeId?: number },
): Promise<{ exists: boolean; message: string | null }> {
  if (!query.name) return { exists: false, message: null };
  const exists = await projectNameTaken(db, query.name, query.city || null, query.excludeId);
  return { exists, message: exists ? PROJECT_MESSAGES.nameExists : null };
}

/**
 * GET /api/validate/project/{id}/guarantee?type=: 409 when the project already has a guarantee of that type
 * (case-insensitive, SPEC §5.3), else {exists: false}. Errors: 404 PROJECT_NOT_FOUND.
 */
export async function checkGuaranteeType(db: Db, id: number, type: string): Promise<{ exists: false }> {
  const [row] = await db.select({ guarantees: projects.guarantees }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  if (row.guarantees.some((g) => sameGuaranteeType(g.type, type))) {
    throw conflict(PROJECT_MESSAGES.guaranteeDuplicate, { type: PROJECT_MESSAGES.guaranteeDuplicate });
  }
  return { exists: false };
}

/**
 * POST /api/projects (SPEC §4.9). Input: a validated payload. Output: the created project (201).
 * Errors: 409 {name: "هذا المشروع موجود مسبقًا"} when the name exists in that city.
 */
export async function createProject(
  db: Db,
  input: ProjectPayload,
  actor: AuditActor,
  licence: LicenceContext,
): Promise<Project> {
  try {
    return await db.transaction(async (tx) => {
      if (await projectNameTaken(tx, input.name, input.city)) throw duplicateName();
      const [row] = await tx.insert(projects).values(toRowValues(input)).returning();
      const created = toProject(row, licence);
      await recordAudit(tx, actor, {
        entityType: PROJECT_ENTITY,
        entityId: row.id,
        action: "create",
        newState: created,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

/**
 * PUT /api/projects/{id} (SPEC §4.9): replaces every input field. featuredRank is kept.
 * Errors: 404 PROJECT_NOT_FOUND; 409 on a duplicate name in that city.
 */
export async function updateProject(
  db: Db,
  id: number,
  input: ProjectPayload,
  actor: AuditActor,
  licence: LicenceContext,
): Promise<Project> {
  try {
    return await db.transaction(async (tx) => {
      const previous = await getProject(tx, id, licence);
      if (await projectNameTaken(tx, input.name, input.city, id)) throw duplicateName();
      await tx
        .update(projects)
        .set({ ...toRowValues(input), updatedAt: new Date() })
        .where(eq(projects.id, id));
      const updated = await getProject(tx, id, licence);
      await recordAudit(tx, actor, {
        entityType: PROJECT_ENTITY,
        entityId: id,
        action: "update",
        previousState: previous,
        newState: updated,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

/**
 * DELETE /api/projects/{id}: removes the project with its units, updates and landing page (FK cascades, SPEC §3)
 * in one transaction, with an audit row holding the project and the removed counts. Errors: 404 PROJECT_NOT_FOUND.
 */
export async function deleteProject(db: Db, id: number, actor: AuditActor, licence: LicenceContext): Promise<void> {
  await db.transaction(async (tx) => {
    const previous = await getProject(tx, id, licence);
    const [{ updates }] = await tx
      .select({ updates: sql<number>`count(*)::int` })
      .from(projectUpdates)
      .where(eq(projectUpdates.projectId, id));
    const [{ landing }] = await tx
      .select({ landing: sql<number>`count(*)::int` })
      .from(landingPages)
      .where(eq(landingPages.projectId, id));
    await detachLeads(tx, { projectId: id });
    await tx.delete(projects).where(eq(projects.id, id));
    await recordAudit(tx, actor, {
      entityType: PROJECT_ENTITY,
      entityId: id,
      action: "delete",
      previousState: {
        project: previous,
        removed: { units: previous.unitCounts.total, updates: Number(updates), landingPages: Number(landing) },
      },
    });
  });
}

/** Advisory-lock key that serialises featured-rank changes (any fixed number; "feat" in ASCII). */
const FEATURED_RANK_LOCK = 0x66656174;

/**
 * POST /api/projects/{id}/set-featured-rank (SPEC §4.5): rank a positive integer, or null to remove the project
 * from the featured list. Ranks stay unique: the project that held `rank`, and every project ranked after it, move
 * down by one (docs/decisions/008-featured-ranks.md). Output: the project. Errors: 404 PROJECT_NOT_FOUND.
 */
export async function setFeaturedRank(
  db: Db,
  id: number,
  rank: number | null,
  actor: AuditActor,
  licence: LicenceContext,
): Promise<Project> {
  return db.transaction(async (tx) => {
    // One rank change at a time across every instance, so two concurrent changes cannot both take rank n.
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_RANK_LOCK})`);
    const previous = await getProject(tx, id, licence);
    if (rank !== null) {
      const [holder] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.featuredRank, rank), ne(projects.id, id)))
        .limit(1);
      // Ranks are unique (docs/decisions/008-featured-ranks.md): the holder of n and every project after it move down
      // one.
      if (holder) {
        await tx
          .update(projects)
          .set({ featuredRank: sql`${projects.featuredRank} + 1` })
          .where(and(gte(projects.featuredRank, rank), ne(projects.id, id)));
      }
    }
    await tx.update(projects).set({ featuredRank: rank, updatedAt: new Date() }).where(eq(projects.id, id));
    const updated = await getProject(tx, id, licence);
    await recordAudit(tx, actor, {
      entityType: PROJECT_ENTITY,
      entityId: id,
      action: "set-featured-rank",
      previousState: { featuredRank: previous.featuredRank },
      newState: { featuredRank: rank },
    });
    return updated;
  });
}

function duplicateName() {
  return conflict(PROJECT_MESSAGES.nameExists, { name: PROJECT_MESSAGES.nameExists });
}

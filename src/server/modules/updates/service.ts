/** Construction progress updates (SPEC §3 project_updates, §2.5, §2.7). Newest first. */
import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { UpdatePageQuery } from "#domain/schemas/paging.ts";
import type { ProjectUpdatePayload } from "#domain/schemas/project-update.ts";
import { TEXTS } from "#domain/texts.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, projectUpdates } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/http-errors.ts";
import { decodeCursor, encodeCursor, exactTime, timeCompare } from "../../lib/paging.ts";
import { searchMatch } from "../../lib/search.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

export const UPDATE_NOT_FOUND = "التحديث غير موجود";

type UpdateRow = typeof projectUpdates.$inferSelect;

export function toProjectUpdate(row: UpdateRow, projectName: string | null): ProjectUpdate {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName,
    title: row.title,
    summary: row.summary,
    thumbnailUrl: row.thumbnailUrl,
    videoUrl: row.videoUrl,
    interiorPhotos: row.interiorPhotos,
    dronePhotos: row.dronePhotos,
    concretePercentage: row.concretePercentage,
    plumbingPercentage: row.plumbingPercentage,
    electricalPercentage: row.electricalPercentage,
    finishingPercentage: row.finishingPercentage,
    completionPercentage: row.completionPercentage,
    lastVisitDate: row.lastVisitDate?.toISOString() ?? null,
    notes: row.notes,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/project-updates (all) or /api/projects/{id}/updates (one project's), newest first. Visitors see published
 * updates of published projects; `includeDrafts` adds draft updates, `includeDraftProjects` updates of draft projects
 * (docs/decisions/017-drafts-and-preview.md). Staff-side callers pass both.
 */
export async function listUpdates(
  db: Db | Tx,
  options: { projectId?: number; includeDrafts?: boolean; includeDraftProjects?: boolean } = {},
): Promise<ProjectUpdate[]> {
  const rows = await db
    .select({ update: projectUpdates, projectName: projects.name })
    .from(projectUpdates)
    .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
    .where(
      and(
        options.projectId === undefined ? undefined : eq(projectUpdates.projectId, options.projectId),
        options.includeDrafts ? undefined : isNotNull(projectUpdates.publishedAt),
        options.includeDraftProjects ? undefined : isNotNull(projects.publishedAt),
      ),
    )
    .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id));
  return rows.map((r) => toProjectUpdate(r.update, r.projectName));
}

/**
 * GET /api/project-updates/page (updates.view): one page of progress updates, drafts included, newest first (keyset
 * on created_at, id), filtered by project, state (published/draft) and a part of the title or project name (Arabic
 * letter variants folded, src/server/lib/search.ts). Output: { items, nextCursor, total }. Errors: 400 {cursor}.
 */
export async function pageUpdates(db: Db | Tx, query: UpdatePageQuery) {
  const filters = and(
    query.projectId === undefined ? undefined : eq(projectUpdates.projectId, query.projectId),
    query.state === "published" ? isNotNull(projectUpdates.publishedAt) : undefined,
    query.state === "draft" ? isNull(projectUpdates.publishedAt) : undefined,
    query.search ? searchMatch(sql`${projectUpdates.title} || ' ' || ${projects.name}`, query.search) : undefined,
  );
  const key = query.cursor ? decodeCursor(query.cursor, { t: "time", i: "number" }) : null;
  const [rows, [total]] = await Promise.all([
    db
      .select({ update: projectUpdates, projectName: projects.name, at: exactTime(projectUpdates.createdAt) })
      .from(projectUpdates)
      .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
      .where(
        and(
          filters,
          key
            ? or(
                timeCompare(projectUpdates.createdAt, "<", key.t as string),
                and(
                  timeCompare(projectUpdates.createdAt, "=", key.t as string),
                  lt(projectUpdates.id, key.i as number),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(projectUpdates)
      .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
      .where(filters),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toProjectUpdate(r.update, r.projectName)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.at, i: last.update.id }) : null,
    total: Number(total?.n ?? 0),
  };
}

/**
 * GET /api/project-updates/{id}. Without `includeDrafts` (the default for staff-side callers) a draft update, or an
 * update of a draft project, is not found. Errors: 404 UPDATE_NOT_FOUND.
 */
export async function getUpdate(
  db: Db | Tx,
  id: number,
  options: { includeDrafts?: boolean } = { includeDrafts: true },
): Promise<ProjectUpdate> {
  const [row] = await db
    .select({ update: projectUpdates, projectName: projects.name, projectPublishedAt: projects.publishedAt })
    .from(projectUpdates)
    .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
    .where(eq(projectUpdates.id, id))
    .limit(1);
  const hidden = row && !options.includeDrafts && (row.update.publishedAt === null || row.projectPublishedAt === null);
  if (!row || hidden) throw notFound(UPDATE_NOT_FOUND);
  return toProjectUpdate(row.update, row.projectName);
}

/** Audit entity type of progress updates. */
export const UPDATE_ENTITY = "project_update";

function toRowValues(input: ProjectUpdatePayload) {
  return {
    projectId: input.projectId,
    title: input.title,
    summary: input.summary,
    thumbnailUrl: input.thumbnailUrl,
    videoUrl: input.videoUrl,
    interiorPhotos: input.interiorPhotos,
    dronePhotos: input.dronePhotos,
    concretePercentage: input.concretePercentage,
    plumbingPercentage: input.plumbingPercentage,
    electricalPercentage: input.electricalPercentage,
    finishingPercentage: input.finishingPercentage,
    completionPercentage: input.completionPercentage,
    lastVisitDate: input.lastVisitDate ? new Date(input.lastVisitDate) : null,
    notes: input.notes,
  };
}

/** 400 {projectId} when the project of an update does not exist (the form's picker offers only existing ones). */
async function assertProjectForUpdate(tx: Tx, projectId: number): Promise<void> {
  const [row] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw badRequest({ projectId: TEXTS.projectNotFound }, TEXTS.projectNotFound);
}

/**
 * POST /api/project-updates (SPEC §2.13, §4.9). Output: the created update (201).
 * Errors: 400 {projectId: "المشروع غير موجود"} for an unknown project.
 */
export async function createUpdate(db: Db, input: ProjectUpdatePayload, actor: AuditActor): Promise<ProjectUpdate> {
  return db.transaction(async (tx) => {
    await assertProjectForUpdate(tx, input.projectId);
    const [row] = await tx.insert(projectUpdates).values(toRowValues(input)).returning({ id: projectUpdates.id });
    const created = await getUpdate(tx, row.id);
    await recordAudit(tx, actor, { entityType: UPDATE_ENTITY, entityId: row.id, action: "create", newState: created });
    return created;
  });
}

/** PUT /api/project-updates/{id}: replaces every input field. Errors: 404 UPDATE_NOT_FOUND; 400 unknown project. */
export async function updateUpdate(
  db: Db,
  id: number,
  input: ProjectUpdatePayload,
  actor: AuditActor,
): Promise<ProjectUpdate> {
  return db.transaction(async (tx) => {
    const previous = await getUpdate(tx, id);
    await assertProjectForUpdate(tx, input.projectId);
    await tx
      .update(projectUpdates)
      .set({ ...toRowValues(input), updatedAt: new Date() })
      .where(eq(projectUpdates.id, id));
    const updated = await getUpdate(tx, id);
    await recordAudit(tx, actor, {
      entityType: UPDATE_ENTITY,
      entityId: id,
      action: "update",
      previousState: previous,
      newState: updated,
    });
    return updated;
  });
}

/** DELETE /api/project-updates/{id}. Errors: 404 UPDATE_NOT_FOUND. */
export async function deleteUpdate(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const previous = await getUpdate(tx, id);
    await tx.delete(projectUpdates).where(eq(projectUpdates.id, id));
    await recordAudit(tx, actor, {
      entityType: UPDATE_ENTITY,
      entityId: id,
      action: "delete",
      previousState: previous,
    });
  });
}

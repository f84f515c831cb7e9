/** Construction progress updates (SPEC §3 project_updates, §2.5, §2.7). Newest first. */
import { desc, eq } from "drizzle-orm";
import type { ProjectUpdate } from "../../../domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, projectUpdates } from "../../db/schema.ts";
import { notFound } from "../../lib/http-errors.ts";

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
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/project-updates (all) or /api/projects/{id}/updates (one project's), newest first. */
export async function listUpdates(db: Db | Tx, options: { projectId?: number } = {}): Promise<ProjectUpdate[]> {
  const rows = await db
    .select({ update: projectUpdates, projectName: projects.name })
    .from(projectUpdates)
    .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
    .where(options.projectId === undefined ? undefined : eq(projectUpdates.projectId, options.projectId))
    .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id));
  return rows.map((r) => toProjectUpdate(r.update, r.projectName));
}

/** GET /api/project-updates/{id}. Errors: 404 UPDATE_NOT_FOUND. */
export async function getUpdate(db: Db | Tx, id: number): Promise<ProjectUpdate> {
  const [row] = await db
    .select({ update: projectUpdates, projectName: projects.name })
    .from(projectUpdates)
    .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
    .where(eq(projectUpdates.id, id))
    .limit(1);
  if (!row) throw notFound(UPDATE_NOT_FOUND);
  return toProjectUpdate(row.update, row.projectName);
}

/**
 * A project's visit availability (docs/decisions/088-site-visits.md; src/domain/visits.ts for the fields and their
 * defaults): read by the slot and booking rules, written by staff holding visits.manage.
 */
import { eq } from "drizzle-orm";
import { VISIT_DEFAULTS, VISIT_TEXTS, type VisitSettings } from "#domain/visits.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects } from "#server/db/schema.ts";
import { visitSettings } from "#server/db/tables/visits.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";

/** A project's stored availability (VisitSettings) with its project id and last change. */
export type StoredVisitSettings = typeof visitSettings.$inferSelect;

/** The availability GET answers: the stored row, or the defaults with `enabled: false` and no place yet. */
export interface VisitSettingsView extends VisitSettings {
  projectId: number;
  configured: boolean;
}

/** The stored availability of `projectId`, or null when the project has none. */
export async function readVisitSettings(db: Db | Tx, projectId: number): Promise<StoredVisitSettings | null> {
  const [row] = await db.select().from(visitSettings).where(eq(visitSettings.projectId, projectId)).limit(1);
  return row ?? null;
}

async function requireProject(db: Db | Tx, projectId: number) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw notFound(VISIT_TEXTS.projectInvalid);
}

function viewOf(row: StoredVisitSettings): VisitSettingsView {
  return {
    projectId: row.projectId,
    configured: true,
    enabled: row.enabled,
    placeKind: row.placeKind,
    placeName: row.placeName,
    mapUrl: row.mapUrl ?? undefined,
    days: row.days,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    slotMinutes: row.slotMinutes,
    capacity: row.capacity,
    minNoticeMinutes: row.minNoticeMinutes,
    horizonDays: row.horizonDays,
    bufferMinutes: row.bufferMinutes,
    closedDates: row.closedDates,
    whatsappTemplateName: row.whatsappTemplateName ?? undefined,
    whatsappTemplateLanguage: row.whatsappTemplateLanguage,
  };
}

/** GET /api/projects/{id}/visit-settings (visits.manage). Errors: 404 unknown project. */
export async function getVisitSettings(db: Db, projectId: number): Promise<VisitSettingsView> {
  await requireProject(db, projectId);
  const row = await readVisitSettings(db, projectId);
  if (row) return viewOf(row);
  return {
    ...VISIT_DEFAULTS,
    days: [...VISIT_DEFAULTS.days],
    closedDates: [],
    whatsappTemplateName: undefined,
    whatsappTemplateLanguage: "ar",
    projectId,
    configured: false,
    enabled: false,
    placeKind: "office",
    placeName: "",
  };
}

/**
 * PUT /api/projects/{id}/visit-settings (visits.manage): stores the whole availability (one transaction, one audit
 * row with before and after). Bookings already made keep their time. Errors: 404 unknown project.
 */
export async function putVisitSettings(
  db: Db,
  actor: AuditActor,
  projectId: number,
  input: VisitSettings,
  now: Date,
): Promise<VisitSettingsView> {
  return db.transaction(async (tx) => {
    await requireProject(tx, projectId);
    const previous = await readVisitSettings(tx, projectId);
    const values = {
      ...input,
      mapUrl: input.mapUrl ?? null,
      whatsappTemplateName: input.whatsappTemplateName ?? null,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(visitSettings)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: visitSettings.projectId, set: values })
      .returning();
    await recordAudit(tx, actor, {
      entityType: "visit_settings",
      entityId: projectId,
      action: previous ? "update" : "create",
      previousState: previous ? viewOf(previous) : null,
      newState: viewOf(row),
    });
    return viewOf(row);
  });
}

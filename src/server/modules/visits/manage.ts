/**
 * What a visitor does with the manage link `/visit/{token}` (docs/decisions/090-visit-manage-links.md), without
 * signing in: read the visit, move it to another free slot, or cancel it. Each change is one transaction: the seats
 * (./booking.ts takeSeat/releaseSeat), the visit row, the lead's history, the agent's notification, the buyer's
 * message (./channels.ts) and the audit row. A visit the agent already marked, or cancelled, cannot be changed (409).
 */
import { eq } from "drizzle-orm";
import { toRiyadhIso } from "#domain/visit-slots.ts";
import { formatVisitTime, VISIT_TEXTS } from "#domain/visits.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects, users } from "#server/db/schema.ts";
import { visits } from "#server/db/tables/visits.ts";
import { badRequest, conflict, notFound } from "#server/lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { addEvent, notify } from "../leads/desk/service.ts";
import { nextReminderAfter, releaseSeat, slotProblem, takeSeat } from "./booking.ts";
import { queueVisitMessage } from "./channels.ts";
import { readVisitSettings } from "./settings.ts";
import { nextFreeSlots } from "./slots.ts";

export type VisitRow = typeof visits.$inferSelect;

/** A visit as its manage page, confirmation and e-mails show it. */
export interface VisitView {
  id: number;
  status: VisitRow["status"];
  /** ISO 8601 at +03:00. */
  startsAt: string;
  endsAt: string;
  name: string;
  projectId: number;
  projectName: string;
  placeKind: "office" | "site";
  placeName: string;
  mapUrl: string | null;
  agentName: string | null;
  /** The agent's phone (E.164), else the company's (site config), so the buyer always has a number to call. */
  agentPhone: string;
}

/** The view of visit `id`. `fallbackPhone`: the company's phone. Errors: 404. */
export async function visitView(db: Db | Tx, id: number, fallbackPhone: string): Promise<VisitView> {
  const [row] = await db
    .select({ visit: visits, projectName: projects.name, agentName: users.name, agentPhone: users.phone })
    .from(visits)
    .innerJoin(projects, eq(projects.id, visits.projectId))
    .leftJoin(users, eq(users.id, visits.agentId))
    .where(eq(visits.id, id));
  if (!row) throw notFound(VISIT_TEXTS.visitNotFound);
  const settings = await readVisitSettings(db, row.visit.projectId);
  return {
    id: row.visit.id,
    status: row.visit.status,
    startsAt: toRiyadhIso(row.visit.startsAt),
    endsAt: toRiyadhIso(row.visit.endsAt),
    name: row.visit.name,
    projectId: row.visit.projectId,
    projectName: row.projectName,
    placeKind: settings?.placeKind ?? "office",
    placeName: settings?.placeName ?? row.projectName,
    mapUrl: settings?.mapUrl ?? null,
    agentName: row.agentName,
    agentPhone: row.agentPhone ?? fallbackPhone,
  };
}

async function lockOpenVisit(tx: Tx, id: number): Promise<VisitRow> {
  const [visit] = await tx.select().from(visits).where(eq(visits.id, id)).for("update");
  if (!visit) throw notFound(VISIT_TEXTS.visitNotFound);
  if (visit.status !== "booked") throw conflict(VISIT_TEXTS.visitClosed);
  return visit;
}

/** Who changed a visit: the visitor through the link (userId null) or a staff member. */
export interface VisitActor {
  userId: string | null;
  ip: string | null;
}

/**
 * Moves visit `id` to `startsAt` (a free slot of its project). Output: the moved visit, or `nextSlots` when the new
 * slot is full or past (the caller answers 409). Errors: 404; 409 visit not open; 400 startsAt not a slot.
 */
export async function rescheduleVisit(
  db: Db,
  id: number,
  startsAt: Date,
  actor: VisitActor,
  now: Date,
): Promise<{ ok: true; visit: VisitRow } | { ok: false; nextSlots: Awaited<ReturnType<typeof nextFreeSlots>> }> {
  return db.transaction(async (tx) => {
    const visit = await lockOpenVisit(tx, id);
    const settings = await readVisitSettings(tx, visit.projectId);
    if (!settings) throw conflict(VISIT_TEXTS.notOffered);
    const problem = slotProblem(settings, startsAt, now);
    if (problem === "invalid") throw badRequest({ startsAt: VISIT_TEXTS.startsAtInvalid });
    if (startsAt.getTime() === visit.startsAt.getTime()) return { ok: true as const, visit };
    if (problem || !(await takeSeat(tx, visit.projectId, startsAt, settings.capacity))) {
      return { ok: false as const, nextSlots: await nextFreeSlots(tx, visit.projectId, settings, now) };
    }
    await releaseSeat(tx, visit.projectId, visit.startsAt);
    const [moved] = await tx
      .update(visits)
      .set({
        startsAt,
        endsAt: new Date(startsAt.getTime() + settings.slotMinutes * 60_000),
        nextReminderAt: nextReminderAfter(startsAt, now),
        updatedAt: now,
      })
      .where(eq(visits.id, id))
      .returning();
    await recordChange(
      tx,
      moved,
      "visit_rescheduled",
      VISIT_TEXTS.rescheduledNotice(formatVisitTime(startsAt)),
      actor,
      now,
      {
        previousStartsAt: toRiyadhIso(visit.startsAt),
      },
    );
    await queueVisitMessage(tx, moved, "rescheduled", now);
    return { ok: true as const, visit: moved };
  });
}

/** Cancels visit `id` and gives its seat back. Errors: 404; 409 visit not open. */
export async function cancelVisit(db: Db, id: number, actor: VisitActor, now: Date): Promise<VisitRow> {
  return db.transaction(async (tx) => {
    const visit = await lockOpenVisit(tx, id);
    await releaseSeat(tx, visit.projectId, visit.startsAt);
    const [cancelled] = await tx
      .update(visits)
      .set({ status: "cancelled", nextReminderAt: null, updatedAt: now })
      .where(eq(visits.id, id))
      .returning();
    await recordChange(
      tx,
      cancelled,
      "visit_cancelled",
      VISIT_TEXTS.cancelledNotice(formatVisitTime(visit.startsAt)),
      actor,
      now,
    );
    await queueVisitMessage(tx, cancelled, "cancelled", now);
    return cancelled;
  });
}

/** The history entry, the agent's notification and the audit row of a change by `actor`. */
async function recordChange(
  tx: Tx,
  visit: VisitRow,
  kind: "visit_rescheduled" | "visit_cancelled",
  notice: string,
  actor: VisitActor,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (visit.leadId) {
    await addEvent(tx, visit.leadId, kind, {
      actorId: actor.userId,
      data: { visitId: visit.id, startsAt: toRiyadhIso(visit.startsAt), ...extra },
      at: now,
    });
  }
  if (visit.agentId) await notify(tx, [visit.agentId], visit.leadId, kind, notice, now);
  await recordAudit(tx, actor, {
    entityType: "visit",
    entityId: visit.id,
    action: kind === "visit_cancelled" ? "cancel" : "reschedule",
    newState: { status: visit.status, startsAt: toRiyadhIso(visit.startsAt), ...extra },
  });
}

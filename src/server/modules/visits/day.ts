/**
 * The agent's side of visits (docs/decisions/088-site-visits.md; ARCHITECTURE resolution 23): the day's visits in
 * time order and the outcome an agent marks at the visit — حضر / لم يحضر / أُعيد جدولته with a note. An agent
 * (visits.work without leads.view_all) sees and marks only the visits assigned to them; another visit reads as 404.
 * A no-show sets the lead's follow-up (tomorrow at the visit's time) with its reminder job, so the agent calls the
 * buyer again; a rescheduled one gives its seat back. Each outcome is on the lead's timeline and in the audit log.
 * Counts for the dashboard and the campaign funnel: booked / attended / no-show.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { addDays, riyadhDate, riyadhInstant, toRiyadhIso } from "#domain/visit-slots.ts";
import { VISIT_TEXTS, type VisitOutcomeInput, type VisitStatus } from "#domain/visits.ts";
import type { Db } from "#server/db/connection.ts";
import { leads, projects } from "#server/db/schema.ts";
import { leadJobs } from "#server/db/tables/lead-desk.ts";
import { visits } from "#server/db/tables/visits.ts";
import { conflict, notFound } from "#server/lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { addEvent, cancelJobs, notify } from "../leads/desk/service.ts";
import { releaseSeat } from "./booking.ts";

/** Who looks: the signed-in staff member, and whether they see every agent's visits (leads.view_all). */
export interface VisitViewer {
  id: string;
  viewAll: boolean;
  ip: string | null;
}

/** One row of the agent's day. */
export interface DayVisit {
  id: number;
  leadId: number | null;
  startsAt: string;
  endsAt: string;
  status: VisitStatus;
  name: string;
  /** E.164 (Latin digits: dialled, ARCHITECTURE resolution 11). */
  phone: string;
  projectId: number;
  projectName: string;
  unitId: number | null;
  agentId: string | null;
  outcomeNote: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/visits/day?date= (visits.work): the visits of Riyadh date `date` (default today) in time order. */
export async function listDayVisits(
  db: Db,
  viewer: VisitViewer,
  date: string | undefined,
  now: Date,
): Promise<DayVisit[]> {
  const day = date ?? riyadhDate(now);
  const rows = await db
    .select({ visit: visits, projectName: projects.name })
    .from(visits)
    .innerJoin(projects, eq(projects.id, visits.projectId))
    .where(
      and(
        gte(visits.startsAt, riyadhInstant(day, "00:00")),
        lt(visits.startsAt, riyadhInstant(addDays(day, 1), "00:00")),
        viewer.viewAll ? undefined : eq(visits.agentId, viewer.id),
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id));
  return rows.map(({ visit, projectName }) => ({
    id: visit.id,
    leadId: visit.leadId,
    startsAt: toRiyadhIso(visit.startsAt),
    endsAt: toRiyadhIso(visit.endsAt),
    status: visit.status,
    name: visit.name,
    phone: visit.phone,
    projectId: visit.projectId,
    projectName,
    unitId: visit.unitId,
    agentId: visit.agentId,
    outcomeNote: visit.outcomeNote,
  }));
}

/**
 * PATCH /api/visits/{id}/outcome (visits.work): marks the visit. Errors: 404 unknown or another agent's visit;
 * 409 a cancelled visit.
 */
export async function markVisitOutcome(
  db: Db,
  viewer: VisitViewer,
  id: number,
  input: VisitOutcomeInput,
  now: Date,
): Promise<{ id: number; status: VisitStatus; leadId: number | null }> {
  return db.transaction(async (tx) => {
    const [visit] = await tx
      .select()
      .from(visits)
      .where(and(eq(visits.id, id), viewer.viewAll ? undefined : eq(visits.agentId, viewer.id)))
      .for("update");
    if (!visit) throw notFound(VISIT_TEXTS.visitNotFound);
    if (visit.status === "cancelled") throw conflict(VISIT_TEXTS.visitClosed);
    const note = input.note ?? null;
    await tx
      .update(visits)
      .set({ status: input.outcome, outcomeNote: note, outcomeAt: now, nextReminderAt: null, updatedAt: now })
      .where(eq(visits.id, id));
    if (input.outcome === "rescheduled" && visit.status === "booked")
      await releaseSeat(tx, visit.projectId, visit.startsAt);
    if (visit.leadId) {
      await addEvent(tx, visit.leadId, "visit_outcome", {
        actorId: viewer.id,
        note,
        data: { visitId: id, outcome: input.outcome, startsAt: toRiyadhIso(visit.startsAt) },
        at: now,
      });
      if (input.outcome === "no_show") {
        const followUpAt = new Date(Math.max(visit.startsAt.getTime(), now.getTime()) + DAY_MS);
        await tx.update(leads).set({ followUpAt }).where(eq(leads.id, visit.leadId));
        await cancelJobs(tx, visit.leadId, ["follow_up"], now);
        await tx.insert(leadJobs).values({ leadId: visit.leadId, kind: "follow_up", runAt: followUpAt });
        await addEvent(tx, visit.leadId, "follow_up_set", {
          actorId: viewer.id,
          note: VISIT_TEXTS.followUpNoShow,
          data: { followUpAt: followUpAt.toISOString(), visitId: id },
          at: now,
        });
        const [lead] = await tx.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, visit.leadId));
        const owner = lead?.ownerId ?? visit.agentId;
        if (owner) await notify(tx, [owner], visit.leadId, "follow_up_set", VISIT_TEXTS.followUpNoShow, now);
      }
    }
    await recordAudit(
      tx,
      { userId: viewer.id, ip: viewer.ip },
      {
        entityType: "visit",
        entityId: id,
        action: "outcome",
        previousState: { status: visit.status },
        newState: { status: input.outcome, note },
      },
    );
    return { id, status: input.outcome, leadId: visit.leadId };
  });
}

/** Visit counts of the dashboard: today, this week (Saturday–Friday, Riyadh), and the no-show rate (%) of the week. */
export interface VisitStats {
  /** The server's Riyadh date (the business clock), "YYYY-MM-DD". */
  date: string;
  today: number;
  week: number;
  weekStart: string;
  attended: number;
  noShow: number;
  /** no-shows / (attended + no-shows) × 100, rounded; 0 without outcomes. */
  noShowRate: number;
}

/** GET /api/visits/stats (visits.work; an agent's own visits unless leads.view_all). */
export async function visitStats(db: Db, viewer: VisitViewer, now: Date): Promise<VisitStats> {
  const today = riyadhDate(now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const weekStart = addDays(today, -((weekday + 1) % 7));
  const mine = viewer.viewAll ? undefined : eq(visits.agentId, viewer.id);
  const between = (from: string, days: number) =>
    and(
      gte(visits.startsAt, riyadhInstant(from, "00:00")),
      lt(visits.startsAt, riyadhInstant(addDays(from, days), "00:00")),
    );
  const counted = inArray(visits.status, ["booked", "attended", "no_show"]);
  const [todayRow] = await db
    .select({ n: count() })
    .from(visits)
    .where(and(between(today, 1), counted, mine));
  const [week] = await db
    .select({
      n: count(),
      attended: sql<number>`count(*) filter (where ${visits.status} = 'attended')`.mapWith(Number),
      noShow: sql<number>`count(*) filter (where ${visits.status} = 'no_show')`.mapWith(Number),
    })
    .from(visits)
    .where(and(between(weekStart, 7), counted, mine));
  const outcomes = week.attended + week.noShow;
  return {
    date: today,
    today: todayRow.n,
    week: week.n,
    weekStart,
    attended: week.attended,
    noShow: week.noShow,
    noShowRate: outcomes ? Math.round((week.noShow / outcomes) * 100) : 0,
  };
}

/** Booked, attended and reserved visits of one campaign (the funnel's visit columns). */
export interface CampaignVisitCounts {
  campaignId: number;
  booked: number;
  attended: number;
  /** Visits whose lead went on to حجز or بيع. */
  reserved: number;
}

/**
 * GET /api/visits/campaigns (conversions.manage): per campaign with visits, booked (not cancelled), attended, and
 * those whose lead is at حجز or بيع — booked → attended → reserved.
 */
export async function visitCountsByCampaign(db: Db): Promise<CampaignVisitCounts[]> {
  const rows = await db
    .select({
      campaignId: visits.campaignId,
      booked: count(),
      attended: sql<number>`count(*) filter (where ${visits.status} = 'attended')`.mapWith(Number),
      reserved: sql<number>`count(*) filter (where ${leads.stage} in ('reserved', 'sold'))`.mapWith(Number),
    })
    .from(visits)
    .leftJoin(leads, eq(leads.id, visits.leadId))
    .where(and(isNotNull(visits.campaignId), sql`${visits.status} <> 'cancelled'`))
    .groupBy(visits.campaignId)
    .orderBy(asc(visits.campaignId));
  return rows.map((r) => ({
    campaignId: r.campaignId ?? 0,
    booked: r.booked,
    attended: r.attended,
    reserved: r.reserved,
  }));
}

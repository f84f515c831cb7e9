/**
 * The agent's side of visits (docs/decisions/088-site-visits.md; ARCHITECTURE resolution 23): the day's visits in
 * time order and the outcome an agent marks at the visit — حضر / لم يحضر / أُعيد جدولته with a note. An agent
 * (visits.work without leads.view_all) sees and marks only the visits assigned to them; another visit reads as 404.
 * A no-show sets the lead's follow-up (tomorrow at the visit's time) with its reminder job, so the agent calls the
 * buyer again; a rescheduled one gives its seat back. Each outcome is on the lead's timeline and in the audit log.
 * Counts for the dashboard and the lists behind them (the day, the week, the week's no-shows; one period rule and one
 * set of counted states, so a figure and its list agree), and the campaign funnel: booked / attended / no-show.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { riyadhDay } from "#domain/licence.ts";
import { addDays, riyadhInstant, toRiyadhIso, visitWeekStart } from "#domain/visit-slots.ts";
import {
  VISIT_COUNTED_STATUSES,
  VISIT_TEXTS,
  type VisitListPeriod,
  type VisitListQuery,
  type VisitOutcomeInput,
  type VisitStatus,
} from "#domain/visits.ts";
import type { Db } from "#server/db/connection.ts";
import { leads, projects } from "#server/db/schema.ts";
import { leadJobs } from "#server/db/tables/lead-desk.ts";
import { visits } from "#server/db/tables/visits.ts";
import { conflict, notFound } from "#server/lib/http-errors.ts";
import { auditActor, recordAudit } from "../audit/service.ts";
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

/** Visits starting on Riyadh dates `from` … `from + days − 1`, as `viewer` may see them. */
function startingBetween(viewer: VisitViewer, from: string, days: number) {
  return and(
    gte(visits.startsAt, riyadhInstant(from, "00:00")),
    lt(visits.startsAt, riyadhInstant(addDays(from, days), "00:00")),
    viewer.viewAll ? undefined : eq(visits.agentId, viewer.id),
  );
}

/** The visits of `days` Riyadh dates from `from` (optionally of one status) in time order. */
async function visitsBetween(
  db: Db,
  viewer: VisitViewer,
  from: string,
  days: number,
  status?: VisitStatus,
): Promise<DayVisit[]> {
  const rows = await db
    .select({ visit: visits, projectName: projects.name })
    .from(visits)
    .innerJoin(projects, eq(projects.id, visits.projectId))
    .where(and(startingBetween(viewer, from, days), status ? eq(visits.status, status) : undefined))
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

/** GET /api/visits/day?date= (visits.work): the visits of Riyadh date `date` (default today) in time order. */
export async function listDayVisits(
  db: Db,
  viewer: VisitViewer,
  date: string | undefined,
  now: Date,
): Promise<DayVisit[]> {
  return visitsBetween(db, viewer, date ?? riyadhDay(now), 1);
}

/** One visit list: its period named by its first and last Riyadh dates, and its visits in time order. */
export interface VisitList {
  period: VisitListPeriod;
  /** The server's Riyadh date (the business clock), so the screen can say «اليوم» or «هذا الأسبوع». */
  today: string;
  /** First and last Riyadh dates of the period, both included ("YYYY-MM-DD"). */
  from: string;
  to: string;
  status: VisitStatus | null;
  /** Every visit of the period (of `status` when given); those the figures count are VISIT_COUNTED_STATUSES. */
  visits: DayVisit[];
}

/**
 * GET /api/visits?period=day|week&date=&status= (visits.work; an agent's own visits unless leads.view_all;
 * docs/decisions/113-visit-lists-behind-the-figures.md): the list behind each figure of `visitStats` — the day (today's visits), the Saturday–Friday week around `date` (this
 * week's visits) and, with `status=no_show`, that week's no-shows (the rate's numerator). Its visits in
 * VISIT_COUNTED_STATUSES are exactly the ones the figure of the same period counts.
 */
export async function listVisits(db: Db, viewer: VisitViewer, query: VisitListQuery, now: Date): Promise<VisitList> {
  const today = riyadhDay(now);
  const date = query.date ?? today;
  const from = query.period === "week" ? visitWeekStart(date) : date;
  const days = query.period === "week" ? 7 : 1;
  return {
    period: query.period,
    today,
    from,
    to: addDays(from, days - 1),
    status: query.status ?? null,
    visits: await visitsBetween(db, viewer, from, days, query.status),
  };
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
    await recordAudit(tx, auditActor(viewer), {
      entityType: "visit",
      entityId: id,
      action: "outcome",
      previousState: { status: visit.status },
      newState: { status: input.outcome, note },
    });
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

/**
 * GET /api/visits/stats (visits.work; an agent's own visits unless leads.view_all): the visits of today and of this
 * week counted in VISIT_COUNTED_STATUSES, and the week's outcomes — the same visits `listVisits` lists for the
 * day, the week and the week's no-shows.
 */
export async function visitStats(db: Db, viewer: VisitViewer, now: Date): Promise<VisitStats> {
  const today = riyadhDay(now);
  const weekStart = visitWeekStart(today);
  const counted = inArray(visits.status, [...VISIT_COUNTED_STATUSES]);
  const [todayRow] = await db
    .select({ n: count() })
    .from(visits)
    .where(and(startingBetween(viewer, today, 1), counted));
  const [week] = await db
    .select({
      n: count(),
      attended: sql<number>`count(*) filter (where ${visits.status} = 'attended')`.mapWith(Number),
      noShow: sql<number>`count(*) filter (where ${visits.status} = 'no_show')`.mapWith(Number),
    })
    .from(visits)
    .where(and(startingBetween(viewer, weekStart, 7), counted));
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

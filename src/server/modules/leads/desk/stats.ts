/**
 * The dashboard's lead figures (GET /api/leads/stats; shape in src/domain/lead-desk-api.ts leadStatsSchema): new
 * leads today and this week (Jeddah days, UTC+3, weeks from Sunday), unassigned and overdue open leads, and the median
 * time to first contact per agent over the last 30 days. Scoped like the list: an agent counts only their own leads.
 * Merged enquiries are left out, as in the list; erased leads leave the unassigned and overdue counts.
 */
import { and, asc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { LeadStats } from "#domain/lead-desk-api.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, leads, users } from "#server/db/schema.ts";
import { dayStart, jeddahDay, jeddahWeekday } from "#server/lib/jeddah-days.ts";
import { type LeadViewer, openingEnquiry, overdueCondition, readLeadSettings, scopeOf } from "./service.ts";

const DAY_MS = 86_400_000;
const MEDIAN_WINDOW_DAYS = 30;

/** Computes the figures at `now` for `viewer`. */
export async function leadStats(db: Db, viewer: LeadViewer, now = new Date()): Promise<LeadStats> {
  const settings = await readLeadSettings(db);
  const today = jeddahDay(now);
  const weekStart = jeddahDay(new Date(now.getTime() - jeddahWeekday(now) * DAY_MS));
  const base = and(scopeOf(viewer), isNull(leads.mergedIntoId));
  const count = sql<number>`count(*)::int`;
  const [row] = await db
    .select({
      newToday: sql<number>`count(*) filter (where ${leads.createdAt} >= ${dayStart(today)})::int`,
      newThisWeek: count,
    })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(and(base, gte(leads.createdAt, dayStart(weekStart))));
  // Unassigned and overdue count every open lead, not only this week's.
  const [open] = await db
    .select({
      unassigned: sql<number>`count(*) filter (where ${leads.ownerId} is null and ${leads.stage} not in ('lost', 'sold'))::int`,
      overdue: sql<number>`count(*) filter (where ${overdueCondition(now, settings)})::int`,
    })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    // An erased lead leaves the open counts (docs/decisions/074-a-clock-the-agent-sees.md).
    .where(and(base, isNull(contactMessages.anonymisedAt)));
  const seconds = sql<number>`extract(epoch from (${leads.firstContactAt} - ${leads.createdAt}))`;
  const agents = await db
    .select({
      ownerId: leads.ownerId,
      name: users.name,
      contacted: count,
      medianSeconds: sql<number>`round(percentile_cont(0.5) within group (order by ${seconds}))::int`.as(
        "median_seconds",
      ),
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.ownerId))
    .where(
      and(
        base,
        isNotNull(leads.firstContactAt),
        gte(leads.createdAt, new Date(now.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .groupBy(leads.ownerId, users.name)
    .orderBy(asc(sql`median_seconds`));
  return {
    today,
    weekStart,
    newToday: row?.newToday ?? 0,
    newThisWeek: row?.newThisWeek ?? 0,
    unassigned: open?.unassigned ?? 0,
    overdue: open?.overdue ?? 0,
    agents: agents.flatMap((a) =>
      a.ownerId ? [{ ...a, ownerId: a.ownerId, medianSeconds: Number(a.medianSeconds) }] : [],
    ),
  };
}

/**
 * The visits' timed work (docs/decisions/091-visit-messages-and-reminder-channels.md), carried out by the job engine
 * on the app's clock:
 * - reminders: a booked visit whose `next_reminder_at` has come is claimed (FOR UPDATE SKIP LOCKED, so of two
 *   instances one takes it), gets a "reminder" message on every channel that reaches the buyer, and its next
 *   reminder moves on (24 h before → 2 h before → none); a visit already started gets none;
 * - the morning list: at VISIT_MORNING_HOUR (Riyadh) each agent with booked visits today is notified with their count
 *   and the first time (in-app and by e-mail through the notifications outbox), once a day across instances
 *   (scheduled_jobs "visits_morning_list").
 */
import { and, asc, eq, gte, isNotNull, lt, lte } from "drizzle-orm";
import { countNoun, formatDateTime, NOUNS } from "#domain/format.ts";
import { riyadhDay } from "#domain/licence.ts";
import { addDays, riyadhInstant } from "#domain/visit-slots.ts";
import { VISIT_TEXTS } from "#domain/visits.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { scheduledJobs } from "#server/db/tables/system.ts";
import { visits } from "#server/db/tables/visits.ts";
import { runJobIfDue } from "#server/jobs/timed.ts";
import { notify } from "../leads/desk/service.ts";
import { nextReminderAfter } from "./booking.ts";
import { queueVisitMessage } from "./channels.ts";

/** The wall time (Riyadh) of the agents' morning list. */
export const VISIT_MORNING_TIME = "08:00";
/** The morning list's name in scheduled_jobs. */
export const MORNING_JOB = "visits_morning_list";
const MAX_PER_PASS = 500;

/** Claims and reminds one due visit. Returns false when none is due. */
async function remindOne(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [visit] = await tx
      .select()
      .from(visits)
      .where(and(eq(visits.status, "booked"), isNotNull(visits.nextReminderAt), lte(visits.nextReminderAt, now)))
      .orderBy(asc(visits.nextReminderAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!visit) return false;
    if (visit.startsAt.getTime() > now.getTime()) await queueVisitMessage(tx, visit, "reminder", now);
    await tx
      .update(visits)
      .set({ nextReminderAt: nextReminderAfter(visit.startsAt, now) })
      .where(eq(visits.id, visit.id));
    return true;
  });
}

/** Sends every reminder due at `now` (one transaction each). Returns how many visits were reminded. */
export async function runDueReminders(db: Db, now: Date): Promise<number> {
  let count = 0;
  while (count < MAX_PER_PASS && (await remindOne(db, now))) count += 1;
  return count;
}

/** Notifies each agent of their booked visits of `now`'s Riyadh date, inside `tx`. Returns the agents told. */
export async function sendMorningLists(tx: Tx, now: Date): Promise<number> {
  const today = riyadhDay(now);
  const rows = await tx
    .select({ agentId: visits.agentId, startsAt: visits.startsAt })
    .from(visits)
    .where(
      and(
        eq(visits.status, "booked"),
        isNotNull(visits.agentId),
        gte(visits.startsAt, riyadhInstant(today, "00:00")),
        lt(visits.startsAt, riyadhInstant(addDays(today, 1), "00:00")),
      ),
    )
    .orderBy(asc(visits.startsAt));
  const byAgent = new Map<string, Date[]>();
  for (const r of rows) if (r.agentId) byAgent.set(r.agentId, [...(byAgent.get(r.agentId) ?? []), r.startsAt]);
  for (const [agentId, times] of byAgent) {
    const text = VISIT_TEXTS.morningList(countNoun(times.length, NOUNS.visit), formatDateTime(times[0]));
    await notify(tx, [agentId], null, "visits_today", text, now);
  }
  return byAgent.size;
}

/** The next morning-list time after `now`. */
export function nextMorning(now: Date): Date {
  const today = riyadhInstant(riyadhDay(now), VISIT_MORNING_TIME);
  return today.getTime() > now.getTime() ? today : riyadhInstant(addDays(riyadhDay(now), 1), VISIT_MORNING_TIME);
}

/** Runs the morning list when its time has come across all instances. Returns whether this call ran it. */
export async function runMorningListIfDue(db: Db, now: Date): Promise<boolean> {
  // First turn: the next morning, not at once (runJobIfDue would create the row due now).
  await db
    .insert(scheduledJobs)
    .values({ name: MORNING_JOB, nextRunAt: nextMorning(now) })
    .onConflictDoNothing();
  const { ran } = await runJobIfDue(
    db,
    MORNING_JOB,
    nextMorning(now).getTime() - now.getTime(),
    now,
    async (tx, at) => {
      await sendMorningLists(tx, at);
    },
  );
  return ran;
}

/**
 * Timed jobs of the engine: a named job that runs once per period across every instance on one database, and
 * survives restarts (docs/operations.md "Timed jobs"; docs/decisions/057-one-job-engine-and-one-clock.md).
 *
 * `runJobIfDue(db, name, periodMs, now, work)` makes sure the job's row of `scheduled_jobs` exists (due at once the
 * first time), claims it with SELECT … FOR UPDATE SKIP LOCKED when its `next_run_at` ≤ `now`, runs `work(tx, now)` in
 * that transaction and moves `next_run_at` to `now + periodMs`. Another instance at the same moment skips the locked
 * row; one that comes later finds `next_run_at` in the future. Times come from the app's clock (`now`), never the
 * database's. Output: `{ ran, nextRunAt }` (the row's next turn, so a caller need not look again before it).
 * Errors: whatever `work` throws (the transaction rolls back, the job stays due).
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { scheduledJobs } from "../db/tables/system.ts";

export interface TimedRun {
  /** Whether this call ran the job. */
  ran: boolean;
  /** When the job is next due. */
  nextRunAt: Date;
}

export async function runJobIfDue(
  db: Db,
  name: string,
  periodMs: number,
  now: Date,
  work: (tx: Tx, now: Date) => Promise<void>,
): Promise<TimedRun> {
  await db.insert(scheduledJobs).values({ name, nextRunAt: now }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ name: scheduledJobs.name })
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, now)))
      .for("update", { skipLocked: true });
    if (!due) {
      const [row] = await tx
        .select({ nextRunAt: scheduledJobs.nextRunAt })
        .from(scheduledJobs)
        .where(eq(scheduledJobs.name, name));
      // Locked by another instance running it now: look again after a short while.
      const nextRunAt = row && row.nextRunAt > now ? row.nextRunAt : new Date(now.getTime() + 1000);
      return { ran: false, nextRunAt };
    }
    await work(tx, now);
    const nextRunAt = new Date(now.getTime() + periodMs);
    await tx
      .update(scheduledJobs)
      .set({ lastRunAt: now, nextRunAt, runs: sql`${scheduledJobs.runs} + 1` })
      .where(eq(scheduledJobs.name, name));
    return { ran: true, nextRunAt };
  });
}

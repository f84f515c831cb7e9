/**
 * Timed jobs that run once per period across every instance on one database (docs/operations.md "Timed jobs").
 *
 * `runJobIfDue(db, name, periodMs, work)` claims the job's row of `scheduled_jobs` with SELECT … FOR UPDATE SKIP
 * LOCKED when its `next_run_at` has passed, runs `work(tx)` in that transaction, and moves `next_run_at` one period
 * on. Another instance at the same moment skips the locked row; one that comes later finds `next_run_at` in the
 * future. Output: true when this call ran the job. Errors: whatever `work` throws (the transaction rolls back, the
 * job stays due).
 *
 * `sweepExpired(tx, now)` is the maintenance job: deletes sessions whose refresh token expired (or revoked over
 * REVOKED_SESSION_KEEP_MS ago), login-throttle counters older than the throttle window (auth/throttle.ts LOGIN_WINDOW_MS) and
 * rate-limit counters whose window has ended.
 */
import { and, eq, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { loginThrottle, rateLimits, scheduledJobs, sessions } from "../../db/schema.ts";
import { LOGIN_WINDOW_MS } from "../auth/throttle.ts";

/** A revoked session is kept this long (a week) so a replayed stolen refresh token is still recognised as such. */
export const REVOKED_SESSION_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The maintenance job's name in `scheduled_jobs`. */
export const MAINTENANCE_JOB = "maintenance";

export async function runJobIfDue(
  db: Db,
  name: string,
  periodMs: number,
  work: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ name: scheduledJobs.name })
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, sql`now()`)))
      .for("update", { skipLocked: true });
    if (!due) return false;
    await work(tx);
    await tx
      .update(scheduledJobs)
      .set({
        lastRunAt: sql`now()`,
        nextRunAt: sql`now() + make_interval(secs => ${periodMs / 1000})`,
        runs: sql`${scheduledJobs.runs} + 1`,
      })
      .where(eq(scheduledJobs.name, name));
    return true;
  });
}

export interface SweepReport {
  sessions: number;
  loginCounters: number;
  rateLimits: number;
}

export async function sweepExpired(tx: Db | Tx, now = new Date()): Promise<SweepReport> {
  const revokedBefore = new Date(now.getTime() - REVOKED_SESSION_KEEP_MS);
  const removedSessions = await tx
    .delete(sessions)
    .where(
      or(lt(sessions.refreshExpiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, revokedBefore))),
    )
    .returning({ id: sessions.id });
  // A throttle counter whose last failure is older than the window, and that blocks nothing any more, counts no more.
  const removedAttempts = await tx
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.lastFailureAt, new Date(now.getTime() - LOGIN_WINDOW_MS)),
        lt(loginThrottle.blockedUntil, now),
      ),
    )
    .returning({ key: loginThrottle.key });
  const removedLimits = await tx
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  return { sessions: removedSessions.length, loginCounters: removedAttempts.length, rateLimits: removedLimits.length };
}

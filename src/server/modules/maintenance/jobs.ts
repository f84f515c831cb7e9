/**
 * The maintenance job (docs/operations.md "Timed jobs"), run once per period across instances by the job engine
 * (plugin.ts; jobs/timed.ts holds the once-per-period claim).
 *
 * `sweepExpired(tx, now)`: deletes sessions whose refresh token expired (or revoked over REVOKED_SESSION_KEEP_MS ago),
 * login-throttle counters older than the throttle window (auth/throttle.ts LOGIN_WINDOW_MS) and rate-limit counters
 * whose window has ended. Output: the rows removed of each kind.
 */
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { loginThrottle, rateLimits, sessions } from "../../db/tables/auth.ts";
import { LOGIN_WINDOW_MS } from "../auth/throttle.ts";

/** A revoked session is kept this long (a week) so a replayed stolen refresh token is still recognised as such. */
export const REVOKED_SESSION_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The maintenance job's name in `scheduled_jobs`. */
export const MAINTENANCE_JOB = "maintenance";

export interface SweepReport {
  sessions: number;
  loginCounters: number;
  rateLimits: number;
}

export async function sweepExpired(tx: Db | Tx, now: Date): Promise<SweepReport> {
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

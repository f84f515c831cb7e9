/**
 * The login throttle (docs/decisions/020-staff-sign-in-hardening.md; OWASP Authentication Cheat Sheet "Login
 * Throttling" and "Account Lockout"; ARCHITECTURE security model "limited per IP and per username with growing
 * delays").
 *
 * claimAttempt(db, key, rule, now) counts one attempt on `key` *before* the password is checked, with one atomic
 * upsert (INSERT … ON CONFLICT DO UPDATE … WHERE blocked_until <= now RETURNING), so concurrent attempts all count
 * and at most the free ones run at once, on PGlite and PostgreSQL alike. The attempt is refused (429, Retry-After in
 * whole seconds) while the key's `blocked_until` lies ahead. After the attempt, blocked_until becomes
 * now + the rule's delay for the new count: none for the first `free` failures, then `baseDelayMs` doubling per
 * failure up to `maxDelayMs`. Failures older than LOGIN_WINDOW_MS start the count again; a success clears the key.
 */

import { eq, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { countNoun, NOUNS } from "#domain/format.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { loginThrottle } from "../../db/tables/auth.ts";
import { HttpError } from "../../lib/http-errors.ts";

export interface ThrottleRule {
  /** Failures within the window that cost no delay. */
  free: number;
  /** The delay after the first failure beyond `free`, ms; it doubles per further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Failures older than this (ms) no longer count: 15 min. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Per username, per recognised device and per recognised IP: 5 free, then 1 s, 2 s, 4 s … at most 60 s. */
export const ACCOUNT_RULE: ThrottleRule = { free: 5, baseDelayMs: 1000, maxDelayMs: 60 * 1000 };
/** Per client IP (unrecognised clients only): 30 free, then 60 s between attempts. */
export const IP_RULE: ThrottleRule = { free: 30, baseDelayMs: 60 * 1000, maxDelayMs: 60 * 1000 };

/** 429 with the seconds to wait (the route copies them into Retry-After). */
export class ThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `محاولات دخول كثيرة، يرجى المحاولة بعد ${countNoun(retryAfterSeconds, NOUNS.second, { oblique: true })}`,
    );
  }
}

/** The delay after `failures` failures under `rule`, ms. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (failures - rule.free));
}

/** Counts one attempt on `key`; throws ThrottledError (nothing counted) while the key must wait. */
export async function claimAttempt(db: Db | Tx, key: string, rule: ThrottleRule, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const next = sql`(case when ${loginThrottle.lastFailureAt} < ${windowStart}::timestamptz then 1 else ${loginThrottle.failures} + 1 end)`;
  const delayMs = sql`(case when ${next} < ${rule.free} then 0 else least(${rule.maxDelayMs}::float8, ${rule.baseDelayMs}::float8 * power(2::float8, (${next} - ${rule.free})::float8)) end)`;
  const [row] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      lastFailureAt: now,
      blockedUntil: new Date(now.getTime() + delayAfter(rule, 1)),
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: next,
        lastFailureAt: now,
        blockedUntil: sql`${at}::timestamptz + ${delayMs} * interval '1 millisecond'`,
      },
      setWhere: sql`${loginThrottle.blockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ failures: loginThrottle.failures });
  if (row) return row.failures;
  const [current] = await db
    .select({ blockedUntil: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  const remainingMs = (current?.blockedUntil.getTime() ?? now.getTime()) - now.getTime();
  throw new ThrottledError(Math.max(1, Math.ceil(remainingMs / 1000)));
}

/** Forgets the failures of `key` (after a success). */
export async function clearAttempts(db: Db | Tx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Runs `work`; a throttled attempt's error also sets Retry-After (seconds) on the answer before it is rethrown. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ThrottledError) reply.header("retry-after", String(error.retryAfterSeconds));
    throw error;
  }
}

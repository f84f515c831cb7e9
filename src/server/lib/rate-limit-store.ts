/**
 * A @fastify/rate-limit store that keeps its counters in the database (table rate_limits), so every instance behind
 * a load balancer counts the same requests (ARCHITECTURE "scale path": rate-limit counters live in PostgreSQL).
 * One atomic upsert per request: a key whose window has ended starts again at 1. Expired rows are swept now and then.
 * Time comes from the app's clock (ARCHITECTURE resolution 24: one clock, so tests move it instead of sleeping); a
 * few seconds of skew between instances only shifts a 10-minute window by as much.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connection.ts";

/** Result the plugin expects: requests counted in the window, and ms until it ends. */
interface Counter {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Counter) => void;

/** Sweep expired rows about once per this many increments. */
const SWEEP_EVERY = 500;

/**
 * Returns a store class for `@fastify/rate-limit`'s `store` option, bound to `db`.
 * Errors: a database failure is passed to the plugin, which answers 500 for that request only when
 * `skipOnError` is false; we set skipOnError so a lead is never refused because the counter failed.
 * `clock` gives the current time (the app's clock; default the wall clock).
 */
export function databaseRateLimitStore(db: Db, clock: () => Date = () => new Date()) {
  let calls = 0;
  return class DatabaseRateLimitStore {
    /** Called by the plugin for each route with its own options; all share the same table. */
    child() {
      return new DatabaseRateLimitStore();
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const windowMs = Math.max(1, Math.round(timeWindow));
      const now = sql`${clock().toISOString()}::timestamptz`;
      db.execute<{ count: number; ttl: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, ${now} + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now}
            then ${now} + ${windowMs} * interval '1 millisecond' else rate_limits.reset_at end
        returning count, greatest(0, extract(epoch from (reset_at - ${now})) * 1000)::int as ttl`)
        .then((result) => {
          const rows = (result as unknown as { rows: { count: number; ttl: number }[] }).rows;
          const row = rows[0];
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
          if (++calls % SWEEP_EVERY === 0) {
            db.execute(sql`delete from rate_limits where reset_at < ${now} - interval '1 hour'`).catch(() => {});
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }
  };
}

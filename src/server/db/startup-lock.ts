/**
 * Start-up work (migrations, the permission catalogue sync, the first super_admin, the demo seed) under one
 * PostgreSQL session advisory lock, so several instances started at once on one database run it one after another:
 * the first does the work, the others wait, then find it done (every step is idempotent). docs/operations.md.
 *
 * - PostgreSQL: the lock is taken on a dedicated pooled connection held for the whole callback; the callback's own
 *   queries use other pool connections. A crashed holder releases it when its connection drops.
 * - PGlite: one connection in one process (the data-folder lock forbids a second process), so the lock is harmless
 *   and taken the same way for one code path.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./connection.ts";

/** The advisory lock key of start-up work: a fixed 64-bit number ("jeddah-site startup"). */
export const STARTUP_LOCK_KEY = 7_384_102_511n;

/**
 * Runs `work` while holding the start-up advisory lock; waits (no timeout: the holder finishes or dies) for another
 * instance's start-up to end first. Errors: whatever `work` throws (the lock is released first).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(database, STARTUP_LOCK_KEY, work);
}

/** Runs `work` holding the session advisory lock `key` (waits for it) on a connection of its own. */
export async function withAdvisoryLock<T>(database: Database, key: bigint, work: () => Promise<T>): Promise<T> {
  const held = database.dedicatedConnection
    ? await database.dedicatedConnection()
    : { query: (text: string) => database.db.execute(sql.raw(text)), release() {} };
  try {
    await held.query(`select pg_advisory_lock(${key})`);
    try {
      return await work();
    } finally {
      await held.query(`select pg_advisory_unlock(${key})`);
    }
  } finally {
    held.release();
  }
}

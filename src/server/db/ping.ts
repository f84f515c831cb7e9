/**
 * Database reachability for the health checks (GET /api/health, GET /api/health/ready; docs/operations.md), and why
 * the embedded database answers them during a write: docs/decisions/042-embedded-health-during-writes.md.
 *
 * `pingDatabase(db)` resolves once the database has executed `select 1`; it rejects with the driver's error, or
 * with PingTimeoutError when no answer came within PING_TIMEOUT_MS (a health check never hangs).
 *
 * PostgreSQL: a pooled `select 1`, beside any running transaction.
 * Embedded database (PGlite: one connection in the server's process, `EmbeddedPostgres` below): a plain `select 1`
 * would queue behind a whole open transaction (a 5000-row import holds it ~0.1 s). While a transaction younger
 * than RIDE_ALONG_MAX_MS is open, the `select 1` runs INSIDE it instead, between two of its statements: the engine
 * really executes it, and the answer waits for one statement at most. A transaction older than that is not trusted
 * to be making progress: the `select 1` queues behind it, so a stuck transaction makes the check fail
 * (PingTimeoutError) within RIDE_ALONG_MAX_MS + PING_TIMEOUT_MS of its start.
 * EmbeddedPostgres also gates each statement of a transaction opened under `withStatementGate` (db/statement-gate.ts).
 */
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { currentStatementGate, type StatementGate } from "./statement-gate.ts";

/** What a ping needs of a database handle (db/connection.ts's Db has it); named here so that this file stays below it. */
export interface Pingable {
  execute(query: SQL): PromiseLike<unknown>;
}

/** How long a health check waits for the database's answer, ms. */
export const PING_TIMEOUT_MS = 3000;
/**
 * Age below which an open embedded transaction is taken as making progress, ms: the longest legitimate one (a
 * 5000-row import) holds the database 0.1–0.15 s on a loaded 2-core machine (docs/performance/upload-guards.md).
 */
export const RIDE_ALONG_MAX_MS = 2000;

/** The database did not answer `select 1` within PING_TIMEOUT_MS. */
export class PingTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The database did not answer select 1 within ${timeoutMs} ms`);
    this.name = "PingTimeoutError";
  }
}

/**
 * PGlite that knows its open transaction (one at a time: PGlite runs them one after another), so a health check
 * can run its `select 1` inside it (see the module comment). Opened by db/connection.ts.
 */
export class EmbeddedPostgres extends PGlite {
  #open: { tx: Transaction; since: number } | null = null;

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const gate = currentStatementGate();
    return super.transaction(async (tx) => {
      this.#open = { tx, since: performance.now() };
      try {
        return await callback(gate ? gated(tx, gate) : tx);
      } finally {
        this.#open = null;
      }
    });
  }

  /** Resolves once the engine has executed `select 1`; errors: the engine's. No timeout here (pingDatabase's). */
  async ping(): Promise<void> {
    const open = this.#open;
    if (open && !open.tx.closed && performance.now() - open.since < RIDE_ALONG_MAX_MS) {
      try {
        await open.tx.query("select 1");
        return;
      } catch {
        // The transaction ended, or failed and is about to roll back: ask again behind it.
      }
    }
    await this.query("select 1");
  }
}

/** `tx` whose statements each await `gate` first (db/statement-gate.ts); the rest is `tx`'s own. */
function gated(tx: Transaction, gate: StatementGate): Transaction {
  const through = Object.create(tx) as Transaction;
  through.query = async (query, params, options) => {
    await gate();
    return tx.query(query, params, options);
  };
  through.exec = async (query, options) => {
    await gate();
    return tx.exec(query, options);
  };
  return through;
}

const pings = new WeakMap<Pingable, () => Promise<void>>();

/** Gives `db` its own way to answer a ping (db/connection.ts, for the embedded database). */
export function registerPing(db: Pingable, ping: () => Promise<void>): void {
  pings.set(db, ping);
}

/**
 * Resolves once `db` has executed `select 1` (see the module comment). Errors: the driver's; PingTimeoutError after
 * `timeoutMs` (default PING_TIMEOUT_MS).
 */
export async function pingDatabase(db: Pingable, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  const ping = pings.get(db) ?? (() => db.execute(sql`select 1`));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PingTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

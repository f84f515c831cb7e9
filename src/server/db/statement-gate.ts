/**
 * A gate before each statement of the embedded database's transactions, for work that must give way to more urgent
 * statements (docs/decisions/160-lead-form-jobs-give-way-to-webhooks.md).
 *
 * PGlite runs in the server's thread with one connection: an open transaction holds it until its commit, and the
 * statements of a transaction follow one another as promise continuations, so the event loop does not even read
 * an incoming request until the transaction ends. `withStatementGate(gate, work)` runs `work` so that every
 * statement of an embedded transaction it opens first awaits `gate()` (EmbeddedPostgres in db/ping.ts): the gate
 * can yield to the event loop, and it can throw to abandon the transaction (it is rolled back, and the error reaches
 * `work`'s caller as the `cause` of the driver's query error). Statements outside a transaction, and every statement on PostgreSQL (a pool of connections),
 * are not gated. The gate follows `work`'s asynchronous context (AsyncLocalStorage), so other requests' and jobs'
 * transactions meanwhile are not gated.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";

/** Awaited before each statement of a gated embedded transaction; throws to abandon it. */
export type StatementGate = () => Promise<void>;

const gates = new AsyncLocalStorage<StatementGate>();

/** Runs `work` with `gate` before each statement of the embedded transactions it opens. Output: `work`'s. */
export function withStatementGate<T>(gate: StatementGate, work: () => Promise<T>): Promise<T> {
  return gates.run(gate, work);
}

/** The gate of the current asynchronous context, if any (read by EmbeddedPostgres). */
export function currentStatementGate(): StatementGate | undefined {
  return gates.getStore();
}

/** A gate that only lets the event loop take one turn (I/O, timers) before the statement. */
export const yieldToEventLoop: StatementGate = async () => {
  await nextTurn();
};

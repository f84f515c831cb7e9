/**
 * The one background engine of the server (ARCHITECTURE "jobs/"; docs/decisions/057-one-job-engine-and-one-clock.md,
 * which also records why it is ours and not pg-boss or graphile-worker).
 *
 * Every background queue registers with `app.jobs` (a JobEngine) from its own module's plugin; the engine's one timer
 * (config.jobsIntervalMs, JOBS_INTERVAL_MS; 0: no timer, tests call `runDue()`) gives every queue a pass, each pass
 * reading the app's one clock (jobs/clock.ts). Three kinds of queue:
 * - `outbox(name, {queue, …})`: rows delivered to the outside with claims, leases, retries and per-destination limits
 *   (jobs/outbox.ts). Returns the Outbox; the module calls `kick()` after committing a row so it leaves at once.
 * - `due(name, run)`: rows due at their own time column, claimed one at a time with FOR UPDATE SKIP LOCKED and carried
 *   out in that transaction (`run(now)` does a pass; it must be safe on several instances at once).
 * - `every(name, periodMs, work)`: a singleton job, once per period across all instances (jobs/timed.ts,
 *   `scheduled_jobs`), surviving restarts.
 * A pass of a queue never overlaps the same queue's previous pass; a failing pass is reported to `onError` and the
 * next tick tries again.
 *
 * Adding a queue (hold expiry, licence alerts, visit reminders, WhatsApp sends, lead-form backfill, payments…): keep
 * the handler in the module (its table, claim and rules), and in the module's plugin call
 * `app.jobs.due("holds.expire", (now) => expireDueHolds(app.db, now))`, `app.jobs.every(…)` or `app.jobs.outbox(…)`;
 * register that plugin after `jobsPlugin` (app.ts). Business times come from `now`, never the database's now().
 */
import type { Db, Tx } from "../db/connection.ts";
import type { Clock } from "./clock.ts";
import { Outbox, type OutboxOptions } from "./outbox.ts";
import { runJobIfDue } from "./timed.ts";

/** One registered queue. */
export interface JobQueue {
  /** Unique name, for logs ("lead-webhooks", "lead-clock", …). */
  readonly name: string;
  /** One pass at `now`: carries out (or, for an outbox, starts) what is due. */
  run(now: Date): Promise<unknown>;
  /** Called when the engine starts its timer. */
  start?(): void;
  /** Waits until what the passes started has ended (an outbox's attempts in flight). */
  settle?(): Promise<unknown>;
  /** Called when the engine stops, after the passes in progress ended. */
  stop?(): Promise<void>;
}

export interface JobEngineOptions {
  db: Db;
  /** The app's clock (AppDeps.clock). */
  clock: Clock;
  /** Where a failed pass is reported (never thrown). */
  onError?: (queue: string, error: unknown) => void;
}

/** See the module comment. */
export class JobEngine {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #onError: (queue: string, error: unknown) => void;
  readonly #queues: JobQueue[] = [];
  readonly #running = new Map<string, Promise<unknown>>();
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(options: JobEngineOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#onError = options.onError ?? (() => {});
  }

  /** The names of the registered queues, in registration order. */
  get queues(): string[] {
    return this.#queues.map((q) => q.name);
  }

  /** Registers a queue. Errors: a second queue of the same name. */
  register(queue: JobQueue): void {
    if (this.#queues.some((q) => q.name === queue.name)) throw new Error(`job queue "${queue.name}" is registered`);
    this.#queues.push(queue);
    if (this.#timer) queue.start?.();
  }

  /**
   * Registers an outbox queue (jobs/outbox.ts) and returns its worker. `afterStop` runs once the worker has stopped
   * (closing the queue's connection to the outside, e.g. an SMTP transport).
   */
  outbox<C extends { destination: string }>(
    name: string,
    options: Omit<OutboxOptions<C>, "clock" | "continuous" | "onError">,
    afterStop?: () => void | Promise<void>,
  ): Outbox<C> {
    const outbox = new Outbox<C>(this.#db, {
      ...options,
      clock: this.#clock,
      onError: (error) => this.#onError(name, error),
    });
    this.register({
      name,
      run: () => outbox.pump(),
      start: () => outbox.start(),
      settle: () => outbox.drain(),
      stop: async () => {
        await outbox.stop();
        await afterStop?.();
      },
    });
    return outbox;
  }

  /** Registers a queue of rows due at their own time: `run(now)` carries out those due at `now`. */
  due(name: string, run: (now: Date) => Promise<unknown>, stop?: () => Promise<void>): void {
    this.register({ name, run, stop });
  }

  /** Registers a singleton job run once per `periodMs` across instances (jobs/timed.ts). `periodMs` ≤ 0: never. */
  every(name: string, periodMs: number, work: (tx: Tx, now: Date) => Promise<void>): void {
    if (periodMs <= 0) return;
    let notBefore = 0;
    this.register({
      name,
      run: async (now) => {
        if (now.getTime() < notBefore) return false;
        const { ran, nextRunAt } = await runJobIfDue(this.#db, name, periodMs, now, work);
        notBefore = nextRunAt.getTime();
        return ran;
      },
    });
  }

  /** One pass of every queue at the clock's now, side by side; a queue still in its previous pass is skipped. */
  async tick(): Promise<void> {
    if (this.#stopped) return;
    const now = this.#clock();
    await Promise.all(this.#queues.map((queue) => this.#pass(queue, now, true)));
  }

  /**
   * Runs everything due now, one queue after another in registration order (so what a lead job queues is sent in the
   * same call), and waits for the outboxes' attempts to end. For tests and the test clock (jobs/test-clock.ts).
   */
  async runDue(): Promise<void> {
    for (const queue of this.#queues) {
      await this.#pass(queue, this.#clock(), false);
      await queue.settle?.();
    }
  }

  /** Starts the one timer (intervalMs > 0; else nothing runs by itself) and the continuous outboxes. */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#stopped || this.#timer) return;
    for (const queue of this.#queues) queue.start?.();
    this.#timer = setInterval(() => void this.tick(), intervalMs);
    this.#timer.unref();
    void this.tick();
  }

  /** Stops the timer, waits for the passes in progress, then stops every queue (outboxes give their claims back). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.all([...this.#running.values()].map((p) => p.catch(() => null)));
    await Promise.all(this.#queues.map((queue) => queue.stop?.().catch((error) => this.#onError(queue.name, error))));
  }

  /** One pass of `queue`; with `skipBusy`, none while its previous pass runs (else it waits for that one first). */
  async #pass(queue: JobQueue, now: Date, skipBusy: boolean): Promise<void> {
    const previous = this.#running.get(queue.name);
    if (previous) {
      if (skipBusy) return;
      await previous.catch(() => null);
    }
    const pass = queue.run(now);
    this.#running.set(queue.name, pass);
    try {
      await pass;
    } catch (error) {
      this.#onError(queue.name, error);
    } finally {
      if (this.#running.get(queue.name) === pass) this.#running.delete(queue.name);
    }
  }
}

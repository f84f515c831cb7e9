/**
 * How the lead-form webhooks keep their answer short while the job engine stores leads on the same database
 * (docs/decisions/150-lead-form-webhooks-group-commit.md, docs/decisions/160-lead-form-jobs-give-way-to-webhooks.md;
 * docs/performance/lead-forms.md):
 * - `add(rows)`: the webhook's one durable write, by group commit. The rows of every webhook that arrives while a
 *   write is running go into the NEXT single multi-row insert (one statement, committed before any of those webhooks
 *   is answered), so a burst of 50 webhooks costs two or three inserts instead of fifty queued ones. The promise
 *   rejects when the insert holding its rows failed (the webhook then answers 500 and the platform sends it again).
 * - `answering()`: a webhook request is being answered (from its first hook to its answer; webhook.ts); the job side
 *   gives way while any is, or any write is pending ("busy").
 * - `calm()`: resolves once nothing is busy, at most YIELD_MAX_MS later (the arrival outbox claims its next arrival
 *   only then, so the Graph reads and storing it starts do not compete with a burst of answers).
 * - On PostgreSQL (`givesWayToAnswers: false`) a webhook being answered does not count, `calm()` resolves at once and
 *   a storing waits only for pending writes: with a pool of connections, waiting for answers only made them slower.
 * - `storing(work)`: the job side's storing transactions (arrival outbox and backfill, jobs.ts), ONE at a time per
 *   process, each started once nothing is busy. On the embedded database every statement waits behind an open
 *   transaction (one connection), and the event loop reads no request while a transaction's statements follow one
 *   another, so a storing transaction also gives way statement by statement (db/statement-gate.ts): before each
 *   statement the event loop takes a turn, and when a webhook is then busy the transaction is rolled back
 *   (`GaveWay`) and run again once it is done. A webhook then waits for one statement and a rollback instead of a
 *   whole transaction. All of it within YIELD_MAX_MS of the storing's turn, so a constant stream of webhooks cannot
 *   starve the desk: after that the transaction runs to its end (the loop still turning between statements).
 *   `work` must be a database transaction and nothing else (it may run more than once).
 * Per process, in memory: what is durable is only what `add` resolved.
 */
import { withStatementGate, yieldToEventLoop } from "#server/db/statement-gate.ts";

/** The longest the job side waits for, or gives way to, the webhooks, ms. */
export const YIELD_MAX_MS = 250;

/** Thrown before a statement of a storing transaction that gives way to a webhook (rolled back, run again). */
export class GaveWay extends Error {
  constructor() {
    super("a storing transaction gave way to a webhook");
    this.name = "GaveWay";
  }
}

/** Whether `error` is, or was caused by, a GaveWay (the database driver wraps what a statement's gate threw). */
function gaveWay(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof GaveWay) return true;
  return false;
}

/** See the module comment; `write` inserts the rows in one statement (ON CONFLICT DO NOTHING). */
export class ArrivalWrites<Row> {
  readonly #write: (rows: Row[]) => Promise<void>;
  #waiting: { rows: Row[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #pending = 0;
  #answering = 0;
  #idle: (() => void)[] = [];
  #storing: Promise<unknown> = Promise.resolve();
  /** How many storing transactions gave way (rolled back and ran again) since this was made. */
  gaveWay = 0;

  readonly #givesWayToAnswers: boolean;

  /**
   * `write` inserts the rows in one statement. `givesWayToAnswers` (default true): whether the job side also gives way
   * while a webhook is being answered (`answering`), not only while a write is pending. The embedded database needs
   * it (one connection, one thread); on PostgreSQL (a pool) it made the answers slower, not faster (bench:lead-forms,
   * docs/performance/lead-forms.md), so the plugin turns it off there.
   */
  constructor(
    write: (rows: Row[]) => Promise<void>,
    { givesWayToAnswers = true }: { givesWayToAnswers?: boolean } = {},
  ) {
    this.#write = write;
    this.#givesWayToAnswers = givesWayToAnswers;
  }

  /** Webhook writes not yet committed. */
  get pending(): number {
    return this.#pending;
  }

  /** Whether a webhook is being answered or its write is pending. */
  get busy(): boolean {
    return this.#pending + this.#answering > 0;
  }

  /** Counts a webhook request as being answered until the returned function is called (once; later calls do nothing). */
  answering(): () => void {
    if (!this.#givesWayToAnswers) return () => {};
    this.#answering++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#answering--;
      this.#wakeIfIdle();
    };
  }

  /** Resolves once nothing is busy, or `maxMs` (default YIELD_MAX_MS) later. */
  calm(maxMs = YIELD_MAX_MS): Promise<void> {
    return this.#givesWayToAnswers && this.busy && maxMs > 0 ? this.#quiet(maxMs) : Promise.resolve();
  }

  /** Writes `rows` with whatever else is waiting; resolves once they are committed. */
  async add(rows: Row[]): Promise<void> {
    if (!rows.length) return;
    this.#pending++;
    try {
      await new Promise<void>((resolve, reject) => {
        this.#waiting.push({ rows, resolve, reject });
        if (!this.#flushing) void this.#flush();
      });
    } finally {
      this.#pending--;
      this.#wakeIfIdle();
    }
  }

  #wakeIfIdle(): void {
    if (!this.busy) for (const wake of this.#idle.splice(0)) wake();
  }

  async #flush(): Promise<void> {
    this.#flushing = true;
    while (this.#waiting.length) {
      const batch = this.#waiting.splice(0);
      try {
        await this.#write(batch.flatMap((b) => b.rows));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.#flushing = false;
  }

  /**
   * Runs `work` after the storing work before it, once nothing is busy, giving way to the webhooks statement by
   * statement (see the module comment); both at most until YIELD_MAX_MS after its turn came. Output: `work`'s.
   */
  storing<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#storing.then(async () => {
      const until = performance.now() + YIELD_MAX_MS;
      const gate = async () => {
        await yieldToEventLoop();
        if (this.busy && performance.now() < until) throw new GaveWay();
      };
      for (;;) {
        const left = until - performance.now();
        // Without the give-way to answers (PostgreSQL), only the pending writes are waited for.
        if (this.#givesWayToAnswers) await this.calm(left);
        else if (this.#pending && left > 0) await this.#quiet(left);
        try {
          return await withStatementGate(left > 0 ? gate : yieldToEventLoop, work);
        } catch (error) {
          if (!gaveWay(error)) throw error;
          this.gaveWay++;
        }
      }
    });
    this.#storing = run.catch(() => null);
    return run;
  }

  #quiet(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

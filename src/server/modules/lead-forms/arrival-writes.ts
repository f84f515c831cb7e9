/**
 * How the lead-form webhooks keep their answer short while the job engine stores leads on the same database
 * (docs/decisions/150-lead-form-webhooks-group-commit.md; docs/performance/lead-forms.md):
 * - `add(rows)`: the webhook's one durable write, by group commit. The rows of every webhook that arrives while a
 *   write is running go into the NEXT single multi-row insert (one statement, committed before any of those webhooks
 *   is answered), so a burst of 50 webhooks costs two or three inserts instead of fifty queued ones. The promise
 *   rejects when the insert holding its rows failed (the webhook then answers 500 and the platform sends it again).
 * - `storing(work)`: the job side's storing transactions (arrival outbox and backfill, jobs.ts), ONE at a time per
 *   process, each started only once no webhook write is pending (or YIELD_MAX_MS passed, so a constant stream of
 *   webhooks cannot starve the desk). On the embedded database every statement waits behind an open transaction
 *   (one connection), so a webhook now waits for at most one storing transaction instead of a queue of them.
 * Per process, in memory: what is durable is only what `add` resolved.
 */

/** The longest a storing transaction waits for the webhook writes to end, ms. */
export const YIELD_MAX_MS = 250;

/** See the module comment; `write` inserts the rows in one statement (ON CONFLICT DO NOTHING). */
export class ArrivalWrites<Row> {
  readonly #write: (rows: Row[]) => Promise<void>;
  #waiting: { rows: Row[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #pending = 0;
  #idle: (() => void)[] = [];
  #storing: Promise<unknown> = Promise.resolve();

  constructor(write: (rows: Row[]) => Promise<void>) {
    this.#write = write;
  }

  /** Webhook writes not yet committed. */
  get pending(): number {
    return this.#pending;
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
      if (this.#pending === 0) for (const wake of this.#idle.splice(0)) wake();
    }
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

  /** Runs `work` after the storing work before it, once no webhook write is pending (at most YIELD_MAX_MS later). */
  storing<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#storing.then(async () => {
      if (this.#pending) await this.#quiet();
      return work();
    });
    this.#storing = run.catch(() => null);
    return run;
  }

  #quiet(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, YIELD_MAX_MS);
      timer.unref();
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * The generic outbox of the job engine (docs/decisions/010-lead-outbox-claims.md for the claiming rules,
 * docs/decisions/057-one-job-engine-and-one-clock.md for the engine).
 *
 * An outbox queue is a table whose rows are the business records themselves (a webhook delivery, a conversion event,
 * an e-mail copy): the row is written in the transaction of the change that makes it, and the queue's own steps
 * (`OutboxQueue`) are:
 * - `claim(db, now, leaseMs, busyDestinations)`: ONE due row in its own short statement, `FOR UPDATE SKIP LOCKED`
 *   (two instances never claim one row) and a lease `locked_until = now + leaseMs` that doubles as the claim token;
 * - `attempt(db, claim, now, options)`: the outside call, outside any transaction; never throws;
 * - `record(db, claim, result, now)`: the outcome, written only while the row still carries the claim's lease, with
 *   the next attempt from a `retrySchedule` or the end state.
 * `Outbox` runs those steps: concurrently, at most `perDestination` attempts in flight per destination (a slow
 * receiver holds its own slots only: no head-of-line blocking), `maxInFlight` in all, and it looks for the next due
 * row as soon as an attempt ends. The engine (engine.ts) pumps it on its one timer; `kick()` asks for a pass at once.
 */
import type { Db } from "../db/connection.ts";
import type { Clock } from "./clock.ts";

/** Per-attempt timeout when a queue sets none (ms). */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Added to the attempt timeout for a claim's lease (ms): look-ups before the call and the final write. */
export const LEASE_MARGIN_MS = 30_000;

/**
 * A retry schedule with exponential backoff: the wait before attempt n+1 after failed attempt n is
 * `firstMs × factor^(n-1)`, capped at `capMs`; `retries` waits in all (so `retries + 1` attempts). Output in ms.
 */
export function retrySchedule(options: {
  firstMs: number;
  factor: number;
  capMs?: number;
  retries: number;
}): readonly number[] {
  const cap = options.capMs ?? Number.POSITIVE_INFINITY;
  return Array.from({ length: options.retries }, (_, i) => Math.min(options.firstMs * options.factor ** i, cap));
}

/** The outcome of one attempt. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** No later attempt can succeed (the target or its secret was removed): fail now. */
  permanent?: boolean;
  /** The worker stopped mid-attempt: give the claim back without counting an attempt. */
  aborted?: boolean;
}

export interface AttemptOptions {
  /** Private and loopback targets allowed (config.webhookAllowPrivate; docs/webhooks.md "Allowed addresses"). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Aborts the call (the worker is stopping). */
  signal?: AbortSignal;
}

/** What became of a claimed row: "released" (aborted, claim given back), "lost" (its claim had passed on). */
export type AttemptOutcome = "delivered" | "retrying" | "failed" | "released" | "lost";

/** The table-specific steps of an outbox queue (see the module comment). */
export interface OutboxQueue<C extends { destination: string }> {
  claim(db: Db, now: Date, leaseMs: number, busyDestinations: readonly string[]): Promise<C | null>;
  attempt(db: Db, claim: C, now: Date, options: AttemptOptions): Promise<AttemptResult>;
  record(db: Db, claim: C, result: AttemptResult, now: Date): Promise<AttemptOutcome>;
}

/** Counts of attempts that ended, by outcome. */
export interface DeliverSummary {
  delivered: number;
  retrying: number;
  failed: number;
}

export interface OutboxOptions<C extends { destination: string }> {
  /** The queue's own steps. */
  queue: OutboxQueue<C>;
  /** Private and loopback targets allowed (passed to each attempt). */
  allowPrivate: boolean;
  /** Per-attempt timeout, ms (default DEFAULT_ATTEMPT_TIMEOUT_MS); the lease is this plus LEASE_MARGIN_MS. */
  timeoutMs?: number;
  /** The time of due checks, leases, signatures and the retry schedule (the app's clock; tests pass a fake one). */
  clock?: Clock;
  /** Attempts in flight per destination (default 2). */
  perDestination?: number;
  /** Attempts in flight in all (default 8). */
  maxInFlight?: number;
  /** Look for the next due row as soon as an attempt ends (the running worker); false: only `pump()` claims. */
  continuous?: boolean;
  /** Where a failed pass is reported (never thrown). */
  onError?: (error: unknown) => void;
}

/** The outbox worker of one process for one queue. See the module comment. */
export class Outbox<C extends { destination: string }> {
  readonly #db: Db;
  readonly #allowPrivate: boolean;
  readonly #timeoutMs: number;
  readonly #clock: Clock;
  readonly #perDestination: number;
  readonly #maxInFlight: number;
  readonly #onError: (error: unknown) => void;
  readonly #queue: OutboxQueue<C>;
  #continuous: boolean;
  /** Attempts in flight, by launch number. */
  readonly #inFlight = new Map<number, Promise<void>>();
  #launches = 0;
  readonly #byDestination = new Map<string, number>();
  #pumping: Promise<void> | null = null;
  #again = false;
  #running = false;
  #stopped = false;
  readonly #abort = new AbortController();
  /** Attempts ended since this outbox was made. */
  readonly summary: DeliverSummary = { delivered: 0, retrying: 0, failed: 0 };

  constructor(db: Db, options: OutboxOptions<C>) {
    this.#db = db;
    this.#allowPrivate = options.allowPrivate;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.#clock = options.clock ?? (() => new Date());
    this.#perDestination = options.perDestination ?? 2;
    this.#maxInFlight = options.maxInFlight ?? 8;
    this.#continuous = options.continuous ?? false;
    this.#onError = options.onError ?? (() => {});
    this.#queue = options.queue;
  }

  /** Attempts in flight now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /**
   * Claims due rows until nothing is due or every slot is taken, and starts their attempts (it does not wait for
   * them). A call during a running pass joins it and makes it look once more.
   */
  pump(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#pumping) {
      this.#again = true;
      return this.#pumping;
    }
    this.#pumping = (async () => {
      try {
        do {
          this.#again = false;
          await this.#claimWhileFree();
        } while (this.#again && !this.#stopped);
      } catch (error) {
        this.#onError(error);
      } finally {
        this.#pumping = null;
      }
    })();
    return this.#pumping;
  }

  /** Asks the running worker for a pass now (after a row is committed); does nothing unless the engine runs it. */
  kick(): void {
    if (this.#running) void this.pump();
  }

  /** Resolves when every attempt in flight at the call has ended and been recorded. */
  async settle(): Promise<void> {
    await Promise.all([...this.#inFlight.values()]);
  }

  /** Resolves when any attempt in flight at the call has ended and been recorded (at once when none is). */
  async settleAny(): Promise<void> {
    if (this.#inFlight.size) await Promise.race(this.#inFlight.values());
  }

  /**
   * Delivers everything due now: pumps, and again each time an attempt ends, until nothing is in flight and
   * nothing more can be claimed. Returns the attempts that ended meanwhile.
   */
  async drain(): Promise<DeliverSummary> {
    const before = { ...this.summary };
    for (;;) {
      await this.pump();
      if (this.#inFlight.size === 0) break;
      await this.settleAny();
    }
    return {
      delivered: this.summary.delivered - before.delivered,
      retrying: this.summary.retrying - before.retrying,
      failed: this.summary.failed - before.failed,
    };
  }

  /** Runs continuously (the engine's timer pumps it; `kick()` and each ended attempt look again at once). */
  start(): void {
    if (this.#stopped) return;
    this.#running = true;
    this.#continuous = true;
  }

  /** Stops claiming, aborts the attempts in flight (their claims are given back) and waits for them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#running = false;
    this.#abort.abort();
    await this.#pumping;
    await this.settle();
  }

  async #claimWhileFree(): Promise<void> {
    const leaseMs = this.#timeoutMs + LEASE_MARGIN_MS;
    while (!this.#stopped && this.#inFlight.size < this.#maxInFlight) {
      const busy = [...this.#byDestination].filter(([, n]) => n >= this.#perDestination).map(([d]) => d);
      const claim = await this.#queue.claim(this.#db, this.#clock(), leaseMs, busy);
      if (!claim) return;
      this.#launch(claim);
    }
  }

  #launch(claim: C): void {
    const destination = claim.destination;
    const launch = ++this.#launches;
    this.#byDestination.set(destination, (this.#byDestination.get(destination) ?? 0) + 1);
    const run = (async () => {
      try {
        const result = await this.#queue.attempt(this.#db, claim, this.#clock(), {
          allowPrivate: this.#allowPrivate,
          timeoutMs: this.#timeoutMs,
          signal: this.#abort.signal,
        });
        const outcome = await this.#queue.record(this.#db, claim, result, this.#clock());
        if (outcome === "delivered" || outcome === "retrying" || outcome === "failed") this.summary[outcome] += 1;
      } catch (error) {
        this.#onError(error);
      } finally {
        this.#inFlight.delete(launch);
        const left = (this.#byDestination.get(destination) ?? 1) - 1;
        if (left > 0) this.#byDestination.set(destination, left);
        else this.#byDestination.delete(destination);
        if (this.#continuous && !this.#stopped) void this.pump();
      }
    })();
    this.#inFlight.set(launch, run);
  }
}

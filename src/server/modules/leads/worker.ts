/**
 * The lead outbox worker (docs/webhooks.md "Delivery"; docs/decisions/010-lead-outbox-claims.md).
 *
 * `LeadOutbox` claims due deliveries one row at a time (outbox.ts `claimNextDelivery`) and sends them concurrently,
 * with at most `perDestination` (default 2) in flight per destination (host[:port] of the target URL) and
 * `maxInFlight` (default 8) in all: a slow or dead receiver holds at most its own slots, never another receiver's
 * deliveries (no head-of-line blocking). When an attempt ends, a running worker looks for the next due row at once.
 *
 * The application reaches it through the Fastify decorator `app.leadOutbox` (leadOutboxPlugin): the contact route
 * calls `app.leadOutbox.kick()` after a lead with a webhook is committed; the poll timer
 * (config.webhookWorkerIntervalMs; 0: no timer and `kick()` does nothing — tests then drive `pump()` themselves)
 * starts on onReady; onClose stops it (claims in flight are aborted and given back, not counted as attempts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/connection.ts";
import {
  ATTEMPT_TIMEOUT_MS,
  type AttemptOptions,
  type AttemptOutcome,
  type AttemptResult,
  attemptDelivery,
  type ClaimedDelivery,
  claimNextDelivery,
  LEASE_MARGIN_MS,
  recordAttempt,
} from "./outbox.ts";

/**
 * The table-specific steps of an outbox: claim one due row (skipping busy destinations), attempt it, record the
 * outcome under the claim's lease. The lead webhooks use outbox.ts; other outboxes (modules/conversions) their own.
 */
export interface OutboxQueue<C extends { destination: string }> {
  claim(db: Db, now: Date, leaseMs: number, busyDestinations: readonly string[]): Promise<C | null>;
  attempt(db: Db, claim: C, now: Date, options: AttemptOptions): Promise<AttemptResult>;
  record(db: Db, claim: C, result: AttemptResult, now: Date): Promise<AttemptOutcome>;
}

/** The lead webhook queue (outbox.ts). */
const webhookQueue = {
  claim: claimNextDelivery,
  attempt: attemptDelivery,
  record: recordAttempt,
};

/** Counts of attempts that ended, by outcome. */
export interface DeliverSummary {
  delivered: number;
  retrying: number;
  failed: number;
}

export interface OutboxOptions<C extends { destination: string } = ClaimedDelivery> {
  /** config.webhookAllowPrivate: private and loopback targets allowed (docs/webhooks.md "Allowed addresses"). */
  allowPrivate: boolean;
  /** Per-attempt timeout, ms (default ATTEMPT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The time used for due checks, leases, signatures and the retry schedule (tests pass a fake clock). */
  clock?: () => Date;
  /** Attempts in flight per destination (default 2). */
  perDestination?: number;
  /** Attempts in flight in all (default 8). */
  maxInFlight?: number;
  /** Look for the next due row as soon as an attempt ends (the running worker); false: only `pump()` claims. */
  continuous?: boolean;
  /** Where a failed pass is reported (never thrown). */
  onError?: (error: unknown) => void;
  /** The rows it delivers (default: the lead webhooks of outbox.ts). */
  queue?: OutboxQueue<C>;
}

/** The outbox worker of one process. See the module comment. */
export class LeadOutbox<C extends { destination: string } = ClaimedDelivery> {
  readonly #db: Db;
  readonly #allowPrivate: boolean;
  readonly #timeoutMs: number;
  readonly #clock: () => Date;
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
  #stopped = false;
  #timer: NodeJS.Timeout | null = null;
  readonly #abort = new AbortController();
  /** Attempts ended since this outbox was made. */
  readonly summary: DeliverSummary = { delivered: 0, retrying: 0, failed: 0 };

  constructor(db: Db, options: OutboxOptions<C>) {
    this.#db = db;
    this.#allowPrivate = options.allowPrivate;
    this.#timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.#clock = options.clock ?? (() => new Date());
    this.#perDestination = options.perDestination ?? 2;
    this.#maxInFlight = options.maxInFlight ?? 8;
    this.#continuous = options.continuous ?? false;
    this.#onError = options.onError ?? (() => {});
    this.#queue = options.queue ?? (webhookQueue as unknown as OutboxQueue<C>);
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

  /** Asks the running worker for a pass now (after a lead is committed); does nothing without the poll timer. */
  kick(): void {
    if (this.#timer) void this.pump();
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

  /** Starts the poll timer (intervalMs > 0) and continuous claiming. */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#stopped || this.#timer) return;
    this.#continuous = true;
    this.#timer = setInterval(() => void this.pump(), intervalMs);
    this.#timer.unref();
  }

  /** Stops claiming, aborts the attempts in flight (their claims are given back) and waits for them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
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

/**
 * Delivers every delivery due at `now` once, with a fixed clock (tests and one-off runs). Concurrency as the worker.
 */
export function deliverDue(
  db: Db,
  now: Date,
  options: Omit<OutboxOptions, "clock" | "continuous">,
): Promise<DeliverSummary> {
  return new LeadOutbox(db, { ...options, clock: () => now }).drain();
}

declare module "fastify" {
  interface FastifyInstance {
    /** The lead outbox worker of this process (modules/leads/worker.ts). */
    leadOutbox: LeadOutbox;
  }
}

/**
 * Decorates the app with `leadOutbox` (clock: `options.clock`, default the system clock), starts its timer on
 * onReady and stops it on onClose.
 */
export const leadOutboxPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const outbox = new LeadOutbox(app.db, {
      allowPrivate: app.config.webhookAllowPrivate,
      clock: options.clock,
      onError: (error) => app.log.error({ err: error }, "lead outbox pass failed"),
    });
    app.decorate("leadOutbox", outbox);
    app.addHook("onReady", async () => outbox.start(app.config.webhookWorkerIntervalMs));
    app.addHook("onClose", async () => outbox.stop());
  },
  { name: "lead-outbox" },
);

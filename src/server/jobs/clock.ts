/**
 * The one clock of business time (ARCHITECTURE resolution 24; docs/decisions/057-one-job-engine-and-one-clock.md).
 *
 * Every time rule (due jobs, leases, retry schedules, the response clock, follow-ups, retention, expiries) reads
 * `app.clock()` — buildApp's `AppDeps.clock` — and writes the time it read into the database; no business time comes
 * from the database's `now()` or a column default, so a test or a journey that moves this clock moves every rule.
 *
 * - `systemClock`: the process's wall clock (production).
 * - `movableClock()`: wall-clock time plus an offset the e2e journeys move (`POST /api/test/clock`, jobs/test-clock.ts;
 *   only with TEST_CLOCK=1, refused on a server reachable from outside, config.ts). It keeps flowing between moves,
 *   so timeouts and leases still pass; it only ever moves forward.
 */

/** The clock of business time: the current instant. */
export type Clock = () => Date;

/** The process's wall clock. */
export const systemClock: Clock = () => new Date();

/** A clock that runs with the wall clock, plus an offset a test moves forward. */
export interface MovableClock {
  /** The current instant (wall clock + offset). */
  readonly now: Clock;
  /** Moves the clock forward by `ms` (≥ 0). Errors: RangeError for a negative or non-finite amount. */
  advance(ms: number): Date;
  /** Moves the clock to `at` (not before the current instant). Errors: RangeError when `at` is in the past. */
  set(at: Date): Date;
}

/** A movable clock starting at `base()` (default the wall clock). */
export function movableClock(base: Clock = systemClock): MovableClock {
  let offsetMs = 0;
  const now: Clock = () => new Date(base().getTime() + offsetMs);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the test clock only moves forward");
      offsetMs += ms;
      return now();
    },
    set(at) {
      const ms = at.getTime() - now().getTime();
      if (Number.isNaN(ms) || ms < 0) throw new RangeError("the test clock only moves forward");
      offsetMs += ms;
      return now();
    },
  };
}

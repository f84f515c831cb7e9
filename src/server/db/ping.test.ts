/**
 * The health checks' `select 1` on the embedded database (db/ping.ts, docs/decisions/042-embedded-health-during-writes.md):
 * answered inside a young open transaction, and failing within a bounded time behind one that is stuck.
 * Deferred promises hold the transactions open; fake timers move the clock (no wall-clock waits).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "./connection.ts";
import { PING_TIMEOUT_MS, PingTimeoutError, pingDatabase, RIDE_ALONG_MAX_MS } from "./ping.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Opens a transaction on `database` that stays open until the returned `release()`. */
async function holdTransaction(database: Database) {
  const opened = deferred();
  const released = deferred();
  const done = database.db.transaction(async (tx) => {
    await tx.execute("create temporary table if not exists held (n int)");
    await tx.execute("insert into held values (1)");
    opened.resolve();
    await released.promise;
  });
  await opened.promise;
  return {
    release: async () => {
      released.resolve();
      await done;
    },
  };
}

describe("pingDatabase on the embedded database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => database.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers while a young transaction is open, instead of waiting for its end", async () => {
    const held = await holdTransaction(database);
    let pinged = false;
    // Without the ride-along, this select 1 would wait for the transaction, which waits for this test.
    await pingDatabase(database.db).then(() => {
      pinged = true;
    });
    expect(pinged).toBe(true);
    await held.release();
  });

  it("fails with PingTimeoutError behind a transaction open for longer than RIDE_ALONG_MAX_MS", async () => {
    vi.useFakeTimers({ toFake: ["performance", "setTimeout", "clearTimeout"] });
    const held = await holdTransaction(database);
    vi.advanceTimersByTime(RIDE_ALONG_MAX_MS);
    const outcome = pingDatabase(database.db).then(
      () => "answered",
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(PingTimeoutError);
    await held.release();
    // Once the stuck transaction ends, the database answers again.
    await expect(pingDatabase(database.db)).resolves.toBeUndefined();
  });

  it("answers right away when no transaction is open", async () => {
    await expect(pingDatabase(database.db)).resolves.toBeUndefined();
  });
});

/**
 * The webhooks' group commit and the storing that gives way to it (arrival-writes.ts;
 * docs/decisions/150-lead-form-webhooks-group-commit.md, docs/decisions/160-lead-form-jobs-give-way-to-webhooks.md):
 * what a platform relies on is that a webhook is answered only once its row is committed and without waiting for the
 * desk's storing, and what the desk relies on is that its storing still happens, once. With a fake clock, a
 * storing's statements are played by `work` calling the current statement gate, as the embedded database does before
 * each statement (db/statement-gate.test.ts).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#server/db/connection.ts";
import { currentStatementGate } from "#server/db/statement-gate.ts";
import { ArrivalWrites, YIELD_MAX_MS } from "./arrival-writes.ts";

/** A write whose commits the test releases one at a time. */
function controlledWrite() {
  const inserts: string[][] = [];
  const releases: ((error?: Error) => void)[] = [];
  const write = (rows: string[]) =>
    new Promise<void>((resolve, reject) => {
      inserts.push(rows);
      releases.push((error) => (error ? reject(error) : resolve()));
    });
  return { inserts, releases, write };
}

describe("the webhooks' arrival writes", () => {
  it("puts the rows of a burst in the next single insert and answers each only once its insert committed", async () => {
    const { inserts, releases, write } = controlledWrite();
    const writes = new ArrivalWrites(write);
    const done: string[] = [];
    const burst = ["a", "b", "c", "d"].map((id) => writes.add([id]).then(() => done.push(id)));
    await Promise.resolve();
    expect(inserts).toEqual([["a"]]);
    releases[0]();
    await burst[0];
    expect(done).toEqual(["a"]);
    expect(inserts).toEqual([["a"], ["b", "c", "d"]]);
    expect(writes.pending).toBe(3);
    releases[1]();
    await Promise.all(burst);
    expect(done).toEqual(["a", "b", "c", "d"]);
    expect(writes.pending).toBe(0);
  });

  it("fails the webhooks of an insert that failed, and writes the next ones", async () => {
    const { inserts, releases, write } = controlledWrite();
    const writes = new ArrivalWrites(write);
    const first = writes.add(["a"]);
    await Promise.resolve();
    releases[0](new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    const second = writes.add(["b"]);
    await Promise.resolve();
    releases[1]();
    await second;
    expect(inserts).toEqual([["a"], ["b"]]);
  });

  it("starts a storing transaction only once no webhook write is pending, one at a time", async () => {
    const { releases, write } = controlledWrite();
    const writes = new ArrivalWrites(write);
    const order: string[] = [];
    const webhook = writes.add(["a"]);
    const first = writes.storing(async () => {
      order.push("store 1 starts");
      await Promise.resolve();
      order.push("store 1 ends");
    });
    const second = writes.storing(async () => order.push("store 2 starts"));
    await Promise.resolve();
    expect(order).toEqual([]);
    order.push("webhook row committed");
    releases[0]();
    await Promise.all([webhook, first, second]);
    expect(order).toEqual(["webhook row committed", "store 1 starts", "store 1 ends", "store 2 starts"]);
  });

  it("on the embedded database, rolls back a storing a webhook interrupts and runs it again, committed once", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      await database.db.execute(sql`create table stored (n int)`);
      const storedNumbers = async () => {
        const result = (await database.db.execute(sql`select n from stored order by n`)) as unknown as {
          rows: { n: number }[];
        };
        return result.rows.map((r) => r.n);
      };
      const writes = new ArrivalWrites(async () => {});
      const webhook: { answered?: () => void } = {};
      let runs = 0;
      const stored = writes.storing(() =>
        database.db.transaction(async (tx) => {
          runs++;
          await tx.execute(sql`insert into stored values (1)`);
          // A webhook starts being answered while the first run is under way.
          webhook.answered ??= writes.answering();
          await tx.execute(sql`insert into stored values (2)`);
          return "stored";
        }),
      );
      for (let turn = 0; turn < 100 && writes.gaveWay === 0; turn++) await nextTurn();
      expect(writes.gaveWay).toBe(1);
      // The webhook's own statements are not behind the storing now: its transaction was rolled back.
      expect(await storedNumbers()).toEqual([]);
      webhook.answered?.();
      await expect(stored).resolves.toBe("stored");
      expect(runs).toBe(2);
      expect(await storedNumbers()).toEqual([1, 2]);
    } finally {
      await database.close();
    }
  });

  describe("with a fake clock", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("runs a storing to its end once it waited YIELD_MAX_MS, however many webhooks are being answered", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      const writes = new ArrivalWrites(async () => {});
      const answering = writes.answering();
      const statements: string[] = [];
      let done = false;
      const stored = writes
        .storing(async () => {
          const gate = currentStatementGate();
          for (const statement of ["insert lead", "assign lead"]) {
            await gate?.();
            statements.push(statement);
          }
        })
        .then(() => {
          done = true;
        });
      await vi.advanceTimersByTimeAsync(YIELD_MAX_MS - 1);
      expect(statements).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await stored;
      expect(done).toBe(true);
      expect(statements).toEqual(["insert lead", "assign lead"]);
      expect(writes.gaveWay).toBe(0);
      expect(writes.busy).toBe(true);
      answering();
      expect(writes.busy).toBe(false);
    });

    it("lets the arrivals' next claim wait until the webhooks are answered, at most YIELD_MAX_MS", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      const writes = new ArrivalWrites(async () => {});
      await writes.calm(); // nothing busy: at once
      const first = writes.answering();
      let calm = false;
      const waited = writes.calm().then(() => {
        calm = true;
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(calm).toBe(false);
      first();
      await waited;
      expect(calm).toBe(true);
      writes.answering();
      const bounded = writes.calm();
      await vi.advanceTimersByTimeAsync(YIELD_MAX_MS);
      await bounded;
    });

    it("on PostgreSQL (givesWayToAnswers off) a webhook being answered holds back neither a claim nor a storing", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
      const writes = new ArrivalWrites(async () => {}, { givesWayToAnswers: false });
      writes.answering();
      expect(writes.busy).toBe(false);
      let calm = false;
      const claim = writes.calm().then(() => {
        calm = true;
      });
      let stored = false;
      const storing = writes.storing(async () => {
        stored = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect([calm, stored]).toEqual([true, true]);
      await Promise.all([claim, storing]);
    });
  });
});

/**
 * The webhooks' group commit and the storing that gives way to it (arrival-writes.ts;
 * docs/decisions/150-lead-form-webhooks-group-commit.md): what a platform relies on is that a webhook is answered
 * only once its row is committed, and what the desk relies on is that its storing still happens.
 */
import { describe, expect, it } from "vitest";
import { ArrivalWrites } from "./arrival-writes.ts";

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
});

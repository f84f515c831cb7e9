/**
 * The gate before each statement of an embedded transaction (db/statement-gate.ts, db/ping.ts;
 * docs/decisions/160-lead-form-jobs-give-way-to-webhooks.md): what the lead-form storing relies on is that its gate
 * runs before every statement, that a gate that throws leaves nothing of the transaction behind, and that the other
 * work of the server meanwhile is not gated.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./connection.ts";
import { withStatementGate } from "./statement-gate.ts";

describe("the statement gate on the embedded database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.db.execute(sql`create table gated (n int)`);
  });
  afterAll(() => database.close());

  /** The `n` column of `query`'s rows. */
  async function numbers(query: SQL): Promise<number[]> {
    const result = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
    return result.rows.map((r) => r.n);
  }

  it("runs before each statement of a gated transaction, and only of that one", async () => {
    const seen: string[] = [];
    const gate = async () => {
      seen.push("gate");
    };
    await withStatementGate(gate, async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into gated values (1)`);
        seen.push("statement 1");
        await tx.execute(sql`insert into gated values (2)`);
        seen.push("statement 2");
      });
    });
    // Another transaction outside the gate's work is not gated.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into gated values (3)`);
    });
    expect(seen).toEqual(["gate", "statement 1", "gate", "statement 2"]);
    expect(await numbers(sql`select n from gated order by n`)).toEqual([1, 2, 3]);
  });

  it("rolls the transaction back when the gate throws, and the error reaches the caller as the cause", async () => {
    let statements = 0;
    const gate = async () => {
      statements++;
      if (statements === 2) throw new Error("give way");
    };
    const work = withStatementGate(gate, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into gated values (10)`);
        await tx.execute(sql`insert into gated values (11)`);
      }),
    );
    // The driver wraps the statement's error; the gate's is its cause.
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error instanceof Error && error.cause instanceof Error && error.cause.message).toBe("give way");
    expect(await numbers(sql`select n from gated where n >= 10`)).toEqual([]);
  });
});

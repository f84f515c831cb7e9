/**
 * Claiming and recording for outbox tables (docs/decisions/010-lead-outbox-claims.md,
 * docs/decisions/057-one-job-engine-and-one-clock.md): the SQL every queue's `claim` shares, and for the tables
 * built with db/columns.ts `outboxRow()` (the visits' and payments' e-mails, the payment webhooks) the whole claim
 * and the lease-guarded write of an attempt's outcome.
 */
import { and, asc, eq, isNull, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/connection.ts";

/** The columns of a queue's row that say whether it may be claimed. */
export interface ClaimColumns {
  id: PgColumn;
  /** "pending" while the row waits to be sent. */
  status: PgColumn;
  /** When the next attempt is due. */
  nextAt: PgColumn;
  /** The lease of the worker that claimed it (null: none). */
  lockedUntil: PgColumn;
}

/** A row that may be claimed at `now`: pending, due, and not leased (or its lease ran out); `also` narrows it. */
export function claimable(c: ClaimColumns, now: Date, also?: SQL): SQL | undefined {
  return and(eq(c.status, "pending"), lte(c.nextAt, now), or(isNull(c.lockedUntil), lte(c.lockedUntil, now)), also);
}

/** The order rows are claimed in: the longest due first, then the oldest. */
export const dueFirst = (c: ClaimColumns) => [asc(c.nextAt), asc(c.id)];

/** A table with db/columns.ts `outboxRow()` columns and a serial id. */
type OutboxRowTable = PgTable & ClaimColumns & { attempts: PgColumn };

/**
 * Claims one due row of `table` (FOR UPDATE SKIP LOCKED in a short transaction), counts the attempt and leases it
 * until `now + leaseMs`. Returns the row as read, the lease and the attempt's number, or null when none is due.
 */
export async function claimOutboxRow<T extends OutboxRowTable>(
  db: Db,
  table: T,
  now: Date,
  leaseMs: number,
  also?: SQL,
): Promise<{ row: T["$inferSelect"]; lease: Date; attempts: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(claimable(table, now, also))
      .orderBy(...dueFirst(table))
      .limit(1)
      .for("update", { skipLocked: true })) as T["$inferSelect"][];
    if (!row) return null;
    const lease = new Date(now.getTime() + leaseMs);
    const attempts = (row as { attempts: number }).attempts + 1;
    const id = (row as { id: number }).id;
    const leased = { lockedUntil: lease, attempts } as PgUpdateSetSource<T>;
    await tx.update(table).set(leased).where(eq(table.id, id));
    return { row, lease, attempts };
  });
}

/**
 * Writes `values` on the claimed row only while it still carries the claim's lease (a later claim sets a later one).
 * Returns false when the lease was lost (the outcome is then "lost").
 */
export async function writeIfLeased<T extends OutboxRowTable>(
  db: Db,
  table: T,
  claim: { id: number; lease: Date },
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const written = await db
    .update(table)
    .set(values)
    .where(and(eq(table.id, claim.id), eq(table.lockedUntil, claim.lease)))
    .returning({ id: table.id });
  return written.length > 0;
}

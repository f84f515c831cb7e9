/**
 * The payments screen's API (docs/payments.md "Payments screen"): GET /api/payments (payments.view) lists the
 * checkouts (filtered by state and days, paged) with their state, unit, lead, gateway reference and the buyer's
 * national ID masked to its last four digits;
 * POST /api/payments/{id}/refund (payments.refund) refunds a paid deposit in full at the gateway (mada: a refund,
 * never a void) with the manager's reason, audited. The reservation stays: the agent moves the lead if it ends.
 * Errors (refund): 404 unknown; 409 not paid (or already refunded); 502 the gateway refused or could not be reached.
 */
import { and, count, desc, eq, gte, isNotNull, lt, or, type SQL } from "drizzle-orm";
import { CHECKOUT_TEXTS, type PaymentFilters, type PaymentRow, type PaymentsPageQuery } from "#domain/checkout.ts";
import { nextDay, riyadhDayStart } from "#domain/licence.ts";
import { maskSaudiId } from "#domain/national-id.ts";
import { toHalalas } from "#domain/payments.ts";
import { unitLabel } from "#domain/unit-label.ts";
import type { Db } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { conflict, HttpError, notFound } from "#server/lib/http-errors.ts";
import { decodeCursor, encodeCursor, exactTime, timeCompare } from "#server/lib/paging.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { PaymentDeps } from "./checkout.ts";
import { GatewayError } from "./gateway.ts";
import { credentialsOf } from "./settings.ts";

/** The filters of the list and the export as SQL (states; Asia/Riyadh days of the start, both included). */
export function paymentFilterWhere(filters: PaymentFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.state) where.push(eq(checkouts.state, filters.state));
  if (filters.from) where.push(gte(checkouts.createdAt, riyadhDayStart(filters.from)));
  if (filters.to) where.push(lt(checkouts.createdAt, riyadhDayStart(nextDay(filters.to))));
  return where;
}

/** A checkout with its unit's number and building and its project's name, as the payment lists select it. */
export const CHECKOUT_WITH_UNIT = {
  c: checkouts,
  unitNumber: units.unitNumber,
  building: units.building,
  projectName: projects.name,
};

/** The rows of the checkouts matching `where`, newest first, at most `limit`, with their sort key. */
export async function paymentRows(db: Db, where: SQL[], limit: number) {
  const rows = await db
    .select({ ...CHECKOUT_WITH_UNIT, sortAt: exactTime(checkouts.createdAt) })
    .from(checkouts)
    .innerJoin(units, eq(units.id, checkouts.unitId))
    .innerJoin(projects, eq(projects.id, checkouts.projectId))
    .where(and(...where))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(limit);
  return rows.map(({ c, unitNumber, building, projectName, sortAt }) => ({
    sortAt,
    row: {
      id: c.id,
      state: c.state,
      projectId: c.projectId,
      projectName,
      unitId: c.unitId,
      unitLabel: unitLabel({ unitNumber, building: building || null }),
      leadId: c.leadId,
      name: c.name,
      phone: c.phone,
      email: c.email,
      nationalIdMasked: maskSaudiId(c.nationalIdLast4),
      amountSar: c.amountSar,
      refundedSar: c.refundedSar,
      gatewayPaymentId: c.gatewayPaymentId,
      createdAt: c.createdAt.toISOString(),
      paidAt: c.paidAt?.toISOString() ?? null,
      refundReason: c.refundReason,
    } satisfies PaymentRow,
  }));
}

/**
 * GET /api/payments: the checkouts matching the filters, newest first, a page at a time (keyset on the start's exact
 * time and id; src/server/lib/paging.ts). Output `{ items, nextCursor, total }`. Errors: 400 {cursor}.
 */
export async function listPayments(
  deps: Pick<PaymentDeps, "db">,
  query: PaymentsPageQuery,
): Promise<{ items: PaymentRow[]; nextCursor: string | null; total: number }> {
  const filters = paymentFilterWhere(query);
  const where = [...filters];
  if (query.cursor) {
    const key = decodeCursor(query.cursor, { at: "time", id: "number" });
    const at = String(key.at);
    where.push(
      or(
        timeCompare(checkouts.createdAt, "<", at),
        and(timeCompare(checkouts.createdAt, "=", at), lt(checkouts.id, Number(key.id))),
      ) as SQL,
    );
  }
  const rows = await paymentRows(deps.db, where, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(checkouts)
    .where(and(...filters));
  return {
    items: page.map((r) => r.row),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.sortAt, id: last.row.id }) : null,
    total,
  };
}

/**
 * POST /api/payments/{id}/refund (see the module comment). The row is claimed first (paid → refunded, conditional
 * update), so two managers pressing «استرداد» at once refund once: the second answers 409. A gateway refusal gives
 * the claim back (paid) and answers 502.
 */
export async function refundPayment(deps: PaymentDeps, actor: AuditActor, id: number, reason: string, now: Date) {
  const [claimed] = await deps.db
    .update(checkouts)
    .set({ state: "refunded", refundReason: reason, refundedBy: actor.userId })
    .where(and(eq(checkouts.id, id), eq(checkouts.state, "paid"), isNotNull(checkouts.gatewayPaymentId)))
    .returning();
  if (!claimed) {
    const [exists] = await deps.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.id, id)).limit(1);
    if (!exists) throw notFound(CHECKOUT_TEXTS.checkoutNotFound);
    throw conflict(CHECKOUT_TEXTS.refundNotPaid, { id: CHECKOUT_TEXTS.refundNotPaid });
  }
  const credentials = await credentialsOf(deps.db, deps.secrets, claimed.projectId);
  try {
    if (!credentials) throw new GatewayError("no credentials", null);
    await deps.gateway.refund(credentials, claimed.gatewayPaymentId ?? "", toHalalas(claimed.amountSar));
  } catch (error) {
    await deps.db
      .update(checkouts)
      .set({ state: "paid", refundReason: null, refundedBy: null })
      .where(eq(checkouts.id, id));
    if (error instanceof GatewayError) throw new HttpError(502, CHECKOUT_TEXTS.refundFailed);
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkouts)
      .set({ refundedSar: claimed.amountSar })
      .where(eq(checkouts.id, id))
      .returning();
    await recordAudit(tx, actor, {
      entityType: "checkout",
      entityId: id,
      action: "refund",
      previousState: { state: "paid" },
      newState: { state: "refunded", refundedSar: claimed.amountSar, reason, at: now.toISOString() },
    });
    return { id: row.id, state: row.state, refundedSar: row.refundedSar };
  });
}

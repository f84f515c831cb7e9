/**
 * The dashboard's online-deposit figures (docs/payments.md "Counts"): GET /api/payments/summary?from&to
 * (payments.view). Over Jeddah days [from, to] (both included), by when the gateway's payment was recorded (`paidAt`):
 * `onlineReservations` the checkouts whose payment reserved the unit (a lead at حجز), `depositsSar` every deposit
 * received (whole SAR, including a payment after the hold's end that was refunded automatically), `refundedSar` what
 * of those went back. Errors: 400 {from|to} not a day, or from after to.
 */
import { and, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type PaymentsSummary, paymentsSummaryQuerySchema, paymentsSummarySchema } from "#domain/checkout.ts";
import type { Db } from "#server/db/connection.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { dayStart } from "#server/lib/jeddah-days.ts";

/** The figures over [from, to] (ISO days, Jeddah time). */
export async function paymentsSummary(db: Db, from: string, to: string): Promise<PaymentsSummary> {
  const [row] = await db
    .select({
      reservations: sql<number>`count(*) filter (where ${checkouts.leadId} is not null)::int`,
      deposits: sql<number>`coalesce(sum(${checkouts.amountSar}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${checkouts.refundedSar}), 0)::int`,
    })
    .from(checkouts)
    .where(
      and(isNotNull(checkouts.paidAt), gte(checkouts.paidAt, dayStart(from)), lt(checkouts.paidAt, dayStart(to, 1))),
    );
  return {
    from,
    to,
    onlineReservations: row?.reservations ?? 0,
    depositsSar: row?.deposits ?? 0,
    refundedSar: row?.refunded ?? 0,
  };
}

/** Registers GET /api/payments/summary. */
export async function paymentsSummaryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/payments/summary",
    {
      config: { access: { permission: "payments.view" } },
      schema: { querystring: paymentsSummaryQuerySchema, response: { 200: paymentsSummarySchema } },
    },
    async (request) => paymentsSummary(app.db, request.query.from, request.query.to),
  );
}

/**
 * The lead page's payments (docs/payments.md "Refunds from the lead page"): GET /api/leads/{id}/payments
 * (leads.view_own; the lead within the viewer's scope: every lead with leads.view_all, else their own) answers the
 * lead's online checkouts that were paid (newest first) as `leadPaymentSchema` (#domain/checkout.ts): the national ID
 * masked to its last four digits for staff holding payments.view only. `canRefund`: the viewer holds
 * payments.refund; the refund itself is POST /api/payments/{id}/refund (./admin.ts refundPayment, audited).
 * Errors: 404 the lead is unknown or not the viewer's.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type LeadPayment, leadPaymentSchema } from "#domain/checkout.ts";
import { maskSaudiId } from "#domain/national-id.ts";
import { idParam } from "#domain/schemas/common.ts";
import { unitLabel } from "#domain/unit-label.ts";
import type { Db } from "#server/db/connection.ts";
import { leads, projects, units } from "#server/db/schema.ts";
import { checkouts, projectPaymentSettings } from "#server/db/tables/payments.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { requireAuth } from "#server/plugins/auth.ts";
import { type LeadViewer, scopeOf } from "../leads/desk/service.ts";
import { CHECKOUT_WITH_UNIT } from "./admin.ts";

const DAY_MS = 86_400_000;
const LEAD_NOT_FOUND = "العميل غير موجود";

/** The paid checkouts of lead `leadId` as `viewer` may see them at `now`. */
export async function leadPayments(
  db: Db,
  viewer: LeadViewer,
  leadId: number,
  showNationalId: boolean,
  now: Date,
): Promise<LeadPayment[]> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), scopeOf(viewer)));
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  const rows = await db
    .select({ ...CHECKOUT_WITH_UNIT, refundWindowDays: projectPaymentSettings.refundWindowDays })
    .from(checkouts)
    .innerJoin(units, eq(units.id, checkouts.unitId))
    .innerJoin(projects, eq(projects.id, checkouts.projectId))
    .leftJoin(projectPaymentSettings, eq(projectPaymentSettings.projectId, checkouts.projectId))
    .where(and(eq(checkouts.leadId, leadId), isNotNull(checkouts.paidAt)))
    .orderBy(desc(checkouts.paidAt), desc(checkouts.id));
  return rows.map(({ c, unitNumber, building, projectName, refundWindowDays }) => {
    const refundable = c.state === "paid" && c.refundedSar === 0;
    const windowEnd = c.paidAt ? c.paidAt.getTime() + (refundWindowDays ?? 0) * DAY_MS : 0;
    return {
      id: c.id,
      state: c.state,
      projectName,
      unitId: c.unitId,
      unitLabel: unitLabel({ unitNumber, building: building || null }),
      amountSar: c.amountSar,
      refundedSar: c.refundedSar,
      gatewayPaymentId: c.gatewayPaymentId,
      paidAt: c.paidAt?.toISOString() ?? null,
      refundReason: c.refundReason,
      nationalIdMasked: showNationalId ? maskSaudiId(c.nationalIdLast4) : null,
      refundable,
      withinRefundWindow: refundable && now.getTime() <= windowEnd,
    };
  });
}

/** Registers GET /api/leads/{id}/payments. */
export async function leadPaymentsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/leads/:id/payments",
    {
      config: { access: { permission: "leads.view_own" } },
      schema: {
        params: idParam,
        response: { 200: z.object({ items: z.array(leadPaymentSchema), canRefund: z.boolean() }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const auth = requireAuth(request);
      const viewer = { id: auth.user.id, viewAll: await auth.can("leads.view_all"), ip: request.ip };
      const items = await leadPayments(app.db, viewer, request.params.id, await auth.can("payments.view"), app.clock());
      return { items, canRefund: await auth.can("payments.refund") };
    },
  );
}

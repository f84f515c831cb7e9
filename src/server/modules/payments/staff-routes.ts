/**
 * The payments' back-office routes (docs/payments.md "Payments screen"): GET /api/payments (payments.view) a page of payments
 * with filters, GET /api/payments/export (payments.view) the same as an XLSX attachment, POST
 * /api/payments/{id}/refund `{ reason }` (payments.refund, audited; the gateway is asked once even for two refunds at
 * once). Errors: 400 with `fields`, 404 unknown payment, 409 not refundable, 502 when the gateway cannot be reached.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentFiltersSchema, paymentRowSchema, paymentsPageQuerySchema, refundSchema } from "#domain/checkout.ts";
import { riyadhDay } from "#domain/licence.ts";
import { fileResponse, XLSX_TYPE } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { pageSchema } from "#domain/schemas/paging.ts";
import { text } from "#domain/schemas/text.ts";
import { actorOf } from "#server/plugins/auth.ts";
import { listPayments, refundPayment } from "./admin.ts";
import type { PaymentDeps } from "./checkout.ts";
import { paymentsXlsx } from "./export.ts";

/** Registers these routes on `app`, with the payments' dependencies `deps` (checkoutRoutes builds them). */
export async function paymentStaffRoutes(app: FastifyInstance, deps: PaymentDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/payments",
    {
      config: { access: { permission: "payments.view" } },
      schema: { querystring: paymentsPageQuerySchema, response: { 200: pageSchema(paymentRowSchema) } },
    },
    async (request) => listPayments(deps, request.query),
  );

  r.get(
    "/api/payments/export",
    {
      config: { access: { permission: "payments.view" } },
      schema: {
        querystring: paymentFiltersSchema,
        response: { 200: fileResponse("The payments as a spreadsheet (attachment)", [XLSX_TYPE]) },
      },
    },
    async (request, reply) => {
      const day = riyadhDay(app.clock());
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="payments-${day}.xlsx"`)
        .header("cache-control", "private, no-store")
        .send(await paymentsXlsx(app.db, request.query));
    },
  );

  r.post(
    "/api/payments/:id/refund",
    {
      config: { access: { permission: "payments.refund" } },
      schema: {
        params: idParam,
        body: refundSchema,
        response: { 200: z.object({ id: z.number(), state: text(), refundedSar: z.number() }) },
      },
    },
    async (request) => refundPayment(deps, actorOf(request), request.params.id, request.body.reason, app.clock()),
  );
}

/**
 * Online deposits' routes (docs/payments.md):
 * - GET /api/projects/{id}/payment-settings (projects.edit): the project's deposit settings, credentials as `hasX`;
 * - PUT /api/projects/{id}/payment-settings (projects.edit; changes public pages: the unit pages' «احجز الآن بعربون»):
 *   body paymentSettingsInputSchema (#domain/payments.ts); 400 {field}, 404, 409 {first missing field};
 * - the checkout, the gateway's webhook and the payments screen: ./checkout-routes.ts;
 * - GET /api/payments/summary (payments.view): the dashboard's figures, ./summary.ts;
 * - GET /api/leads/{id}/payments (leads.view_own, the viewer's leads): the lead page's payments, ./lead-payments.ts.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { paymentSettingsInputSchema, paymentSettingsSchema } from "#domain/payments.ts";
import { idParam } from "#domain/schemas/common.ts";
import { actorOf } from "#server/plugins/auth.ts";
import { checkoutRoutes } from "./checkout-routes.ts";
import { leadPaymentsRoutes } from "./lead-payments.ts";
import { readPaymentSettings, savePaymentSettings } from "./settings.ts";
import { paymentsSummaryRoutes } from "./summary.ts";

export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await checkoutRoutes(app);
  await paymentsSummaryRoutes(app);
  await leadPaymentsRoutes(app);
  r.get(
    "/api/projects/:id/payment-settings",
    {
      config: { access: { permission: "projects.edit" } },
      schema: { params: idParam, response: { 200: paymentSettingsSchema } },
    },
    async (request) => readPaymentSettings(app.db, request.params.id),
  );
  r.put(
    "/api/projects/:id/payment-settings",
    {
      config: { access: { permission: "projects.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: paymentSettingsInputSchema, response: { 200: paymentSettingsSchema } },
    },
    async (request) =>
      savePaymentSettings(app.db, app.secrets, actorOf(request), request.params.id, request.body, app.clock()),
  );
}

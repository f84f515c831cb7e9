/**
 * Conversion routes (docs/conversions.md):
 * GET  /api/conversions/connections                    conversions.manage  the five platforms (never a token)
 * PUT  /api/conversions/connections/{platform}         conversions.manage  on/off, ids, token (write-only), mapping
 * POST /api/conversions/connections/{platform}/test    conversions.manage  one test event now, the platform's answer
 * GET  /api/conversions/deliveries                     conversions.manage  delivery log (?platform, ?leadId, ?status)
 * POST /api/conversions/deliveries/{id}/retry          conversions.manage  due again now
 * GET  /api/conversions/funnel                         conversions.manage  funnel and cost per campaign (?from&to)
 * GET  /api/conversions/funnel/export                  conversions.manage  the same as .xlsx
 * PUT  /api/conversions/spend                          conversions.manage  spend per day typed in
 * POST /api/conversions/spend/import                   conversions.manage  spend from a platform's CSV export
 * DELETE /api/leads/{id}/marketing-consent             leads.work          the person withdrew marketing consent
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  connectionUpdateSchema,
  connectionViewSchema,
  consentWithdrawnSchema,
  conversionDeliverySchema,
  deliveryListQuerySchema,
  funnelQuerySchema,
  funnelReportSchema,
  platformParam,
  retryResultSchema,
  spendImportQuerySchema,
  spendInputSchema,
  spendSavedSchema,
  testEventResultSchema,
} from "#domain/conversions.ts";
import { fileResponse, XLSX_TYPE } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { multilineText } from "#domain/schemas/text.ts";
import { actorOf, requireAuth } from "../../plugins/auth.ts";
import { campaignFunnels, funnelXlsx, parseSpendCsv, saveSpend } from "./funnel.ts";
import {
  listConnections,
  listDeliveries,
  retryConversion,
  saveConnection,
  sendTestEvent,
  withdrawMarketingConsent,
} from "./service.ts";

const manage = { access: { permission: "conversions.manage" } } as const;

export async function conversionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/conversions/connections",
    { config: manage, schema: { response: { 200: z.array(connectionViewSchema) } } },
    async () => listConnections(app.db),
  );

  r.put(
    "/api/conversions/connections/:platform",
    {
      config: manage,
      schema: { params: platformParam, body: connectionUpdateSchema, response: { 200: connectionViewSchema } },
    },
    async (request) => saveConnection(app.db, app.secrets, actorOf(request), request.params.platform, request.body),
  );

  r.post(
    "/api/conversions/connections/:platform/test",
    { config: manage, schema: { params: platformParam, response: { 200: testEventResultSchema } } },
    async (request) =>
      sendTestEvent(app.db, app.conversionSendContext, request.params.platform, app.config.conversions.timeoutMs),
  );

  r.get(
    "/api/conversions/deliveries",
    {
      config: manage,
      schema: { querystring: deliveryListQuerySchema, response: { 200: z.array(conversionDeliverySchema) } },
    },
    async (request) => listDeliveries(app.db, request.query),
  );

  r.post(
    "/api/conversions/deliveries/:id/retry",
    { config: manage, schema: { params: idParam, response: { 202: retryResultSchema } } },
    async (request, reply) => {
      const result = await retryConversion(app.db, actorOf(request), request.params.id, app.clock());
      app.conversionOutbox.kick();
      return reply.code(202).send(result);
    },
  );

  r.get(
    "/api/conversions/funnel",
    { config: manage, schema: { querystring: funnelQuerySchema, response: { 200: funnelReportSchema } } },
    async (request) => campaignFunnels(app.db, request.query),
  );

  r.get(
    "/api/conversions/funnel/export",
    {
      config: manage,
      schema: {
        querystring: funnelQuerySchema,
        response: { 200: fileResponse("The campaigns report as a spreadsheet (attachment)", [XLSX_TYPE]) },
      },
    },
    async (request, reply) => {
      const report = await campaignFunnels(app.db, request.query);
      reply.header("content-disposition", `attachment; filename="campaigns-${report.from}-${report.to}.xlsx"`);
      reply.header("cache-control", "no-store");
      return reply.type(XLSX_TYPE).send(funnelXlsx(report));
    },
  );

  r.put(
    "/api/conversions/spend",
    { config: manage, schema: { body: spendInputSchema, response: { 200: spendSavedSchema } } },
    async (request) => saveSpend(app.db, actorOf(request), request.body),
  );

  r.post(
    "/api/conversions/spend/import",
    {
      config: manage,
      schema: {
        querystring: spendImportQuerySchema,
        body: z.object({ csv: multilineText().min(1).max(2_000_000) }),
        response: { 200: spendSavedSchema },
      },
    },
    async (request) => {
      const entries = parseSpendCsv(request.body.csv);
      return saveSpend(app.db, actorOf(request), { campaignId: request.query.campaignId, entries });
    },
  );

  r.delete(
    "/api/leads/:id/marketing-consent",
    {
      config: { access: { permission: "leads.work" } },
      schema: { params: idParam, response: { 200: consentWithdrawnSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const viewer = { id: auth.user.id, viewAll: await auth.can("leads.view_all"), ip: request.ip };
      return withdrawMarketingConsent(app.db, viewer, request.params.id, app.clock());
    },
  );
}

/**
 * The lead routes (SPEC §7.2; the public paths keep the word "contact"): POST /api/contact (public, rate-limited
 * per IP by rate-limit.ts, honeypot; a queued webhook is handed to `app.leadOutbox` at once),
 * GET /api/contact/messages (filters: see contactListQuerySchema), DELETE /api/contact/messages/{id},
 * GET /api/contact/messages/export?format=xlsx|csv (contact_messages.export, same filters) and
 * POST /api/contact/messages/{id}/webhook-retry (campaigns.manage).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CSV_TYPE,
  contactCreatedSchema,
  contactMessageSchema,
  fileResponse,
  noContentSchema,
  webhookRetrySchema,
  XLSX_TYPE,
} from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { contactListQuerySchema, contactSchema } from "#domain/schemas/contact.ts";
import { actorOf } from "#server/plugins/auth.ts";
import { isBotSend, leadPersonLimit, leadRateLimit, registerLeadRateLimit } from "../rate-limit.ts";
import { toCsv, toXlsx } from "./export.ts";
import { createContactMessage, deleteContactMessage, listContactMessages, retryLeadDelivery } from "./service.ts";

/**
 * How OpenAPI marks SPEC's calls (ARCHITECTURE resolution 18; docs/decisions/061-enquiries-and-leads.md): answered
 * as the specification describes them, thin routes over the intake services the lead desk's calls also use.
 */
export const SPEC_CALL =
  "Specification call (SPEC §7.2, §2.16): answered as the specification describes it; an enquiry, over the same " +
  "services as the lead desk (/api/leads).";

export async function leadRoutes(app: FastifyInstance) {
  await registerLeadRateLimit(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/contact",
    {
      config: {
        access: "public",
        rateLimit: leadRateLimit(app),
      },
      schema: {
        description: SPEC_CALL,
        body: contactSchema,
        response: { 201: contactCreatedSchema },
      },
      preHandler: leadPersonLimit(app),
    },
    async (request, reply) => {
      if (isBotSend(app, request.body)) {
        // Honeypot filled or sent faster than a person fills a form: a bot. Answer like a success, store nothing.
        request.log.info("contact honeypot triggered");
        return reply.code(201).send({ ok: true });
      }
      const result = await createContactMessage(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
        consentVersion: app.site.privacy.version,
        marketingConsentVersion: app.site.privacy.marketingConsent?.version ?? null,
        whatsappOptInVersion: app.site.privacy.whatsappOptIn?.version ?? null,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        affordabilityRules: app.affordability,
      });
      // The lead and its queued webhook are committed: deliver now rather than at the next poll.
      if (result.queued) app.leadOutbox.kick();
      app.conversionOutbox.kick();
      return reply.code(201).send({ ok: true, id: result.id, leadId: result.leadId, isDuplicate: result.isDuplicate });
    },
  );

  r.get(
    "/api/contact/messages",
    {
      config: { access: { permission: "contact_messages.view" } },
      schema: {
        description: SPEC_CALL,
        querystring: contactListQuerySchema,
        response: { 200: z.array(contactMessageSchema) },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  r.get(
    "/api/contact/messages/export",
    {
      config: { access: { permission: "contact_messages.export" } },
      schema: {
        description: SPEC_CALL,
        querystring: contactListQuerySchema.extend({ format: z.enum(["xlsx", "csv"]).default("xlsx") }),
        response: { 200: fileResponse("The filtered leads as a spreadsheet (attachment)", [XLSX_TYPE, CSV_TYPE]) },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const messages = await listContactMessages(app.db, filters);
      const stamp = app.clock().toISOString().slice(0, 10);
      reply.header("content-disposition", `attachment; filename="contact-messages-${stamp}.${format}"`);
      reply.header("cache-control", "no-store");
      if (format === "csv") return reply.type("text/csv; charset=utf-8").send(toCsv(messages));
      return reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(toXlsx(messages));
    },
  );

  r.post(
    "/api/contact/messages/:id/webhook-retry",
    {
      config: { access: { permission: "campaigns.manage" } },
      schema: {
        description: SPEC_CALL,
        params: idParam,
        response: { 202: webhookRetrySchema },
      },
    },
    async (request, reply) => {
      const result = await retryLeadDelivery(app.db, request.params.id, actorOf(request), app.clock());
      app.leadOutbox.kick();
      return reply.code(202).send(result);
    },
  );

  r.delete(
    "/api/contact/messages/:id",
    {
      config: { access: { permission: "contact_messages.delete" } },
      schema: {
        description: SPEC_CALL,
        params: idParam,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteContactMessage(app.db, request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
}

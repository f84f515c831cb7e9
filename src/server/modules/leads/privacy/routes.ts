/**
 * A person's data on request (PDPL; docs/product.md §2.16), opened by leads.settings:
 *
 * GET    /api/leads/person                leads.settings   the export of one person (phone or email)
 * GET    /api/leads/person/xlsx           leads.settings   the same as an .xlsx workbook
 * POST   /api/leads/person/erase          leads.settings   erasure: anonymise every enquiry of the person
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { personQuerySchema } from "#domain/lead-desk.ts";
import { personExportSchema } from "#domain/lead-desk-api.ts";
import { fileResponse, XLSX_TYPE } from "#domain/schemas/api.ts";
import { actorOf } from "#server/plugins/auth.ts";
import { erasePerson, exportPerson, personToXlsx } from "./service.ts";

export async function privacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/leads/person",
    {
      config: { access: { permission: "leads.settings" } },
      schema: {
        querystring: personQuerySchema,
        response: {
          200: personExportSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return exportPerson(app.db, actorOf(request), request.query);
    },
  );

  r.get(
    "/api/leads/person/xlsx",
    {
      config: { access: { permission: "leads.settings" } },
      schema: {
        querystring: personQuerySchema,
        response: {
          200: fileResponse("Everything stored about one person, as a spreadsheet (attachment)", [XLSX_TYPE]),
        },
      },
    },
    async (request, reply) => {
      const data = await exportPerson(app.db, actorOf(request), request.query, "xlsx");
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", 'attachment; filename="person.xlsx"')
        .type(XLSX_TYPE)
        .send(personToXlsx(data));
    },
  );

  r.post(
    "/api/leads/person/erase",
    {
      config: { access: { permission: "leads.settings" } },
      schema: { body: personQuerySchema, response: { 200: z.object({ erased: z.number() }) } },
    },
    async (request) => erasePerson(app.db, actorOf(request), request.body, app.clock()),
  );
}

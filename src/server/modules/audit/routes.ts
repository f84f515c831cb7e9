/**
 * GET /api/audit-logs (ARCHITECTURE resolution 8): the audit trail, filterable by user, entity type, action and
 * date range. Access: audit.view, which a super_admin always holds (SPEC §6 step 2) and no other role holds by
 * default; a super_admin may grant it to someone by a role or user permission.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditLogPageSchema } from "#domain/schemas/api.ts";
import { auditQuerySchema } from "#domain/schemas/permission.ts";
import { listAuditLogs } from "./service.ts";

export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/audit-logs",
    {
      config: { access: { permission: "audit.view" } },
      schema: { querystring: auditQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => listAuditLogs(app.db, request.query),
  );
}

/**
 * The lead desk routes (service.ts; schemas in src/domain/lead-desk.ts; a person's data: ../privacy/routes.ts).
 * Every lead route is opened by leads.view_own (anyone who may hold leads: agents, and the default grants of employee and manager); the service
 * then scopes by leads.view_all, so an agent reads and changes only their own leads (others answer 404).
 *
 * GET    /api/leads                       leads.view_own   paginated list (filters, sort, cursor), total, each lead's
 *                                                           enquiries with their webhook delivery, the clock's next step
 * GET    /api/leads/stats                 leads.view_own   dashboard figures (stats.ts)
 * GET    /api/leads/{id}                  leads.view_own   the lead, its timeline and the person's other enquiries
 * PATCH  /api/leads/{id}/stage            leads.work       stage change with unit link
 * POST   /api/leads/{id}/activities       leads.work       call / WhatsApp / e-mail / meeting / note, follow-up
 * PUT    /api/leads/{id}/owner            leads.assign     manual reassignment
 * POST   /api/leads/reassign              leads.assign     several leads to one owner, one transaction (bulk-assign.ts)
 * POST   /api/leads/{id}/merge            leads.assign     merge another lead of the same person into this one
 * GET    /api/leads/export                leads.export     the filtered list as CSV/XLSX, streamed (own leads only
 *                                                           without leads.view_all)
 * GET    /api/leads/lost-reasons          leads.view_own   the lost reasons
 * POST   /api/leads/lost-reasons          leads.settings   add a reason
 * PUT    /api/leads/lost-reasons/{id}     leads.settings   rename / (de)activate
 * GET    /api/leads/agents                leads.settings   the round-robin lists
 * PUT    /api/leads/agents                leads.settings   set one list (and deal the unassigned backlog in turn)
 * PUT    /api/leads/agents/{userId}/away  leads.assign     mark an agent away / back (back: deal the backlog)
 * GET    /api/leads/settings              leads.settings   response-clock steps (minutes)
 * PUT    /api/leads/settings              leads.settings
 * GET    /api/notifications               signed-in        the bell: newest 50 and the unread count
 * POST   /api/notifications/read          signed-in        mark read (ids, or all)
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LEAD_STAGES,
  leadActivitySchema,
  leadAssignSchema,
  leadDetailSchema,
  leadMergeSchema,
  leadStageChangeSchema,
} from "#domain/lead-desk.ts";
import { activityLoggedSchema, leadStatsSchema, ownerSetSchema } from "#domain/lead-desk-api.ts";
import {
  leadBulkAssignedSchema,
  leadBulkAssignSchema,
  leadListFullQuerySchema,
  leadListPageSchema,
} from "#domain/lead-list.ts";
import { CSV_TYPE, fileResponse, XLSX_TYPE } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { requireAuth } from "#server/plugins/auth.ts";
import { EXPORT_BATCH, streamLeadExport } from "./export.ts";
import {
  changeLeadStage,
  getLeadDetail,
  type LeadViewer,
  leadPage,
  listLeads,
  logLeadActivity,
  mergeLeads,
  reassignLead,
  reassignLeads,
} from "./service.ts";
import { leadDeskSettingsRoutes } from "./settings-routes.ts";
import { leadStats } from "./stats.ts";

/** The signed-in viewer of a request, with whether they see every lead. */
async function viewerOf(request: FastifyRequest): Promise<LeadViewer> {
  const auth = requireAuth(request);
  return { id: auth.user.id, viewAll: await auth.can("leads.view_all"), ip: request.ip };
}

/** Registers the lead desk routes of this file's header on `app` (the settings and the bell: settings-routes.ts). */
export async function leadDeskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.leadDesk.clock();
  await leadDeskSettingsRoutes(app);

  r.get(
    "/api/leads",
    {
      config: { access: { permission: "leads.view_own" } },
      schema: { querystring: leadListFullQuerySchema, response: { 200: leadListPageSchema } },
    },
    async (request) => listLeads(app.db, await viewerOf(request), request.query, now()),
  );

  r.get(
    "/api/leads/stats",
    {
      config: { access: { permission: "leads.view_own" } },
      schema: { response: { 200: leadStatsSchema } },
    },
    async (request) => leadStats(app.db, await viewerOf(request), now()),
  );

  r.get(
    "/api/leads/:id",
    {
      config: { access: { permission: "leads.view_own" } },
      schema: { params: idParam, response: { 200: leadDetailSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return getLeadDetail(app.db, await viewerOf(request), request.params.id, now(), (key) => auth.can(key));
    },
  );

  r.patch(
    "/api/leads/:id/stage",
    {
      config: { access: { permission: "leads.work" }, changesPublicPages: true },
      schema: {
        params: idParam,
        body: leadStageChangeSchema,
        response: { 200: z.object({ stage: z.enum(LEAD_STAGES), unitId: z.number().nullable() }) },
      },
    },
    async (request) => {
      const { webhookQueued, ...result } = await changeLeadStage(
        app.db,
        await viewerOf(request),
        request.params.id,
        request.body,
        now(),
      );
      // A committed lead.stage_changed delivery is sent now rather than at the next poll.
      if (webhookQueued) app.leadOutbox.kick();
      return result;
    },
  );

  r.post(
    "/api/leads/:id/activities",
    {
      config: { access: { permission: "leads.work" } },
      schema: {
        params: idParam,
        body: leadActivitySchema,
        response: {
          201: activityLoggedSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await logLeadActivity(app.db, await viewerOf(request), request.params.id, request.body, now())),
  );

  r.put(
    "/api/leads/:id/owner",
    {
      config: { access: { permission: "leads.assign" } },
      schema: { params: idParam, body: leadAssignSchema, response: { 200: ownerSetSchema } },
    },
    async (request) =>
      reassignLead(app.db, await viewerOf(request), request.params.id, request.body.ownerId, request.body.note, now()),
  );

  r.post(
    "/api/leads/reassign",
    {
      config: { access: { permission: "leads.assign" } },
      schema: { body: leadBulkAssignSchema, response: { 200: leadBulkAssignedSchema } },
    },
    async (request) => reassignLeads(app.db, await viewerOf(request), request.body, now()),
  );

  r.post(
    "/api/leads/:id/merge",
    {
      config: { access: { permission: "leads.assign" } },
      schema: {
        params: idParam,
        body: leadMergeSchema,
        response: { 200: z.object({ id: z.number(), mergedId: z.number() }) },
      },
    },
    async (request) => mergeLeads(app.db, await viewerOf(request), request.params.id, request.body.otherId, now()),
  );

  r.get(
    "/api/leads/export",
    {
      config: { access: { permission: "leads.export" } },
      schema: {
        querystring: leadListFullQuerySchema
          .omit({ cursor: true, limit: true })
          .extend({ format: z.enum(["csv", "xlsx"]).default("xlsx") }),
        response: {
          200: fileResponse("The filtered leads as a spreadsheet, streamed (attachment)", [XLSX_TYPE, CSV_TYPE]),
        },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { format, ...filters } = request.query;
      // Keyset order only (the urgency order pages by offset, which gets slower page after page).
      const sort = filters.sort === "oldest" ? "oldest" : "newest";
      const at = now();
      const stream = streamLeadExport(format, (cursor) =>
        leadPage(app.db, viewer, { ...filters, sort, limit: EXPORT_BATCH, cursor: cursor ?? undefined }, at),
      );
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="leads.${format}"`)
        .type(format === "csv" ? CSV_TYPE : XLSX_TYPE)
        .send(stream);
    },
  );
}

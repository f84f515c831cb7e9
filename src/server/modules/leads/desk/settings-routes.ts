/**
 * The lead desk's settings and the bell (listed with their permissions in routes.ts's header): lost reasons, the
 * round-robin lists and agents away (saving a list or an agent's return deals the unassigned backlog), the
 * response-clock steps, and the notifications. Errors: 400 with `fields`, 404 for an unknown reason or user.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  agentAwaySchema,
  leadAgentsSchema,
  leadSettingsSchema,
  lostReasonSchema,
  lostReasonViewSchema,
  notificationListSchema,
} from "#domain/lead-desk.ts";
import { agentAwayStateSchema, agentListSavedSchema, agentListSchema } from "#domain/lead-desk-api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { actorOf, requireAuth } from "#server/plugins/auth.ts";
import {
  assignBacklog,
  createLostReason,
  listAgentLists,
  listLostReasons,
  listNotifications,
  markNotificationsRead,
  readLeadSettings,
  saveLeadSettings,
  setAgentAway,
  setAgentList,
  updateLostReason,
} from "./service.ts";

/** Registers these routes on `app`. */
export async function leadDeskSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.leadDesk.clock();

  r.get(
    "/api/leads/lost-reasons",
    {
      config: { access: { permission: "leads.view_own" } },
      schema: { response: { 200: z.array(lostReasonViewSchema) } },
    },
    async () => listLostReasons(app.db),
  );

  r.post(
    "/api/leads/lost-reasons",
    {
      config: { access: { permission: "leads.settings" } },
      schema: { body: lostReasonSchema, response: { 201: lostReasonViewSchema } },
    },
    async (request, reply) => reply.code(201).send(await createLostReason(app.db, actorOf(request), request.body)),
  );

  r.put(
    "/api/leads/lost-reasons/:id",
    {
      config: { access: { permission: "leads.settings" } },
      schema: { params: idParam, body: lostReasonSchema, response: { 200: lostReasonViewSchema } },
    },
    async (request) => updateLostReason(app.db, actorOf(request), request.params.id, request.body),
  );

  r.get(
    "/api/leads/agents",
    {
      config: { access: { permission: "leads.settings" } },
      schema: {
        response: {
          200: z.array(agentListSchema),
        },
      },
    },
    async () => listAgentLists(app.db),
  );

  r.put(
    "/api/leads/agents",
    {
      config: { access: { permission: "leads.settings" } },
      schema: {
        body: leadAgentsSchema,
        response: { 200: agentListSavedSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return setAgentList(app.db, actor, request.body.projectId, request.body.userIds, (tx) =>
        assignBacklog(tx, actor, now()),
      );
    },
  );

  r.put(
    "/api/leads/agents/:userId/away",
    {
      config: { access: { permission: "leads.assign" } },
      schema: {
        params: z.object({ userId: z.uuid() }),
        body: agentAwaySchema,
        response: { 200: agentAwayStateSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return setAgentAway(app.db, actor, request.params.userId, request.body.away, (tx) =>
        assignBacklog(tx, actor, now()),
      );
    },
  );

  r.get(
    "/api/leads/settings",
    {
      config: { access: { permission: "leads.settings" } },
      schema: { response: { 200: leadSettingsSchema } },
    },
    async () => readLeadSettings(app.db),
  );

  r.put(
    "/api/leads/settings",
    {
      config: { access: { permission: "leads.settings" } },
      schema: { body: leadSettingsSchema, response: { 200: leadSettingsSchema } },
    },
    async (request) => saveLeadSettings(app.db, actorOf(request), request.body),
  );

  r.get(
    "/api/notifications",
    { config: { access: "signed-in" }, schema: { response: { 200: notificationListSchema } } },
    async (request) => listNotifications(app.db, requireAuth(request).user.id),
  );

  r.post(
    "/api/notifications/read",
    {
      config: { access: "signed-in" },
      schema: {
        body: z.object({ ids: z.array(z.number().int().positive()).max(500).optional() }),
        response: { 200: notificationListSchema },
      },
    },
    async (request) => markNotificationsRead(app.db, requireAuth(request).user.id, request.body.ids, now()),
  );
}

/**
 * Landing pages and campaigns (SPEC §7.2 landing and campaign calls, §2.15, §5.4).
 *
 * GET  /api/landing-pages                      landing_pages.view  projects with their page id (admin /admin/landing)
 * GET  /api/landing-pages/{projectId}          landing_pages.view  the project's page, 404 without one
 * POST /api/landing-pages/{projectId}          landing_pages.edit  create page + six platform campaigns (201); a body
 *      `projectId` (SPEC's payload) must equal the path's, else 400 naming it
 * PUT  /api/landing-pages/{id}                 landing_pages.edit  update the page
 * DELETE /api/landing-pages/{id}               landing_pages.delete 204; campaigns go, leads stay with their origin
 * GET  /api/landing-pages/{id}/campaigns       landing_pages.view  campaigns with visits, leads, conversion (?search=)
 * POST /api/landing-pages/{id}/custom-campaign campaigns.manage    add a custom campaign (201)
 * PUT  /api/landing-campaigns/{id}/webhook     campaigns.manage    set/remove/rotate the campaign's webhook
 * DELETE /api/landing-campaigns/{id}           campaigns.manage    204
 * GET  /api/campaign/{platform}/{slug}, /api/campaign/{slug}   public: {campaign, landingPage, project}; counts a
 *      visit unless ?visit=0 or the client is a bot (isbot) (the page's own re-validation after a form post)
 */

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { z } from "zod";
import {
  campaignWithSecretSchema,
  campaignWithStatsSchema,
  landingOverviewSchema,
  landingPageCreatedSchema,
  landingPageUpdatedSchema,
  landingPageViewSchema,
  noContentSchema,
  publicCampaignSchema,
} from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import {
  campaignWebhookSchema,
  customCampaignSchema,
  LANDING_TEXTS,
  landingPageCreateSchema,
  landingPageReplaceSchema,
} from "#domain/schemas/landing.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { text } from "#domain/schemas/text.ts";
import { licenceContext } from "../../lib/compliance-rules.ts";
import { badRequest } from "../../lib/http-errors.ts";
import { actorOf } from "../../plugins/auth.ts";
import { draftsVisible } from "../publishing/service.ts";
import {
  createCustomCampaign,
  createLandingPage,
  deleteCampaign,
  deleteLandingPage,
  getLandingPageByProject,
  getPublicCampaign,
  type LandingContext,
  listCampaigns,
  listLandingOverview,
  updateCampaignWebhook,
  updateLandingPage,
} from "./service.ts";

const segment = text().max(100);
const visitQuery = previewQuery.extend({ visit: z.enum(["0", "1"]).optional() });

export async function landingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): LandingContext => ({
    actor: actorOf(request),
    allowPrivate: app.config.webhookAllowPrivate,
  });

  r.get(
    "/api/landing-pages",
    { config: { access: { permission: "landing_pages.view" } }, schema: { response: { 200: landingOverviewSchema } } },
    async () => listLandingOverview(app.db),
  );

  r.get(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.view" } },
      schema: { params: idParam, response: { 200: landingPageViewSchema } },
    },
    async (request) => getLandingPageByProject(app.db, request.params.id),
  );

  r.post(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: landingPageCreateSchema, response: { 201: landingPageCreatedSchema } },
    },
    async (request, reply) => {
      // SPEC's payload repeats the path's project id (ARCHITECTURE resolution 18): another project's id is refused.
      const { projectId, ...payload } = request.body;
      if (projectId !== undefined && projectId !== request.params.id) {
        throw badRequest({ projectId: LANDING_TEXTS.projectMismatch });
      }
      const page = await createLandingPage(app.db, request.params.id, payload, ctx(request));
      return reply.code(201).send(page);
    },
  );

  r.put(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: landingPageReplaceSchema, response: { 200: landingPageUpdatedSchema } },
    },
    async (request) => updateLandingPage(app.db, request.params.id, request.body, ctx(request)),
  );

  r.delete(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.delete" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteLandingPage(app.db, request.params.id, ctx(request).actor);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/landing-pages/:id/campaigns",
    {
      config: { access: { permission: "landing_pages.view" } },
      schema: {
        params: idParam,
        querystring: z.object({ search: text().max(100).optional() }),
        response: { 200: z.array(campaignWithStatsSchema) },
      },
    },
    async (request) => listCampaigns(app.db, request.params.id, request.query.search, await licenceContext(app)),
  );

  r.post(
    "/api/landing-pages/:id/custom-campaign",
    {
      config: { access: { permission: "campaigns.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: customCampaignSchema, response: { 201: campaignWithSecretSchema } },
    },
    async (request, reply) => {
      const campaign = await createCustomCampaign(app.db, request.params.id, request.body, ctx(request));
      return reply.code(201).send(campaign);
    },
  );

  r.put(
    "/api/landing-campaigns/:id/webhook",
    {
      config: { access: { permission: "campaigns.manage" } },
      schema: { params: idParam, body: campaignWebhookSchema, response: { 200: campaignWithSecretSchema } },
    },
    async (request) => updateCampaignWebhook(app.db, request.params.id, request.body, ctx(request)),
  );

  r.delete(
    "/api/landing-campaigns/:id",
    {
      config: { access: { permission: "campaigns.manage" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id, ctx(request).actor);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/campaign/:platform/:slug",
    {
      config: { access: "public" },
      schema: {
        params: z.object({ platform: segment, slug: segment }),
        querystring: visitQuery,
        response: { 200: publicCampaignSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const key = `${request.params.platform}/${request.params.slug}`;
      const campaign = await getPublicCampaign(app.db, key, {
        countVisit: request.query.visit !== "0" && !isbot(request.headers["user-agent"] ?? ""),
        canSeeDraft: (pageId) => draftsVisible(app.db, request, reply, "landing_page", pageId),
        pageView: { url: `${app.config.publicUrl}/campaign/${key}`, now: app.clock() },
        licence: { context: await licenceContext(app), reply },
      });
      app.conversionOutbox.kick();
      return campaign;
    },
  );

  r.get(
    "/api/campaign/:slug",
    {
      config: { access: "public" },
      schema: { params: z.object({ slug: segment }), querystring: visitQuery, response: { 200: publicCampaignSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const campaign = await getPublicCampaign(app.db, request.params.slug, {
        countVisit: request.query.visit !== "0" && !isbot(request.headers["user-agent"] ?? ""),
        canSeeDraft: (pageId) => draftsVisible(app.db, request, reply, "landing_page", pageId),
        pageView: { url: `${app.config.publicUrl}/campaign/${request.params.slug}`, now: app.clock() },
        licence: { context: await licenceContext(app), reply },
      });
      app.conversionOutbox.kick();
      return campaign;
    },
  );
}

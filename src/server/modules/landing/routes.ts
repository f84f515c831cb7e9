/**
 * Landing pages, campaigns and the webhook worker (issue 6; SPEC §7.2 landing and campaign calls, §2.15, §5.4).
 *
 * GET  /api/landing-pages                      landing_pages.view  projects with their page id (admin /admin/landing)
 * GET  /api/landing-pages/{projectId}          landing_pages.view  the project's page, 404 without one
 * POST /api/landing-pages/{projectId}          landing_pages.edit  create page + six platform campaigns (201)
 * PUT  /api/landing-pages/{id}                 landing_pages.edit  update the page
 * DELETE /api/landing-pages/{id}               landing_pages.delete 204; campaigns go, leads stay with their origin
 * GET  /api/landing-pages/{id}/campaigns       landing_pages.view  campaigns with visits, leads, conversion (?search=)
 * POST /api/landing-pages/{id}/custom-campaign campaigns.manage    add a custom campaign (201)
 * PUT  /api/landing-campaigns/{id}/webhook     campaigns.manage    set/remove/rotate the campaign's webhook
 * DELETE /api/landing-campaigns/{id}           campaigns.manage    204
 * GET  /api/campaign/{platform}/{slug}, /api/campaign/{slug}   public: {campaign, landingPage, project}; counts a
 *      visit unless ?visit=0 (the page's own re-validation after a form post)
 * The plugin starts the webhook worker on onReady and stops it on onClose.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { previewQuery } from "../../../domain/publishing.ts";
import { idParam } from "../../../domain/schemas/common.ts";
import { campaignWebhookSchema, customCampaignSchema, landingPageSchema } from "../../../domain/schemas/landing.ts";
import { requireAuth } from "../../plugins/auth.ts";
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
import { startWebhookWorker, type WebhookWorker } from "./webhooks.ts";

const segment = z.string().max(100);
const visitQuery = previewQuery.extend({ visit: z.enum(["0", "1"]).optional() });

export async function landingRoutes(app: FastifyInstance) {
  let worker: WebhookWorker | null = null;
  app.addHook("onReady", async () => {
    worker = startWebhookWorker(app);
  });
  app.addHook("onClose", async () => {
    await worker?.stop();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): LandingContext => ({
    actor: { userId: requireAuth(request).user.id, ip: request.ip },
    allowPrivate: app.config.webhookAllowPrivate,
  });

  r.get("/api/landing-pages", { config: { access: { permission: "landing_pages.view" } } }, async () =>
    listLandingOverview(app.db),
  );

  r.get(
    "/api/landing-pages/:id",
    { config: { access: { permission: "landing_pages.view" } }, schema: { params: idParam } },
    async (request) => getLandingPageByProject(app.db, request.params.id),
  );

  r.post(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.edit" } },
      schema: { params: idParam, body: landingPageSchema },
    },
    async (request, reply) => {
      const page = await createLandingPage(app.db, request.params.id, request.body, ctx(request));
      return reply.code(201).send(page);
    },
  );

  r.put(
    "/api/landing-pages/:id",
    {
      config: { access: { permission: "landing_pages.edit" } },
      schema: { params: idParam, body: landingPageSchema },
    },
    async (request) => updateLandingPage(app.db, request.params.id, request.body, ctx(request)),
  );

  r.delete(
    "/api/landing-pages/:id",
    { config: { access: { permission: "landing_pages.delete" } }, schema: { params: idParam } },
    async (request, reply) => {
      await deleteLandingPage(app.db, request.params.id, ctx(request).actor);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/landing-pages/:id/campaigns",
    {
      config: { access: { permission: "landing_pages.view" } },
      schema: { params: idParam, querystring: z.object({ search: z.string().max(100).optional() }) },
    },
    async (request) => listCampaigns(app.db, request.params.id, request.query.search),
  );

  r.post(
    "/api/landing-pages/:id/custom-campaign",
    {
      config: { access: { permission: "campaigns.manage" } },
      schema: { params: idParam, body: customCampaignSchema },
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
      schema: { params: idParam, body: campaignWebhookSchema },
    },
    async (request) => updateCampaignWebhook(app.db, request.params.id, request.body, ctx(request)),
  );

  r.delete(
    "/api/landing-campaigns/:id",
    { config: { access: { permission: "campaigns.manage" } }, schema: { params: idParam } },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id, ctx(request).actor);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/campaign/:platform/:slug",
    {
      config: { access: "public" },
      schema: { params: z.object({ platform: segment, slug: segment }), querystring: visitQuery },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getPublicCampaign(app.db, `${request.params.platform}/${request.params.slug}`, {
        countVisit: request.query.visit !== "0",
        canSeeDraft: (pageId) => draftsVisible(app.db, request, reply, "landing_page", pageId),
      });
    },
  );

  r.get(
    "/api/campaign/:slug",
    { config: { access: "public" }, schema: { params: z.object({ slug: segment }), querystring: visitQuery } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getPublicCampaign(app.db, request.params.slug, {
        countVisit: request.query.visit !== "0",
        canSeeDraft: (pageId) => draftsVisible(app.db, request, reply, "landing_page", pageId),
      });
    },
  );
}

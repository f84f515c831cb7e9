/**
 * Lead-form routes (docs/lead-forms.md):
 * GET  /api/lead-forms/meta                    lead_forms.manage  the connection (never a secret) and its health line
 * PUT  /api/lead-forms/meta                    lead_forms.manage  on/off, page id, secrets (write-only)
 * GET  /api/lead-forms/meta/forms              lead_forms.manage  the page's forms with project and field map
 * PUT  /api/lead-forms/meta/forms/{formId}     lead_forms.manage  the project a form feeds and its field map
 * GET  /api/lead-forms/meta/webhook            public (Meta)      subscription check: hub.challenge or 403
 * POST /api/lead-forms/meta/webhook            public (Meta)      leadgen notifications, signed (else 401)
 * GET  /api/lead-forms/google                  lead_forms.manage  the Google connection (hasGoogleKey) and health
 * PUT  /api/lead-forms/google                  lead_forms.manage  on/off and the google_key (write-only)
 * GET  /api/lead-forms/google/forms            lead_forms.manage  forms seen in Google's leads, project, field map
 * PUT  /api/lead-forms/google/forms/{formId}   lead_forms.manage  the project a form feeds and its field map
 * POST /api/lead-forms/google/webhook          public (Google)    a lead, with the google_key (else 401)
 * GET  /api/lead-forms/tiktok                  lead_forms.manage  the TikTok connection (hasX) and health
 * PUT  /api/lead-forms/tiktok                  lead_forms.manage  on/off, advertiser id, app secret, access token
 * GET  /api/lead-forms/tiktok/forms            lead_forms.manage  forms seen in TikTok's leads, project, field map
 * PUT  /api/lead-forms/tiktok/forms/{formId}   lead_forms.manage  the project a form feeds and its field map
 * POST /api/lead-forms/tiktok/webhook          public (TikTok)    lead notifications, TikTok-Signature (else 401)
 * GET  /api/lead-forms/snapchat                lead_forms.manage  the Snapchat connection (hasX), webhook path, health
 * PUT  /api/lead-forms/snapchat                lead_forms.manage  on/off, ad account, client id, client secret, refresh token
 * GET  /api/lead-forms/snapchat/forms          lead_forms.manage  the ad account's forms with project and field map
 * PUT  /api/lead-forms/snapchat/forms/{formId} lead_forms.manage  the project a form feeds and its field map (UUID id)
 * POST /api/lead-forms/snapchat/webhook/{key}  public (Snapchat)  a lead notice at the secret path (else 404)
 * PUT  /api/landing-campaigns/{id}/platform-campaign  campaigns.manage  the platform's campaign id on a campaign card
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  formIdParam,
  formUpdateSchema,
  googleConnectionUpdateSchema,
  googleConnectionViewSchema,
  leadFormViewSchema,
  metaConnectionUpdateSchema,
  metaConnectionViewSchema,
  platformCampaignSchema,
  tiktokConnectionUpdateSchema,
  tiktokConnectionViewSchema,
} from "#domain/lead-forms.ts";
import { idParam } from "#domain/schemas/common.ts";
import { text } from "#domain/schemas/text.ts";
import { actorOf } from "../../plugins/auth.ts";
import { googleConnectionView, listStoredForms, saveGoogleConnection } from "./google.ts";
import { metaGraphOf } from "./jobs.ts";
import {
  connectionRow,
  listMetaForms,
  metaConnectionView,
  saveForm,
  saveMetaConnection,
  savePlatformCampaignId,
} from "./service.ts";
import { snapchatConnectionRoutes } from "./snapchat-routes.ts";
import { saveTiktokConnection, tiktokConnectionView } from "./tiktok.ts";
import { metaWebhookRoutes } from "./webhook.ts";

const manage = { access: { permission: "lead_forms.manage" } } as const;

export async function leadFormRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/lead-forms/meta", { config: manage, schema: { response: { 200: metaConnectionViewSchema } } }, async () =>
    metaConnectionView(app.db, app.clock()),
  );

  r.put(
    "/api/lead-forms/meta",
    { config: manage, schema: { body: metaConnectionUpdateSchema, response: { 200: metaConnectionViewSchema } } },
    async (request) => {
      const saved = await saveMetaConnection(app.db, app.secrets, actorOf(request), request.body, app.clock());
      app.leadFormsContext.webhookCache = null;
      return saved;
    },
  );

  r.get(
    "/api/lead-forms/meta/forms",
    { config: manage, schema: { response: { 200: z.array(leadFormViewSchema) } } },
    async () =>
      listMetaForms(app.db, metaGraphOf(app.leadFormsContext, await connectionRow(app.db, "meta")), app.clock()),
  );

  r.put(
    "/api/lead-forms/meta/forms/:formId",
    {
      config: manage,
      schema: { params: formIdParam, body: formUpdateSchema, response: { 200: leadFormViewSchema } },
    },
    async (request) => saveForm(app.db, actorOf(request), "meta", request.params.formId, request.body, app.clock()),
  );

  r.get(
    "/api/lead-forms/google",
    { config: manage, schema: { response: { 200: googleConnectionViewSchema } } },
    async () => googleConnectionView(app.db, app.clock()),
  );

  r.put(
    "/api/lead-forms/google",
    { config: manage, schema: { body: googleConnectionUpdateSchema, response: { 200: googleConnectionViewSchema } } },
    async (request) => {
      const saved = await saveGoogleConnection(app.db, app.secrets, actorOf(request), request.body, app.clock());
      app.leadFormsContext.googleCache = null;
      return saved;
    },
  );

  r.get(
    "/api/lead-forms/google/forms",
    { config: manage, schema: { response: { 200: z.array(leadFormViewSchema) } } },
    async () => listStoredForms(app.db, "google"),
  );

  r.put(
    "/api/lead-forms/google/forms/:formId",
    {
      config: manage,
      schema: { params: formIdParam, body: formUpdateSchema, response: { 200: leadFormViewSchema } },
    },
    async (request) => saveForm(app.db, actorOf(request), "google", request.params.formId, request.body, app.clock()),
  );

  r.get(
    "/api/lead-forms/tiktok",
    { config: manage, schema: { response: { 200: tiktokConnectionViewSchema } } },
    async () => tiktokConnectionView(app.db, app.clock()),
  );

  r.put(
    "/api/lead-forms/tiktok",
    { config: manage, schema: { body: tiktokConnectionUpdateSchema, response: { 200: tiktokConnectionViewSchema } } },
    async (request) => {
      const saved = await saveTiktokConnection(app.db, app.secrets, actorOf(request), request.body, app.clock());
      app.leadFormsContext.tiktokCache = null;
      return saved;
    },
  );

  r.get(
    "/api/lead-forms/tiktok/forms",
    { config: manage, schema: { response: { 200: z.array(leadFormViewSchema) } } },
    async () => listStoredForms(app.db, "tiktok"),
  );

  r.put(
    "/api/lead-forms/tiktok/forms/:formId",
    {
      config: manage,
      schema: { params: formIdParam, body: formUpdateSchema, response: { 200: leadFormViewSchema } },
    },
    async (request) => saveForm(app.db, actorOf(request), "tiktok", request.params.formId, request.body, app.clock()),
  );

  r.put(
    "/api/landing-campaigns/:id/platform-campaign",
    {
      config: { access: { permission: "campaigns.manage" } },
      schema: {
        params: idParam,
        body: platformCampaignSchema,
        response: { 200: z.object({ id: z.number().int(), platformCampaignId: text().nullable() }) },
      },
    },
    async (request) =>
      savePlatformCampaignId(app.db, actorOf(request), request.params.id, request.body.platformCampaignId, app.clock()),
  );

  await snapchatConnectionRoutes(app);
  await app.register(metaWebhookRoutes);
}

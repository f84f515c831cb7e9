/**
 * WhatsApp routes (docs/whatsapp.md) and the module's queues on the job engine:
 * GET  /api/whatsapp                               whatsapp.manage  the connection (never a secret) and its health
 * PUT  /api/whatsapp                               whatsapp.manage  ids, secrets (write-only), verify token; templates refetched
 * POST /api/whatsapp/templates/refresh             whatsapp.manage  fetch the approved templates again
 * GET  /api/whatsapp/webhook                       public           Meta's subscription check (hub.challenge)
 * POST /api/whatsapp/webhook                       public           Meta's notifications, X-Hub-Signature-256 over the raw body
 * GET  /api/whatsapp/leads/{id}/conversation       whatsapp.view    the lead's conversation (own leads, or leads.view_all)
 * POST /api/whatsapp/leads/{id}/messages           whatsapp.send    free text inside the window, or a template
 * POST /api/whatsapp/leads/{id}/files              whatsapp.send    an image or PDF inside the window (multipart "file")
 * POST /api/whatsapp/leads/{id}/messages/{messageId}/review  whatsapp.send  settle «تحتاج مراجعة»: sent / not sent
 * POST /api/whatsapp/leads/{id}/messages/{messageId}/resend  whatsapp.send  send a message not sent again, as a new one
 * GET  /api/whatsapp/greetings                     whatsapp.manage  every project's automatic greeting
 * PUT  /api/whatsapp/greetings/{projectId}         whatsapp.manage  turn a project's greeting on/off, its template
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "#domain/schemas/common.ts";
import {
  conversationSchema,
  greetingUpdateSchema,
  greetingViewSchema,
  reviewMessageSchema,
  sendMessageSchema,
  WHATSAPP_TEXTS,
  whatsappConnectionUpdateSchema,
  whatsappConnectionViewSchema,
  whatsappMessageSchema,
} from "#domain/whatsapp.ts";
import { badRequest, HttpError } from "#server/lib/http-errors.ts";
import { actorOf, requireAuth } from "#server/plugins/auth.ts";
import type { LeadViewer } from "../leads/desk/service.ts";
import { connectionView, readConnection, refreshTemplates, saveConnection } from "./connection.ts";
import { getConversation, queueFile, queueMessage } from "./conversation.ts";
import { listGreetings, saveGreeting } from "./greeting.ts";
import { fetchDueMedia, type MediaContext } from "./media.ts";
import { whatsappSendQueue } from "./outbox.ts";
import { resendMessage, reviewMessage } from "./review.ts";
import { whatsappWebhookRoutes } from "./webhook-routes.ts";

const manage = { access: { permission: "whatsapp.manage" } } as const;

async function viewerOf(request: FastifyRequest): Promise<LeadViewer> {
  const auth = requireAuth(request);
  return { id: auth.user.id, viewAll: await auth.can("leads.view_all"), ip: request.ip };
}

/** A lead's message in a URL path: /leads/{id}/messages/{messageId}. */
const messageParams = idParam.extend({ messageId: idParam.shape.id });

export async function whatsappRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx: MediaContext = {
    db: app.db,
    secrets: app.secrets,
    graphUrl: app.config.whatsapp.graphUrl,
    timeoutMs: app.config.whatsapp.timeoutMs,
    publicUrl: app.config.publicUrl,
    now: () => app.clock(),
    storage: app.storage,
    limits: { image: app.config.uploadLimits.image, pdf: app.config.uploadLimits.pdf },
  };
  // The send queue (outbox.ts) and the media downloads (media.ts) on the one job engine.
  const outbox = app.jobs.outbox("whatsapp-send", {
    queue: whatsappSendQueue(ctx),
    allowPrivate: true,
    timeoutMs: ctx.timeoutMs,
  });
  app.jobs.due("whatsapp-media", (now) => fetchDueMedia(ctx, now));

  r.get("/api/whatsapp", { config: manage, schema: { response: { 200: whatsappConnectionViewSchema } } }, async () =>
    connectionView(await readConnection(app.db), app.config.publicUrl),
  );

  r.put(
    "/api/whatsapp",
    {
      config: manage,
      schema: { body: whatsappConnectionUpdateSchema, response: { 200: whatsappConnectionViewSchema } },
    },
    async (request) => saveConnection(ctx, actorOf(request), request.body),
  );

  r.post(
    "/api/whatsapp/templates/refresh",
    { config: manage, schema: { response: { 200: whatsappConnectionViewSchema } } },
    async () => connectionView(await refreshTemplates(ctx), app.config.publicUrl),
  );

  await whatsappWebhookRoutes(app, ctx);

  r.get(
    "/api/whatsapp/leads/:id/conversation",
    {
      config: { access: { permission: "whatsapp.view" } },
      schema: { params: idParam, response: { 200: conversationSchema } },
    },
    async (request) => getConversation(ctx, await viewerOf(request), request.params.id),
  );

  r.post(
    "/api/whatsapp/leads/:id/messages",
    {
      config: { access: { permission: "whatsapp.send" } },
      schema: { params: idParam, body: sendMessageSchema, response: { 202: whatsappMessageSchema } },
    },
    async (request, reply) => {
      const message = await queueMessage(ctx, await viewerOf(request), request.params.id, request.body);
      outbox.kick();
      return reply.code(202).send(message);
    },
  );

  r.post(
    "/api/whatsapp/leads/:id/files",
    {
      config: { access: { permission: "whatsapp.send" } },
      schema: { params: idParam, response: { 202: whatsappMessageSchema } },
      bodyLimit: app.config.uploadLimits.pdf + 1024 * 1024,
    },
    async (request, reply) => {
      const limit = Math.max(app.config.uploadLimits.pdf, app.config.uploadLimits.image);
      if (!request.isMultipart()) throw badRequest({ file: WHATSAPP_TEXTS.fileMissing });
      let bytes: Buffer;
      let fileName: string;
      try {
        const file = await request.file({ limits: { fileSize: limit, files: 1 } });
        if (file?.fieldname !== "file") throw badRequest({ file: WHATSAPP_TEXTS.fileMissing });
        bytes = await file.toBuffer();
        fileName = file.filename;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: unknown })?.code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, WHATSAPP_TEXTS.fileTooLarge);
        throw badRequest({ file: WHATSAPP_TEXTS.fileMissing });
      }
      const message = await queueFile(ctx, await viewerOf(request), request.params.id, { bytes, fileName });
      outbox.kick();
      return reply.code(202).send(message);
    },
  );

  r.post(
    "/api/whatsapp/leads/:id/messages/:messageId/review",
    {
      config: { access: { permission: "whatsapp.send" } },
      schema: { params: messageParams, body: reviewMessageSchema, response: { 200: whatsappMessageSchema } },
    },
    async (request) =>
      reviewMessage(ctx, await viewerOf(request), request.params.id, request.params.messageId, request.body),
  );

  r.post(
    "/api/whatsapp/leads/:id/messages/:messageId/resend",
    {
      config: { access: { permission: "whatsapp.send" } },
      schema: { params: messageParams, response: { 202: whatsappMessageSchema } },
    },
    async (request, reply) => {
      const message = await resendMessage(ctx, await viewerOf(request), request.params.id, request.params.messageId);
      outbox.kick();
      return reply.code(202).send(message);
    },
  );

  r.get(
    "/api/whatsapp/greetings",
    { config: manage, schema: { response: { 200: z.array(greetingViewSchema) } } },
    async () => listGreetings(app.db),
  );

  r.put(
    "/api/whatsapp/greetings/:id",
    {
      config: manage,
      schema: {
        params: idParam,
        body: greetingUpdateSchema,
        response: { 200: greetingViewSchema },
      },
    },
    async (request) => saveGreeting(app.db, actorOf(request), request.params.id, request.body, app.clock()),
  );
}

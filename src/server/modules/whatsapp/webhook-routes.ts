/**
 * Meta's WhatsApp webhook (docs/whatsapp.md): GET /api/whatsapp/webhook answers the subscription check with
 * `hub.challenge` (403 «…» on a wrong verify token); POST /api/whatsapp/webhook checks X-Hub-Signature-256 over the
 * raw body with the app secret (401 on a mismatch), stores the notification and answers 200 at once. A body that is
 * not JSON is acknowledged and dropped. Both public.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileResponse } from "#domain/schemas/api.ts";
import { text } from "#domain/schemas/text.ts";
import { WHATSAPP_TEXTS } from "#domain/whatsapp.ts";
import { HttpError } from "#server/lib/http-errors.ts";
import { readConnection } from "./connection.ts";
import type { MediaContext } from "./media.ts";
import { safeEqual, signatureMatches, storeNotification } from "./webhook.ts";

/** Meta's notifications are small; 3 MB leaves room for a batch. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

const subscriptionQuery = z.object({
  "hub.mode": text().max(50),
  "hub.verify_token": text().max(500),
  "hub.challenge": text().max(500),
});

/** Registers the webhook's two routes on `app`; `ctx` is the module's context (whatsappRoutes). */
export async function whatsappWebhookRoutes(app: FastifyInstance, ctx: MediaContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/whatsapp/webhook",
    {
      config: { access: "public" },
      schema: {
        querystring: subscriptionQuery,
        response: { 200: fileResponse("Meta's hub.challenge, echoed as plain text", ["text/plain"]) },
      },
    },
    async (request, reply) => {
      const connection = await readConnection(app.db);
      const q = request.query;
      if (q["hub.mode"] !== "subscribe" || !connection || !safeEqual(q["hub.verify_token"], connection.verifyToken)) {
        throw new HttpError(403, WHATSAPP_TEXTS.verifyTokenWrong);
      }
      return reply.type("text/plain").send(q["hub.challenge"]);
    },
  );

  // The raw body is kept for the signature: this scope reads every body as bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/whatsapp/webhook",
      {
        config: { access: "public" },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { response: { 200: z.object({ ok: z.boolean() }) } },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const connection = await readConnection(app.db);
        const header = request.headers["x-hub-signature-256"];
        const secret = connection?.appSecret ? app.secrets.open(connection.appSecret) : null;
        if (!secret || !signatureMatches(raw, typeof header === "string" ? header : undefined, secret)) {
          throw new HttpError(401, WHATSAPP_TEXTS.signatureInvalid);
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          return reply.code(200).send({ ok: true });
        }
        await storeNotification(ctx, body);
        return reply.code(200).send({ ok: true });
      },
    );
  });
}

/**
 * Meta's webhook for lead forms (docs/lead-forms.md "Meta"; ARCHITECTURE resolution 19), in its own encapsulated
 * plugin whose JSON parser keeps the raw bytes, because the signature is over the body exactly as sent:
 * - GET: the subscription check. `hub.mode=subscribe` and `hub.verify_token` equal (constant-time) to the stored
 *   token → the `hub.challenge` text; otherwise 403.
 * - POST: `X-Hub-Signature-256` must be the HMAC-SHA256 of the raw body with the app secret (constant-time), else
 *   401 and nothing is stored. Each `leadgen` change becomes one row of lead_form_arrivals (once per lead id) and
 *   the answer is 200 at once; the job engine's "lead-forms" outbox reads and stores the lead (jobs.ts).
 * - POST /api/lead-forms/google/webhook: the lead itself, whose `google_key` must equal the stored key (constant-time),
 *   else 401 and nothing stored; the lead is kept on its arrival row and stored by the same outbox (google.ts).
 * - POST /api/lead-forms/tiktok/webhook: `TikTok-Signature` must sign "<t>.<raw body>" with the app secret within
 *   five minutes of our clock (tiktok-api.ts), else 401 and nothing stored; each lead it names becomes one arrival
 *   row, read from the Lead API by the same outbox.
 * - POST /api/lead-forms/snapchat/webhook/{key}: at the connection's secret path only, signed with the integration's
 *   HMAC secret; the lead itself, kept on its arrival row and stored by the same outbox (snapchat-webhook.ts).
 * None logs a secret, a token or a body. From the first hook of each of these requests to its answer, the job side's
 * lead work gives way to it (arrival-writes.ts, docs/decisions/160-lead-form-jobs-give-way-to-webhooks.md).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "#server/lib/http-errors.ts";
import { GOOGLE_WEBHOOK_PATH, googleLeadOf, parseJsonKeepingIds, sameSecret, webhookJson } from "./google.ts";
import { leadgenChanges, validMetaSignature } from "./meta-graph.ts";
import { connectionRow, META_WEBHOOK_PATH, openSecret } from "./service.ts";
import { snapchatWebhookRoute } from "./snapchat-webhook.ts";
import { TIKTOK_WEBHOOK_PATH } from "./tiktok.ts";
import { tiktokLeadEvents, validTikTokSignature } from "./tiktok-api.ts";
import { webhookKit } from "./webhook-kit.ts";

const SIGNATURE_REFUSED = "توقيع الطلب غير صحيح";
const VERIFY_REFUSED = "رمز التحقق غير صحيح";
const GOOGLE_KEY_REFUSED = "مفتاح جوجل غير صحيح";

const subscriptionQuery = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(4000).optional(),
  "hub.challenge": z.string().max(4000).optional(),
});

export async function metaWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  // While a webhook is being answered, the job side's lead work gives way (arrival-writes.ts).
  const answering = new WeakMap<object, () => void>();
  app.addHook("onRequest", async (request) => {
    answering.set(request, app.leadFormsContext.arrivals.answering());
  });
  const answered = async (request: object) => answering.get(request)?.();
  app.addHook("onResponse", answered);
  app.addHook("onRequestAbort", answered);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kit = webhookKit(app);
  const { cachedConnection, noteWebhook, keepArrivals } = kit;

  r.get(
    META_WEBHOOK_PATH,
    {
      config: { access: "public" },
      schema: { querystring: subscriptionQuery, response: { 200: z.string() } },
    },
    async (request, reply) => {
      const stored = openSecret(app.secrets, await connectionRow(app.db, "meta"), "verifyToken");
      const q = request.query;
      const given = q["hub.verify_token"];
      if (q["hub.mode"] !== "subscribe" || !stored || given === undefined || !sameSecret(given, stored)) {
        throw new HttpError(403, VERIFY_REFUSED);
      }
      return reply.type("text/plain; charset=utf-8").send(q["hub.challenge"] ?? "");
    },
  );

  r.post(
    META_WEBHOOK_PATH,
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ received: z.number().int() }) } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const cache = await cachedConnection();
      const row = cache.row;
      const secret = openSecret(app.secrets, row, "appSecret");
      const header = request.headers["x-hub-signature-256"];
      if (!raw || !secret || !validMetaSignature(raw, typeof header === "string" ? header : undefined, secret)) {
        throw new HttpError(401, SIGNATURE_REFUSED);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new HttpError(400, "محتوى الطلب ليس JSON صالحًا");
      }
      const now = app.clock();
      const changes = row?.enabled ? leadgenChanges(body) : [];
      await keepArrivals("meta", changes, now);
      await noteWebhook("meta", cache, now);
      return { received: changes.length };
    },
  );

  r.post(
    TIKTOK_WEBHOOK_PATH,
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ received: z.number().int() }) } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const cache = await cachedConnection("tiktok");
      const secret = openSecret(app.secrets, cache.row, "appSecret");
      const header = request.headers["tiktok-signature"];
      const now = app.clock();
      if (!raw || !secret || !validTikTokSignature(raw, typeof header === "string" ? header : undefined, secret, now)) {
        throw new HttpError(401, SIGNATURE_REFUSED);
      }
      const body = webhookJson(raw);
      const announced = cache.row?.enabled ? tiktokLeadEvents(body) : [];
      await keepArrivals("tiktok", announced, now);
      await noteWebhook("tiktok", cache, now);
      return { received: announced.length };
    },
  );

  snapchatWebhookRoute(app, kit);

  r.post(
    GOOGLE_WEBHOOK_PATH,
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ received: z.number().int() }) } },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const cache = await cachedConnection("google");
      const stored = openSecret(app.secrets, cache.row, "googleKey");
      let body: unknown = null;
      try {
        body = raw ? parseJsonKeepingIds(raw.toString("utf8")) : null;
      } catch {
        body = null;
      }
      const now = app.clock();
      const found = googleLeadOf(body, now);
      if (!stored || !found?.key || !sameSecret(found.key, stored)) throw new HttpError(401, GOOGLE_KEY_REFUSED);
      if (!cache.row?.enabled) return { received: 0 };
      await kit.keepLead(found.lead, now);
      await noteWebhook("google", cache, now);
      return { received: 1 };
    },
  );
}

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
 * - POST /api/lead-forms/snapchat/webhook/{key}: the key must be the connection's secret path key (constant-time),
 *   else 404 and nothing stored; the lead it names becomes one arrival row, read from the Leads API by the same
 *   outbox (snapchat-api.ts). The key never reaches the log (lib/log.ts logs this route by its pattern).
 * None logs a secret, a token or a body.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { leadFormArrivals, leadFormConnections } from "#server/db/tables/lead-forms.ts";
import { HttpError, notFound } from "#server/lib/http-errors.ts";
import { GOOGLE_WEBHOOK_PATH, googleLeadOf, parseJsonKeepingIds, sameSecret } from "./google.ts";
import { WEBHOOK_CACHE_MS } from "./jobs.ts";
import { leadgenChanges, validMetaSignature } from "./meta-graph.ts";
import { connectionRow, META_WEBHOOK_PATH, openSecret } from "./service.ts";
import { SNAPCHAT_WEBHOOK_BASE, SNAPCHAT_WEBHOOK_KEY } from "./snapchat.ts";
import { snapchatLeadEvents } from "./snapchat-api.ts";
import { TIKTOK_WEBHOOK_PATH } from "./tiktok.ts";
import { tiktokLeadEvents, validTikTokSignature } from "./tiktok-api.ts";

const SIGNATURE_REFUSED = "توقيع الطلب غير صحيح";
const VERIFY_REFUSED = "رمز التحقق غير صحيح";
const GOOGLE_KEY_REFUSED = "مفتاح جوجل غير صحيح";

/** Where LeadFormsContext keeps each platform's copy of its connection. */
const CACHE_SLOTS = {
  meta: "webhookCache",
  google: "googleCache",
  tiktok: "tiktokCache",
  snapchat: "snapchatCache",
} as const;

const subscriptionQuery = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(4000).optional(),
  "hub.challenge": z.string().max(4000).optional(),
});

export async function metaWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** A connection as the webhooks see it (LeadFormsContext.webhookCache / googleCache). */
  const cachedConnection = async (platform: "meta" | "google" | "tiktok" | "snapchat" = "meta") => {
    const context = app.leadFormsContext;
    const slot = CACHE_SLOTS[platform];
    const cache = context[slot];
    if (cache && performance.now() - cache.readAt < WEBHOOK_CACHE_MS) return cache;
    const fresh = {
      row: await connectionRow(app.db, platform),
      readAt: performance.now(),
      lastWebhookWrite: cache?.lastWebhookWrite ?? Number.NEGATIVE_INFINITY,
    };
    context[slot] = fresh;
    return fresh;
  };
  /** Writes the connection's last-webhook time, at most every WEBHOOK_CACHE_MS per instance. */
  const noteWebhook = async (
    platform: "meta" | "google" | "tiktok" | "snapchat",
    cache: { lastWebhookWrite: number },
    now: Date,
  ) => {
    if (performance.now() - cache.lastWebhookWrite < WEBHOOK_CACHE_MS) return;
    cache.lastWebhookWrite = performance.now();
    await app.db
      .update(leadFormConnections)
      .set({ lastWebhookAt: now })
      .where(eq(leadFormConnections.platform, platform));
  };

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

  /** One pending arrival per announced lead (a second delivery does nothing); the outbox reads them. */
  const keepArrivals = async (
    platform: "meta" | "tiktok" | "snapchat",
    announced: { leadId: string; formId: string | null }[],
    now: Date,
  ) => {
    if (!announced.length) return;
    await app.db
      .insert(leadFormArrivals)
      .values(
        announced.map((c) => ({
          platform,
          platformLeadId: c.leadId,
          formId: c.formId,
          nextAttemptAt: now,
          receivedAt: now,
        })),
      )
      .onConflictDoNothing({ target: [leadFormArrivals.platform, leadFormArrivals.platformLeadId] });
    app.leadFormsOutbox.kick();
  };

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
      let body: unknown = null;
      try {
        body = parseJsonKeepingIds(raw.toString("utf8"));
      } catch {
        throw new HttpError(400, "محتوى الطلب ليس JSON صالحًا");
      }
      const announced = cache.row?.enabled ? tiktokLeadEvents(body) : [];
      await keepArrivals("tiktok", announced, now);
      await noteWebhook("tiktok", cache, now);
      return { received: announced.length };
    },
  );

  r.post(
    `${SNAPCHAT_WEBHOOK_BASE}/:webhookKey`,
    {
      config: { access: "public" },
      schema: {
        params: z.object({ webhookKey: z.string().max(200) }),
        response: { 200: z.object({ received: z.number().int() }) },
      },
    },
    async (request) => {
      const cache = await cachedConnection("snapchat");
      const key = openSecret(app.secrets, cache.row, SNAPCHAT_WEBHOOK_KEY);
      // A wrong key is an address that does not exist: 404, nothing read or stored.
      if (!key || !sameSecret(request.params.webhookKey, key)) throw notFound();
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      let body: unknown = null;
      try {
        body = raw ? parseJsonKeepingIds(raw.toString("utf8")) : null;
      } catch {
        throw new HttpError(400, "محتوى الطلب ليس JSON صالحًا");
      }
      const now = app.clock();
      const found = cache.row?.enabled ? snapchatLeadEvents(body) : [];
      await keepArrivals("snapchat", found, now);
      await noteWebhook("snapchat", cache, now);
      return { received: found.length };
    },
  );

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
      const { lead } = found;
      await app.db
        .insert(leadFormArrivals)
        .values({
          platform: "google",
          platformLeadId: lead.platformLeadId,
          formId: lead.formId || null,
          nextAttemptAt: now,
          receivedAt: now,
          payload: { ...lead, createdTime: lead.createdTime.toISOString() },
        })
        .onConflictDoNothing({ target: [leadFormArrivals.platform, leadFormArrivals.platformLeadId] });
      app.leadFormsOutbox.kick();
      await noteWebhook("google", cache, now);
      return { received: 1 };
    },
  );
}

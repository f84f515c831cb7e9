/**
 * Meta's webhook for lead forms (docs/lead-forms.md "Meta"; ARCHITECTURE resolution 19), in its own encapsulated
 * plugin whose JSON parser keeps the raw bytes, because the signature is over the body exactly as sent:
 * - GET: the subscription check. `hub.mode=subscribe` and `hub.verify_token` equal (constant-time) to the stored
 *   token → the `hub.challenge` text; otherwise 403.
 * - POST: `X-Hub-Signature-256` must be the HMAC-SHA256 of the raw body with the app secret (constant-time), else
 *   401 and nothing is stored. Each `leadgen` change becomes one row of lead_form_arrivals (once per lead id) and
 *   the answer is 200 at once; the job engine's "lead-forms" outbox reads and stores the lead (jobs.ts).
 * Neither logs a secret, a token or a body.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { leadFormArrivals, leadFormConnections } from "#server/db/tables/lead-forms.ts";
import { HttpError } from "#server/lib/http-errors.ts";
import { WEBHOOK_CACHE_MS } from "./jobs.ts";
import { leadgenChanges, validMetaSignature } from "./meta-graph.ts";
import { connectionRow, META_WEBHOOK_PATH, openSecret } from "./service.ts";

const SIGNATURE_REFUSED = "توقيع الطلب غير صحيح";
const VERIFY_REFUSED = "رمز التحقق غير صحيح";

/** Whether two texts are equal, compared in constant time (over their SHA-256, so lengths do not leak either). */
function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const subscriptionQuery = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(4000).optional(),
  "hub.challenge": z.string().max(4000).optional(),
});

export async function metaWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The Meta connection as the webhook sees it (LeadFormsContext.webhookCache). */
  const cachedConnection = async () => {
    const context = app.leadFormsContext;
    const cache = context.webhookCache;
    if (cache && performance.now() - cache.readAt < WEBHOOK_CACHE_MS) return cache;
    const fresh = {
      row: await connectionRow(app.db, "meta"),
      readAt: performance.now(),
      lastWebhookWrite: cache?.lastWebhookWrite ?? Number.NEGATIVE_INFINITY,
    };
    context.webhookCache = fresh;
    return fresh;
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
      if (q["hub.mode"] !== "subscribe" || !stored || given === undefined || !sameText(given, stored)) {
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
      if (changes.length) {
        await app.db
          .insert(leadFormArrivals)
          .values(
            changes.map((c) => ({
              platform: "meta",
              platformLeadId: c.leadId,
              formId: c.formId,
              nextAttemptAt: now,
              receivedAt: now,
            })),
          )
          .onConflictDoNothing({ target: [leadFormArrivals.platform, leadFormArrivals.platformLeadId] });
        app.leadFormsOutbox.kick();
      }
      if (performance.now() - cache.lastWebhookWrite >= WEBHOOK_CACHE_MS) {
        cache.lastWebhookWrite = performance.now();
        await app.db
          .update(leadFormConnections)
          .set({ lastWebhookAt: now })
          .where(eq(leadFormConnections.platform, "meta"));
      }
      return { received: changes.length };
    },
  );
}

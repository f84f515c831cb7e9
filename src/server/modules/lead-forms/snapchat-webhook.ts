/**
 * Snapchat's webhook (docs/lead-forms.md "Set-up: Snapchat"; docs/decisions/119-snapchat-lead-forms-secret-webhook-path.md,
 * docs/decisions/140-snapchat-leads-from-the-signed-webhook.md), registered inside webhook.ts's plugin (whose JSON
 * parser keeps the raw bytes):
 * POST /api/lead-forms/snapchat/webhook/{key} — the key must be the connection's secret path key (constant-time), else
 * 404 and nothing stored; the `t` and `signature` headers must sign "<t>.<raw body>" with the integration's HMAC
 * secret (snapchat-api.ts), else 401 and nothing stored. The body is the lead itself: it is kept on one arrival row
 * (once per lead id) and the answer is 200 at once; the "lead-forms" outbox stores it (jobs.ts), as Google's. The key
 * never reaches the log: lib/log.ts logs a route with a `:webhookKey` parameter by its pattern. Answers `{received}`:
 * 1 for a lead, 0 when the connection is off.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "#server/lib/http-errors.ts";
import { sameSecret, webhookJson } from "./google.ts";
import { openSecret } from "./service.ts";
import { SNAPCHAT_WEBHOOK_BASE, SNAPCHAT_WEBHOOK_KEY } from "./snapchat.ts";
import { snapchatLeadOf, validSnapchatSignature } from "./snapchat-api.ts";
import type { WebhookKit } from "./webhook-kit.ts";

const SIGNATURE_REFUSED = "توقيع الطلب غير صحيح";

const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export function snapchatWebhookRoute(app: FastifyInstance, kit: WebhookKit) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${SNAPCHAT_WEBHOOK_BASE}/:webhookKey`,
    {
      config: { access: "public" },
      schema: {
        params: z.object({ webhookKey: z.string().max(200) }),
        response: { 200: z.object({ received: z.number().int() }) },
      },
    },
    async (request) => {
      const cache = await kit.cachedConnection("snapchat");
      const key = openSecret(app.secrets, cache.row, SNAPCHAT_WEBHOOK_KEY);
      // A wrong key is an address that does not exist.
      if (!key || !sameSecret(request.params.webhookKey, key)) throw notFound();
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const secret = openSecret(app.secrets, cache.row, "hmacSecret");
      const { t, signature } = request.headers;
      if (!raw || !secret || !validSnapchatSignature(raw, header(t), header(signature), secret)) {
        throw new HttpError(401, SIGNATURE_REFUSED);
      }
      const body = webhookJson(raw);
      const now = app.clock();
      const lead = cache.row?.enabled ? snapchatLeadOf(body, now, cache.row.ids.adAccountId ?? "") : null;
      if (lead) await kit.keepLead(lead, now);
      await kit.noteWebhook("snapchat", cache, now);
      return { received: lead ? 1 : 0 };
    },
  );
}

/**
 * Snapchat's webhook (docs/lead-forms.md "Set-up: Snapchat"; docs/decisions/119-snapchat-lead-forms-secret-webhook-path.md),
 * registered inside webhook.ts's plugin (whose JSON parser keeps the raw bytes):
 * POST /api/lead-forms/snapchat/webhook/{key} — the key must be the connection's secret path key (constant-time), else
 * 404 and nothing read or stored; the lead the body names becomes one arrival row (once per lead id) and the answer is
 * 200 at once; the "lead-forms" outbox reads the lead from the Leads API (snapchat-api.ts). The key never reaches the
 * log: lib/log.ts logs a route with a `:webhookKey` parameter by its pattern. Answers `{received}`: leads announced.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "#server/lib/http-errors.ts";
import { parseJsonKeepingIds, sameSecret } from "./google.ts";
import { openSecret } from "./service.ts";
import { SNAPCHAT_WEBHOOK_BASE, SNAPCHAT_WEBHOOK_KEY } from "./snapchat.ts";
import { snapchatLeadEvents } from "./snapchat-api.ts";
import type { WebhookKit } from "./webhook-kit.ts";

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
      let body: unknown = null;
      try {
        body = raw ? parseJsonKeepingIds(raw.toString("utf8")) : null;
      } catch {
        throw new HttpError(400, "محتوى الطلب ليس JSON صالحًا");
      }
      const now = app.clock();
      const found = cache.row?.enabled ? snapchatLeadEvents(body) : [];
      await kit.keepArrivals("snapchat", found, now);
      await kit.noteWebhook("snapchat", cache, now);
      return { received: found.length };
    },
  );
}

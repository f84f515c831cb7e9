/**
 * What every lead-form webhook route shares (webhook.ts, snapchat-webhook.ts; docs/decisions/084-lead-forms-inbox-and-backfill.md):
 * - `cachedConnection(platform)`: the platform's connection row as the webhooks see it, read at most every
 *   WEBHOOK_CACHE_MS per instance (LeadFormsContext's per-platform slot; emptied by a save);
 * - `noteWebhook(platform, cache, now)`: the health line's last webhook, written at most every WEBHOOK_CACHE_MS;
 * - `keepArrivals(platform, announced, now)`: one pending lead_form_arrivals row per announced lead (unique on
 *   platform + lead id, so a second delivery does nothing), written by group commit with the other webhooks arriving
 *   meanwhile (arrival-writes.ts; resolved once committed), then a kick of the "lead-forms" outbox that reads them;
 * - `keepLead(lead, now)`: the same for a lead the webhook itself carried (Google, Snapchat), kept whole on the row's
 *   payload, so the outbox stores it without reading the platform.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { leadFormConnections } from "#server/db/tables/lead-forms.ts";
import { WEBHOOK_CACHE_MS } from "./jobs.ts";
import { connectionRow } from "./service.ts";
import type { PlatformLead } from "./store.ts";

/** The platforms that call a webhook of ours. */
export type WebhookPlatform = "meta" | "google" | "tiktok" | "snapchat";

/** Where LeadFormsContext keeps each platform's copy of its connection. */
const CACHE_SLOTS = {
  meta: "webhookCache",
  google: "googleCache",
  tiktok: "tiktokCache",
  snapchat: "snapchatCache",
} as const;

/** The shared helpers bound to `app`. */
export function webhookKit(app: FastifyInstance) {
  const cachedConnection = async (platform: WebhookPlatform = "meta") => {
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
  const noteWebhook = async (platform: WebhookPlatform, cache: { lastWebhookWrite: number }, now: Date) => {
    if (performance.now() - cache.lastWebhookWrite < WEBHOOK_CACHE_MS) return;
    cache.lastWebhookWrite = performance.now();
    await app.db
      .update(leadFormConnections)
      .set({ lastWebhookAt: now })
      .where(eq(leadFormConnections.platform, platform));
  };
  const keepArrivals = async (
    platform: "meta" | "tiktok",
    announced: { leadId: string; formId: string | null }[],
    now: Date,
  ) => {
    await app.leadFormsContext.arrivals.add(
      announced.map((c) => ({
        platform,
        platformLeadId: c.leadId,
        formId: c.formId,
        nextAttemptAt: now,
        receivedAt: now,
      })),
    );
    if (announced.length) app.leadFormsOutbox.kick();
  };
  const keepLead = async (lead: PlatformLead, now: Date) => {
    await app.leadFormsContext.arrivals.add([
      {
        platform: lead.platform,
        platformLeadId: lead.platformLeadId,
        formId: lead.formId || null,
        nextAttemptAt: now,
        receivedAt: now,
        // The answers as [key, value] pairs: a jsonb object would not keep their order (first name before last).
        payload: { ...lead, createdTime: lead.createdTime.toISOString(), answers: Object.entries(lead.answers) },
      },
    ]);
    app.leadFormsOutbox.kick();
  };
  return { cachedConnection, noteWebhook, keepArrivals, keepLead };
}

export type WebhookKit = ReturnType<typeof webhookKit>;

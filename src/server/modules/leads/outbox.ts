/**
 * The webhook outbox (issue 6, ARCHITECTURE security model; receiving side documented in docs/webhooks.md).
 *
 * - `enqueueLeadDelivery(tx, …)` runs inside the lead's own transaction: the lead and its queued delivery commit
 *   together, so a crash or restart never loses one without the other.
 * - `deliverDue(db, now, options)` delivers every due row once: signs it with the Standard Webhooks headers
 *   (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with the owner's whsec_ secret), POSTs the JSON
 *   body with a per-attempt timeout to a public address only, and on failure schedules the next attempt by
 *   RETRY_DELAYS_MS (exponential, ×3 from 30 s, capped at 12 h: 10 attempts over about 33 h) or ends in "failed".
 * - `startWebhookWorker(app)` calls deliverDue every config.webhookWorkerIntervalMs (0: off) from onReady to onClose.
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { useAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages, webhookDeliveries } from "../../db/schema.ts";
import { assertPublicWebhookUrl } from "./webhook-address.ts";

/** Wait before attempt n+1 after failed attempt n (ms): 30 s × 3^(n-1), capped at 12 h. */
export const RETRY_DELAYS_MS: readonly number[] = Array.from({ length: 9 }, (_, i) =>
  Math.min(30_000 * 3 ** i, 12 * 60 * 60 * 1000),
);
/** Attempts before a delivery ends in "failed" (the first one plus one per delay). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Per-attempt timeout (ms): connect, send and the receiver's answer together. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Rows handled per deliverDue call. */
const BATCH_SIZE = 20;
/** Bytes of a receiver's answer kept in last_error. */
const ERROR_BODY_CHARS = 300;

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** A new Standard Webhooks secret: "whsec_" + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** The JSON body of a lead webhook (docs/webhooks.md "Payload"). */
export interface LeadWebhookPayload {
  type: "lead.created";
  timestamp: string;
  data: {
    id: number;
    name: string;
    email: string | null;
    phone: string | null;
    message: string | null;
    source: string;
    isDuplicate: boolean;
    createdAt: string;
    project: { id: number; name: string } | null;
    landingPage: { id: number; slug: string } | null;
    campaign: { id: number; platform: string; urlSlug: string; displayName: string | null; isCustom: boolean } | null;
    attribution: Record<string, string>;
    consent: { version: string | null; at: string | null };
  };
}

export interface WebhookTarget {
  url: string;
  secretRef: string;
}

/**
 * The webhook a lead goes to (resolution 6): the campaign's when it has a URL and secret, else the page's; null
 * when neither has one.
 */
export async function resolveWebhookTarget(
  db: Db | Tx,
  ids: { landingPageId: number | null; campaignId: number | null },
): Promise<WebhookTarget | null> {
  if (ids.campaignId !== null) {
    const [campaign] = await db
      .select({ url: landingCampaigns.webhookUrl, secret: landingCampaigns.webhookSecret })
      .from(landingCampaigns)
      .where(eq(landingCampaigns.id, ids.campaignId))
      .limit(1);
    if (campaign?.url && campaign.secret) return { url: campaign.url, secretRef: `campaign:${ids.campaignId}` };
  }
  if (ids.landingPageId !== null) {
    const [page] = await db
      .select({ url: landingPages.webhookUrl, secret: landingPages.webhookSecret })
      .from(landingPages)
      .where(eq(landingPages.id, ids.landingPageId))
      .limit(1);
    if (page?.url && page.secret) return { url: page.url, secretRef: `landing_page:${ids.landingPageId}` };
  }
  return null;
}

/** Queues one delivery (call inside the lead's transaction). Returns the delivery id. */
export async function enqueueLeadDelivery(
  tx: Db | Tx,
  contactMessageId: number,
  target: WebhookTarget,
  payload: LeadWebhookPayload,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      contactMessageId,
      eventId: `msg_${randomUUID().replaceAll("-", "")}`,
      targetUrl: target.url,
      secretRef: target.secretRef,
      payload: payload as unknown as Record<string, unknown>,
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  return row.id;
}

async function secretFor(db: Db, secretRef: string): Promise<string | null> {
  const [kind, rawId] = secretRef.split(":");
  const id = Number(rawId);
  if (!Number.isInteger(id)) return null;
  if (kind === "campaign") {
    const [row] = await db
      .select({ secret: landingCampaigns.webhookSecret })
      .from(landingCampaigns)
      .where(eq(landingCampaigns.id, id));
    return row?.secret ?? null;
  }
  if (kind === "landing_page") {
    const [row] = await db
      .select({ secret: landingPages.webhookSecret })
      .from(landingPages)
      .where(eq(landingPages.id, id));
    return row?.secret ?? null;
  }
  return null;
}

export interface DeliverOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface DeliverSummary {
  delivered: number;
  retrying: number;
  failed: number;
}

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** No later attempt can succeed (the campaign or page and its secret were removed): fail now. */
  permanent?: boolean;
}

/**
 * Delivers every delivery due at `now` once (a batch of at most 20; call again for more). Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so several instances never send the same attempt twice at once.
 */
export async function deliverDue(db: Db, now: Date, options: DeliverOptions): Promise<DeliverSummary> {
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const lease = new Date(now.getTime() + timeoutMs + 30_000);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: lease })
    .where(inArray(webhookDeliveries.id, due))
    .returning();

  const summary: DeliverSummary = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    const result = await attempt(db, row, now, options.allowPrivate, timeoutMs);
    const attempts = row.attempts + 1;
    if (result.ok) {
      await db
        .update(webhookDeliveries)
        .set({
          status: "delivered",
          attempts,
          lockedUntil: null,
          lastError: null,
          lastStatusCode: result.statusCode,
          deliveredAt: now,
          updatedAt: now,
        })
        .where(eq(webhookDeliveries.id, row.id));
      summary.delivered += 1;
      continue;
    }
    const finished = attempts >= MAX_ATTEMPTS || result.permanent === true;
    await db
      .update(webhookDeliveries)
      .set({
        status: finished ? "failed" : "pending",
        attempts,
        lockedUntil: null,
        lastError: result.error,
        lastStatusCode: result.statusCode,
        nextAttemptAt: finished ? row.nextAttemptAt : new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]),
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, row.id));
    if (finished) summary.failed += 1;
    else summary.retrying += 1;
  }
  return summary;
}

async function attempt(
  db: Db,
  row: typeof webhookDeliveries.$inferSelect,
  now: Date,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<AttemptResult> {
  const secret = await secretFor(db, row.secretRef);
  if (!secret) {
    return {
      ok: false,
      statusCode: null,
      error: "webhook secret no longer exists (campaign or page removed, or its webhook turned off)",
      permanent: true,
    };
  }
  let url: URL;
  try {
    url = await assertPublicWebhookUrl(row.targetUrl, { allowPrivate, requireResolvable: true });
  } catch (error) {
    return { ok: false, statusCode: null, error: `address refused: ${(error as Error).message}` };
  }
  const body = JSON.stringify(row.payload);
  let signature: string;
  try {
    signature = new Webhook(secret).sign(row.eventId, now, body);
  } catch (error) {
    return { ok: false, statusCode: null, error: `signing failed: ${(error as Error).message}` };
  }
  const headers = {
    "content-type": "application/json",
    "user-agent": "jeddah-developer-webhooks/1",
    "webhook-id": row.eventId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
  };
  try {
    const { statusCode, text } = await post(url, body, headers, timeoutMs, allowPrivate);
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, error: null };
    return { ok: false, statusCode, error: `HTTP ${statusCode}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ""}` };
  } catch (error) {
    return { ok: false, statusCode: null, error: (error as Error).message || "request failed" };
  }
}

/** One POST through request-filtering-agent (the connected address is checked again), with a whole-request timeout. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<{ statusCode: number; text: string }> {
  return new Promise((resolve, reject) => {
    const agent = useAgent(url.href, { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false });
    const send = url.protocol === "https:" ? https.request : http.request;
    const request = send(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < ERROR_BODY_CHARS) text += chunk;
        });
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ statusCode: response.statusCode ?? 0, text });
        });
        response.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * Sets a delivery (the newest of a lead) back to pending for an attempt now, with a fresh schedule, to `target`:
 * the webhook the lead's campaign or page has now (a URL fixed since the failure is used). The webhook-id stays.
 */
export async function requeueDelivery(
  db: Db | Tx,
  deliveryId: number,
  target: WebhookTarget,
  now: Date,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      targetUrl: target.url,
      secretRef: target.secretRef,
      updatedAt: now,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The running worker of each database handle, so a new lead can ask for a pass at once. */
const runningWorkers = new WeakMap<object, WebhookWorker>();

/**
 * Asks the worker running on `db` (if any) for a pass now, e.g. right after a lead with a webhook was committed;
 * without a worker (tests, WEBHOOK_WORKER_INTERVAL_MS=0) nothing happens.
 */
export function kickWebhookWorker(db: Db): void {
  void runningWorkers.get(db)?.tick();
}

export interface WebhookWorker {
  /** Runs one pass now (skipped when one is already running). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the worker on `app` (config.webhookWorkerIntervalMs; 0 starts nothing and returns null). Errors of a pass
 * are logged, never thrown; the next pass tries again. `now` is injectable for tests.
 */
export function startWebhookWorker(app: FastifyInstance, clock: () => Date = () => new Date()): WebhookWorker | null {
  const intervalMs = app.config.webhookWorkerIntervalMs;
  if (intervalMs <= 0) return null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      // A kick during a pass: run once more when it ends, so a just-committed lead is not left for the next poll.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        // Drain: several batches when many are due, until a batch comes back short.
        for (let i = 0; i < 10 && !stopped; i += 1) {
          const s = await deliverDue(app.db, clock(), { allowPrivate: app.config.webhookAllowPrivate });
          if (s.delivered + s.retrying + s.failed < BATCH_SIZE) break;
        }
      } catch (error) {
        app.log.error({ err: error }, "webhook worker pass failed");
      } finally {
        running = null;
      }
    })();
    await running;
    if (again && !stopped) {
      again = false;
      await tick();
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  const worker: WebhookWorker = {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (runningWorkers.get(app.db) === worker) runningWorkers.delete(app.db);
      if (running) await running;
    },
  };
  runningWorkers.set(app.db, worker);
  return worker;
}

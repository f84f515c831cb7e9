/**
 * The lead webhook outbox: one row per delivery in `webhook_deliveries` (ARCHITECTURE security model; the receiving
 * side is documented in docs/webhooks.md, the claiming rules in docs/decisions/010-lead-outbox-claims.md).
 *
 * - `enqueueLeadDelivery(tx, …)` runs inside the lead's own transaction: the lead and its queued delivery commit
 *   together, so a crash or restart never loses one without the other.
 * - `claimNextDelivery(db, now, …)` claims ONE due row in its own short statement (`FOR UPDATE SKIP LOCKED` picks a
 *   row no other worker is claiming; `locked_until` = now + one attempt's timeout + a margin keeps it ours while we
 *   call the receiver). The lease covers exactly one attempt, so however slow the receiver, no other worker can
 *   claim the row while it is in flight. The lease end doubles as the claim token: `recordAttempt` writes only while
 *   the row still carries it (a later claim always sets a later lease).
 * - `attemptDelivery(db, claim, now, …)` signs the body with the Standard Webhooks headers (webhook-id,
 *   webhook-timestamp, webhook-signature; HMAC-SHA256 with the owner's whsec_ secret) and POSTs it with a
 *   per-attempt timeout to a public address only (webhook-address.ts, request-filtering-agent).
 * - `recordAttempt` marks it delivered, or schedules the next attempt by RETRY_DELAYS_MS (×3 from 30 s, capped at
 *   12 h: 10 attempts over about 33 h), or ends it in "failed".
 * The engine's generic outbox runs these (jobs/outbox.ts: concurrency per destination, leases); worker.ts registers them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, eq, getTableColumns, inArray, notInArray, sql } from "drizzle-orm";
import { useAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import { claimable, dueFirst } from "#server/jobs/outbox-rows.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages } from "../../db/schema.ts";
import { webhookDeliveries } from "../../db/tables/lead-desk.ts";
import { type AttemptOptions, type AttemptOutcome, type AttemptResult, retrySchedule } from "../../jobs/outbox.ts";
import { assertPublicWebhookUrl } from "./webhook-address.ts";

/** The columns the outbox claims a delivery by. */
const CLAIM_COLUMNS = {
  id: webhookDeliveries.id,
  status: webhookDeliveries.status,
  nextAt: webhookDeliveries.nextAttemptAt,
  lockedUntil: webhookDeliveries.lockedUntil,
};

/** Wait before attempt n+1 after failed attempt n (ms): 30 s × 3^(n-1), capped at 12 h. */
export const RETRY_DELAYS_MS: readonly number[] = retrySchedule({
  firstMs: 30_000,
  factor: 3,
  capMs: 12 * 60 * 60 * 1000,
  retries: 9,
});
/** Attempts before a delivery ends in "failed" (the first one plus one per delay). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Per-attempt timeout (ms): connect, send and the receiver's answer together. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
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
    /** `licenceNumber`: the licence the project is advertised under (docs/compliance.md), null when none. */
    project: { id: number; name: string; licenceNumber: string | null } | null;
    landingPage: { id: number; slug: string } | null;
    campaign: { id: number; platform: string; urlSlug: string; displayName: string | null; isCustom: boolean } | null;
    attribution: Record<string, string>;
    consent: { version: string | null; at: string | null };
  };
}

/** The JSON body of a stage change (docs/webhooks.md "lead.stage_changed"). */
export interface LeadStageChangedPayload {
  type: "lead.stage_changed";
  timestamp: string;
  data: {
    id: number;
    stage: string;
    stageLabel: string;
    previousStage: string;
    lostReason: string | null;
    unitId: number | null;
    changedAt: string;
    project: { id: number; name: string } | null;
    campaign: { id: number; platform: string; urlSlug: string } | null;
  };
}

/** Where a delivery goes: the URL, and whose secret signs it ("campaign:{id}" or "landing_page:{id}"). */
export interface WebhookTarget {
  url: string;
  secretRef: string;
}

/** Queues one delivery (call inside the lead's transaction). Returns the delivery id. */
export async function enqueueLeadDelivery(
  tx: Db | Tx,
  contactMessageId: number,
  target: WebhookTarget,
  payload: LeadWebhookPayload | LeadStageChangedPayload,
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

/**
 * The destination of a delivery as SQL: the lower-cased host[:port] of its target URL (the whole URL when it has
 * none). Deliveries to one destination share that destination's in-flight limit (worker.ts).
 */
const destinationSql = sql<string>`coalesce(lower(substring(${webhookDeliveries.targetUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)')), ${webhookDeliveries.targetUrl})`;

/** A claimed delivery: its row, its destination, and the lease (the claim token). */
export type ClaimedDelivery = typeof webhookDeliveries.$inferSelect & { destination: string; lockedUntil: Date };

/**
 * Claims the next due delivery (pending, next_attempt_at ≤ now, no live lease) whose destination is not in
 * `busyDestinations`, oldest due first, in one statement of its own: the row gets `locked_until = now + leaseMs`.
 * Returns null when nothing is due. Two workers calling this at once never get the same row (SKIP LOCKED while
 * claiming, the lease after).
 */
export async function claimNextDelivery(
  db: Db,
  now: Date,
  leaseMs: number,
  busyDestinations: readonly string[] = [],
): Promise<ClaimedDelivery | null> {
  const lease = new Date(now.getTime() + leaseMs);
  const next = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      claimable(
        CLAIM_COLUMNS,
        now,
        busyDestinations.length ? notInArray(destinationSql, [...busyDestinations]) : undefined,
      ),
    )
    .orderBy(...dueFirst(CLAIM_COLUMNS))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: lease })
    .where(inArray(webhookDeliveries.id, next))
    .returning({ ...getTableColumns(webhookDeliveries), destination: destinationSql });
  if (!row) return null;
  return { ...row, lockedUntil: lease };
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

/** One signed POST of a claimed delivery. Never throws: every failure is an AttemptResult. */
export async function attemptDelivery(
  db: Db,
  row: ClaimedDelivery,
  now: Date,
  options: AttemptOptions,
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
    url = await assertPublicWebhookUrl(row.targetUrl, { allowPrivate: options.allowPrivate, requireResolvable: true });
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
    const { statusCode, text } = await post(url, body, headers, options);
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, error: null };
    return { ok: false, statusCode, error: `HTTP ${statusCode}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ""}` };
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, statusCode: null, error: "worker stopped", aborted: true };
    return { ok: false, statusCode: null, error: (error as Error).message || "request failed" };
  }
}

/** One POST through request-filtering-agent (the connected address is checked again), with a whole-request timeout. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: AttemptOptions,
): Promise<{ statusCode: number; text: string }> {
  return new Promise((resolve, reject) => {
    const agent = useAgent(url.href, { allowPrivateIPAddress: options.allowPrivate, allowMetaIPAddress: false });
    const send = url.protocol === "https:" ? https.request : http.request;
    const request = send(
      url,
      {
        method: "POST",
        agent,
        signal: options.signal,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
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
    const timer = setTimeout(
      () => request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * Writes the outcome of an attempt and ends the claim, only while the row still carries this claim's lease (else
 * "lost": another worker claimed it after our lease ended, and its result wins).
 */
export async function recordAttempt(
  db: Db,
  row: ClaimedDelivery,
  result: AttemptResult,
  now: Date,
): Promise<AttemptOutcome> {
  const ours = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.lockedUntil, row.lockedUntil));
  const attempts = row.attempts + 1;
  let outcome: AttemptOutcome;
  let values: Partial<typeof webhookDeliveries.$inferInsert>;
  if (result.aborted) {
    outcome = "released";
    values = { lockedUntil: null };
  } else if (result.ok) {
    outcome = "delivered";
    values = {
      status: "delivered",
      attempts,
      lockedUntil: null,
      lastError: null,
      lastStatusCode: result.statusCode,
      deliveredAt: now,
      updatedAt: now,
    };
  } else {
    const finished = attempts >= MAX_ATTEMPTS || result.permanent === true;
    outcome = finished ? "failed" : "retrying";
    values = {
      status: finished ? "failed" : "pending",
      attempts,
      lockedUntil: null,
      lastError: result.error,
      lastStatusCode: result.statusCode,
      nextAttemptAt: finished ? row.nextAttemptAt : new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]),
      updatedAt: now,
    };
  }
  const written = await db.update(webhookDeliveries).set(values).where(ours).returning({ id: webhookDeliveries.id });
  return written.length ? outcome : "lost";
}

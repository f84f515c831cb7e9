/**
 * The conversion-event outbox (docs/conversions.md "Delivery"): events are rows of `conversion_events`, queued in
 * the transaction that made them (the lead's enquiry, a stage change, a campaign page view) and delivered by the
 * job engine's generic outbox (jobs/outbox.ts) with this module's queue (`conversionQueue`): one row per claim under a
 * lease (docs/decisions/010-lead-outbox-claims.md), the destination being the platform.
 *
 * Rules:
 * - One event per (platform, event id): a lead's event id is "lead{id}-{event name}", so a second Purchase for the
 *   same lead (حجز then بيع) is neither queued twice nor counted twice by the platform; page views get a random id.
 * - Consent (docs/conversions.md "Consent"): a lead with marketing consent sends hashed e-mail and phone, IP, user
 *   agent and click id; a lead without it sends an anonymous event (no identifier at all) only to platforms set to
 *   accept those; a lead who withdrew consent sends nothing more (queued events are cancelled at the next attempt).
 * - Outcome of an attempt: 2xx delivered (TikTok: and code 0); 408, 429, 5xx, a timeout or a network error →
 *   retried on the webhook schedule (leads/outbox.ts RETRY_DELAYS_MS); any other 4xx → failed at once (logged).
 * - The access token is opened only to send; error texts are scrubbed of it before they are stored.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, getTableColumns, inArray, notInArray } from "drizzle-orm";
import {
  CAMPAIGN_PLATFORM_CONVERSION,
  CONVERSION_PLATFORMS,
  type ConversionEventKind,
  type ConversionPlatform,
  eventKindOfStage,
  PLATFORM_CLICK_ID,
} from "#domain/conversions.ts";
import { claimable, dueFirst } from "#server/jobs/outbox-rows.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { contactMessages } from "../../db/schema.ts";
import { conversionConnections, conversionEvents } from "../../db/tables/conversions.ts";
import type { AttemptOptions, AttemptOutcome, AttemptResult, OutboxQueue } from "../../jobs/outbox.ts";
import type { SecretBox } from "../../lib/secrets.ts";
import type { LeadEventSubject, LeadListener } from "../leads/events.ts";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../leads/outbox.ts";
import { GoogleTokenError, type GoogleTokens } from "./google-oauth.ts";
import { anonymousEvent, buildPlatformRequest, type NeutralEvent, refusalIn2xx } from "./platforms.ts";
import { queueConversionEvent } from "./queue-event.ts";
import { NO_UNIT, unitFacts } from "./unit-facts.ts";

/** The columns the outbox claims a conversion event by. */
const CLAIM_COLUMNS = {
  id: conversionEvents.id,
  status: conversionEvents.status,
  nextAt: conversionEvents.nextAttemptAt,
  lockedUntil: conversionEvents.lockedUntil,
};

/** The lead an event is about (../leads/events.ts): its opening enquiry's fields under its id, and its unit. */
type Lead = LeadEventSubject;
type ConnectionRow = typeof conversionConnections.$inferSelect;

/** SHA-256 hex of a trimmed, lower-cased e-mail. */
export function hashEmail(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** SHA-256 hex of a phone's E.164 digits, without "+" (`plus`: with it). */
export function hashPhone(e164: string, plus = false): string {
  const digits = e164.replace(/\D/g, "");
  return createHash("sha256")
    .update(plus ? `+${digits}` : digits)
    .digest("hex");
}

/** Whether a connection can send: enabled, with a token and every required id. */
function usable(row: ConnectionRow): boolean {
  return row.enabled && row.accessToken !== null;
}

/** The event id of a lead's event (one per lead and event name). */
export function leadEventId(leadId: number, eventName: string): string {
  return `lead${leadId}-${eventName.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** The page URL of a lead: the campaign page it came from, when the attribution or origin says so. */
function pageUrlOf(lead: Lead, publicUrl: string | null): string | null {
  const slug = lead.origin.campaignSlug;
  if (slug && publicUrl) return `${publicUrl}/campaign/${slug.split("/").map(encodeURIComponent).join("/")}`;
  return null;
}

/**
 * The conversions module's lead listener (../leads/events.ts; docs/decisions/062-lead-modules-and-events.md): a lead
 * opened queues the "enquiry" event, a stage change the stage's event (src/domain/conversions.ts eventKindOfStage), in
 * the transaction of the change.
 */
export const conversionsLeadListener: LeadListener = async (tx, event) => {
  if (event.kind === "created") {
    await queueLeadConversions(tx, event.lead, "enquiry", event.at, event.publicUrl);
  } else {
    const kind = eventKindOfStage(event.stage);
    if (kind) await queueLeadConversions(tx, event.lead, kind, event.at);
  }
  return undefined;
};

/**
 * Queues the event of `kind` for `lead` to every enabled platform that maps the kind to an event name, in the
 * caller's transaction. Returns how many rows were queued. Nothing for a lead who withdrew marketing consent.
 * For reserved and sold, the held unit is read: `value` its price (SAR), `contentId` its id, `licenceNumber` the
 * number of the licence its project is advertised under, `depositSar` a paid online deposit (docs/conversions.md).
 */
export async function queueLeadConversions(
  tx: Db | Tx,
  lead: Lead,
  kind: ConversionEventKind,
  now: Date,
  publicUrl: string | null = null,
): Promise<number> {
  if (lead.marketingConsentWithdrawnAt) return 0;
  const connections = (await tx.select().from(conversionConnections)).filter(usable);
  if (!connections.length) return 0;
  const consented = lead.marketingConsentAt !== null;
  const { value, contentId, licenceNumber, depositSar } =
    (kind === "reserved" || kind === "sold") && lead.unitId !== null
      ? await unitFacts(tx, lead.unitId, lead.id)
      : NO_UNIT;
  let queued = 0;
  for (const connection of connections) {
    const platform = connection.platform as ConversionPlatform;
    const eventName = connection.eventMap[kind];
    if (!eventName) continue;
    if (!consented && !connection.sendAnonymous) continue;
    const clickId = consented ? (lead.attribution[PLATFORM_CLICK_ID[platform]] ?? null) : null;
    const event: NeutralEvent = {
      eventName,
      kind,
      eventTime: now.toISOString(),
      url: pageUrlOf(lead, publicUrl),
      clickId,
      clickSeenAt: clickId ? lead.createdAt.toISOString() : null,
      ip: consented ? lead.ipAddress : null,
      userAgent: consented ? lead.userAgent : null,
      emailSha256: consented && lead.email ? hashEmail(lead.email) : null,
      phoneSha256: consented && lead.phone ? hashPhone(lead.phone) : null,
      phonePlusSha256: consented && lead.phone ? hashPhone(lead.phone, true) : null,
      value,
      contentId,
      licenceNumber,
      depositSar,
      leadId: lead.id,
      anonymous: !consented,
    };
    const row = { platform, eventId: leadEventId(lead.id, eventName), leadId: lead.id, campaignId: lead.campaignId };
    queued += await queueConversionEvent(tx, { ...row, kind, eventName }, event, now);
  }
  return queued;
}

/**
 * Queues an anonymous page view of a campaign page (bots already excluded by the caller) to the campaign's own
 * platform, when that connection is enabled, accepts anonymous events and maps page views. Returns rows queued.
 */
export async function queuePageView(
  db: Db | Tx,
  campaign: { id: number; platformName: string },
  url: string,
  now: Date,
): Promise<number> {
  const platform = CAMPAIGN_PLATFORM_CONVERSION[campaign.platformName];
  if (!platform) return 0;
  const [connection] = await db
    .select()
    .from(conversionConnections)
    .where(eq(conversionConnections.platform, platform));
  const eventName = connection?.eventMap.page_view;
  if (!connection || !usable(connection) || !connection.sendAnonymous || !eventName) return 0;
  const event = anonymousEvent({
    eventName,
    kind: "page_view",
    eventTime: now.toISOString(),
    url,
    ip: null,
    userAgent: null,
  });
  const row = { platform, eventId: `view-${randomUUID()}`, campaignId: campaign.id, kind: "page_view" as const };
  return queueConversionEvent(db, { ...row, eventName }, event, now);
}

/** A claimed conversion event: its row, the destination (the platform) and the lease (the claim token). */
export type ClaimedConversion = typeof conversionEvents.$inferSelect & { destination: string; lockedUntil: Date };

/**
 * Where attempts send: the platforms' base URLs (config.conversions.urls), the key that opens tokens, and the cache
 * that turns Google's stored refresh credentials into access tokens (google-oauth.ts; without it the stored value is
 * sent as it is).
 */
export interface ConversionSendContext {
  urls: Record<ConversionPlatform, string>;
  secrets: SecretBox;
  googleTokens?: GoogleTokens;
  /** Told about each finished attempt (never the token). */
  log?: (line: {
    platform: string;
    eventId: string;
    outcome: string;
    statusCode: number | null;
    error: string | null;
  }) => void;
}

/** Sends one request with a whole-request timeout; returns the status and up to 300 characters of the answer. */
async function send(
  request: { url: string; headers: Record<string, string>; body: unknown },
  options: AttemptOptions,
): Promise<{ status: number; text: string }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(request.url, {
    method: "POST",
    headers: { ...request.headers, "user-agent": "jeddah-developer-conversions/1" },
    body: JSON.stringify(request.body),
    signal,
    redirect: "error",
  });
  const text = (await response.text()).slice(0, 300);
  return { status: response.status, text };
}

/** Error text without the tokens (nor their URL-encoded forms). */
function scrub(text: string, ...tokens: (string | null)[]): string {
  let clean = text;
  for (const token of tokens) {
    if (token) clean = clean.replaceAll(token, "[token]").replaceAll(encodeURIComponent(token), "[token]");
  }
  return clean;
}

/**
 * One attempt of one event against its platform's current connection (ids and token as they are now, so a fixed
 * id or a new token applies to retries). Never throws. A test event (`event.leadId` null, no row) uses the same path.
 */
export async function sendConversion(
  db: Db,
  context: ConversionSendContext,
  platform: ConversionPlatform,
  eventId: string,
  event: NeutralEvent,
  options: AttemptOptions & { testEventCode?: boolean },
): Promise<AttemptResult> {
  const [connection] = await db
    .select()
    .from(conversionConnections)
    .where(eq(conversionConnections.platform, platform));
  if (!connection || !usable(connection) || !connection.accessToken) {
    return { ok: false, statusCode: null, error: "connection turned off or without an access token", permanent: true };
  }
  let token: string | null = null;
  let sent: string | null = null;
  try {
    token = context.secrets.open(connection.accessToken);
    sent =
      platform === "google" && context.googleTokens
        ? await context.googleTokens.accessToken(token, AbortSignal.timeout(options.timeoutMs))
        : token;
    const request = buildPlatformRequest(platform, context.urls[platform], event, eventId, {
      ids: connection.ids,
      token: sent,
      testEventCode: options.testEventCode ? connection.testEventCode : null,
    });
    const { status, text } = await send(request, options);
    if (status >= 200 && status < 300) {
      const refusal = refusalIn2xx(platform, text);
      if (!refusal) return { ok: true, statusCode: status, error: null };
      return { ok: false, statusCode: status, error: scrub(refusal, token, sent), permanent: true };
    }
    const retry = status >= 500 || status === 408 || status === 429;
    return {
      ok: false,
      statusCode: status,
      error: scrub(`HTTP ${status}${text ? `: ${text}` : ""}`, token, sent),
      permanent: !retry,
    };
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, statusCode: null, error: "worker stopped", aborted: true };
    const err = error as Error;
    if (err instanceof GoogleTokenError)
      return { ok: false, statusCode: null, error: err.message, permanent: err.permanent };
    if (err.name === "ZodError") {
      return { ok: false, statusCode: null, error: "the event lacks a field the platform requires", permanent: true };
    }
    const message = err.name === "TimeoutError" ? `timed out after ${options.timeoutMs} ms` : err.message;
    return { ok: false, statusCode: null, error: scrub(message || "request failed", token, sent) };
  }
}

/** The conversion queue for the outbox worker (leads/worker.ts `OutboxQueue`). */
export function conversionQueue(context: ConversionSendContext): OutboxQueue<ClaimedConversion> {
  return {
    async claim(db, now, leaseMs, busyDestinations) {
      const lease = new Date(now.getTime() + leaseMs);
      const next = db
        .select({ id: conversionEvents.id })
        .from(conversionEvents)
        .where(
          claimable(
            CLAIM_COLUMNS,
            now,
            busyDestinations.length ? notInArray(conversionEvents.platform, [...busyDestinations]) : undefined,
          ),
        )
        .orderBy(...dueFirst(CLAIM_COLUMNS))
        .limit(1)
        .for("update", { skipLocked: true });
      const [row] = await db
        .update(conversionEvents)
        .set({ lockedUntil: lease })
        .where(inArray(conversionEvents.id, next))
        .returning(getTableColumns(conversionEvents));
      return row ? { ...row, destination: row.platform, lockedUntil: lease } : null;
    },

    async attempt(db, claim, _now, options) {
      if (claim.leadId !== null) {
        const [lead] = await db
          .select({ withdrawn: contactMessages.marketingConsentWithdrawnAt })
          .from(contactMessages)
          .where(eq(contactMessages.id, claim.leadId));
        if (lead?.withdrawn)
          return { ok: false, statusCode: null, error: "marketing consent withdrawn", permanent: true };
      }
      if (!(CONVERSION_PLATFORMS as readonly string[]).includes(claim.platform)) {
        return { ok: false, statusCode: null, error: "unknown platform", permanent: true };
      }
      return sendConversion(
        db,
        context,
        claim.platform as ConversionPlatform,
        claim.eventId,
        claim.payload as unknown as NeutralEvent,
        options,
      );
    },

    async record(db, claim, result, now) {
      const ours = and(eq(conversionEvents.id, claim.id), eq(conversionEvents.lockedUntil, claim.lockedUntil));
      const attempts = claim.attempts + 1;
      const finished = !result.ok && (attempts >= MAX_ATTEMPTS || result.permanent === true);
      const outcome: AttemptOutcome = result.aborted
        ? "released"
        : result.ok
          ? "delivered"
          : finished
            ? "failed"
            : "retrying";
      const values: Partial<typeof conversionEvents.$inferInsert> = result.aborted
        ? { lockedUntil: null }
        : {
            status: result.ok ? "delivered" : finished ? "failed" : "pending",
            attempts,
            lockedUntil: null,
            lastError: result.error,
            lastStatusCode: result.statusCode,
            deliveredAt: result.ok ? now : null,
            nextAttemptAt:
              result.ok || finished ? claim.nextAttemptAt : new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]),
            updatedAt: now,
          };
      const written = await db.update(conversionEvents).set(values).where(ours).returning({ id: conversionEvents.id });
      if (!written.length) return "lost";
      context.log?.({
        platform: claim.platform,
        eventId: claim.eventId,
        outcome,
        statusCode: result.statusCode,
        error: result.error,
      });
      return outcome;
    },
  };
}

/**
 * Conversion connections, the delivery log, retries, the test event and withdrawing marketing consent
 * (docs/conversions.md). Every change runs in one transaction with its audit row; the access token is sealed with
 * the secrets key (lib/secrets.ts) on the way in and never returned: answers say `hasToken` only, and the audit row
 * records `accessToken: "changed"` rather than the value.
 */
import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import {
  CONVERSION_PLATFORM_LABELS,
  CONVERSION_PLATFORMS,
  CONVERSION_TEXTS,
  type ConnectionUpdate,
  type ConnectionView,
  type ConversionDelivery,
  type ConversionEventKind,
  type ConversionPlatform,
  DEFAULT_EVENT_MAPS,
  OPTIONAL_PLATFORM_FIELDS,
  PLATFORM_FIELDS,
} from "#domain/conversions.ts";
import type { Db } from "../../db/connection.ts";
import { contactMessages, leads } from "../../db/schema.ts";
import { conversionConnections, conversionEvents } from "../../db/tables/conversions.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import type { SecretBox } from "../../lib/secrets.ts";
import { type AuditActor, auditActor, recordAudit } from "../audit/service.ts";
import { type ConversionSendContext, sendConversion } from "./outbox.ts";
import { anonymousEvent } from "./platforms.ts";

type Row = typeof conversionConnections.$inferSelect;

function viewOf(platform: ConversionPlatform, row: Row | undefined, counts: ConnectionView["counts"]): ConnectionView {
  return {
    platform,
    label: CONVERSION_PLATFORM_LABELS[platform],
    enabled: row?.enabled ?? false,
    ids: row?.ids ?? {},
    hasToken: Boolean(row?.accessToken),
    eventMap: { ...DEFAULT_EVENT_MAPS[platform], ...(row?.eventMap ?? {}) },
    sendAnonymous: row?.sendAnonymous ?? false,
    testEventCode: row?.testEventCode ?? null,
    fields: [...PLATFORM_FIELDS[platform]],
    counts,
  };
}

/** GET /api/conversions/connections: the five platforms in a fixed order, with their delivery counts. */
export async function listConnections(db: Db): Promise<ConnectionView[]> {
  const rows = await db.select().from(conversionConnections);
  const tallies = await db
    .select({ platform: conversionEvents.platform, status: conversionEvents.status, n: count() })
    .from(conversionEvents)
    .groupBy(conversionEvents.platform, conversionEvents.status);
  return CONVERSION_PLATFORMS.map((platform) => {
    const counts = { pending: 0, delivered: 0, failed: 0 };
    for (const t of tallies) if (t.platform === platform) counts[t.status] = Number(t.n);
    return viewOf(
      platform,
      rows.find((r) => r.platform === platform),
      counts,
    );
  });
}

/**
 * PUT /api/conversions/connections/{platform}. `accessToken`: a string replaces the stored token, null removes
 * it, absent keeps it. Errors: 400 {ids.<key>} a required id missing, {accessToken} none stored, when enabling.
 */
export async function saveConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  platform: ConversionPlatform,
  input: ConnectionUpdate,
): Promise<ConnectionView> {
  const keys = PLATFORM_FIELDS[platform].map((f) => f.key);
  const ids = Object.fromEntries(keys.map((k) => [k, input.ids[k] ?? ""]).filter(([, v]) => v !== ""));
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(conversionConnections)
      .where(eq(conversionConnections.platform, platform))
      .for("update");
    const accessToken =
      input.accessToken === undefined
        ? (current?.accessToken ?? null)
        : input.accessToken === null
          ? null
          : secrets.seal(input.accessToken);
    if (input.enabled) {
      const fields: Record<string, string> = {};
      for (const key of keys) {
        if (!OPTIONAL_PLATFORM_FIELDS.has(key) && !ids[key]) fields[`ids.${key}`] = CONVERSION_TEXTS.idRequired;
      }
      if (!accessToken) fields.accessToken = CONVERSION_TEXTS.tokenRequired;
      if (Object.keys(fields).length) throw badRequest(fields);
    }
    const values = {
      enabled: input.enabled,
      ids,
      accessToken,
      eventMap: input.eventMap,
      sendAnonymous: input.sendAnonymous,
      testEventCode: input.testEventCode ?? null,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(conversionConnections)
      .values({ platform, ...values })
      .onConflictDoUpdate({ target: conversionConnections.platform, set: values })
      .returning();
    await recordAudit(tx, actor, {
      entityType: "conversion_connection",
      entityId: platform,
      action: current ? "update" : "create",
      newState: {
        platform,
        enabled: input.enabled,
        ids,
        eventMap: input.eventMap,
        sendAnonymous: input.sendAnonymous,
        accessToken: input.accessToken === undefined ? "unchanged" : input.accessToken === null ? "removed" : "changed",
      },
    });
    return viewOf(platform, row, { pending: 0, delivered: 0, failed: 0 });
  });
}

/** The delivery log: newest first, 200 at most, by platform, lead and status. */
export async function listDeliveries(
  db: Db,
  query: { platform?: ConversionPlatform; leadId?: number; status?: "pending" | "delivered" | "failed" },
): Promise<ConversionDelivery[]> {
  const where: SQL[] = [];
  if (query.platform) where.push(eq(conversionEvents.platform, query.platform));
  if (query.leadId) where.push(eq(conversionEvents.leadId, query.leadId));
  if (query.status) where.push(eq(conversionEvents.status, query.status));
  const rows = await db
    .select()
    .from(conversionEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(conversionEvents.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform as ConversionPlatform,
    eventId: r.eventId,
    kind: r.kind as ConversionEventKind,
    eventName: r.eventName,
    leadId: r.leadId,
    campaignId: r.campaignId,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * POST /api/conversions/deliveries/{id}/retry: a failed (or pending) event is due again now with a fresh schedule.
 * Errors: 404 unknown; 409 already delivered.
 */
export async function retryConversion(db: Db, actor: AuditActor, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(conversionEvents).where(eq(conversionEvents.id, id)).for("update");
    if (!row) throw notFound(CONVERSION_TEXTS.eventNotFound);
    if (row.status === "delivered") throw conflict(CONVERSION_TEXTS.eventDelivered);
    await tx
      .update(conversionEvents)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, updatedAt: now })
      .where(eq(conversionEvents.id, id));
    await recordAudit(tx, actor, {
      entityType: "conversion_event",
      entityId: id,
      action: "retry",
      newState: { platform: row.platform, eventId: row.eventId },
    });
    return { id, status: "pending" as const };
  });
}

/**
 * POST /api/conversions/connections/{platform}/test: sends one anonymous enquiry event now (with the platform's
 * test-event code where it has one) and answers what the platform said. Errors: 409 the connection is off or has
 * no token; 409 no event name for the enquiry (Google and X need their conversion action / event id).
 */
export async function sendTestEvent(
  db: Db,
  context: ConversionSendContext,
  platform: ConversionPlatform,
  timeoutMs: number,
  now = new Date(),
) {
  const [row] = await db.select().from(conversionConnections).where(eq(conversionConnections.platform, platform));
  const eventName = row?.eventMap.enquiry || DEFAULT_EVENT_MAPS[platform].enquiry;
  if (!row?.enabled || !row.accessToken) throw conflict(CONVERSION_TEXTS.notConnected);
  if (!eventName) throw conflict(CONVERSION_TEXTS.testNeedsEvent);
  const event = anonymousEvent({
    eventName,
    kind: "enquiry",
    eventTime: now.toISOString(),
    url: null,
    ip: "127.0.0.1",
    userAgent: "jeddah-developer-conversions test",
  });
  const result = await sendConversion(db, context, platform, `test-${now.getTime()}`, event, {
    allowPrivate: true,
    timeoutMs,
    testEventCode: true,
  });
  return { ok: result.ok, statusCode: result.statusCode, error: result.error };
}

/**
 * DELETE /api/leads/{id}/marketing-consent (leads.work, within the viewer's leads): records the withdrawal; the
 * lead's queued events are cancelled and no further event is made. Errors: 404 unknown lead or not the viewer's.
 */
export async function withdrawMarketingConsent(
  db: Db,
  viewer: { id: string; viewAll: boolean; ip: string | null },
  leadId: number,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const scope = viewer.viewAll ? undefined : eq(leads.ownerId, viewer.id);
    const [lead] = await tx
      .select({ marketingConsentWithdrawnAt: contactMessages.marketingConsentWithdrawnAt })
      .from(leads)
      .innerJoin(contactMessages, eq(contactMessages.id, leads.id))
      .where(and(eq(leads.id, leadId), scope))
      .for("update");
    if (!lead) throw notFound(CONVERSION_TEXTS.leadNotFound);
    const withdrawnAt = lead.marketingConsentWithdrawnAt ?? now;
    await tx
      .update(contactMessages)
      .set({ marketingConsentWithdrawnAt: withdrawnAt })
      .where(or(eq(contactMessages.leadId, leadId), eq(contactMessages.id, leadId)));
    const cancelled = await tx
      .update(conversionEvents)
      .set({ status: "failed", lastError: "marketing consent withdrawn", lockedUntil: null, updatedAt: now })
      .where(and(eq(conversionEvents.leadId, leadId), eq(conversionEvents.status, "pending")))
      .returning({ id: conversionEvents.id });
    await recordAudit(tx, auditActor(viewer), {
      entityType: "contact_message",
      entityId: leadId,
      action: "marketing_consent_withdrawn",
      newState: { withdrawnAt: withdrawnAt.toISOString(), cancelledEvents: cancelled.length },
    });
    return { leadId, withdrawnAt: withdrawnAt.toISOString(), cancelledEvents: cancelled.length };
  });
}

/**
 * Leads (SPEC §3 contact_messages, §7.2 contact calls, ARCHITECTURE resolutions 4 and 5).
 * A lead is never refused for a stale reference: an unknown project or landing page is stored as null,
 * so the visitor's enquiry is kept. isDuplicate: the same phone or e-mail arrived in the previous 30 days.
 * A lead from a page with a webhook (the campaign's, else the landing page's: resolution 6) gets its webhook delivery
 * queued in the same transaction (landing/webhooks.ts), so the lead and its delivery commit together.
 */
import { and, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { DUPLICATE_WINDOW_DAYS } from "../../../domain/constants.ts";
import {
  type ContactDeliveryView,
  type ContactListQuery,
  type ContactMessageView,
  type ContactPayload,
  contactSourceOf,
} from "../../../domain/schemas/contact.ts";
import type { Db, Tx } from "../../db/connection.ts";
import {
  contactMessages,
  landingCampaigns,
  landingPages,
  projects,
  projectUpdates,
  webhookDeliveries,
} from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { type AuditActor, eraseAuditPersonalData, recordAudit } from "../audit/service.ts";
import {
  enqueueLeadDelivery,
  type LeadWebhookPayload,
  requeueDelivery,
  resolveWebhookTarget,
} from "../landing/webhooks.ts";

export interface ContactMeta {
  ip: string | null;
  consentVersion: string;
  now?: Date;
}

/** Stores a lead. Returns its id and whether it is a duplicate. */
export async function createContactMessage(
  db: Db,
  payload: ContactPayload,
  meta: ContactMeta,
): Promise<{ id: number; isDuplicate: boolean }> {
  const now = meta.now ?? new Date();
  const source = contactSourceOf(payload);
  return db.transaction(async (tx) => {
    let projectId: number | null = null;
    let landingPageId: number | null = null;
    let campaignId: number | null = null;
    let updateId: number | null = null;
    if (payload.landingPageId !== undefined) {
      const [page] = await tx
        .select({ id: landingPages.id, projectId: landingPages.projectId })
        .from(landingPages)
        .where(eq(landingPages.id, payload.landingPageId))
        .limit(1);
      if (page) {
        landingPageId = page.id;
        projectId = page.projectId;
        if (payload.campaignId !== undefined) {
          const [campaign] = await tx
            .select({ id: landingCampaigns.id })
            .from(landingCampaigns)
            .where(and(eq(landingCampaigns.id, payload.campaignId), eq(landingCampaigns.landingPageId, page.id)))
            .limit(1);
          campaignId = campaign?.id ?? null;
        }
      }
    }
    if (payload.updateReference !== undefined) {
      const [update] = await tx
        .select({ id: projectUpdates.id, projectId: projectUpdates.projectId })
        .from(projectUpdates)
        .where(eq(projectUpdates.id, payload.updateReference))
        .limit(1);
      if (update) {
        updateId = update.id;
        projectId = update.projectId;
      }
    }
    if (projectId === null && payload.projectReference !== undefined) {
      const [project] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, payload.projectReference))
        .limit(1);
      projectId = project?.id ?? null;
    }

    const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const sameContact: SQL[] = [];
    if (payload.phone) sameContact.push(eq(contactMessages.phone, payload.phone));
    if (payload.email) sameContact.push(eq(contactMessages.email, payload.email));
    const [previous] = sameContact.length
      ? await tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(and(gt(contactMessages.createdAt, since), or(...sameContact)))
          .limit(1)
      : [];

    const attribution = Object.fromEntries(
      Object.entries(payload.attribution ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const [row] = await tx
      .insert(contactMessages)
      .values({
        landingPageId,
        campaignId,
        projectId,
        updateId,
        source,
        name: payload.name,
        email: payload.email ?? null,
        phone: payload.phone ?? null,
        message: payload.message ?? null,
        isDuplicate: Boolean(previous),
        attribution,
        consentVersion: meta.consentVersion,
        consentAt: now,
        ipAddress: meta.ip,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      { userId: null, ip: meta.ip },
      {
        entityType: "contact_message",
        entityId: row.id,
        action: "create",
        newState: { source, projectId, landingPageId, campaignId },
      },
    );
    const target = await resolveWebhookTarget(tx, { landingPageId, campaignId });
    if (target) {
      await enqueueLeadDelivery(tx, row.id, target, await leadPayload(tx, row, now), now);
    }
    return { id: row.id, isDuplicate: row.isDuplicate };
  });
}

/** The webhook body of a stored lead (docs/webhooks.md). */
async function leadPayload(
  tx: Db | Tx,
  row: typeof contactMessages.$inferSelect,
  now: Date,
): Promise<LeadWebhookPayload> {
  const [project] = row.projectId
    ? await tx.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, row.projectId))
    : [];
  const [page] = row.landingPageId
    ? await tx
        .select({ id: landingPages.id, slug: landingPages.slug })
        .from(landingPages)
        .where(eq(landingPages.id, row.landingPageId))
    : [];
  const [campaign] = row.campaignId
    ? await tx.select().from(landingCampaigns).where(eq(landingCampaigns.id, row.campaignId))
    : [];
  return {
    type: "lead.created",
    timestamp: now.toISOString(),
    data: {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      source: row.source,
      isDuplicate: row.isDuplicate,
      createdAt: row.createdAt.toISOString(),
      project: project ?? null,
      landingPage: page ?? null,
      campaign: campaign
        ? {
            id: campaign.id,
            platform: campaign.platformName,
            urlSlug: campaign.urlSlug,
            displayName: campaign.displayName,
            isCustom: campaign.isCustom,
          }
        : null,
      attribution: row.attribution,
      consent: { version: row.consentVersion, at: row.consentAt?.toISOString() ?? null },
    },
  };
}

/** Jeddah is UTC+3 all year (no daylight saving): a YYYY-MM-DD day starts at 00:00+03:00. */
function dayStart(day: string, addDays = 0): Date {
  const d = new Date(`${day}T00:00:00+03:00`);
  return new Date(d.getTime() + addDays * 24 * 60 * 60 * 1000);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * GET /api/contact/messages: newest first, with project, landing page, campaign, attribution, consent and the latest
 * webhook delivery (SPEC §2.16, issue 6). `filters` narrow the list (the export uses the same filters).
 */
export async function listContactMessages(
  db: Db,
  filters: Partial<ContactListQuery> = {},
): Promise<ContactMessageView[]> {
  const where: SQL[] = [];
  if (filters.search) {
    const term = `%${escapeLike(filters.search)}%`;
    const match = or(
      ilike(contactMessages.name, term),
      ilike(contactMessages.email, term),
      ilike(contactMessages.phone, term),
      ilike(contactMessages.message, term),
    );
    if (match) where.push(match);
  }
  if (filters.source) where.push(eq(contactMessages.source, filters.source));
  if (filters.projectId) where.push(eq(contactMessages.projectId, filters.projectId));
  if (filters.landingPageId) where.push(eq(contactMessages.landingPageId, filters.landingPageId));
  if (filters.campaignId) where.push(eq(contactMessages.campaignId, filters.campaignId));
  if (filters.duplicate) where.push(eq(contactMessages.isDuplicate, filters.duplicate === "true"));
  if (filters.from) where.push(gte(contactMessages.createdAt, dayStart(filters.from)));
  if (filters.to) where.push(lt(contactMessages.createdAt, dayStart(filters.to, 1)));

  const rows = await db
    .select({
      message: contactMessages,
      projectName: projects.name,
      platform: landingCampaigns.platformName,
      campaignSlug: landingCampaigns.urlSlug,
      campaignName: landingCampaigns.displayName,
      landingPageSlug: landingPages.slug,
    })
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .leftJoin(landingPages, eq(landingPages.id, contactMessages.landingPageId))
    .leftJoin(landingCampaigns, eq(landingCampaigns.id, contactMessages.campaignId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));

  const deliveries = await latestDeliveries(
    db,
    rows.map((r) => r.message.id),
  );
  const views = rows.map(({ message: m, projectName, platform, campaignSlug, campaignName, landingPageSlug }) => ({
    id: m.id,
    landingPageId: m.landingPageId,
    campaignId: m.campaignId,
    projectId: m.projectId,
    source: m.source,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    isDuplicate: m.isDuplicate,
    projectName,
    landingPageName: m.landingPageId ? (projectName ?? landingPageSlug) : null,
    platform,
    campaignSlug,
    campaignName,
    attribution: m.attribution,
    consentVersion: m.consentVersion,
    consentAt: m.consentAt?.toISOString() ?? null,
    delivery: deliveries.get(m.id) ?? null,
    createdAt: m.createdAt.toISOString(),
  }));
  if (!filters.delivery) return views;
  return views.filter((v) => (v.delivery?.status ?? "none") === filters.delivery);
}

/** The newest delivery of each lead id. */
async function latestDeliveries(db: Db, ids: number[]): Promise<Map<number, ContactDeliveryView>> {
  const result = new Map<number, ContactDeliveryView>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.contactMessageId, chunk))
      .orderBy(desc(webhookDeliveries.id));
    for (const d of rows) {
      if (d.contactMessageId === null || result.has(d.contactMessageId)) continue;
      result.set(d.contactMessageId, {
        id: d.id,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
      });
    }
  }
  return result;
}

export const NO_WEBHOOK_FOR_LEAD = "لا يوجد رابط ويب هوك لهذه الرسالة";
export const DELIVERY_ALREADY_DONE = "تم تسليم هذه الرسالة بالفعل";

/**
 * POST /api/contact/messages/{id}/webhook-retry: puts the lead's newest delivery back in the queue for an attempt
 * now with a fresh retry schedule, to the webhook its campaign or page has now (so a corrected URL is used); a lead
 * without a delivery is queued the same way.
 * Errors: 404 unknown lead; 409 already delivered; 409 no webhook configured.
 */
export async function retryLeadDelivery(db: Db, id: number, actor: AuditActor, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    if (!lead) throw notFound("الرسالة غير موجودة");
    const [latest] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.contactMessageId, id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(1);
    if (latest?.status === "delivered") throw conflict(DELIVERY_ALREADY_DONE);
    const target = await resolveWebhookTarget(tx, { landingPageId: lead.landingPageId, campaignId: lead.campaignId });
    if (!target) throw conflict(NO_WEBHOOK_FOR_LEAD);
    let deliveryId: number;
    if (latest) {
      await requeueDelivery(tx, latest.id, target, now);
      deliveryId = latest.id;
    } else {
      deliveryId = await enqueueLeadDelivery(tx, lead.id, target, await leadPayload(tx, lead, now), now);
    }
    await recordAudit(tx, actor, {
      entityType: "webhook_delivery",
      entityId: deliveryId,
      action: "retry",
      newState: { contactMessageId: id },
    });
    return { deliveryId, status: "pending" as const };
  });
}

/**
 * DELETE /api/contact/messages/{id}. The audit log keeps identifiers only: the delete row and every earlier row of
 * this lead hold its id, source and project/landing/campaign ids, never its name, contact details, message or IP
 * (audit/service.ts eraseAuditPersonalData). Errors: 404.
 */
export async function deleteContactMessage(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!row) throw notFound("الرسالة غير موجودة");
    const identifiers = {
      id: row.id,
      source: row.source,
      projectId: row.projectId,
      landingPageId: row.landingPageId,
      campaignId: row.campaignId,
    };
    await eraseAuditPersonalData(tx, "contact_message", id, identifiers);
    await recordAudit(tx, actor, {
      entityType: "contact_message",
      entityId: id,
      action: "delete",
      previousState: identifiers,
    });
  });
}

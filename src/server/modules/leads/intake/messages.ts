/**
 * SPEC's contact messages (SPEC §2.16, §7.2; ARCHITECTURE resolution 18): the enquiries list with each one's latest
 * webhook delivery, the retry of a delivery, and the delete. The calls of /api/contact/messages are thin routes over
 * these (routes.ts).
 */
import { and, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import type { ContactListQuery, ContactMessageView } from "#domain/schemas/contact.ts";
import { phoneSearchDigits } from "#domain/search.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, landingCampaigns, landingPages, projects } from "#server/db/schema.ts";
import { webhookDeliveries } from "#server/db/tables/lead-desk.ts";
import { conflict, notFound } from "#server/lib/http-errors.ts";
import { dayStart } from "#server/lib/jeddah-days.ts";
import { searchMatch } from "#server/lib/search.ts";
import { escapeLike } from "#server/lib/sql.ts";
import { type AuditActor, eraseAuditPersonalData, recordAudit } from "../../audit/service.ts";
import { latestDeliveries } from "../desk/service.ts";
import { enqueueLeadDelivery, requeueDelivery } from "../outbox.ts";
import { leadPayload, readLeadContext, webhookTargetOf } from "./context.ts";
import { moveLeadOffEnquiry } from "./move-lead.ts";

/**
 * GET /api/contact/messages: newest first, with project, landing page, campaign, attribution, consent and the latest
 * webhook delivery (SPEC §2.16; docs/webhooks.md). `filters` narrow the list (the export uses the same filters).
 */
export async function listContactMessages(
  db: Db,
  filters: Partial<ContactListQuery> = {},
): Promise<ContactMessageView[]> {
  const where: SQL[] = [];
  if (filters.search) {
    // Names, e-mails and messages in the Arabic search form; a phone typed in any form against the stored E.164.
    const digits = phoneSearchDigits(filters.search);
    const match = or(
      searchMatch(
        sql`${contactMessages.name} || ' ' || coalesce(${contactMessages.email}, '') || ' ' || coalesce(${contactMessages.message}, '')`,
        filters.search,
      ),
      digits ? sql`coalesce(${contactMessages.phone}, '') like ${`%${escapeLike(digits)}%`} escape '\\'` : undefined,
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
    projectName: projectName ?? m.origin.projectName ?? null,
    landingPageName:
      m.landingPageId || m.origin.landingPageSlug
        ? (projectName ?? m.origin.projectName ?? landingPageSlug ?? m.origin.landingPageSlug ?? null)
        : null,
    platform: platform ?? m.origin.platform ?? null,
    campaignSlug: campaignSlug ?? m.origin.campaignSlug ?? null,
    campaignName: campaignName ?? m.origin.campaignName ?? null,
    attribution: m.attribution,
    consentVersion: m.consentVersion,
    consentAt: m.consentAt?.toISOString() ?? null,
    delivery: deliveries.get(m.id) ?? null,
    createdAt: m.createdAt.toISOString(),
  }));
  if (!filters.delivery) return views;
  return views.filter((v) => (v.delivery?.status ?? "none") === filters.delivery);
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
    const context = await readLeadContext(tx, {
      landingPageId: lead.landingPageId,
      campaignId: lead.campaignId,
      projectId: lead.projectId,
    });
    const target = webhookTargetOf(context);
    if (!target) throw conflict(NO_WEBHOOK_FOR_LEAD);
    let deliveryId: number;
    if (latest) {
      await requeueDelivery(tx, latest.id, target, now);
      deliveryId = latest.id;
    } else {
      deliveryId = await enqueueLeadDelivery(tx, lead.id, target, leadPayload(lead, context, now), now);
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
 * (audit/service.ts eraseAuditPersonalData). The lead this enquiry opened moves to its next enquiry first
 * (./move-lead.ts) and so outlives it. Errors: 404.
 */
export async function deleteContactMessage(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    await moveLeadOffEnquiry(tx, id, actor);
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

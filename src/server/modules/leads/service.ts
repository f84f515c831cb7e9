/**
 * Leads (SPEC §3 contact_messages, §7.2 contact calls, ARCHITECTURE resolutions 4 and 5).
 * A lead is never refused for a stale reference: an unknown project or landing page is stored as null,
 * so the visitor's enquiry is kept. isDuplicate: the same phone or e-mail arrived in the previous 30 days.
 * A lead from a page with a webhook (the campaign's, else the landing page's: resolution 6) gets its webhook delivery
 * queued in the same transaction (outbox.ts), so the lead and its delivery commit together.
 */
import { and, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { DUPLICATE_WINDOW_DAYS } from "../../../domain/constants.ts";
import { LEAD_STAGE_LABELS, type LeadStage } from "../../../domain/lead-desk.ts";
import {
  type ContactDeliveryView,
  type ContactListQuery,
  type ContactMessageView,
  type ContactPayload,
  contactSourceOf,
} from "../../../domain/schemas/contact.ts";
import { phoneSearchDigits } from "../../../domain/search.ts";
import type { Db, Tx } from "../../db/connection.ts";
import {
  contactMessages,
  landingCampaigns,
  landingPages,
  leads,
  projects,
  projectUpdates,
  webhookDeliveries,
} from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { searchMatch } from "../../lib/search.ts";
import { escapeLike } from "../../lib/sql.ts";
import { type AuditActor, eraseAuditPersonalData, recordAudit } from "../audit/service.ts";
import { queueLeadConversions } from "../conversions/outbox.ts";
import { assignNewLead } from "./desk-service.ts";
import { leadOrigin } from "./origin.ts";
import { enqueueLeadDelivery, type LeadWebhookPayload, requeueDelivery, type WebhookTarget } from "./outbox.ts";

export interface ContactMeta {
  ip: string | null;
  /** The browser's User-Agent (conversion events). */
  userAgent?: string | null;
  consentVersion: string;
  /** The marketing-consent text's version, stored when the person ticked that box. */
  marketingConsentVersion?: string | null;
  /** The site's public URL (the page URL of conversion events). */
  publicUrl?: string;
  now?: Date;
}

/**
 * What a lead points at, read once when it is stored (or retried): its project, landing page and campaign, with
 * the page's and the campaign's webhook. The webhook target and the webhook payload are both built from these rows.
 */
interface LeadContext {
  project: { id: number; name: string } | null;
  page: { id: number; slug: string; webhookUrl: string | null; webhookSecret: string | null } | null;
  campaign: (typeof landingCampaigns.$inferSelect & { landingPageId: number }) | null;
}

const pageColumns = {
  id: landingPages.id,
  slug: landingPages.slug,
  webhookUrl: landingPages.webhookUrl,
  webhookSecret: landingPages.webhookSecret,
};

/**
 * Reads a lead's references in one query per kind of reference: the landing page with its project and (when it
 * belongs to that page) the campaign; else the update with its project; else the project. Unknown ids read as null.
 */
async function readLeadContext(
  tx: Db | Tx,
  refs: {
    landingPageId?: number | null;
    campaignId?: number | null;
    updateId?: number | null;
    projectId?: number | null;
  },
): Promise<LeadContext & { updateId: number | null; updateTitle: string | null }> {
  let context: LeadContext = { project: null, page: null, campaign: null };
  if (refs.landingPageId != null) {
    const [row] = await tx
      .select({ page: pageColumns, project: { id: projects.id, name: projects.name }, campaign: landingCampaigns })
      .from(landingPages)
      .leftJoin(projects, eq(projects.id, landingPages.projectId))
      .leftJoin(
        landingCampaigns,
        and(eq(landingCampaigns.landingPageId, landingPages.id), eq(landingCampaigns.id, refs.campaignId ?? -1)),
      )
      .where(eq(landingPages.id, refs.landingPageId))
      .limit(1);
    if (row) context = row as LeadContext;
  }
  let updateId: number | null = null;
  let updateTitle: string | null = null;
  if (refs.updateId != null) {
    const [row] = await tx
      .select({ id: projectUpdates.id, title: projectUpdates.title, project: { id: projects.id, name: projects.name } })
      .from(projectUpdates)
      .leftJoin(projects, eq(projects.id, projectUpdates.projectId))
      .where(eq(projectUpdates.id, refs.updateId))
      .limit(1);
    if (row) {
      updateId = row.id;
      updateTitle = row.title;
      context.project = row.project;
    }
  }
  if (context.project === null && refs.projectId != null) {
    const [row] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.id, refs.projectId))
      .limit(1);
    context.project = row ?? null;
  }
  return { ...context, updateId, updateTitle };
}

/** The webhook a lead goes to (ARCHITECTURE resolution 6): the campaign's when it has one, else the page's, else none. */
function webhookTargetOf(context: LeadContext): WebhookTarget | null {
  const { campaign, page } = context;
  if (campaign?.webhookUrl && campaign.webhookSecret) {
    return { url: campaign.webhookUrl, secretRef: `campaign:${campaign.id}` };
  }
  if (page?.webhookUrl && page.webhookSecret) return { url: page.webhookUrl, secretRef: `landing_page:${page.id}` };
  return null;
}

/** The person an enquiry is from (docs/decisions/061-enquiries-and-leads.md). */
export interface IntakePerson {
  name: string;
  /** E.164, as the domain schemas normalise it (src/domain/schemas/contact.ts). */
  phone: string | null;
  email: string | null;
}

/** One contact that reached us, by any channel (form post today; platform lead forms, WhatsApp, visits later). */
export interface IntakeEnquiry {
  /** The channel's name of where it came from (src/domain/schemas/contact.ts contactSourceOf: home, landing, …). */
  source: string;
  message: string | null;
  /** What it points at; unknown ids are stored as null (ARCHITECTURE resolution 5). */
  refs: {
    landingPageId?: number | null;
    campaignId?: number | null;
    updateId?: number | null;
    projectId?: number | null;
  };
  /** The campaign's click ids and UTM values (string values only are kept). */
  attribution: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  /** The privacy notice's version the person accepted. */
  consentVersion: string;
  /** The marketing-consent text's version when the person ticked that box, else null. */
  marketingConsentVersion: string | null;
  /** The site's public URL (the page URL of conversion events); null: unknown. */
  publicUrl: string | null;
  /** When it reached us (the app's clock). */
  at: Date;
}

/** What createOrJoinLead stored: the lead (new, or the person's open one it joined) and the enquiry. */
export interface IntakeResult {
  lead: { id: number; ownerId: string | null };
  enquiry: typeof contactMessages.$inferSelect;
  /** True when the enquiry joined an open lead instead of opening one. */
  joined: boolean;
  /** Whether a webhook delivery of the enquiry was queued (the outbox can be kicked after the commit). */
  webhookQueued: boolean;
}

/**
 * The one way any channel creates or joins a lead (docs/decisions/061-enquiries-and-leads.md; ARCHITECTURE
 * resolution 22), inside the caller's transaction: stores the enquiry with its origin (docs/product.md §3) and
 * duplicate flag (the same phone or e-mail in the previous DUPLICATE_WINDOW_DAYS days), opens its lead (the id of the
 * enquiry, so lead and enquiry share it) and assigns it by today's rule (round robin and response clock:
 * docs/decisions/022-lead-desk-assignment-and-response-clock.md), tells the lead listeners ("created": conversion
 * events) and queues the webhook of the enquiry (ARCHITECTURE resolution 6). Every enquiry opens a lead today
 * (`joined` is false); the rule that joins a person's open lead goes in `openLeadOf`.
 */
export async function createOrJoinLead(tx: Tx, person: IntakePerson, enquiry: IntakeEnquiry): Promise<IntakeResult> {
  const now = enquiry.at;
  const context = await readLeadContext(tx, enquiry.refs);
  const projectId = context.project?.id ?? null;
  const landingPageId = context.page?.id ?? null;
  const campaignId = context.campaign?.id ?? null;
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const sameContact: SQL[] = [];
  if (person.phone) sameContact.push(eq(contactMessages.phone, person.phone));
  if (person.email) sameContact.push(eq(contactMessages.email, person.email));
  const [previous] = sameContact.length
    ? await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(and(gt(contactMessages.createdAt, since), or(...sameContact)))
        .limit(1)
    : [];
  const attribution = Object.fromEntries(
    Object.entries(enquiry.attribution).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const [stored] = await tx
    .insert(contactMessages)
    .values({
      landingPageId,
      campaignId,
      projectId,
      updateId: context.updateId,
      source: enquiry.source,
      name: person.name,
      email: person.email,
      phone: person.phone,
      message: enquiry.message,
      isDuplicate: Boolean(previous),
      attribution,
      origin: leadOrigin(context),
      consentVersion: enquiry.consentVersion,
      consentAt: now,
      ipAddress: enquiry.ip,
      userAgent: enquiry.userAgent?.slice(0, 1000) ?? null,
      marketingConsentVersion: enquiry.marketingConsentVersion,
      marketingConsentAt: enquiry.marketingConsentVersion ? now : null,
      createdAt: now,
    })
    .returning();
  const open = await openLeadOf(tx, person);
  const joined = open !== null;
  const leadId = open?.id ?? stored.id;
  if (!open) await tx.insert(leads).values({ id: leadId, createdAt: now });
  const [row] = await tx.update(contactMessages).set({ leadId }).where(eq(contactMessages.id, stored.id)).returning();
  await recordAudit(
    tx,
    { userId: null, ip: enquiry.ip },
    {
      entityType: "contact_message",
      entityId: row.id,
      action: "create",
      newState: { source: enquiry.source, projectId, landingPageId, campaignId, leadId, joined },
    },
  );
  // The lead desk: round-robin owner and response clock, in the enquiry's own transaction.
  const ownerId = joined ? (open?.ownerId ?? null) : await assignNewLead(tx, leadId, projectId, now);
  // Conversion events to the ad platforms, in the same transaction (modules/conversions).
  await queueLeadConversions(tx, { ...row, id: leadId }, "enquiry", now, enquiry.publicUrl);
  const target = webhookTargetOf(context);
  if (target) await enqueueLeadDelivery(tx, row.id, target, leadPayload(row, context, now), now);
  return { lead: { id: leadId, ownerId }, enquiry: row, joined, webhookQueued: target !== null };
}

/**
 * The open lead an enquiry of `person` joins, or null to open a new one. Today every enquiry opens its own lead
 * (docs/decisions/061-enquiries-and-leads.md); the one-open-lead-per-person rule answers here.
 */
async function openLeadOf(_tx: Tx, _person: IntakePerson): Promise<{ id: number; ownerId: string | null } | null> {
  return null;
}

/**
 * POST /api/contact (SPEC §7.2): the form post channel over createOrJoinLead, in one transaction. Returns the
 * enquiry's id, its lead's id, whether it is a duplicate, and whether a webhook delivery was queued.
 */
export async function createContactMessage(
  db: Db,
  payload: ContactPayload,
  meta: ContactMeta,
): Promise<{ id: number; leadId: number; isDuplicate: boolean; queued: boolean }> {
  const at = meta.now ?? new Date();
  return db.transaction(async (tx) => {
    const result = await createOrJoinLead(
      tx,
      { name: payload.name, phone: payload.phone ?? null, email: payload.email ?? null },
      {
        source: contactSourceOf(payload),
        message: payload.message ?? null,
        refs: {
          landingPageId: payload.landingPageId,
          campaignId: payload.campaignId,
          updateId: payload.updateReference,
          projectId: payload.projectReference,
        },
        attribution: payload.attribution ?? {},
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
        consentVersion: meta.consentVersion,
        marketingConsentVersion: payload.marketingConsent ? (meta.marketingConsentVersion ?? null) : null,
        publicUrl: meta.publicUrl ?? null,
        at,
      },
    );
    return {
      id: result.enquiry.id,
      leadId: result.lead.id,
      isDuplicate: result.enquiry.isDuplicate,
      queued: result.webhookQueued,
    };
  });
}

/** The webhook body of a stored lead (docs/webhooks.md "Payload"), from the lead and the rows it points at. */
function leadPayload(row: typeof contactMessages.$inferSelect, context: LeadContext, now: Date): LeadWebhookPayload {
  const { project, page, campaign } = context;
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
      project: project ? { id: project.id, name: project.name } : null,
      landingPage: page ? { id: page.id, slug: page.slug } : null,
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

/**
 * Queues the `lead.stage_changed` webhook of a lead (docs/webhooks.md) to the lead's webhook (the campaign's, else its
 * landing page's: ARCHITECTURE resolution 6), inside the stage change's transaction. Returns whether one was queued
 * (a lead without a webhook sends nothing).
 */
export async function enqueueStageChanged(
  tx: Tx,
  lead: typeof contactMessages.$inferSelect,
  change: { stage: LeadStage; previousStage: LeadStage; lostReason: string | null; unitId: number | null },
  now: Date,
): Promise<boolean> {
  if (lead.landingPageId === null) return false;
  const context = await readLeadContext(tx, {
    landingPageId: lead.landingPageId,
    campaignId: lead.campaignId,
    projectId: lead.projectId,
  });
  const target = webhookTargetOf(context);
  if (!target) return false;
  const { project, campaign } = context;
  await enqueueLeadDelivery(
    tx,
    lead.id,
    target,
    {
      type: "lead.stage_changed",
      timestamp: now.toISOString(),
      data: {
        id: lead.id,
        stage: change.stage,
        stageLabel: LEAD_STAGE_LABELS[change.stage],
        previousStage: change.previousStage,
        lostReason: change.lostReason,
        unitId: change.unitId,
        changedAt: now.toISOString(),
        project: project ? { id: project.id, name: project.name } : null,
        campaign: campaign ? { id: campaign.id, platform: campaign.platformName, urlSlug: campaign.urlSlug } : null,
      },
    },
    now,
  );
  return true;
}

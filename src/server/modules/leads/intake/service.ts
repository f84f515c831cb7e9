/**
 * Intake (docs/decisions/061-enquiries-and-leads.md, 062-lead-modules-and-events.md; SPEC §3 contact_messages, §7.2
 * contact calls; ARCHITECTURE resolutions 4, 5, 6 and 22): every contact that reaches us is stored as an enquiry and
 * opens or joins a lead through `createOrJoinLead`, the one way any channel does so. An enquiry is never refused for
 * a stale reference: an unknown project or landing page is stored as null. isDuplicate: the same phone or e-mail
 * arrived in the previous 30 days. An enquiry from a page with a webhook (the campaign's, else the landing page's)
 * gets its delivery queued in the same transaction (../outbox.ts), so the enquiry and its delivery commit together.
 * The one way into intake from elsewhere.
 */
import { and, eq, gt, or, type SQL } from "drizzle-orm";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import { type BuyerEstimate, buyerEstimateOf } from "#domain/buyer-estimate.ts";
import { DUPLICATE_WINDOW_DAYS } from "#domain/constants.ts";
import { LEAD_CLOCK_TEXTS } from "#domain/lead-clock.ts";
import { type ContactPayload, contactSourceOf } from "#domain/schemas/contact.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, type LeadOrigin, leads, units } from "#server/db/schema.ts";
import { recordAudit } from "../../audit/service.ts";
import { assignNewLead, notify, openLeadOf } from "../desk/service.ts";
import { emitLeadEvent } from "../events.ts";
import { enqueueLeadDelivery } from "../outbox.ts";
import { leadPayload, readLeadContext, webhookTargetOf } from "./context.ts";
import { leadOrigin } from "./origin.ts";

export { stageWebhookListener } from "./context.ts";
export {
  DELIVERY_ALREADY_DONE,
  deleteContactMessage,
  listContactMessages,
  NO_WEBHOOK_FOR_LEAD,
  retryLeadDelivery,
} from "./messages.ts";
export { detachLeads } from "./origin.ts";

export interface ContactMeta {
  ip: string | null;
  /** The browser's User-Agent (conversion events). */
  userAgent?: string | null;
  consentVersion: string;
  /** The marketing-consent text's version, stored when the person ticked that box. */
  marketingConsentVersion?: string | null;
  /** The WhatsApp opt-in text's version, stored when the person ticked that box (docs/whatsapp.md "Consent"). */
  whatsappOptInVersion?: string | null;
  /** The site's public URL (the page URL of conversion events). */
  publicUrl?: string;
  now?: Date;
  /** The affordability rules loaded at start (`app.affordability`): an enquiry's estimate is computed by them. */
  affordabilityRules?: AffordabilityRules;
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
    /** The unit the enquiry is about (a unit page's form); kept only when it is a unit of the enquiry's project. */
    unitId?: number | null;
  };
  /** The campaign's click ids and UTM values (string values only are kept). */
  attribution: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  /** The privacy notice's version the person accepted. */
  consentVersion: string;
  /** The marketing-consent text's version when the person ticked that box, else null. */
  marketingConsentVersion: string | null;
  /** The WhatsApp opt-in text's version when the person ticked «تواصلوا معي عبر واتساب», else null/absent. */
  whatsappOptInVersion?: string | null;
  /** The site's public URL (the page URL of conversion events); null: unknown. */
  publicUrl: string | null;
  /** When it reached us (the app's clock); a platform lead form passes the platform's created_time (the clock starts then). */
  at: Date;
  /** A platform's test lead (docs/lead-forms.md "Test leads"): marked, left out of reports, no conversion event. */
  isTest?: boolean;
  /** What the channel adds to the lead's origin (a platform lead form: its platform and form). */
  origin?: Pick<LeadOrigin, "leadForm">;
  /** The buyer's own affordability estimate sent with it (#domain/buyer-estimate.ts); absent: none. */
  estimate?: BuyerEstimate | null;
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
      origin: {
        ...leadOrigin(context),
        ...(await unitOfEnquiry(tx, enquiry.refs.unitId, projectId)),
        ...enquiry.origin,
      },
      consentVersion: enquiry.consentVersion,
      consentAt: now,
      ipAddress: enquiry.ip,
      userAgent: enquiry.userAgent?.slice(0, 1000) ?? null,
      marketingConsentVersion: enquiry.marketingConsentVersion,
      marketingConsentAt: enquiry.marketingConsentVersion ? now : null,
      whatsappOptInVersion: enquiry.whatsappOptInVersion ?? null,
      whatsappOptInAt: enquiry.whatsappOptInVersion ? now : null,
      estimate: enquiry.estimate ?? null,
      createdAt: now,
      isTest: enquiry.isTest ?? false,
    })
    .returning();
  const { open, leadId } = await openOrJoin(tx, person, stored.id, now);
  const joined = open !== null;
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
  // The owner of the open lead hears of the person's new enquiry; the clock and the owner stay as they are.
  if (joined && ownerId) {
    const project = context.project?.name ?? row.origin.projectName ?? null;
    await notify(tx, [ownerId], leadId, "enquiry_joined", LEAD_CLOCK_TEXTS.enquiryJoined(person.name, project), now);
  }
  // The lead listeners (../events.ts: conversion events to the ad platforms), in the same transaction.
  if (!joined && !enquiry.isTest) {
    await emitLeadEvent(tx, {
      kind: "created",
      lead: { ...row, id: leadId, unitId: null },
      publicUrl: enquiry.publicUrl,
      at: now,
    });
  }
  const target = webhookTargetOf(context);
  if (target) await enqueueLeadDelivery(tx, row.id, target, leadPayload(row, context, now), now);
  return { lead: { id: leadId, ownerId }, enquiry: row, joined, webhookQueued: target !== null };
}

/** The origin entries of the unit an enquiry is about, when it is a unit of the enquiry's project. */
async function unitOfEnquiry(tx: Tx, unitId: number | null | undefined, projectId: number | null) {
  if (unitId == null || projectId === null) return {};
  const [unit] = await tx
    .select({ id: units.id, unitNumber: units.unitNumber })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.projectId, projectId)))
    .limit(1);
  return unit ? { unitId: unit.id, unitNumber: unit.unitNumber } : {};
}

/**
 * Joins the person's open lead, or opens lead `enquiryId` for them. Two enquiries of one new person stored at once
 * meet at the unique indexes of an open lead's key (leads_open_person_*_key): the second insert waits for the first
 * transaction and, once it has committed, inserts nothing and joins the lead it opened.
 */
async function openOrJoin(tx: Tx, person: IntakePerson, enquiryId: number, now: Date) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const open = await openLeadOf(tx, person);
    if (open) return { open, leadId: open.id };
    const [inserted] = await tx
      .insert(leads)
      .values({ id: enquiryId, createdAt: now, personPhone: person.phone, personEmail: person.email?.toLowerCase() })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    if (inserted) return { open: null, leadId: inserted.id };
  }
  throw new Error("no open lead after a conflict on the person's key");
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
          unitId: payload.unitReference,
        },
        attribution: payload.attribution ?? {},
        ip: meta.ip,
        userAgent: meta.userAgent ?? null,
        consentVersion: meta.consentVersion,
        marketingConsentVersion: payload.marketingConsent ? (meta.marketingConsentVersion ?? null) : null,
        whatsappOptInVersion: payload.whatsappOptIn ? (meta.whatsappOptInVersion ?? null) : null,
        publicUrl: meta.publicUrl ?? null,
        at,
        estimate:
          payload.estimate && meta.affordabilityRules
            ? buyerEstimateOf(payload.estimate, meta.affordabilityRules)
            : null,
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

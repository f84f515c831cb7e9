/**
 * Storing a platform lead, once (docs/lead-forms.md "Once, and on time"; docs/decisions/084-lead-forms-inbox-and-backfill.md):
 * the lead_form_leads row is inserted first with ON CONFLICT DO NOTHING on (platform, platform lead id), so a
 * duplicate webhook, a retry and the backfill meet on the unique index and only the first one goes on; that one
 * maps the answers by the form's field map and enters through intake's `createOrJoinLead` (ARCHITECTURE resolution
 * 22) with the platform's created_time as the enquiry's time (the response clock starts then), the campaign whose
 * card holds the platform campaign id, and the test mark. All in the caller's transaction.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  type FieldTarget,
  GOOGLE_DEFAULT_FIELD_MAP,
  LEAD_FORM_SOURCES,
  LEAD_FORM_TEXTS,
  type LeadFormPlatform,
  META_DEFAULT_FIELD_MAP,
  SNAPCHAT_DEFAULT_FIELD_MAP,
  TIKTOK_DEFAULT_FIELD_MAP,
} from "#domain/lead-forms.ts";
import { normalizeAnyPhone } from "#domain/phone.ts";
import type { Tx } from "#server/db/connection.ts";
import { landingCampaigns } from "#server/db/schema.ts";
import { leadFormForms, leadFormLeads } from "#server/db/tables/lead-forms.ts";
import { createOrJoinLead, type IntakePerson } from "../leads/intake/service.ts";

/** A lead as any platform describes it, its ids as text. */
export interface PlatformLead {
  platform: LeadFormPlatform;
  platformLeadId: string;
  formId: string;
  pageId: string | null;
  adId: string | null;
  adsetId: string | null;
  campaignId: string | null;
  placement: string | null;
  isOrganic: boolean;
  isTest: boolean;
  /** When the person sent the form on the platform. */
  createdTime: Date;
  /** Question key → answer (several values joined with ", "). */
  answers: Record<string, string>;
  consentAnswers: { key: string; checked: boolean }[];
}

const emailSchema = z.email();

/** What a platform's standard questions feed when a form has no mapping of its own. */
const DEFAULT_FIELD_MAPS: Record<LeadFormPlatform, Record<string, FieldTarget>> = {
  meta: META_DEFAULT_FIELD_MAP,
  tiktok: TIKTOK_DEFAULT_FIELD_MAP,
  snapchat: SNAPCHAT_DEFAULT_FIELD_MAP,
  google: GOOGLE_DEFAULT_FIELD_MAP,
};

/**
 * The person, the message and the answers kept as custom of a lead, by the form's field map (a question without a
 * mapping: the platform's standard keys by `defaults`, anything else custom). A phone that is not a valid number
 * of any country, or an e-mail that is not one, is kept as a custom answer rather than lost.
 */
export function mapAnswers(
  answers: Record<string, string>,
  fieldMap: Record<string, FieldTarget>,
  defaults: Record<string, FieldTarget> = META_DEFAULT_FIELD_MAP,
): { person: IntakePerson; message: string | null } {
  const names: string[] = [];
  const messages: string[] = [];
  const custom: string[] = [];
  let phone: string | null = null;
  let email: string | null = null;
  for (const [key, value] of Object.entries(answers)) {
    const text = value.trim();
    if (!text) continue;
    const target = fieldMap[key] ?? defaults[key] ?? "custom";
    if (target === "name") names.push(text);
    else if (target === "message") messages.push(text);
    else if (target === "phone" && !phone && normalizeAnyPhone(text)) phone = normalizeAnyPhone(text);
    else if (target === "email" && !email && emailSchema.safeParse(text.toLowerCase()).success) {
      email = text.toLowerCase();
    } else custom.push(`${key}: ${text}`);
  }
  const message = [...messages, ...custom].join("\n");
  return {
    person: { name: names.join(" ").slice(0, 200) || LEAD_FORM_TEXTS.noName, phone, email },
    message: message ? message.slice(0, 5000) : null,
  };
}

/**
 * Stores `lead` once. Returns the enquiry and lead ids, or null when the platform lead was already stored (a form we
 * do not know is stored anyway, with no project). `via`: which way reached it; `receivedAt`: when it reached us;
 * `storedAt`: now (both the app's clock).
 */
export async function storePlatformLead(
  tx: Tx,
  lead: PlatformLead,
  via: "webhook" | "backfill",
  receivedAt: Date,
  storedAt: Date = receivedAt,
): Promise<{ enquiryId: number; leadId: number } | null> {
  const [form] = await tx
    .select()
    .from(leadFormForms)
    .where(and(eq(leadFormForms.platform, lead.platform), eq(leadFormForms.formId, lead.formId)))
    .limit(1);
  const [row] = await tx
    .insert(leadFormLeads)
    .values({
      platform: lead.platform,
      platformLeadId: lead.platformLeadId,
      formId: lead.formId,
      formName: form?.name || null,
      pageId: lead.pageId,
      adId: lead.adId,
      adsetId: lead.adsetId,
      campaignId: lead.campaignId,
      placement: lead.placement,
      isOrganic: lead.isOrganic,
      isTest: lead.isTest || Boolean(form?.testMode),
      createdTime: lead.createdTime,
      receivedAt,
      storedAt,
      via,
      answers: lead.answers,
      consentText: form?.consentText ?? null,
      consentAnswers: lead.consentAnswers,
    })
    .onConflictDoNothing({ target: [leadFormLeads.platform, leadFormLeads.platformLeadId] })
    .returning({ id: leadFormLeads.id, isTest: leadFormLeads.isTest });
  if (!row) return null;
  const [campaign] = lead.campaignId
    ? await tx
        .select({ id: landingCampaigns.id, landingPageId: landingCampaigns.landingPageId })
        .from(landingCampaigns)
        .where(eq(landingCampaigns.platformCampaignId, lead.campaignId))
        .limit(1)
    : [];
  const defaults = DEFAULT_FIELD_MAPS[lead.platform];
  const { person, message } = mapAnswers(lead.answers, form?.fieldMap ?? {}, defaults);
  // A form first seen through one of its leads is kept, so it can be given a project and a mapping.
  if (!form && lead.formId) {
    await tx.insert(leadFormForms).values({ platform: lead.platform, formId: lead.formId }).onConflictDoNothing();
  }
  const result = await createOrJoinLead(tx, person, {
    source: LEAD_FORM_SOURCES[lead.platform],
    message,
    refs: {
      projectId: form?.projectId ?? null,
      landingPageId: campaign?.landingPageId ?? null,
      campaignId: campaign?.id ?? null,
    },
    attribution: {},
    ip: null,
    userAgent: null,
    // The platform collected the consent on the developer's behalf: its form, not our notice's version.
    consentVersion: `${lead.platform}:${lead.formId}`,
    marketingConsentVersion: null,
    publicUrl: null,
    at: lead.createdTime,
    isTest: row.isTest,
    origin: { leadForm: { platform: lead.platform, formId: lead.formId, formName: form?.name || null } },
  });
  await tx
    .update(leadFormLeads)
    .set({ enquiryId: result.enquiry.id, leadId: result.lead.id })
    .where(eq(leadFormLeads.id, row.id));
  return { enquiryId: result.enquiry.id, leadId: result.lead.id };
}

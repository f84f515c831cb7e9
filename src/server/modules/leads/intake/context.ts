/**
 * What an enquiry points at and where its webhook goes (ARCHITECTURE resolutions 5 and 6; docs/webhooks.md): its
 * project, landing page, campaign and update read in one query per kind, the webhook target, the `lead.created` body,
 * and the `lead.stage_changed` webhook queued when the desk changes a lead's stage (a lead listener, ../events.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { LEAD_STAGE_LABELS } from "#domain/lead-desk.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { type contactMessages, landingCampaigns, landingPages, projects, projectUpdates } from "#server/db/schema.ts";
import type { LeadListener } from "../events.ts";
import { enqueueLeadDelivery, type LeadWebhookPayload, type WebhookTarget } from "../outbox.ts";

/**
 * What a lead points at, read once when it is stored (or retried): its project, landing page and campaign, with
 * the page's and the campaign's webhook. The webhook target and the webhook payload are both built from these rows.
 */
export interface LeadContext {
  project: { id: number; name: string; licenceNumber?: string | null } | null;
  page: { id: number; slug: string; webhookUrl: string | null; webhookSecret: string | null } | null;
  campaign: (typeof landingCampaigns.$inferSelect & { landingPageId: number }) | null;
}

/**
 * The number of the licence a project is advertised under (docs/compliance.md): the off-plan sale licence for an
 * off-plan project, else the advertising licence. Sent as a custom field of the lead webhook.
 */
const PROJECT_LICENCE_NUMBER = sql<
  string | null
>`case when ${projects.saleMode} = 'offplan' then ${projects.wafiLicenseNumber} else ${projects.advertisingLicenseNumber} end`;
const PROJECT_COLUMNS = { id: projects.id, name: projects.name, licenceNumber: PROJECT_LICENCE_NUMBER };

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
export async function readLeadContext(
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
      .select({ page: pageColumns, project: PROJECT_COLUMNS, campaign: landingCampaigns })
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
      .select({ id: projectUpdates.id, title: projectUpdates.title, project: PROJECT_COLUMNS })
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
    const [row] = await tx.select(PROJECT_COLUMNS).from(projects).where(eq(projects.id, refs.projectId)).limit(1);
    context.project = row ?? null;
  }
  return { ...context, updateId, updateTitle };
}

/** The webhook a lead goes to (ARCHITECTURE resolution 6): the campaign's when it has one, else the page's, else none. */
export function webhookTargetOf(context: LeadContext): WebhookTarget | null {
  const { campaign, page } = context;
  if (campaign?.webhookUrl && campaign.webhookSecret) {
    return { url: campaign.webhookUrl, secretRef: `campaign:${campaign.id}` };
  }
  if (page?.webhookUrl && page.webhookSecret) return { url: page.webhookUrl, secretRef: `landing_page:${page.id}` };
  return null;
}

/** The webhook body of a stored lead (docs/webhooks.md "Payload"), from the lead and the rows it points at. */
export function leadPayload(
  row: typeof contactMessages.$inferSelect,
  context: LeadContext,
  now: Date,
): LeadWebhookPayload {
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
      project: project ? { id: project.id, name: project.name, licenceNumber: project.licenceNumber ?? null } : null,
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

/**
 * The lead listener of intake (../events.ts): a stage change queues the `lead.stage_changed` webhook
 * (docs/webhooks.md) to the lead's webhook (the campaign's, else its landing page's: ARCHITECTURE resolution 6),
 * inside the change's transaction. Says whether one was queued (a lead without a webhook sends nothing).
 */
export const stageWebhookListener: LeadListener = async (tx, event) => {
  if (event.kind !== "stage_changed") return undefined;
  const { lead, at: now } = event;
  const change = {
    stage: event.stage,
    previousStage: event.previousStage,
    lostReason: event.lostReason,
    unitId: lead.unitId,
  };
  if (lead.landingPageId === null) return { webhookQueued: false };
  const context = await readLeadContext(tx, {
    landingPageId: lead.landingPageId,
    campaignId: lead.campaignId,
    projectId: lead.projectId,
  });
  const target = webhookTargetOf(context);
  if (!target) return { webhookQueued: false };
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
  return { webhookQueued: true };
};

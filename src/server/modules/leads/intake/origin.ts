/**
 * A lead's origin by name (docs/product.md §3 "deletes"): taken from the project, landing page, campaign and update
 * rows read when the lead is stored, and the references cleared explicitly before one of those rows is deleted.
 *
 * Clearing first matters: deleting a project cascades to its landing page and campaigns, and PostgreSQL then checks
 * the lead's `campaign_id` against a campaign deleted in the same statement (a foreign-key violation, a 500) when the
 * lead's other references are set to null by the same cascade.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "#server/db/connection.ts";
import { contactMessages, type LeadOrigin, landingPages, projectUpdates } from "#server/db/schema.ts";

/** The names behind a lead's references, from the rows read when the lead is stored. Missing rows give no key. */
export function leadOrigin(context: {
  project: { name: string } | null;
  page: { slug: string } | null;
  campaign: { platformName: string; urlSlug: string; displayName: string | null } | null;
  updateTitle: string | null;
}): LeadOrigin {
  const { project, page, campaign, updateTitle } = context;
  return {
    ...(project ? { projectName: project.name } : {}),
    ...(page ? { landingPageSlug: page.slug } : {}),
    ...(campaign
      ? { platform: campaign.platformName, campaignSlug: campaign.urlSlug, campaignName: campaign.displayName }
      : {}),
    ...(updateTitle !== null ? { updateTitle } : {}),
  };
}

/**
 * Clears the references of every lead that points at a project about to be deleted (its own, its landing page's and
 * campaigns', its updates') or at a landing page about to be deleted (its own and its campaigns'). Run in the delete's
 * transaction, before the delete; the names stay in `origin`. A single campaign or update is deleted with the schema's
 * `on delete set null` alone.
 */
export async function detachLeads(tx: Tx, parent: { projectId: number } | { landingPageId: number }): Promise<void> {
  const m = contactMessages;
  if ("projectId" in parent) {
    const pages = sql`(select id from ${landingPages} where ${landingPages.projectId} = ${parent.projectId})`;
    const updates = sql`(select id from ${projectUpdates} where ${projectUpdates.projectId} = ${parent.projectId})`;
    await tx
      .update(m)
      .set({ projectId: null, landingPageId: null, campaignId: null, updateId: null })
      .where(
        sql`${m.projectId} = ${parent.projectId} or ${m.landingPageId} in ${pages} or ${m.updateId} in ${updates}`,
      );
  } else {
    await tx.update(m).set({ landingPageId: null, campaignId: null }).where(eq(m.landingPageId, parent.landingPageId));
  }
}

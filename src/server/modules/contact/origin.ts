/**
 * A lead's origin by name (docs/product.md §3 "deletes"): copied from the project, landing page, campaign and update
 * rows when the lead is stored, and the references cleared explicitly before one of those rows is deleted.
 *
 * Clearing first matters: deleting a project cascades to its landing page and campaigns, and PostgreSQL then checks
 * the lead's `campaign_id` against a campaign deleted in the same statement (a foreign-key violation, a 500) when the
 * lead's other references are set to null by the same cascade.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/connection.ts";
import {
  contactMessages,
  type LeadOrigin,
  landingCampaigns,
  landingPages,
  projects,
  projectUpdates,
} from "../../db/schema.ts";

/** The names behind a lead's references, read in the lead's transaction. Missing rows give no key. */
export async function readLeadOrigin(
  tx: Tx,
  refs: { projectId: number | null; landingPageId: number | null; campaignId: number | null; updateId: number | null },
): Promise<LeadOrigin> {
  const origin: LeadOrigin = {};
  if (refs.projectId !== null) {
    const [row] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, refs.projectId));
    if (row) origin.projectName = row.name;
  }
  if (refs.landingPageId !== null) {
    const [row] = await tx
      .select({ slug: landingPages.slug })
      .from(landingPages)
      .where(eq(landingPages.id, refs.landingPageId));
    if (row) origin.landingPageSlug = row.slug;
  }
  if (refs.campaignId !== null) {
    const [row] = await tx
      .select({
        platform: landingCampaigns.platformName,
        slug: landingCampaigns.urlSlug,
        name: landingCampaigns.displayName,
      })
      .from(landingCampaigns)
      .where(eq(landingCampaigns.id, refs.campaignId));
    if (row) Object.assign(origin, { platform: row.platform, campaignSlug: row.slug, campaignName: row.name });
  }
  if (refs.updateId !== null) {
    const [row] = await tx
      .select({ title: projectUpdates.title })
      .from(projectUpdates)
      .where(eq(projectUpdates.id, refs.updateId));
    if (row) origin.updateTitle = row.title;
  }
  return origin;
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

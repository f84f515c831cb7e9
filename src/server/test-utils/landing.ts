/**
 * A published project with a landing page and one campaign on it, written straight to the database for tests of what
 * a visitor arriving through an ad does (docs/decisions/036-campaign-funnel-and-spend.md): the ids a test books or
 * enquires with.
 */
import type { Db } from "../db/connection.ts";
import { landingCampaigns, landingPages, projects } from "../db/schema.ts";

/** Inserts project `name` (Jeddah), its landing page `slug` and a campaign of `platformName`, all published at `at`. */
export async function insertCampaign(
  db: Db,
  fields: { name: string; slug: string; platformName: string; displayName: string; at: Date },
) {
  const [project] = await db
    .insert(projects)
    .values({ name: fields.name, city: "جدة", publishedAt: fields.at })
    .returning();
  const [page] = await db
    .insert(landingPages)
    .values({ projectId: project.id, slug: fields.slug, poster: "/media/poster.webp", publishedAt: fields.at })
    .returning();
  const [campaign] = await db
    .insert(landingCampaigns)
    .values({
      landingPageId: page.id,
      platformName: fields.platformName,
      displayName: fields.displayName,
      urlSlug: `${fields.platformName}/${fields.slug}`,
    })
    .returning();
  return { projectId: project.id, landingPageId: page.id, campaignId: campaign.id };
}

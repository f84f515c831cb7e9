/**
 * Landing pages and campaigns (SPEC §2.8, §2.15, §3, §5.4, §7.2; ARCHITECTURE resolution 6).
 * Every write runs in one transaction with its audit row. Webhook secrets never leave the server except once,
 * in the answer of the call that first sets a URL or rotates the secret (`webhookSecret`).
 * Webhook URLs are checked for public addresses when saved (webhook-address.ts) → 400 on `webhookUrl`.
 */

import { asc, eq, sql } from "drizzle-orm";
import { CAMPAIGN_PLATFORMS } from "#domain/constants.ts";
import {
  type CampaignWithStats,
  LANDING_TEXTS,
  type LandingPagePayload,
  type LandingPageView,
} from "#domain/schemas/landing.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages, projects } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { detachLeads } from "../leads/intake/service.ts";
import { generateWebhookSecret } from "../leads/outbox.ts";
import { checkWebhookUrl, findPage, type LandingContext, slugTaken, toCampaign, toView, uniqueOr409 } from "./rows.ts";

export {
  createCustomCampaign,
  deleteCampaign,
  getPublicCampaign,
  listCampaigns,
  updateCampaignWebhook,
} from "./campaigns.ts";
export type { LandingContext } from "./rows.ts";

/** GET /api/landing-pages/{projectId}. Errors: 404 when the project has no landing page. */
export async function getLandingPageByProject(db: Db, projectId: number): Promise<LandingPageView> {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.projectId, projectId)).limit(1);
  if (!row) throw notFound(LANDING_TEXTS.landingNotFound);
  return toView(row);
}

/** GET /api/landing-pages (admin list of §2.15 /admin/landing): every project with its page id and campaign count. */
export async function listLandingOverview(db: Db) {
  const rows = await db
    .select({
      projectId: projects.id,
      projectName: projects.name,
      city: projects.city,
      landingPageId: landingPages.id,
      slug: landingPages.slug,
      campaigns: sql<number>`(select count(*)::int from ${landingCampaigns} where ${landingCampaigns.landingPageId} = ${landingPages.id})`,
    })
    .from(projects)
    .leftJoin(landingPages, eq(landingPages.projectId, projects.id))
    .orderBy(asc(projects.name));
  return rows.map((r) => ({ ...r, campaigns: Number(r.campaigns ?? 0) }));
}

/** The page's columns a create or an update writes from `payload`, with its webhook secret. */
function pageColumns(payload: LandingPagePayload, webhookSecret: string | null) {
  return {
    poster: payload.poster,
    images: payload.images,
    videoUrl: payload.videoUrl,
    webhookUrl: payload.webhookUrl,
    webhookSecret,
    features: payload.features,
    guarantees: payload.guarantees,
    buildingSpecs: payload.buildingSpecs,
  };
}

/**
 * POST /api/landing-pages/{projectId}: creates the page and its six platform campaigns ("{platform}/{slug}") in one
 * transaction. Errors: 404 unknown project; 409 page exists; 409 slug taken (fields.slug); 400 refused webhook URL.
 * Returns the page, its campaigns, and `webhookSecret` once when a webhook URL was given.
 */
export async function createLandingPage(
  db: Db,
  projectId: number,
  payload: LandingPagePayload,
  ctx: LandingContext,
): Promise<LandingPageView & { campaigns: CampaignWithStats[]; webhookSecret?: string }> {
  await checkWebhookUrl(payload.webhookUrl, ctx.allowPrivate);
  return uniqueOr409("slug", () => createLandingPageTx(db, projectId, payload, ctx));
}

async function createLandingPageTx(
  db: Db,
  projectId: number,
  payload: LandingPagePayload,
  ctx: LandingContext,
): Promise<LandingPageView & { campaigns: CampaignWithStats[]; webhookSecret?: string }> {
  return db.transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw notFound(TEXTS.projectNotFound);
    const [existing] = await tx
      .select({ id: landingPages.id })
      .from(landingPages)
      .where(eq(landingPages.projectId, projectId))
      .limit(1);
    if (existing) throw conflict(LANDING_TEXTS.landingExists);
    const slug = payload.slug ?? (await freeSlug(tx, `project-${projectId}`));
    if (await slugTaken(tx, "page", slug)) throw conflict(LANDING_TEXTS.slugTaken, { slug: LANDING_TEXTS.slugTaken });
    const platformSlugs = CAMPAIGN_PLATFORMS.map((platform) => `${platform}/${slug}`);
    for (const urlSlug of platformSlugs) {
      if (await slugTaken(tx, "campaign", urlSlug)) {
        throw conflict(LANDING_TEXTS.slugTaken, { slug: LANDING_TEXTS.slugTaken });
      }
    }
    const webhookSecret = payload.webhookUrl ? generateWebhookSecret() : null;
    const [page] = await tx
      .insert(landingPages)
      .values({ projectId, slug, ...pageColumns(payload, webhookSecret) })
      .returning();
    const campaigns = await tx
      .insert(landingCampaigns)
      .values(
        CAMPAIGN_PLATFORMS.map((platform, i) => ({
          landingPageId: page.id,
          platformName: platform,
          urlSlug: platformSlugs[i],
          isCustom: false,
        })),
      )
      .returning();
    await recordAudit(tx, ctx.actor, {
      entityType: "landing_page",
      entityId: page.id,
      action: "create",
      newState: { ...page, campaigns: campaigns.map((c) => c.urlSlug) },
    });
    return {
      ...toView(page),
      campaigns: campaigns.map((c) => toCampaign(c, 0)),
      ...(webhookSecret ? { webhookSecret } : {}),
    };
  });
}

/** The first of base, base-2, base-3 … not used by another page. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, "page", candidate))) return candidate;
  }
}

/**
 * PUT /api/landing-pages/{id}: replaces the page fields (the slug and campaigns stay). A new secret is issued and
 * returned once when a URL is set on a page without one, or with rotateWebhookSecret; removing the URL removes the
 * secret. Errors: 404; 400 refused webhook URL.
 */
export async function updateLandingPage(
  db: Db,
  id: number,
  payload: LandingPagePayload,
  ctx: LandingContext,
): Promise<LandingPageView & { webhookSecret?: string }> {
  await checkWebhookUrl(payload.webhookUrl, ctx.allowPrivate);
  return db.transaction(async (tx) => {
    const before = await findPage(tx, id);
    let webhookSecret: string | null = before.webhookSecret;
    let issued: string | undefined;
    if (!payload.webhookUrl) webhookSecret = null;
    else if (!webhookSecret || payload.rotateWebhookSecret) {
      issued = generateWebhookSecret();
      webhookSecret = issued;
    }
    const [page] = await tx
      .update(landingPages)
      .set({ ...pageColumns(payload, webhookSecret), updatedAt: new Date() })
      .where(eq(landingPages.id, id))
      .returning();
    await recordAudit(tx, ctx.actor, {
      entityType: "landing_page",
      entityId: id,
      action: "update",
      previousState: before,
      newState: { ...page, secretRotated: Boolean(issued) },
    });
    return { ...toView(page), ...(issued ? { webhookSecret: issued } : {}) };
  });
}

/**
 * DELETE /api/landing-pages/{id}: the page and its campaigns go (their links answer 404); its leads stay, with the
 * page's and campaigns' names kept in their origin (docs/product.md §3). One transaction, one audit row.
 * Errors: 404 LANDING_TEXTS.landingNotFound.
 */
export async function deleteLandingPage(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await findPage(tx, id);
    const campaigns = await tx
      .select({ id: landingCampaigns.id, urlSlug: landingCampaigns.urlSlug })
      .from(landingCampaigns)
      .where(eq(landingCampaigns.landingPageId, id));
    await detachLeads(tx, { landingPageId: id });
    await tx.delete(landingPages).where(eq(landingPages.id, id));
    const { webhookSecret: _secret, ...previous } = page;
    await recordAudit(tx, actor, {
      entityType: "landing_page",
      entityId: id,
      action: "delete",
      previousState: { page: previous, campaigns },
    });
  });
}

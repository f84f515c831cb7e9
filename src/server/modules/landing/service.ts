/**
 * Landing pages and campaigns (SPEC §2.8, §2.15, §3, §5.4, §7.2; ARCHITECTURE resolution 6).
 * Every write runs in one transaction with its audit row. Webhook secrets never leave the server except once,
 * in the answer of the call that first sets a URL or rotates the secret (`webhookSecret`).
 * Webhook URLs are checked for public addresses when saved (webhook-address.ts) → 400 on `webhookUrl`.
 */

import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { CAMPAIGN_PLATFORMS } from "#domain/constants.ts";
import { effectiveLicence } from "#domain/licence.ts";
import {
  type CampaignWithStats,
  type CustomCampaignPayload,
  conversionRate,
  LANDING_TEXTS,
  type LandingPagePayload,
  type LandingPageView,
  type PublicCampaignResponse,
} from "#domain/schemas/landing.ts";
import { TEXTS } from "#domain/texts.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { contactMessages, landingCampaigns, landingPages, projects } from "../../db/schema.ts";
import { assertAdvertisable, type LicenceContext } from "../../lib/compliance-rules.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import { escapeLike, isUniqueViolation } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countDailyVisit } from "../conversions/funnel.ts";
import { queuePageView } from "../conversions/outbox.ts";
import { detachLeads } from "../leads/intake/service.ts";
import { generateWebhookSecret } from "../leads/outbox.ts";
import { assertPublicWebhookUrl } from "../leads/webhook-address.ts";

type PageRow = typeof landingPages.$inferSelect;
type CampaignRow = typeof landingCampaigns.$inferSelect;

export interface LandingContext {
  actor: AuditActor;
  allowPrivate: boolean;
}

function toView(row: PageRow): LandingPageView {
  return {
    id: row.id,
    projectId: row.projectId,
    slug: row.slug,
    poster: row.poster,
    images: row.images,
    videoUrl: row.videoUrl,
    webhookUrl: row.webhookUrl,
    hasWebhookSecret: Boolean(row.webhookSecret),
    features: row.features,
    guarantees: row.guarantees,
    buildingSpecs: row.buildingSpecs,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toCampaign(row: CampaignRow, leads: number): CampaignWithStats {
  return {
    id: row.id,
    landingPageId: row.landingPageId,
    platformName: row.platformName,
    urlSlug: row.urlSlug,
    isCustom: row.isCustom,
    webhookUrl: row.webhookUrl,
    hasWebhookSecret: Boolean(row.webhookSecret),
    displayName: row.displayName,
    visits: row.visits,
    leads,
    conversionRate: conversionRate(leads, row.visits),
    platformCampaignId: row.platformCampaignId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 400 on `webhookUrl` unless the URL is a public http(s) address (or private targets are allowed). */
async function checkWebhookUrl(url: string | null, allowPrivate: boolean): Promise<void> {
  if (!url) return;
  try {
    await assertPublicWebhookUrl(url, { allowPrivate });
  } catch {
    throw badRequest({ webhookUrl: LANDING_TEXTS.webhookRefused });
  }
}

/** Runs `write`; a unique violation from a concurrent twin becomes 409 on `field` instead of a 500. */
async function uniqueOr409<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LANDING_TEXTS.slugTaken, { [field]: LANDING_TEXTS.slugTaken });
    throw error;
  }
}

async function findPage(db: Db | Tx, id: number): Promise<PageRow> {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id)).limit(1);
  if (!row) throw notFound(LANDING_TEXTS.landingNotFound);
  return row;
}

async function slugTaken(db: Db | Tx, table: "page" | "campaign", slug: string, exceptId?: number) {
  const rows =
    table === "page"
      ? await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.slug, slug))
      : await db.select({ id: landingCampaigns.id }).from(landingCampaigns).where(eq(landingCampaigns.urlSlug, slug));
  return rows.some((r) => r.id !== exceptId);
}

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
      .values({
        projectId,
        slug,
        poster: payload.poster,
        images: payload.images,
        videoUrl: payload.videoUrl,
        webhookUrl: payload.webhookUrl,
        webhookSecret,
        features: payload.features,
        guarantees: payload.guarantees,
        buildingSpecs: payload.buildingSpecs,
      })
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
      .set({
        poster: payload.poster,
        images: payload.images,
        videoUrl: payload.videoUrl,
        webhookUrl: payload.webhookUrl,
        webhookSecret,
        features: payload.features,
        guarantees: payload.guarantees,
        buildingSpecs: payload.buildingSpecs,
        updatedAt: new Date(),
      })
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

/** Leads per campaign id for the given campaigns. */
async function leadCounts(db: Db | Tx, landingPageId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ campaignId: contactMessages.campaignId, leads: count() })
    .from(contactMessages)
    .where(eq(contactMessages.landingPageId, landingPageId))
    .groupBy(contactMessages.campaignId);
  return new Map(rows.filter((r) => r.campaignId !== null).map((r) => [r.campaignId as number, Number(r.leads)]));
}

/**
 * GET /api/landing-pages/{id}/campaigns: oldest first (platforms, then custom), with visits, leads, conversion, and
 * (with `licence`) the licence each is advertised under (docs/compliance.md).
 */
export async function listCampaigns(
  db: Db,
  landingPageId: number,
  search?: string,
  licence?: LicenceContext,
): Promise<CampaignWithStats[]> {
  const page = await findPage(db, landingPageId);
  const [project] = await db.select().from(projects).where(eq(projects.id, page.projectId)).limit(1);
  const term = search?.trim();
  const rows = await db
    .select()
    .from(landingCampaigns)
    .where(
      and(
        eq(landingCampaigns.landingPageId, landingPageId),
        term
          ? or(
              ilike(landingCampaigns.platformName, `%${escapeLike(term)}%`),
              ilike(landingCampaigns.urlSlug, `%${escapeLike(term)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(landingCampaigns.createdAt), asc(landingCampaigns.id));
  const leads = await leadCounts(db, landingPageId);
  return rows.map((row) => ({
    ...toCampaign(row, leads.get(row.id) ?? 0),
    ...(licence && project
      ? { licence: effectiveLicence({ project, campaign: row }, licence.today, licence.policy) }
      : {}),
  }));
}

/**
 * POST /api/landing-pages/{id}/custom-campaign (SPEC §5.4). Errors: 404 page; 409 urlSlug taken (fields.urlSlug);
 * 400 refused webhook URL. Returns the campaign and `webhookSecret` once when a URL was given.
 */
export async function createCustomCampaign(
  db: Db,
  landingPageId: number,
  payload: CustomCampaignPayload,
  ctx: LandingContext,
): Promise<CampaignWithStats & { webhookSecret?: string }> {
  await checkWebhookUrl(payload.webhookUrl, ctx.allowPrivate);
  return uniqueOr409("urlSlug", () => createCustomCampaignTx(db, landingPageId, payload, ctx));
}

async function createCustomCampaignTx(
  db: Db,
  landingPageId: number,
  payload: CustomCampaignPayload,
  ctx: LandingContext,
): Promise<CampaignWithStats & { webhookSecret?: string }> {
  return db.transaction(async (tx) => {
    await findPage(tx, landingPageId);
    if (await slugTaken(tx, "campaign", payload.urlSlug)) {
      throw conflict(LANDING_TEXTS.slugTaken, { urlSlug: LANDING_TEXTS.slugTaken });
    }
    const webhookSecret = payload.webhookUrl ? generateWebhookSecret() : null;
    const [row] = await tx
      .insert(landingCampaigns)
      .values({
        landingPageId,
        platformName: payload.platformName,
        urlSlug: payload.urlSlug,
        displayName: payload.displayName,
        isCustom: true,
        webhookUrl: payload.webhookUrl,
        webhookSecret,
      })
      .returning();
    await recordAudit(tx, ctx.actor, {
      entityType: "landing_campaign",
      entityId: row.id,
      action: "create",
      newState: row,
    });
    return { ...toCampaign(row, 0), ...(webhookSecret ? { webhookSecret } : {}) };
  });
}

/**
 * PUT /api/landing-campaigns/{id}/webhook: sets, changes or (empty) removes the campaign's webhook URL. The secret
 * is issued and returned once when a URL is first set or `rotateSecret` is true. Errors: 404; 400 refused URL.
 */
export async function updateCampaignWebhook(
  db: Db,
  id: number,
  input: { webhookUrl: string | null; rotateSecret?: boolean },
  ctx: LandingContext,
): Promise<CampaignWithStats & { webhookSecret?: string }> {
  await checkWebhookUrl(input.webhookUrl, ctx.allowPrivate);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(landingCampaigns).where(eq(landingCampaigns.id, id)).limit(1);
    if (!before) throw notFound(LANDING_TEXTS.campaignNotFound);
    let secret = before.webhookSecret;
    let issued: string | undefined;
    if (!input.webhookUrl) secret = null;
    else if (!secret || input.rotateSecret) {
      issued = generateWebhookSecret();
      secret = issued;
    }
    const [row] = await tx
      .update(landingCampaigns)
      .set({ webhookUrl: input.webhookUrl, webhookSecret: secret, updatedAt: new Date() })
      .where(eq(landingCampaigns.id, id))
      .returning();
    await recordAudit(tx, ctx.actor, {
      entityType: "landing_campaign",
      entityId: id,
      action: "update",
      previousState: before,
      newState: { ...row, secretRotated: Boolean(issued) },
    });
    const leads = await leadCounts(tx, row.landingPageId);
    return { ...toCampaign(row, leads.get(row.id) ?? 0), ...(issued ? { webhookSecret: issued } : {}) };
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

/** DELETE /api/landing-campaigns/{id}. Its leads stay (campaignId set to null). Errors: 404. */
export async function deleteCampaign(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(landingCampaigns).where(eq(landingCampaigns.id, id)).returning();
    if (!row) throw notFound(LANDING_TEXTS.campaignNotFound);
    await recordAudit(tx, actor, {
      entityType: "landing_campaign",
      entityId: id,
      action: "delete",
      previousState: row,
    });
  });
}

/**
 * GET /api/campaign/{platform}/{slug} and /api/campaign/{slug} (public, SPEC §2.1): the lookup key is
 * "platform/slug" when both are given, else the slug alone. Counts a visit unless `countVisit` is false. A campaign
 * of a draft landing page or of a draft project is found only when `canSeeDraft(landingPageId)` says so (staff, a
 * preview link), and such a view is never counted. With `licence`, the campaign's licence (its own, else the
 * project's: domain/licence.ts effectiveLicence) must allow advertising today for a visitor (staff — `canSeeDraft` —
 * still see it): otherwise 404 with the licence-offline header on `reply`, and no visit is counted
 * (docs/compliance.md). Errors: 404 "الصفحة غير موجودة".
 */
export async function getPublicCampaign(
  db: Db,
  key: string,
  options: {
    countVisit: boolean;
    canSeeDraft?: (landingPageId: number) => Promise<boolean>;
    /** The page's public URL and the time: a counted visit is also counted per day and queued as a page view. */
    pageView?: { url: string; now: Date };
    licence?: { context: LicenceContext; reply: { header(name: string, value: string): unknown } };
  },
): Promise<PublicCampaignResponse> {
  const [row] = await db
    .select({ campaign: landingCampaigns, page: landingPages, project: projects })
    .from(landingCampaigns)
    .innerJoin(landingPages, eq(landingPages.id, landingCampaigns.landingPageId))
    .innerJoin(projects, eq(projects.id, landingPages.projectId))
    .where(eq(landingCampaigns.urlSlug, key))
    .limit(1);
  if (!row) throw notFound("الصفحة غير موجودة");
  const draft = row.page.publishedAt === null || row.project.publishedAt === null;
  if (draft && !(await options.canSeeDraft?.(row.page.id))) throw notFound("الصفحة غير موجودة");
  const licence = options.licence
    ? effectiveLicence(
        { project: row.project, campaign: row.campaign },
        options.licence.context.today,
        options.licence.context.policy,
      )
    : null;
  const staff = draft || (licence !== null && !licence.advertisable && (await options.canSeeDraft?.(row.page.id)));
  if (licence && !staff)
    assertAdvertisable(options.licence?.reply ?? { header: () => {} }, licence, "الصفحة غير موجودة");
  if (options.countVisit && !draft && !staff) {
    await db
      .update(landingCampaigns)
      .set({ visits: sql`${landingCampaigns.visits} + 1` })
      .where(eq(landingCampaigns.id, row.campaign.id));
    if (options.pageView) {
      await countDailyVisit(db, row.campaign.id, options.pageView.now);
      await queuePageView(db, row.campaign, options.pageView.url, options.pageView.now);
    }
  }
  const { campaign, page, project } = row;
  return {
    campaign: {
      id: campaign.id,
      platformName: campaign.platformName,
      urlSlug: campaign.urlSlug,
      displayName: campaign.displayName,
      isCustom: campaign.isCustom,
    },
    landingPage: {
      id: page.id,
      projectId: page.projectId,
      slug: page.slug,
      poster: page.poster,
      images: page.images,
      videoUrl: page.videoUrl,
      features: page.features,
      guarantees: page.guarantees,
      buildingSpecs: page.buildingSpecs,
    },
    project: {
      id: project.id,
      name: project.name,
      description: project.description,
      city: project.city,
      district: project.district,
    },
    licence,
  };
}

/**
 * Landing campaigns (SPEC §2.15, §3, §5.4, §7.2): the campaigns of a page with their visits, enquiries and conversion
 * rate, custom campaigns, a campaign's webhook (its secret answered once, when set or rotated), deletion with its
 * enquiries kept (detached), and the public campaign read that counts a visit. Each write runs in one transaction with
 * its audit row.
 */
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { effectiveLicence } from "#domain/licence.ts";
import {
  type CampaignWithStats,
  type CustomCampaignPayload,
  LANDING_TEXTS,
  type PublicCampaignResponse,
} from "#domain/schemas/landing.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { contactMessages, landingCampaigns, landingPages, projects } from "../../db/schema.ts";
import { assertAdvertisable, type LicenceContext } from "../../lib/compliance-rules.ts";
import { conflict, notFound } from "../../lib/http-errors.ts";
import { escapeLike } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countDailyVisit } from "../conversions/funnel.ts";
import { queuePageView } from "../conversions/outbox.ts";
import { generateWebhookSecret } from "../leads/outbox.ts";
import { checkWebhookUrl, findPage, type LandingContext, slugTaken, toCampaign, uniqueOr409 } from "./rows.ts";

/** Enquiries per campaign id of the page `landingPageId`. */
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

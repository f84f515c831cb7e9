/**
 * What landing pages and their campaigns share (service.ts, campaigns.ts): their rows as the API answers them (SPEC
 * §7.2 landing calls; secrets answered only as `hasWebhookSecret`), the webhook-address check (400 on `webhookUrl`,
 * ../leads/webhook-address.ts), a unique violation of a concurrent twin as 409 instead of a 500, and slug look-ups.
 */
import { eq } from "drizzle-orm";
import {
  type CampaignWithStats,
  conversionRate,
  LANDING_TEXTS,
  type LandingPageView,
} from "#domain/schemas/landing.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { landingCampaigns, landingPages } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import { isUniqueViolation } from "../../lib/sql.ts";
import type { AuditActor } from "../audit/service.ts";
import { assertPublicWebhookUrl } from "../leads/webhook-address.ts";

export type PageRow = typeof landingPages.$inferSelect;
export type CampaignRow = typeof landingCampaigns.$inferSelect;

export interface LandingContext {
  actor: AuditActor;
  allowPrivate: boolean;
}

export function toView(row: PageRow): LandingPageView {
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

export function toCampaign(row: CampaignRow, leads: number): CampaignWithStats {
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
export async function checkWebhookUrl(url: string | null, allowPrivate: boolean): Promise<void> {
  if (!url) return;
  try {
    await assertPublicWebhookUrl(url, { allowPrivate });
  } catch {
    throw badRequest({ webhookUrl: LANDING_TEXTS.webhookRefused });
  }
}

/** Runs `write`; a unique violation from a concurrent twin becomes 409 on `field` instead of a 500. */
export async function uniqueOr409<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LANDING_TEXTS.slugTaken, { [field]: LANDING_TEXTS.slugTaken });
    throw error;
  }
}

export async function findPage(db: Db | Tx, id: number): Promise<PageRow> {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id)).limit(1);
  if (!row) throw notFound(LANDING_TEXTS.landingNotFound);
  return row;
}

export async function slugTaken(db: Db | Tx, table: "page" | "campaign", slug: string, exceptId?: number) {
  const rows =
    table === "page"
      ? await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.slug, slug))
      : await db.select({ id: landingCampaigns.id }).from(landingCampaigns).where(eq(landingCampaigns.urlSlug, slug));
  return rows.some((r) => r.id !== exceptId);
}

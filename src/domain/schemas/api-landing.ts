/**
 * Response shapes of the landing pages and campaigns (SPEC §3, §7.2; docs/product.md), part of the /api response
 * shapes that src/domain/schemas/api.ts gathers and re-exports.
 */
import { z } from "zod";
import { dateTime, id } from "./api-base.ts";
import { licenceViewSchema } from "./licence-view.ts";

const landingItem = z.object({ text: z.string(), image: z.string().nullable() });

/** A landing page as the admin API returns it (no secret). */
export const landingPageViewSchema = z
  .object({
    id,
    projectId: id,
    slug: z.string(),
    poster: z.string(),
    images: z.array(z.string()),
    videoUrl: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    hasWebhookSecret: z.boolean(),
    features: z.array(landingItem),
    guarantees: z.array(landingItem),
    buildingSpecs: z.array(landingItem),
    /** ISO 8601 time of publication; null = a draft (docs/decisions/017-drafts-and-preview.md). */
    publishedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: "LandingPage" });

/** A campaign as the admin API returns it: never its secret; with its statistics. */
export const campaignWithStatsSchema = z
  .object({
    id,
    landingPageId: id,
    platformName: z.string(),
    urlSlug: z.string(),
    isCustom: z.boolean(),
    webhookUrl: z.string().nullable(),
    hasWebhookSecret: z.boolean(),
    displayName: z.string().nullable(),
    /** Public page views counted by GET /api/campaign/…. */
    visits: z.number().int(),
    /** Contact messages attributed to the campaign. */
    leads: z.number().int(),
    /** leads / visits × 100, one decimal; 0 without visits (%). */
    conversionRate: z.number(),
    /** The licence the campaign is advertised under, in the campaigns list (docs/compliance.md). */
    licence: licenceViewSchema.optional(),
    /** The ad platform's own campaign id (text), under which its lead-form leads count (docs/lead-forms.md). */
    platformCampaignId: z.string().nullable().optional(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({ id: "Campaign" });

/** The webhook signing secret, present once: in the answer of the call that first sets a URL or rotates it. */
const webhookSecretOnce = { webhookSecret: z.string().optional() };

/** POST /api/landing-pages/{projectId} (201): the page, its six platform campaigns, the secret once. */
export const landingPageCreatedSchema = landingPageViewSchema.extend({
  campaigns: z.array(campaignWithStatsSchema),
  ...webhookSecretOnce,
});
/** PUT /api/landing-pages/{id}. */
export const landingPageUpdatedSchema = landingPageViewSchema.extend(webhookSecretOnce);
/** POST /api/landing-pages/{id}/custom-campaign (201) and PUT /api/landing-campaigns/{id}/webhook. */
export const campaignWithSecretSchema = campaignWithStatsSchema.extend(webhookSecretOnce);

/** GET /api/landing-pages: every project with its landing page id (null without one) and campaign count. */
export const landingOverviewSchema = z.array(
  z.object({
    projectId: id,
    projectName: z.string(),
    city: z.string().nullable(),
    landingPageId: id.nullable(),
    slug: z.string().nullable(),
    campaigns: z.number().int(),
  }),
);

/** GET /api/campaign/… (public): SPEC §3 campaign response {campaign, landingPage, project}; no webhook data. */
export const publicCampaignSchema = z.object({
  campaign: z.object({
    id,
    platformName: z.string(),
    urlSlug: z.string(),
    displayName: z.string().nullable(),
    isCustom: z.boolean(),
  }),
  landingPage: landingPageViewSchema.omit({
    webhookUrl: true,
    hasWebhookSecret: true,
    publishedAt: true,
    createdAt: true,
    updatedAt: true,
  }),
  project: z.object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
  }),
  /** The licence the campaign is advertised under (its own, else the project's; docs/compliance.md). */
  licence: licenceViewSchema.nullable(),
});

/**
 * Landing pages and campaigns (SPEC §2.15, §3 landing_pages / landing_campaigns, §5.4, §5.8; ARCHITECTURE resolution 6).
 *
 * SPEC §5.4 gives the custom-campaign messages in English; every user-facing word is Arabic, so they are worded here
 * (recorded in docs/decisions/006-landing-texts.md):
 *   "platform name is required" → "اسم المنصة مطلوب"; "displayed name is required" → "الاسم المعروض مطلوب";
 *   "link must be at least 3 characters" → "يجب ألا يقل الرابط عن 3 أحرف";
 *   "link must be at most 50 characters" → "يجب ألا يزيد الرابط عن 50 حرفًا";
 *   "a valid link must be entered" → the Arabic variant SPEC gives: "يجب أن يكون رابط الويب هوك صالحًا".
 * Shape checks only: whether a webhook address is public is decided by the server (modules/landing/webhook-address.ts).
 */
import { z } from "zod";
import { type CAMPAIGN_PLATFORMS, SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from "../constants.ts";
import { countNoun, NOUNS } from "../format.ts";
import { MAX_ID } from "../ids.ts";
import type { campaignWithStatsSchema, landingPageViewSchema, publicCampaignSchema } from "./api.ts";
import { createBody, replaceBody } from "./common.ts";
import { text } from "./text.ts";

export const LANDING_TEXTS = {
  platformRequired: "اسم المنصة مطلوب",
  displayNameRequired: "الاسم المعروض مطلوب",
  slugTooShort: `يجب ألا يقل الرابط عن ${countNoun(SLUG_MIN_LENGTH, NOUNS.character)}`,
  slugTooLong: `يجب ألا يزيد الرابط عن ${countNoun(SLUG_MAX_LENGTH, NOUNS.character)}`,
  slugCharacters: "يُسمح فقط بالأحرف الإنجليزية الصغيرة والأرقام والشرطة (-)",
  slugTaken: "هذا الرابط مستخدم بالفعل، اختر رابطًا آخر",
  webhookInvalid: "يجب أن يكون رابط الويب هوك صالحًا",
  webhookRefused: "لا يُسمح بعناوين الشبكات الداخلية أو المحلية في رابط الويب هوك، استخدم عنوانًا عامًا",
  posterRequired: "صورة البوستر مطلوبة",
  imageInvalid: "رابط الصورة غير صالح",
  videoInvalid: "رابط الفيديو غير صالح",
  itemTextRequired: "النص مطلوب",
  landingExists: "يوجد صفحة هبوط لهذا المشروع بالفعل",
  landingNotFound: "صفحة الهبوط غير موجودة",
  projectMismatch: "رقم المشروع لا يطابق المشروع في الرابط",
  campaignNotFound: "الحملة غير موجودة",
} as const;

/** The slug rule of SPEC §5.4 / resolution 6: 3–50 characters, lowercase a–z, 0–9 and hyphens. */
export const slugSchema = text({ error: LANDING_TEXTS.slugTooShort })
  .trim()
  .min(SLUG_MIN_LENGTH, LANDING_TEXTS.slugTooShort)
  .max(SLUG_MAX_LENGTH, LANDING_TEXTS.slugTooLong)
  .regex(/^[a-z0-9-]+$/, LANDING_TEXTS.slugCharacters);

/** An uploaded media path (/media/…) or an https URL. */
const mediaUrl = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .max(2000, message)
    .regex(/^(\/media\/[^\s]+|https:\/\/[^\s]+)$/, message);

/** Whether `value` is an absolute http(s) URL (the shape check of a webhook address). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Webhook URL: an http(s) URL or empty (SPEC §5.4); empty becomes null (no webhook). */
export const webhookUrlSchema = text({ error: LANDING_TEXTS.webhookInvalid })
  .trim()
  .max(2000, LANDING_TEXTS.webhookInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isHttpUrl(v), LANDING_TEXTS.webhookInvalid);

const optionalUrl = (message: string) =>
  text({ error: message })
    .trim()
    .max(2000, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/\S+$/.test(v), message);

/** One item of the features / guarantees / building specs lists: a text and an optional image. */
export const landingItemSchema = z.object({
  text: text({ error: LANDING_TEXTS.itemTextRequired }).trim().min(1, LANDING_TEXTS.itemTextRequired).max(500),
  image: mediaUrl(LANDING_TEXTS.imageInvalid)
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((v) => v ?? null),
});

/**
 * POST /api/landing-pages/{projectId} and PUT /api/landing-pages/{id} body (SPEC §7.2, §5.8).
 * poster required; images, lists default to []; videoUrl and webhookUrl optional; slug optional on create
 * (the server derives "project-{projectId}" when absent).
 */
export const landingPageSchema = z.object({
  slug: slugSchema.optional(),
  poster: mediaUrl(LANDING_TEXTS.posterRequired),
  images: z.array(mediaUrl(LANDING_TEXTS.imageInvalid)).max(50).default([]),
  videoUrl: optionalUrl(LANDING_TEXTS.videoInvalid),
  webhookUrl: webhookUrlSchema,
  features: z.array(landingItemSchema).max(50).default([]),
  guarantees: z.array(landingItemSchema).max(50).default([]),
  buildingSpecs: z.array(landingItemSchema).max(50).default([]),
  /** PUT only: issue a new webhook secret (returned once). */
  rotateWebhookSecret: z.boolean().optional(),
});
/** Fields a landing page's GET answer carries that the server sets. */
export const LANDING_READ_ONLY = [
  "id",
  "projectId",
  "hasWebhookSecret",
  "publishedAt",
  "createdAt",
  "updatedAt",
] as const;
/**
 * The `projectId` of SPEC's landing-page payload (docs/product.md §7.2): the project's id as a number or as the digits
 * a URL parameter gives; anything else gives LANDING_TEXTS.projectMismatch. The route compares it with the path's id
 * (ARCHITECTURE resolution 18, docs/decisions/051-spec-bodies-accepted-as-written.md).
 */
const landingProjectId = z
  .union(
    [
      z.number(),
      text()
        .trim()
        .regex(/^\d{1,10}$/, LANDING_TEXTS.projectMismatch),
    ],
    {
      error: LANDING_TEXTS.projectMismatch,
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int(LANDING_TEXTS.projectMismatch)
      .positive(LANDING_TEXTS.projectMismatch)
      .max(MAX_ID, LANDING_TEXTS.projectMismatch),
  )
  .optional();

/**
 * POST /api/landing-pages/{projectId} body: unknown and read-only fields refused, each on its own key; SPEC's own
 * `projectId` accepted (it must equal the path's id: the route checks it).
 */
export const landingPageCreateSchema = createBody(
  { ...landingPageSchema.shape, projectId: landingProjectId },
  LANDING_READ_ONLY.filter(
    (key): key is Exclude<(typeof LANDING_READ_ONLY)[number], "projectId"> => key !== "projectId",
  ),
);
/** PUT /api/landing-pages/{id} body: the read-only fields a GET answered are ignored (round trip). */
export const landingPageReplaceSchema = replaceBody(landingPageSchema.shape, LANDING_READ_ONLY);
export type LandingPageInput = z.input<typeof landingPageSchema>;
export type LandingPagePayload = z.output<typeof landingPageSchema>;

/** POST /api/landing-pages/{id}/custom-campaign body (SPEC §5.4). */
export const customCampaignSchema = z.object({
  platformName: text({ error: LANDING_TEXTS.platformRequired })
    .trim()
    .min(1, LANDING_TEXTS.platformRequired)
    .max(50, LANDING_TEXTS.platformRequired),
  urlSlug: slugSchema,
  displayName: text({ error: LANDING_TEXTS.displayNameRequired })
    .trim()
    .min(1, LANDING_TEXTS.displayNameRequired)
    .max(200, LANDING_TEXTS.displayNameRequired),
  webhookUrl: webhookUrlSchema,
});
export type CustomCampaignInput = z.input<typeof customCampaignSchema>;
export type CustomCampaignPayload = z.output<typeof customCampaignSchema>;

/** PUT /api/landing-campaigns/{id}/webhook body: the URL (empty removes it) and an optional secret rotation. */
export const campaignWebhookSchema = z.object({
  webhookUrl: webhookUrlSchema,
  rotateSecret: z.boolean().optional(),
});
export type CampaignWebhookInput = z.input<typeof campaignWebhookSchema>;

/** Arabic labels of the platforms (cards, filters, the contact messages list). */
export const PLATFORM_LABELS: Record<(typeof CAMPAIGN_PLATFORMS)[number], string> = {
  x: "إكس (تويتر)",
  tiktok: "تيك توك",
  instagram: "إنستغرام",
  snapchat: "سناب شات",
  google: "جوجل",
  facebook: "فيسبوك",
};

/** The Arabic label of a platform name, or the name itself for a custom platform. */
export function platformLabel(platform: string | null | undefined): string {
  if (!platform) return "";
  return (PLATFORM_LABELS as Record<string, string>)[platform] ?? platform;
}

/** The public path of a campaign: /campaign/{urlSlug} ("platform/slug" or a custom slug). */
export function campaignPath(urlSlug: string): string {
  return `/campaign/${urlSlug}`;
}

/** A campaign as the admin API returns it: never its secret; with its statistics (schemas/api.ts). */
export type CampaignWithStats = z.infer<typeof campaignWithStatsSchema>;
/** A landing page as the admin API returns it (no secret). */
export type LandingPageView = z.infer<typeof landingPageViewSchema>;
/** GET /api/campaign/… (public): SPEC §3 campaign response {campaign, landingPage, project}; no webhook data. */
export type PublicCampaignResponse = z.infer<typeof publicCampaignSchema>;

/** Conversion rate (%) with one decimal: leads / visits × 100, 0 when there were no visits. */
export function conversionRate(leads: number, visits: number): number {
  if (visits <= 0) return 0;
  return Math.round((leads / visits) * 1000) / 10;
}

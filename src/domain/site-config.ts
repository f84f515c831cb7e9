/**
 * The company's details as one typed, validated site configuration (docs/operations.md "Example values"): another
 * company deploys the product by editing config/site.json (or pointing SITE_CONFIG at its own file), not the code.
 */
import { z } from "zod";
import { isSaudiPhone } from "./phone.ts";

const saudiPhone = z.string().refine(isSaudiPhone, "must be a Saudi phone number (e.g. +966126000000)");
const urlOrPath = z.string().regex(/^(https:\/\/|\/)/, "must be an https:// URL or a site path starting with /");

export const siteConfigSchema = z.object({
  /** Company name in Arabic (header alt text, titles, JSON-LD) and in English (footer, JSON-LD alternateName). */
  name: z.string().min(1),
  nameEn: z.string().min(1),
  /** Short Arabic name (≤ 12 characters reads whole under a phone's home-screen icon); default: `name`. */
  shortName: z.string().min(1).max(30).optional(),
  /** Brand colour "#rrggbb" of the installed app's title bar and icons' background; default #11504a. */
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #11504a")
    .optional(),
  /** Short Arabic tagline used in the home page title and description. */
  tagline: z.string().min(1),
  description: z.string().min(1),
  /** Logo path or URL (SVG or raster). */
  logo: urlOrPath,
  phone: saudiPhone,
  /** Number for WhatsApp click-to-chat, E.164 or Saudi local form. */
  whatsapp: saudiPhone,
  email: z.email(),
  address: z.object({ ar: z.string().min(1), en: z.string().min(1) }),
  /** Commercial registration (السجل التجاري) and REGA licence numbers, shown in the footer when set. */
  commercialRegistration: z.string().optional(),
  licenseNumber: z.string().optional(),
  /**
   * The advertiser shown beside every licence (docs/compliance.md): its name (default: `name`) and its capacity
   * («صفة المعلن», e.g. «مالك» or «وسيط عقاري»).
   */
  advertiser: z.object({ name: z.string().min(1).optional(), capacity: z.string().min(1) }).optional(),
  social: z.object({
    x: z.url().optional(),
    instagram: z.url().optional(),
    snapchat: z.url().optional(),
    tiktok: z.url().optional(),
    linkedin: z.url().optional(),
    youtube: z.url().optional(),
  }),
  /** Partner logos of the home marquee (SPEC §2.3: 7). */
  partners: z.array(z.object({ name: z.string().min(1), logo: urlOrPath })).min(1),
  /** Company logos in the footer (group companies). */
  footerLogos: z.array(z.object({ name: z.string().min(1), logo: urlOrPath })).default([]),
  hero: z.object({
    title: z.string().min(1),
    /** The rotating words (SPEC §2.3, every 1500 ms). */
    rotatingWords: z.array(z.string().min(1)).min(2),
    subtitle: z.string().min(1),
    cta: z.string().min(1),
  }),
  about: z.object({
    title: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(1),
    services: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).min(1),
    experienceYears: z.number().int().positive(),
  }),
  /** Privacy notice (Saudi PDPL) shown at /privacy, and the version stored with each lead's consent. */
  privacy: z.object({
    version: z.string().min(1),
    consentText: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(1),
    /**
     * The separate marketing consent (docs/conversions.md "Consent"): the checkbox's text and its version, stored
     * with each lead that ticks it. Absent: the forms show no such box and no lead has marketing consent.
     */
    marketingConsent: z.object({ version: z.string().min(1), text: z.string().min(1) }).optional(),
    /**
     * The separate WhatsApp opt-in (docs/whatsapp.md "Consent"): the unticked box «تواصلوا معي عبر واتساب» and its
     * version, stored with each enquiry that ticks it; business-initiated WhatsApp messages go only to those people
     * (or to people who wrote to us first). Absent: the forms show no such box.
     */
    whatsappOptIn: z.object({ version: z.string().min(1), text: z.string().min(1) }).optional(),
  }),
  copyrightYear: z.number().int().min(2000).max(2100),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Arabic names of the settings of config/site.json an operator must set (key path → name). */
const SETTING_LABELS: Record<string, string> = {
  phone: "رقم الهاتف",
  whatsapp: "رقم واتساب",
  email: "البريد الإلكتروني",
  commercialRegistration: "رقم السجل التجاري",
  licenseNumber: "رقم الترخيص",
  "social.x": "حساب إكس",
  "social.instagram": "حساب إنستغرام",
  "social.snapchat": "حساب سناب شات",
  "social.tiktok": "حساب تيك توك",
  "social.linkedin": "حساب لينكدإن",
  "social.youtube": "قناة يوتيوب",
};

/**
 * The Arabic name of a setting by its key path ("social.x" → "حساب إكس"); an unnamed path gives "الإعداد" followed
 * by the path, so every example value found is still listed.
 */
export function siteSettingLabel(path: string): string {
  return SETTING_LABELS[path] ?? `الإعداد ${path}`;
}

/**
 * Heights, px, of the header logo's rasters: the server renders the configured `logo` (SVG, raster or https URL) as
 * WebP at each (src/server/modules/site/app-icons.ts), i.e. the 56 px header logo at 1×, 2× and 3× density. A public
 * page shows these instead of the file itself: a raster is decoded off the page's main thread, where an SVG `<img>`
 * makes the browser build an isolated SVG document (one 5–26 ms task on a phone page, docs/performance/web.md).
 */
export const LOGO_RASTER_HEIGHTS = [56, 112, 168] as const;

/** The address of the logo raster `height` px high (one of LOGO_RASTER_HEIGHTS). */
export function logoRasterPath(height: (typeof LOGO_RASTER_HEIGHTS)[number]): string {
  return `/icons/logo-${height}.webp`;
}

/** The `srcset` of the logo rasters by density ("/icons/logo-56.webp 1x, …"). */
export const LOGO_RASTER_SRCSET = LOGO_RASTER_HEIGHTS.map((height, i) => `${logoRasterPath(height)} ${i + 1}x`).join(
  ", ",
);

/**
 * The configured logo lists a public page shows as the server's WebP rasters rather than their files, for the reason
 * LOGO_RASTER_HEIGHTS gives: each list's key in the site configuration and the heights, px, of its rasters at 1×, 2×
 * and 3× density (the partners' marquee shows a logo at most 56 px high, the footer's logos 40 px).
 */
export const BRAND_RASTERS = {
  partners: { list: "partners", heights: [56, 112, 168] },
  footer: { list: "footerLogos", heights: [40, 80, 120] },
} as const satisfies Record<string, { list: "partners" | "footerLogos"; heights: readonly number[] }>;

/** A list of BRAND_RASTERS. */
export type BrandRasterSet = keyof typeof BRAND_RASTERS;

/** The address of the raster of entry `index` of `set`, `height` px high: "/icons/partners/0-56.webp". */
export function brandRasterPath(set: BrandRasterSet, index: number, height: number): string {
  return `/icons/${set}/${index}-${height}.webp`;
}

/** The `srcset` of entry `index` of `set` by density ("/icons/footer/0-40.webp 1x, …"). */
export function brandRasterSrcSet(set: BrandRasterSet, index: number): string {
  return BRAND_RASTERS[set].heights.map((height, i) => `${brandRasterPath(set, index, height)} ${i + 1}x`).join(", ");
}

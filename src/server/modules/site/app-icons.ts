/**
 * Installable on a phone: the web app manifest and the icons a phone or a browser asks for, all made from the site
 * configuration (config/site.json: name, shortName, description, themeColor, logo) — nothing per company is
 * committed as an image. Routes (public, no session):
 * - GET /manifest.webmanifest → application/manifest+json: Arabic name/short_name, dir rtl, lang ar, standalone,
 *   theme and background colours, icons 192 and 512 px (and a 512 px "maskable" one with the logo in the safe zone);
 * - GET /icons/icon-192.png, /icons/icon-512.png, /icons/icon-maskable-512.png;
 * - GET /apple-touch-icon.png → 180 × 180 PNG, opaque (iOS fills transparency with black);
 * - GET /favicon.ico → ICO with 16, 32 and 48 px images (png-to-ico);
 * - GET /icons/logo-56.webp, /icons/logo-112.webp, /icons/logo-168.webp → the logo as WebP, that many px high with
 *   its own proportions and transparency: what public pages show (LOGO_RASTER_HEIGHTS of domain/site-config.ts).
 * - GET /icons/{set}/{index}-{height}.webp → entry `index` of a configured logo list (BRAND_RASTERS of
 *   domain/site-config.ts: the partners, the footer's logos) as WebP `height` px high, one of the set's heights; 404
 *   for any other set, index or height.
 * The logo (an SVG or raster file under public/ — build/client once built — or an https URL) is rendered with sharp on
 * the first request and kept in memory for the life of the process; a failure is answered 500 and retried on the
 * next request. Responses are cached by browsers for a day (the URLs do not change when the logo does).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pngToIco from "png-to-ico";
import sharp from "sharp";
import {
  BRAND_RASTERS,
  type BrandRasterSet,
  LOGO_RASTER_HEIGHTS,
  logoRasterPath,
  type SiteConfig,
} from "#domain/site-config.ts";
import { notFound } from "../../lib/http-errors.ts";
import { DEFAULT_SITE_CONFIG } from "../../lib/site-config.ts";
import { STATIC_FILE_HELMET } from "../../pages/static-headers.ts";

/** Colours of the installed app: the site's brand colour, and a white splash background. */
export const DEFAULT_THEME_COLOR = "#11504a";
const BACKGROUND_COLOR = "#ffffff";
/** Largest logo fetched from an https URL, bytes. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const LOGO_FETCH_TIMEOUT_MS = 10_000;
const ICON_CACHE = "public, max-age=86400";

/** Folders a site path such as "/brand/logo.svg" is looked up in: the sources' public/ and the built client. */
const PROJECT_ROOT = path.resolve(path.dirname(DEFAULT_SITE_CONFIG), "..");
export const PUBLIC_DIRS = [path.join(PROJECT_ROOT, "public"), path.join(PROJECT_ROOT, "build", "client")];

export interface AppIcons {
  "icon-192.png": Buffer;
  "icon-512.png": Buffer;
  "icon-maskable-512.png": Buffer;
  "apple-touch-icon.png": Buffer;
  "favicon.ico": Buffer;
  "logo-56.webp": Buffer;
  "logo-112.webp": Buffer;
  "logo-168.webp": Buffer;
}

/**
 * The manifest of the site (W3C Web App Manifest). Input: the site configuration. Output: the JSON object served at
 * /manifest.webmanifest.
 */
export function webManifest(site: SiteConfig) {
  return {
    id: "/",
    name: site.name,
    short_name: site.shortName ?? site.name,
    description: site.description,
    lang: "ar",
    dir: "rtl",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: site.themeColor ?? DEFAULT_THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * The logo's bytes. Input: `logo` from the site configuration ("/path" under one of `publicDirs`, or an https URL).
 * Errors: rejects when the file is missing, the URL answers an error, or the logo is larger than MAX_LOGO_BYTES.
 */
export async function readLogo(logo: string, publicDirs: readonly string[] = PUBLIC_DIRS): Promise<Buffer> {
  if (logo.startsWith("https://")) {
    const response = await fetch(logo, { signal: AbortSignal.timeout(LOGO_FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`logo ${logo} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_LOGO_BYTES) throw new Error(`logo ${logo} is larger than ${MAX_LOGO_BYTES} bytes`);
    return bytes;
  }
  // Normalised as an absolute path first, so ".." cannot climb out of the public folders.
  const relative = path.posix.normalize(logo).replace(/^\/+/, "");
  for (const dir of publicDirs) {
    const bytes = await readFile(path.join(dir, relative)).catch(() => null);
    if (bytes) return bytes;
  }
  throw new Error(`logo ${logo} not found in ${publicDirs.join(", ")}`);
}

/**
 * Renders every icon from the logo. Input: the logo (SVG or raster) and the theme colour ("#rrggbb"). Output: PNGs
 * of the named sizes, the ICO, and the header logo as WebP at LOGO_RASTER_HEIGHTS (its proportions kept, never
 * enlarged past a raster logo's own height). The "any" icons and the logo rasters keep the logo's transparency; the
 * maskable and Apple icons are opaque on the theme colour, with the logo inside the maskable safe zone (the middle 60 %).
 */
export async function renderAppIcons(logo: Buffer, themeColor: string): Promise<AppIcons> {
  // A high density so an SVG is rasterised sharp at 512 px.
  const source = () => sharp(logo, { density: 600, limitInputPixels: 60_000_000 });
  const square = (size: number) =>
    source()
      .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const onTheme = async (size: number, logoSize: number) => {
    const inner = await source()
      .resize(logoSize, logoSize, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return sharp({ create: { width: size, height: size, channels: 3, background: themeColor } })
      .composite([{ input: inner, gravity: "centre" }])
      .removeAlpha()
      .png()
      .toBuffer();
  };
  const [icon192, icon512, maskable, apple, ico16, ico32, ico48] = await Promise.all([
    square(192),
    square(512),
    onTheme(512, Math.round(512 * 0.6)),
    onTheme(180, Math.round(180 * 0.84)),
    square(16),
    square(32),
    square(48),
  ]);
  const [logo56, logo112, logo168] = await Promise.all(LOGO_RASTER_HEIGHTS.map((height) => webpOfHeight(logo, height)));
  return {
    "logo-56.webp": logo56,
    "logo-112.webp": logo112,
    "logo-168.webp": logo168,
    "icon-192.png": icon192,
    "icon-512.png": icon512,
    "icon-maskable-512.png": maskable,
    "apple-touch-icon.png": apple,
    "favicon.ico": await pngToIco([ico16, ico32, ico48]),
  };
}

/** Registers the manifest and icon routes on `app`, rendering the icons from `app.site` on first use. */
export async function appIconRoutes(app: FastifyInstance, options: { publicDirs?: readonly string[] } = {}) {
  let icons: Promise<AppIcons> | undefined;
  const iconsOnce = () => {
    icons ??= readLogo(app.site.logo, options.publicDirs).then((logo) =>
      renderAppIcons(logo, app.site.themeColor ?? DEFAULT_THEME_COLOR),
    );
    // A failed rendering is not kept: the next request tries again.
    icons.catch(() => {
      icons = undefined;
    });
    return icons;
  };
  const routeOptions = { config: { access: "public" as const }, helmet: STATIC_FILE_HELMET };

  app.get("/manifest.webmanifest", routeOptions, async (_request, reply) => {
    reply.header("content-type", "application/manifest+json; charset=utf-8").header("cache-control", ICON_CACHE);
    return JSON.stringify(webManifest(app.site));
  });
  const serve = (url: string, name: keyof AppIcons, type: string) =>
    app.get(url, routeOptions, async (_request, reply) => {
      const bytes = (await iconsOnce())[name];
      return reply.header("content-type", type).header("cache-control", ICON_CACHE).send(bytes);
    });
  serve("/favicon.ico", "favicon.ico", "image/x-icon");
  serve("/apple-touch-icon.png", "apple-touch-icon.png", "image/png");
  serve("/icons/icon-192.png", "icon-192.png", "image/png");
  serve("/icons/icon-512.png", "icon-512.png", "image/png");
  serve("/icons/icon-maskable-512.png", "icon-maskable-512.png", "image/png");
  for (const height of LOGO_RASTER_HEIGHTS) serve(logoRasterPath(height), `logo-${height}.webp`, "image/webp");
  brandRasterRoute(app, options.publicDirs);
}

/** A logo as WebP `height` px high, its proportions kept and never enlarged past a raster logo's own height. */
function webpOfHeight(logo: Buffer, height: number): Promise<Buffer> {
  return sharp(logo, { density: 600, limitInputPixels: 60_000_000 })
    .resize({ height, withoutEnlargement: true })
    .webp({ quality: 90, alphaQuality: 100 })
    .toBuffer();
}

/**
 * GET /icons/{set}/{index}-{height}.webp (see the module's text): each entry's logo read and rendered on its first
 * request and kept for the life of the process; a failure is answered 500 and retried on the next request.
 */
function brandRasterRoute(app: FastifyInstance, publicDirs?: readonly string[]): void {
  const rendered = new Map<string, Promise<Buffer>>();
  app.get<{ Params: { set: string; file: string } }>(
    "/icons/:set/:file",
    { config: { access: "public" as const }, helmet: STATIC_FILE_HELMET },
    async (request, reply) => {
      const set = Object.hasOwn(BRAND_RASTERS, request.params.set) ? (request.params.set as BrandRasterSet) : null;
      const match = /^(\d{1,3})-(\d{1,4})\.webp$/.exec(request.params.file);
      const index = Number(match?.[1]);
      const height = Number(match?.[2]);
      const entry = set ? app.site[BRAND_RASTERS[set].list][index] : undefined;
      if (!set || !entry || !(BRAND_RASTERS[set].heights as readonly number[]).includes(height)) {
        throw notFound();
      }
      const key = `${set}/${index}/${height}`;
      let bytes = rendered.get(key);
      if (!bytes) {
        bytes = readLogo(entry.logo, publicDirs).then((logo) => webpOfHeight(logo, height));
        rendered.set(key, bytes);
        bytes.catch(() => rendered.delete(key));
      }
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", ICON_CACHE)
        .send(await bytes);
    },
  );
}

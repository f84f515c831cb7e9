import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BRAND_RASTERS,
  brandRasterPath,
  brandRasterSrcSet,
  LOGO_RASTER_HEIGHTS,
  LOGO_RASTER_SRCSET,
  logoRasterPath,
} from "#domain/site-config.ts";
import { setUpTestApp } from "../../test-utils/block-app.ts";
import { readLogo, renderAppIcons } from "./app-icons.ts";

/** The images an ICO file lists: [width, height] of each directory entry (0 means 256). */
function icoSizes(ico: Buffer): [number, number][] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => [ico[6 + i * 16], ico[7 + i * 16]]);
}

describe("web manifest and icons", () => {
  const t = setUpTestApp();

  it("serves the manifest in Arabic, right to left, with the site's name, colour and icons", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/manifest+json");
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: t.site.name,
      short_name: t.site.shortName,
      description: t.site.description,
      lang: "ar",
      dir: "rtl",
      start_url: "/",
      display: "standalone",
      theme_color: t.site.themeColor,
    });
    expect(manifest.short_name).toBe("دار الساحل");
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    // Every icon the manifest names is served, as a PNG of the size it declares.
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await t.app.inject({ method: "GET", url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers["content-type"]).toBe(icon.type);
      const meta = await sharp(file.rawPayload).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`).toBe(`png ${icon.sizes}`);
    }
  });

  it("serves an opaque 180 px apple-touch-icon and a favicon.ico of 16, 32 and 48 px from the logo", async () => {
    const apple = await t.app.inject({ method: "GET", url: "/apple-touch-icon.png" });
    expect(apple.statusCode).toBe(200);
    expect(apple.headers["content-type"]).toBe("image/png");
    const meta = await sharp(apple.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({
      format: "png",
      width: 180,
      height: 180,
      hasAlpha: false,
    });
    // The corner is the theme colour (#11504a), the centre is the logo's (not the background).
    const { data } = await sharp(apple.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x11, 0x50, 0x4a]);

    const ico = await t.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/x-icon");
    expect(icoSizes(ico.rawPayload)).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });

  it("serves the header logo as WebP rasters at 1×, 2× and 3× of 56 px, transparent, each as public pages name it", async () => {
    const sizes: string[] = [];
    for (const height of LOGO_RASTER_HEIGHTS) {
      const res = await t.app.inject({ method: "GET", url: logoRasterPath(height) });
      expect(res.statusCode, logoRasterPath(height)).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toMatch(/max-age=\d+/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.hasAlpha).toBe(true);
      sizes.push(`${meta.format} ${meta.width}x${meta.height}`);
    }
    // The demo logo is square (viewBox 96 × 96).
    expect(sizes).toEqual(["webp 56x56", "webp 112x112", "webp 168x168"]);
    expect(LOGO_RASTER_SRCSET).toBe("/icons/logo-56.webp 1x, /icons/logo-112.webp 2x, /icons/logo-168.webp 3x");
  });

  it("serves each partner's and footer logo as WebP at the heights its place shows, and 404 for anything else", async () => {
    for (const set of ["partners", "footer"] as const) {
      const list = t.site[BRAND_RASTERS[set].list];
      expect(list.length, set).toBeGreaterThan(0);
      for (const [index] of list.entries()) {
        for (const height of BRAND_RASTERS[set].heights) {
          const res = await t.app.inject({ method: "GET", url: brandRasterPath(set, index, height) });
          expect(res.statusCode, brandRasterPath(set, index, height)).toBe(200);
          expect(res.headers["content-type"]).toBe("image/webp");
          const meta = await sharp(res.rawPayload).metadata();
          expect([meta.format, meta.height]).toEqual(["webp", height]);
        }
      }
      const outside = await t.app.inject({
        method: "GET",
        url: brandRasterPath(set, list.length, BRAND_RASTERS[set].heights[0]),
      });
      expect(outside.statusCode).toBe(404);
      const otherHeight = await t.app.inject({ method: "GET", url: brandRasterPath(set, 0, 57) });
      expect(otherHeight.statusCode).toBe(404);
    }
    for (const url of [
      "/icons/secrets/0-56.webp",
      "/icons/partners/0-56.png",
      "/icons/partners/..%2F0-56.webp",
      "/icons/constructor/0-56.webp",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    expect(brandRasterSrcSet("footer", 1)).toBe(
      "/icons/footer/1-40.webp 1x, /icons/footer/1-80.webp 2x, /icons/footer/1-120.webp 3x",
    );
  });

  it("renders a raster logo too, and finds a logo in the built client folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "logo-"));
    try {
      const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: "#d9a441" } })
        .png()
        .toBuffer();
      await mkdir(path.join(dir, "client", "brand"), { recursive: true });
      await writeFile(path.join(dir, "client", "brand", "wide.png"), logo);
      const bytes = await readLogo("/brand/wide.png", [path.join(dir, "missing"), path.join(dir, "client")]);
      await writeFile(path.join(dir, "secret.png"), logo);
      await expect(readLogo("/../secret.png", [path.join(dir, "client")])).rejects.toThrow(/not found/);
      const icons = await renderAppIcons(bytes, "#000000");
      const wide = await sharp(icons["icon-512.png"]).metadata();
      expect([wide.width, wide.height]).toEqual([512, 512]);
      // The header rasters keep the logo's proportions (300 × 120) and never enlarge it past its own 120 px.
      const rasters = await Promise.all(
        LOGO_RASTER_HEIGHTS.map(async (height) => {
          const meta = await sharp(icons[`logo-${height}.webp`]).metadata();
          return `${meta.width}x${meta.height}`;
        }),
      );
      expect(rasters).toEqual(["140x56", "280x112", "300x120"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

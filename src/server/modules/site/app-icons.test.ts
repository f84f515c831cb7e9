import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { readLogo, renderAppIcons } from "./app-icons.ts";

/** The images an ICO file lists: [width, height] of each directory entry (0 means 256). */
function icoSizes(ico: Buffer): [number, number][] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => [ico[6 + i * 16], ico[7 + i * 16]]);
}

describe("web manifest and icons", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

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
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

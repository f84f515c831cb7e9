import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots.ts";
import { sitemapXml } from "./sitemap.ts";

describe("sitemap.xml and robots.txt", () => {
  it("lists every entry with an escaped absolute location and an ISO date", () => {
    const xml = sitemapXml([
      { loc: "https://example.sa/" },
      { loc: "https://example.sa/project/3?a=1&b=2", lastmod: "2026-03-15T10:00:00Z" },
      { loc: "https://example.sa/update/4", lastmod: "not a date" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://example.sa/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://example.sa/project/3?a=1&amp;b=2</loc><lastmod>2026-03-15T10:00:00.000Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://example.sa/update/4</loc></url>");
  });

  it("keeps /admin and the API out and points at the sitemap by absolute URL", () => {
    const text = robotsTxt("https://example.sa");
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Disallow: /api/\n");
    expect(text).toContain("Sitemap: https://example.sa/sitemap.xml\n");
  });
});

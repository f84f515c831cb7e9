import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

describe("GET /api/site and /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("serves the site configuration with security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(t.site.name);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("exposes the configured public address for canonical URLs and the sitemap", async () => {
    const custom = await createTestApp({ env: { PUBLIC_URL: "https://example.sa/" } });
    try {
      const res = await custom.app.inject({ method: "GET", url: "/api/site" });
      expect(res.statusCode).toBe(200);
      expect(res.json().publicUrl).toBe("https://example.sa");
    } finally {
      await custom.close();
    }
  });

  it("reports health from the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

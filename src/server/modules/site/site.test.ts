import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test-utils/app.ts";
import { setUpTestApp } from "../../test-utils/block-app.ts";

describe("GET /api/site and /api/health", () => {
  const t = setUpTestApp();

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

describe("GET /api/site/example-values", () => {
  const t = setUpTestApp();

  it("lists the example values still set, with their Arabic names, for a super_admin and a manager", async () => {
    for (const role of ["super_admin", "manager"] as const) {
      const user = await t.signIn(role);
      const res = await t.app.inject({ method: "GET", url: "/api/site/example-values", headers: t.bearer(user.token) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.file).toBe("config/site.json");
      expect(body.values).toEqual(
        expect.arrayContaining([
          { path: "email", value: "info@example.com", label: "البريد الإلكتروني" },
          { path: "whatsapp", value: "+966500000000", label: "رقم واتساب" },
          { path: "commercialRegistration", value: "4030000000", label: "رقم السجل التجاري" },
          { path: "social.x", value: "https://x.com/example", label: "حساب إكس" },
        ]),
      );
    }
  });

  it("is empty once the configuration is set", async () => {
    const saved = structuredClone(t.site);
    try {
      Object.assign(t.app.site, {
        email: "sales@alsahel.sa",
        phone: "+966126543210",
        whatsapp: "+966551234567",
        commercialRegistration: "4030123456",
        licenseNumber: "1200123456",
        social: { x: "https://x.com/alsahel_dev" },
      });
      const user = await t.signIn("super_admin");
      const res = await t.app.inject({ method: "GET", url: "/api/site/example-values", headers: t.bearer(user.token) });
      expect(res.json().values).toEqual([]);
    } finally {
      Object.assign(t.app.site, saved);
    }
  });

  it("is refused to an employee and to anonymous visitors", async () => {
    const employee = await t.signIn("employee");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/site/example-values",
      headers: t.bearer(employee.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/site/example-values" })).statusCode).toBe(401);
  });
});

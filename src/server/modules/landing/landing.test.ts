import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_PLATFORMS } from "#domain/constants.ts";
import { LANDING_TEXTS } from "#domain/schemas/landing.ts";
import { projects } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";

let t: TestApp;
let manager: string;
let employee: string;
let projectId: number;
let otherProjectId: number;
let pageId: number;

const poster = "/media/images/aaaaaaaaaaaaaaaa.webp";

async function newProject(name: string): Promise<number> {
  const [row] = await t.db
    .insert(projects)
    .values({ name, city: "جدة", description: `وصف ${name}`, publishedAt: new Date() })
    .returning();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_WORKER_INTERVAL_MS: "0" } });
  manager = (await t.signIn("manager")).token;
  employee = (await t.signIn("employee")).token;
  projectId = await newProject("مشروع الواحة");
  otherProjectId = await newProject("مشروع النخيل");
});

afterAll(async () => {
  await t.close();
});

describe("landing pages", () => {
  it("refuses to create without a session or without landing_pages.edit", async () => {
    const body = { poster };
    const anonymous = await t.app.inject({ method: "POST", url: `/api/landing-pages/${projectId}`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const asEmployee = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${projectId}`,
      payload: body,
      headers: t.bearer(employee),
    });
    expect(asEmployee.statusCode).toBe(403);
  });

  it("requires a poster (400 with the Arabic field message)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${projectId}`,
      payload: { images: [] },
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.poster).toBe(LANDING_TEXTS.posterRequired);
  });

  it("answers 404 for a project without a page and for an unknown project", async () => {
    const none = await t.app.inject({ url: `/api/landing-pages/${projectId}`, headers: t.bearer(manager) });
    expect(none.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/landing-pages/999999",
      payload: { poster },
      headers: t.bearer(manager),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("creates the page with the six platform campaigns in one go", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${projectId}`,
      payload: {
        slug: "al-waha",
        poster,
        images: ["/media/images/bbbbbbbbbbbbbbbb.webp"],
        videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
        features: [{ text: "مسبح", image: null }],
        guarantees: [
          { text: "ضمان الهيكل 20 سنة", image: "" },
          { text: "ضمان السباكة", image: null },
        ],
        buildingSpecs: [],
      },
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(201);
    const page = res.json();
    pageId = page.id;
    expect(page.slug).toBe("al-waha");
    expect(page.guarantees).toHaveLength(2);
    expect(page.webhookSecret).toBeUndefined();
    expect(page.campaigns.map((c: { urlSlug: string }) => c.urlSlug).sort()).toEqual(
      CAMPAIGN_PLATFORMS.map((p) => `${p}/al-waha`).sort(),
    );

    const list = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(employee) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(6);
    expect(list.json().every((c: { isCustom: boolean }) => !c.isCustom)).toBe(true);

    const again = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${projectId}`,
      payload: { poster },
      headers: t.bearer(manager),
    });
    expect(again.statusCode).toBe(409);

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "landing_page"));
    expect(audit.some((a) => a.action === "create" && a.entityId === String(pageId))).toBe(true);
  });

  it("refuses a second page whose slug is taken", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${otherProjectId}`,
      payload: { slug: "al-waha", poster },
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.slug).toBe(LANDING_TEXTS.slugTaken);
  });
});

describe("public campaign lookup", () => {
  /** A visitor's browser (the test client's default user agent counts as a bot). */
  const PHONE = {
    "user-agent":
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  };
  beforeAll(async () => {
    // A new landing page is a draft; its links work once it is published.
    const res = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${pageId}/publish`,
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(200);
  });

  it('finds a campaign by "platform/slug", counts the visit, and hides webhook data', async () => {
    const res = await t.app.inject({ url: "/api/campaign/snapchat/al-waha", headers: PHONE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.campaign.platformName).toBe("snapchat");
    expect(body.project.name).toBe("مشروع الواحة");
    expect(body.landingPage.poster).toBe(poster);
    expect(JSON.stringify(body)).not.toContain("webhook");

    await t.app.inject({ url: "/api/campaign/snapchat/al-waha", headers: PHONE });
    await t.app.inject({ url: "/api/campaign/snapchat/al-waha?visit=0", headers: PHONE });
    // A crawler (link previews included) is not a visit.
    await t.app.inject({ url: "/api/campaign/snapchat/al-waha", headers: { "user-agent": "Googlebot/2.1" } });
    const list = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(manager) });
    const snap = list.json().find((c: { platformName: string }) => c.platformName === "snapchat");
    expect(snap.visits).toBe(2);
  });

  it("finds a custom campaign by its slug alone and answers 404 for unknown links", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${pageId}/custom-campaign`,
      payload: { platformName: "whatsapp", urlSlug: "summer-offer-2025", displayName: "عرض الصيف", webhookUrl: "" },
      headers: t.bearer(manager),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().isCustom).toBe(true);

    const found = await t.app.inject({ url: "/api/campaign/summer-offer-2025" });
    expect(found.statusCode).toBe(200);
    expect(found.json().campaign.displayName).toBe("عرض الصيف");

    for (const url of ["/api/campaign/nothing-here", "/api/campaign/x/nothing-here", "/api/campaign/al-waha"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("الصفحة غير موجودة");
    }
  });
});

describe("custom campaign rules (SPEC §5.4)", () => {
  const post = (payload: Record<string, unknown>, token = manager) =>
    t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${pageId}/custom-campaign`,
      payload: { platformName: "x", displayName: "حملة", ...payload },
      headers: t.bearer(token),
    });

  it.each([
    ["ab", LANDING_TEXTS.slugTooShort],
    ["a".repeat(51), LANDING_TEXTS.slugTooLong],
    ["Summer", LANDING_TEXTS.slugCharacters],
    ["عرض-الصيف", LANDING_TEXTS.slugCharacters],
    ["has space", LANDING_TEXTS.slugCharacters],
    ["x/slash", LANDING_TEXTS.slugCharacters],
  ])("refuses the link %j", async (urlSlug, message) => {
    const res = await post({ urlSlug });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.urlSlug).toBe(message);
  });

  it("accepts 3 and 50 characters of a–z, 0–9 and hyphens", async () => {
    expect((await post({ urlSlug: "a-1" })).statusCode).toBe(201);
    expect((await post({ urlSlug: `b${"-9".repeat(24)}c` })).statusCode).toBe(201);
  });

  it("requires the platform and display names", async () => {
    const res = await post({ urlSlug: "named-one", platformName: "", displayName: " " });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      platformName: LANDING_TEXTS.platformRequired,
      displayName: LANDING_TEXTS.displayNameRequired,
    });
  });

  it("keeps links unique (409 on urlSlug)", async () => {
    expect((await post({ urlSlug: "unique-link" })).statusCode).toBe(201);
    const res = await post({ urlSlug: "unique-link" });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.urlSlug).toBe(LANDING_TEXTS.slugTaken);
  });

  it("needs campaigns.manage", async () => {
    expect((await post({ urlSlug: "employee-try" }, employee)).statusCode).toBe(403);
  });
});

describe("webhook URLs", () => {
  let campaignId: number;
  beforeAll(async () => {
    const list = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(manager) });
    campaignId = list.json().find((c: { platformName: string }) => c.platformName === "google").id;
  });
  const put = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: `/api/landing-campaigns/${campaignId}/webhook`,
      payload,
      headers: t.bearer(manager),
    });

  it.each([
    "http://127.0.0.1/hook",
    "http://127.1.2.3:8080/hook",
    "http://localhost/hook",
    "http://crm.localhost/hook",
    "http://10.0.0.5/hook",
    "http://172.16.4.4/hook",
    "http://192.168.1.10/hook",
    "http://100.64.0.1/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://0.0.0.0/hook",
    "http://[::1]/hook",
    "http://[fe80::1]/hook",
    "http://[fd00:ec2::254]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://2130706433/hook",
    "http://0x7f.0.0.1/hook",
    "https://user:pass@93.184.216.34/hook",
  ])("refuses %s", async (webhookUrl) => {
    const res = await put({ webhookUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.webhookUrl).toBe(LANDING_TEXTS.webhookRefused);
  });

  it.each(["ftp://93.184.216.34/hook", "not a url", "javascript:alert(1)"])("refuses the malformed %s", async (url) => {
    const res = await put({ webhookUrl: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.webhookUrl).toBe(LANDING_TEXTS.webhookInvalid);
  });

  it("returns the whsec_ secret once when a URL is first set, and again only on rotation", async () => {
    const first = await put({ webhookUrl: "https://93.184.216.34/crm" });
    expect(first.statusCode).toBe(200);
    expect(first.json().webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.json().hasWebhookSecret).toBe(true);

    const changed = await put({ webhookUrl: "https://93.184.216.34/crm2" });
    expect(changed.json().webhookSecret).toBeUndefined();
    expect(changed.json().webhookUrl).toBe("https://93.184.216.34/crm2");

    const rotated = await put({ webhookUrl: "https://93.184.216.34/crm2", rotateSecret: true });
    expect(rotated.json().webhookSecret).toMatch(/^whsec_/);
    expect(rotated.json().webhookSecret).not.toBe(first.json().webhookSecret);

    const listed = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(manager) });
    expect(listed.body).not.toContain("whsec_");

    const removed = await put({ webhookUrl: "" });
    expect(removed.json()).toMatchObject({ webhookUrl: null, hasWebhookSecret: false });
  });

  it("checks the landing page's webhook URL too", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/landing-pages/${pageId}`,
      payload: { poster, webhookUrl: "http://192.168.0.1/" },
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.webhookUrl).toBe(LANDING_TEXTS.webhookRefused);
  });

  it("deletes a campaign (campaigns.manage) and its link stops working", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${pageId}/custom-campaign`,
      payload: { platformName: "tiktok", urlSlug: "to-delete", displayName: "مؤقتة" },
      headers: t.bearer(manager),
    });
    const id = created.json().id;
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/landing-campaigns/${id}`, headers: t.bearer(employee) }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/landing-campaigns/${id}`,
      headers: t.bearer(manager),
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/campaign/to-delete" })).statusCode).toBe(404);
  });
});

/**
 * The conversions journey (docs/conversions.md): the marketing team connects Snapchat (its Conversions API is a
 * receiver started here on the port scripts/e2e.mjs gave the server as CONVERSIONS_SNAPCHAT_URL) and types the
 * campaign's spend; a visitor lands on the Snapchat campaign URL with ScCid, ticks the marketing consent and sends
 * an enquiry; the receiver gets a SIGN_UP (lead) event with the hashed phone and the click id; staff move the lead
 * to حجز with a unit; a PURCHASE event with the unit's price follows; the campaigns report shows 1 reservation and
 * its cost. Screenshots of the conversions screens and the dashboard card at 360/390/768/1280 px go to
 * e2e-output/conversions/.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { serverTime } from "./fixtures/clock.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signIn } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const PROJECT = `مشروع تحويلات ${arabicLabel(stamp)}`;
const PAGE_SLUG = `e2e-conv-${stamp}`;
// A number no other journey uses: one person's second enquiry would join their open lead (no new lead event).
const PHONE_LOCAL = "0551234581";
const SNAP_TOKEN = `snap-e2e-token-${stamp}`;
const WIDTHS = [360, 390, 768, 1280] as const;

interface SnapEvent {
  event_name: string;
  event_id: string;
  user_data: { ph?: string[]; em?: string[]; sc_click_id?: string };
  custom_data?: { value: number; currency: string };
}

async function api(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  return {
    headers,
    async call(method: "post" | "put" | "patch", url: string, data: unknown, status = 200) {
      const res = await request[method](url, { data, headers });
      expect(res.status(), await res.text()).toBe(status);
      return res.json();
    },
  };
}

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e-output/conversions/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a Snapchat lead is reported to Snapchat as a lead, then as a purchase, and the report counts it", async ({
  page,
  browser,
  request,
}) => {
  const received: { path: string; event: SnapEvent }[] = [];
  const snap = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      for (const event of (JSON.parse(body) as { data: SnapEvent[] }).data)
        received.push({ path: req.url ?? "", event });
      res.setHeader("content-type", "application/json");
      res.end('{"status":"SUCCESS"}');
    });
  });
  snap.listen(Number(process.env.E2E_SNAP_PORT ?? 3199), "127.0.0.1");
  await once(snap, "listening");

  try {
    // The marketing team's set-up (through the API): a published project with a unit, its landing page, the
    // Snapchat connection and 750 SAR of spend today on the Snapchat campaign.
    const admin = await api(request);
    const project = await admin.call(
      "post",
      "/api/projects",
      { name: PROJECT, city: "جدة", price: 900_000, description: "شقق حديثة في شمال جدة قريبة من البحر." },
      201,
    );
    await admin.call("post", `/api/projects/${project.id}/publish`, {});
    const unit = await admin.call(
      "post",
      "/api/units",
      { projectId: project.id, unitNumber: "A-7", price: 875_000 },
      201,
    );
    const upload = await request.post("/api/upload/image", {
      headers: admin.headers,
      multipart: {
        image: {
          name: "poster.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f5f8b" } })
            .png()
            .toBuffer(),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const poster = (await upload.json()).url as string;
    const landing = await admin.call("post", `/api/landing-pages/${project.id}`, { slug: PAGE_SLUG, poster }, 201);
    await admin.call("post", `/api/landing-pages/${landing.id}/publish`, {});
    const campaign = (landing.campaigns as { id: number; platformName: string; urlSlug: string }[]).find(
      (c) => c.platformName === "snapchat",
    );
    expect(campaign).toBeDefined();
    await admin.call("put", "/api/conversions/connections/snapchat", {
      enabled: true,
      ids: { pixelId: "e2e-pixel" },
      accessToken: SNAP_TOKEN,
      eventMap: {
        page_view: "PAGE_VIEW",
        enquiry: "SIGN_UP",
        contacted: "",
        qualified: "CUSTOM_EVENT_1",
        visit: "CUSTOM_EVENT_2",
        reserved: "PURCHASE",
        sold: "PURCHASE",
      },
      sendAnonymous: false,
    });
    const serverNow = await serverTime(request);
    const today = new Date(serverNow.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    await admin.call("put", "/api/conversions/spend", {
      campaignId: campaign?.id,
      entries: [{ day: today, amount: 750 }],
    });

    // The visitor: lands from a Snapchat ad with ScCid, ticks the marketing consent, sends the form.
    const visitor = await browser.newContext({ locale: "ar-SA", viewport: { width: 390, height: 844 } });
    const visit = await visitor.newPage();
    await skipEntrance(visit);
    await visit.goto(`/campaign/${campaign?.urlSlug}?ScCid=sc-click-${stamp}&utm_source=snapchat`);
    await visit.waitForLoadState("networkidle");
    const consent = visit.getByRole("checkbox", { name: /أوافق على استخدام بيانات تواصلي/ });
    await expect(consent).not.toBeChecked();
    await visit.getByLabel(/الاسم/).fill("نورة المطيري");
    await visit.getByLabel(/رقم الجوال/).fill(PHONE_LOCAL);
    await visit.getByLabel(/البريد الإلكتروني/).fill(`noura.${stamp}@example.com`);
    await consent.check();
    await visit.getByRole("button", { name: "إرسال" }).click();
    await expect(visit.getByRole("status").filter({ hasText: /تم|شكر/ })).toBeVisible();
    await visitor.close();

    // Snapchat gets the lead event: hashed phone (E.164 digits without +) and the click id.
    await expect.poll(() => received.map((r) => r.event.event_name), { timeout: 20_000 }).toContain("SIGN_UP");
    const lead = received.find((r) => r.event.event_name === "SIGN_UP");
    expect(lead?.path).toBe(`/v3/e2e-pixel/events?access_token=${SNAP_TOKEN}`);
    const phoneHash = createHash("sha256")
      .update(`966${PHONE_LOCAL.slice(1)}`)
      .digest("hex");
    expect(lead?.event.user_data.ph).toEqual([phoneHash]);
    expect(lead?.event.user_data.sc_click_id).toBe(`sc-click-${stamp}`);
    const leadId = Number(/^lead(\d+)-/.exec(lead?.event.event_id ?? "")?.[1]);
    expect(leadId).toBeGreaterThan(0);

    // Staff move the lead to حجز with the unit: a PURCHASE with the unit's price follows.
    await admin.call("patch", `/api/leads/${leadId}/stage`, { stage: "reserved", unitId: unit.id });
    await expect.poll(() => received.map((r) => r.event.event_name), { timeout: 20_000 }).toContain("PURCHASE");
    const purchase = received.find((r) => r.event.event_name === "PURCHASE");
    expect(purchase?.event).toMatchObject({
      event_id: `lead${leadId}-PURCHASE`,
      custom_data: { currency: "SAR", value: 875_000 },
    });

    // The campaigns report: 1 reservation, 750 SAR per reservation (over the last 30 days of the server's clock,
    // which earlier journeys moved forward).
    await page.clock.install({ time: serverNow });
    await signIn(page);
    await page.goto("/admin/conversions");
    const card = page.getByTestId(`campaign-${campaign?.id}`);
    await expect(card.locator('[data-step="reserved"]')).toHaveText("١");
    await expect(card.getByTestId("cost-per-reservation")).toContainText("٧٥٠");
    await shoot(page, "report");
    await page.getByRole("tab", { name: "ربط منصات الإعلانات" }).click();
    await expect(page.getByTestId("connection-snapchat")).toBeVisible();
    await expect(page.getByTestId("connection-snapchat").getByLabel("رمز الوصول")).toHaveValue("");
    expect(await page.content()).not.toContain(SNAP_TOKEN);
    await shoot(page, "connections");
    await page.getByRole("tab", { name: "سجل الإرسال" }).click();
    await expect(page.getByText("تم الإرسال").first()).toBeVisible();
    await shoot(page, "delivery-log");
    await page.goto("/admin");
    await expect(page.getByTestId("top-campaigns")).toBeVisible();
    await shoot(page, "dashboard");
  } finally {
    await new Promise<void>((resolve) => snap.close(() => resolve()));
  }
});

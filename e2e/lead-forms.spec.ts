/**
 * The platform lead-form journey (docs/lead-forms.md): a manager connects Meta on «نماذج المنصات» against a local
 * Graph API stand-in (started here on the port scripts/e2e.mjs gave the server as LEAD_FORMS_META_GRAPH_URL), maps
 * the page's form to a project → Meta's signed webhook arrives → the lead is on agent A's «عملائي» at 390 px with the
 * form's name and the campaign (the journey waits for it to appear; the 60-second figure is measured by
 * `npm run bench:lead-forms`) → the campaigns report counts it under the campaign whose card holds the Meta campaign
 * id. Screenshots at 390 and 1280 px go to e2e-output/lead-forms/.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { sign, startMetaGraphStandIn } from "../src/server/test-utils/meta-graph-stand-in.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { adminHeaders, signIn, soleAgentOf } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const PROJECT = `مشروع النماذج ${arabicLabel(stamp)}`;
const PAGE_SLUG = `e2e-forms-${stamp}`;
const PERSON = `منى العتيبي ${arabicLabel(stamp)}`;
const FORM_NAME = `نموذج ${arabicLabel(stamp)}`;
const AGENT = { username: `forms-agent-${stamp}`, name: "مسؤول النماذج", password: "Forms-Agent-Passw0rd!71" };
const APP_SECRET = `app-secret-${stamp}`;
const VERIFY_TOKEN = `verify-${stamp}`;
const PAGE_TOKEN = `EAAG-${stamp}`;
const PAGE_ID = "104857600123456789";
const FORM_ID = `9876543210${Date.now() % 10_000_000}`;
const CAMPAIGN_ID = "120212345678901234";
const SHOTS = "e2e-output/lead-forms";

async function setUp(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const project = await request.post("/api/projects", {
    data: { name: PROJECT, city: "جدة", price: 900_000, description: "شقق عائلية في شمال جدة قريبة من الخدمات." },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = (await project.json()).id as number;
  const poster = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f5f8b" } })
    .png()
    .toBuffer();
  const upload = await request.post("/api/upload/images", {
    headers,
    multipart: { images: { name: "poster.png", mimeType: "image/png", buffer: poster } },
  });
  const posterUrl = (await upload.json()).files[0].url as string;
  const landing = await request.post(`/api/landing-pages/${projectId}`, {
    data: { slug: PAGE_SLUG, poster: posterUrl },
    headers,
  });
  expect(landing.status()).toBe(201);
  const campaign = ((await landing.json()).campaigns as { id: number; platformName: string }[]).find(
    (c) => c.platformName === "instagram",
  );
  const card = await request.put(`/api/landing-campaigns/${campaign?.id}/platform-campaign`, {
    data: { platformCampaignId: CAMPAIGN_ID },
    headers,
  });
  expect(card.status()).toBe(200);
  await soleAgentOf(request, headers, projectId, AGENT);
  return { headers, campaignId: campaign?.id ?? 0 };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForLoadState("networkidle");
}

/** Where a sign-in lands: the dashboard, or «عملائي» for a sales agent. */
const HOME = /\/admin(\/leads\/mine)?$/;

/** Today in Jeddah as YYYY-MM-DD (the campaigns report's days). */
const jeddahToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Riyadh" }).format(new Date());

test("a Meta lead-form lead reaches the agent's phone with its form and campaign, and the report counts it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const graph = await startMetaGraphStandIn({
    token: PAGE_TOKEN,
    pageId: PAGE_ID,
    port: Number(process.env.E2E_META_GRAPH_PORT ?? 3198),
  });
  try {
    const { headers, campaignId } = await setUp(request);
    graph.addForm({
      id: FORM_ID,
      name: FORM_NAME,
      status: "ACTIVE",
      questions: [
        { key: "full_name", label: "الاسم الكامل", type: "FULL_NAME" },
        { key: "phone_number", label: "رقم الهاتف", type: "PHONE" },
        { key: "budget", label: "الميزانية", type: "CUSTOM" },
      ],
    });

    // 1. The manager connects Meta on «نماذج المنصات» and maps the form to the project.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, E2E_ADMIN, HOME);
    await page.goto("/admin/lead-forms");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "نماذج المنصات" })).toBeVisible();
    const meta = page.getByTestId("lead-forms-meta");
    await meta.getByLabel("معرّف الصفحة").fill(PAGE_ID);
    await meta.getByLabel("مفتاح التطبيق السري").fill(APP_SECRET);
    await meta.getByLabel("رمز التحقق").fill(VERIFY_TOKEN);
    await meta.getByLabel("رمز وصول الصفحة").fill(PAGE_TOKEN);
    await meta.getByRole("switch", { name: "استقبال العملاء من ميتا (فيسبوك وإنستغرام)" }).click();
    await meta.getByRole("button", { name: "حفظ" }).click();
    await expect(page.getByText("تم الحفظ").first()).toBeVisible();
    await expect(meta.getByLabel("رمز وصول الصفحة")).toHaveValue("");
    const form = page.getByTestId(`lead-form-${FORM_ID}`);
    await expect(form.getByRole("heading", { name: FORM_NAME })).toBeVisible();
    await form.getByLabel("المشروع").selectOption({ label: PROJECT });
    await form.getByLabel("الميزانية").selectOption("message");
    await form.getByRole("button", { name: "حفظ النموذج" }).click();
    await expect(page.getByText("تم حفظ النموذج").first()).toBeVisible();
    expect(await page.content()).not.toContain(PAGE_TOKEN);
    await page.screenshot({ path: `${SHOTS}/connection-1280.png`, fullPage: true });

    // Meta's subscription check answers the challenge.
    const check = await request.get(
      `/api/lead-forms/meta/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=8080`,
    );
    expect(await check.text()).toBe("8080");

    // 2. A person sends the form on Instagram; Meta's signed webhook arrives.
    const lead = graph.addLead({
      form_id: FORM_ID,
      created: new Date(),
      ad_id: "120200000000000001",
      adset_id: "120200000000000002",
      campaign_id: CAMPAIGN_ID,
      field_data: [
        { name: "full_name", values: [PERSON] },
        { name: "phone_number", values: ["+971501234567"] },
        { name: "budget", values: ["مليون ريال"] },
      ],
    });
    const body = graph.webhookBody(lead);
    const webhook = await request.post("/api/lead-forms/meta/webhook", {
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, APP_SECRET) },
      data: body,
    });
    expect(webhook.status()).toBe(200);

    // 3. Agent A, on a 390 px phone, finds it in «عملائي» with the form's name and the campaign.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "ar-SA",
      timezoneId: "Asia/Riyadh",
    });
    const agent = await context.newPage();
    await skipEntrance(agent);
    await signIn(agent, AGENT, HOME);
    await agent.goto("/admin/leads/mine");
    await hydrated(agent);
    const card = agent.getByTestId("agent-lead").filter({ hasText: PERSON });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByTestId("agent-lead-origin")).toContainText(`نموذج ميتا: ${FORM_NAME}`);
    await expect(card.getByTestId("agent-lead-origin")).toContainText("الحملة:");
    await expect(card.getByRole("link", { name: `اتصال ${PERSON}` })).toHaveAttribute("href", "tel:+971501234567");
    const overflow = await agent.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await agent.screenshot({ path: `${SHOTS}/mine-390.png`, fullPage: true });
    await context.close();

    // 4. The campaigns report counts it under the campaign whose card holds the Meta campaign id.
    const today = jeddahToday();
    const report = await request.get(`/api/conversions/funnel?from=${today}&to=${today}`, { headers });
    const row = (await report.json()).campaigns.find((c: { campaignId: number }) => c.campaignId === campaignId);
    expect(row?.counts.enquiries).toBe(1);
  } finally {
    await graph.close();
  }
});

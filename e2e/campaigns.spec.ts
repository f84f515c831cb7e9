/**
 * The campaign journey (docs/product.md §10.4, SPEC §2.8, §2.15, §2.16): a manager creates a landing page for a project (with a
 * webhook to a receiver started here on 127.0.0.1; the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1), adds a custom
 * campaign, publishes the page and its project (both start as drafts), and copies its link; a visitor opens that link (with UTM parameters), sends the form and sees the success
 * text; the receiver gets the lead signed with the secret shown once; the manager sees the message with its campaign
 * and its delivery status on the leads list that /admin/contact-messages leads to.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { Webhook } from "standardwebhooks";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signIn } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

// The entrance animation of SPEC §1 is its own spec's subject (public.spec.ts); here it would only cover the page.
test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const PROJECT = `مشروع حملات ${arabicLabel(stamp)}`;
const SLUG = `e2e-offer-${stamp}`;
const PAGE_SLUG = `e2e-page-${stamp}`;
const CAMPAIGN_NAME = `عرض الافتتاح ${arabicLabel(stamp)}`;
const VISITOR = `زائر الحملة ${arabicLabel(stamp)}`;

async function createProject(request: APIRequestContext): Promise<number> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const created = await request.post("/api/projects", {
    data: { name: PROJECT, city: "جدة", price: 1_200_000, description: "فلل حديثة قريبة من البحر في شمال جدة." },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as number;
}

test("a campaign lead goes from the ad link to the messages screen and to the CRM webhook", async ({
  page,
  browser,
  request,
  context,
}) => {
  // The sales team's CRM: records every POST.
  const received: { headers: http.IncomingHttpHeaders; body: string; at: number }[] = [];
  const crm = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.end("ok");
    });
  });
  crm.listen(0, "127.0.0.1");
  await once(crm, "listening");
  const crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`;

  try {
    const projectId = await createProject(request);
    const poster = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f5f8b" } })
      .png()
      .toBuffer();

    // 1. The manager creates the landing page with a webhook.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page);
    await page.goto(`/admin/projects/${projectId}`);
    await expect(page.getByRole("heading", { name: PROJECT })).toBeVisible();
    await page.getByRole("button", { name: "إنشاء صفحة هبوط" }).click();
    const form = page.getByRole("dialog", { name: "إنشاء صفحة هبوط" });
    await form.getByLabel("صورة البوستر").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: poster });
    await expect(form.getByRole("img", { name: "صورة البوستر" })).toBeVisible();
    await form.getByLabel(/رابط الصفحة/).fill(PAGE_SLUG);
    await form.getByLabel(/رابط الويب هوك/).fill(crmUrl);
    await form.getByRole("button", { name: "إضافة ميزة" }).click();
    await form.getByLabel("النص ١").fill("إطلالة بحرية");
    await form.getByRole("button", { name: "حفظ" }).click();
    const secret = (await form.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await form.getByRole("button", { name: "تم" }).click();
    await expect(form).toBeHidden();

    // The project and its page are drafts: visitors get 404 until both are published here.
    expect((await request.get(`/api/projects/${projectId}`)).status()).toBe(404);
    await expect(page.getByRole("region", { name: "صفحة الهبوط" }).getByText("مسودة", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "نشر صفحة الهبوط", exact: true }).click();
    await expect(page.getByText("تم نشر صفحة الهبوط، وأصبح ظاهراً للزوار", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `نشر ${PROJECT}`, exact: true }).click();
    await expect(page.getByText("تم نشر المشروع، وأصبح ظاهراً للزوار", { exact: true })).toBeVisible();
    await expect(page.getByText("مسودة", { exact: true })).toHaveCount(0);

    // 2. The six platform campaigns exist; the manager adds a custom one and copies its link.
    await page.getByRole("tab", { name: "الحملات" }).click();
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByTestId("campaign-link").first()).toHaveText(new RegExp(`/campaign/\\w+/${PAGE_SLUG}$`));
    // Each link reads from its scheme: it lies inside its card (no long line pushes the card's content past its
    // edge) and carries the whole link in its title.
    for (const card of await page.getByRole("article").all()) {
      const link = card.getByTestId("campaign-link");
      await expect(link).toHaveAttribute("title", /^https?:\/\//);
      const [outer, inner] = [await card.boundingBox(), await link.boundingBox()];
      expect(inner && outer && inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width).toBe(true);
    }
    await page.getByRole("button", { name: "إضافة حملة مخصصة" }).click();
    const add = page.getByRole("dialog", { name: "إضافة حملة مخصصة" });
    await add.getByLabel("الرابط").fill("AB");
    await add.getByLabel("اسم المنصة").fill("whatsapp");
    await add.getByLabel("الاسم المعروض").fill(CAMPAIGN_NAME);
    await add.getByRole("button", { name: "إضافة الحملة" }).click();
    await expect(add.getByText("يجب ألا يقل الرابط عن ٣ أحرف")).toBeVisible();
    await add.getByLabel("الرابط").fill(SLUG);
    await add.getByRole("button", { name: "إضافة الحملة" }).click();
    await expect(add).toBeHidden();
    const card = page.getByRole("article", { name: `حملة ${CAMPAIGN_NAME}` });
    await expect(card).toBeVisible();
    await expect(card.getByText("مخصصة")).toBeVisible();
    await card.getByRole("button", { name: `نسخ الرابط ${CAMPAIGN_NAME}` }).click();
    await expect(page.getByText("تم نسخ الرابط").first()).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/campaign/${SLUG}$`));

    // 3. A visitor opens the ad link and sends the form.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(`${link}?utm_source=whatsapp&utm_campaign=launch&fbclid=fb-${stamp}`);
    expect(response?.status()).toBe(200);
    await expect(visitor).toHaveTitle(new RegExp(PROJECT));
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\//);
    await expect(visitor.getByRole("heading", { level: 1, name: PROJECT })).toBeVisible();
    await expect(visitor.getByText("إطلالة بحرية")).toBeVisible();
    await expect(visitor.getByRole("link", { name: "إشعار الخصوصية" })).toHaveAttribute("href", "/privacy");
    // The page works before its script runs too; the as-you-type phone cleaning needs the islands.
    await visitor.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    await visitor.getByLabel(/الاسم/).fill(VISITOR);
    await visitor.getByLabel(/البريد الإلكتروني/).fill(`visitor-${stamp}@example.com`);
    await visitor.getByLabel(/رقم الجوال/).fill("05 5123 4567");
    await expect(visitor.getByLabel(/رقم الجوال/)).toHaveValue("0551234567");
    const sentAt = Date.now();
    await visitor.getByRole("button", { name: "إرسال" }).click();
    await expect(visitor.getByText("تم إرسال رسالتك بنجاح! سنتواصل معك قريباً.")).toBeVisible();
    await visitorContext.close();

    // 4. The CRM receives the lead, signed with the secret shown once.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    test.info().annotations.push({ type: "submit-to-webhook-ms", description: String(received[0].at - sentAt) });
    const [delivery] = received;
    const lead = new Webhook(secret).verify(delivery.body, {
      "webhook-id": String(delivery.headers["webhook-id"]),
      "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
      "webhook-signature": String(delivery.headers["webhook-signature"]),
    }) as {
      data: { name: string; createdAt: string; campaign: { urlSlug: string }; attribution: Record<string, string> };
    };
    expect(lead.data.name).toBe(VISITOR);
    test.info().annotations.push({
      type: "stored-to-webhook-ms",
      description: String(delivery.at - Date.parse(lead.data.createdAt)),
    });
    expect(lead.data.campaign.urlSlug).toBe(SLUG);
    expect(lead.data.attribution).toMatchObject({ utmSource: "whatsapp", fbclid: `fb-${stamp}` });

    // 5. The manager sees the lead with its enquiry's campaign and delivery status on the leads list, which SPEC's
    // messages URL leads to (docs/decisions/070-one-leads-list.md).
    await page.goto("/admin/contact-messages");
    await expect(page).toHaveURL(/\/admin\/leads$/);
    const row = page.getByTestId("lead-row").filter({ hasText: VISITOR });
    await expect(row).toBeVisible();
    await expect(row.getByText(CAMPAIGN_NAME)).toBeVisible();
    await expect(row.getByText(PROJECT).first()).toBeVisible();
    await expect(row.getByTestId("delivery-status")).toHaveText("تم التسليم");
    await row.getByText("نص الرسالة ومصدرها").click();
    await expect(row.getByText("launch")).toBeVisible();

    // 6. The campaign card counts the visit and the lead.
    await page.goto(`/admin/projects/${projectId}`);
    await page.getByRole("tab", { name: "الحملات" }).click();
    const stats = page.getByRole("article", { name: `حملة ${CAMPAIGN_NAME}` });
    await expect(stats.getByRole("definition").nth(0)).toHaveText("١");
    await expect(stats.getByRole("definition").nth(1)).toHaveText("١");
  } finally {
    await new Promise<void>((resolve) => crm.close(() => resolve()));
  }
});

test("an unknown campaign link answers 404 with the SPEC texts, and the privacy notice is public", async ({ page }) => {
  const response = await page.goto(`/campaign/x/no-such-campaign-${stamp}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "الصفحة غير موجودة" })).toBeVisible();
  await expect(page.getByText("عذراً، الرابط الذي تبحث عنه غير صحيح")).toBeVisible();

  const privacy = await page.goto("/privacy");
  expect(privacy?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "إشعار الخصوصية" })).toBeVisible();
});

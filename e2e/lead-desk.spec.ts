/**
 * The lead desk journey (docs/product.md §2.16 leads; docs/decisions/030-lead-desk-screens.md): a visitor sends an
 * enquiry on a campaign landing page → it is assigned to agent A (the project's round-robin list, set through the API)
 * → at 390 px agent A opens "عملائي", taps WhatsApp (the wa.me link names the project), logs the contact in two taps,
 * which moves the lead to زيارة, then on the lead page moves it to حجز with unit 101 → the public project page shows
 * unit 101 as محجوزة → the manager's dashboard shows agent A's time to first contact. Screenshots of عملائي, the lead
 * page, the list, the settings and the dashboard at 360/390/768/1280 px go to e2e-output/lead-desk/, and at each width
 * no page is wider than the screen.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { staffPage } from "./fixtures/phone-page.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const PROJECT = `الياقوت ${arabicLabel(stamp)}`;
const PAGE_SLUG = `desk-${stamp}`;
const VISITOR = `ريم الزهراني ${arabicLabel(stamp)}`;
const AGENT = { username: `agent-${stamp}`, name: "مسؤولة المبيعات أ", password: "Desk-Agent-Passw0rd!93" };
const WIDTHS = [360, 390, 768, 1280] as const;
const SHOTS = "e2e-output/lead-desk";

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** A published project with unit 101 and a published landing page, and agent A as its only agent. */
async function setUp(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const project = await request.post("/api/projects", {
    data: { name: PROJECT, city: "جدة", price: 950_000, description: "شقق عائلية قريبة من الكورنيش في شمال جدة." },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = (await project.json()).id as number;
  const unit = await request.post("/api/units", { data: { projectId, unitNumber: "101", price: 950_000 }, headers });
  expect(unit.status()).toBe(201);
  const poster = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1f5f8b" } })
    .png()
    .toBuffer();
  const upload = await request.post("/api/upload/images", {
    headers,
    multipart: { images: { name: "poster.png", mimeType: "image/png", buffer: poster } },
  });
  expect(upload.status()).toBe(200);
  const posterUrl = (await upload.json()).files[0].url as string;
  const landing = await request.post(`/api/landing-pages/${projectId}`, {
    data: { slug: PAGE_SLUG, poster: posterUrl },
    headers,
  });
  expect(landing.status()).toBe(201);
  const landingId = (await landing.json()).id as number;
  expect((await request.post(`/api/projects/${projectId}/publish`, { headers })).status()).toBe(200);
  expect((await request.post(`/api/landing-pages/${landingId}/publish`, { headers })).status()).toBe(200);
  const agent = await request.post("/api/users", { data: { ...AGENT, role: "sales_agent" }, headers });
  expect(agent.status()).toBe(201);
  const agentId = (await agent.json()).id as string;
  const list = await request.put("/api/leads/agents", { data: { projectId, userIds: [agentId] }, headers });
  expect(list.status()).toBe(200);
  return { projectId };
}

/** Signs in; a sales agent lands on «عملائي», everyone else on the dashboard. */
async function signIn(page: Page, username: string, password: string, home: RegExp = /\/admin$/) {
  await page.goto("/admin/login");
  await hydrated(page);
  await page.getByLabel("اسم المستخدم").fill(username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page).toHaveURL(home);
}

/**
 * A tap before the page's scripts run is lost (docs/performance/web.md): wait for the router (an admin screen) or the
 * islands (a public page, docs/decisions/046-public-pages-as-islands.md) and a quiet network first.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => "__reactRouterDataRouter" in window || document.documentElement.dataset.islands === "ready",
  );
  await page.waitForLoadState("networkidle");
}

/** Screenshots `path` at every width into e2e-output/lead-desk/<name>-<width>.png; nothing wider than the screen. */
async function shoot(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await hydrated(page);
    await ready(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test("a campaign enquiry reaches agent A's phone, is worked to حجز with unit 101, and the dashboard times the answer", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { projectId } = await setUp(request);

  // 1. A visitor sends the form of the campaign landing page.
  await page.goto(`/campaign/tiktok/${PAGE_SLUG}?utm_source=tiktok&utm_campaign=launch&ttclid=tt-${stamp}`);
  await expect(page.getByRole("heading", { level: 1, name: PROJECT })).toBeVisible();
  await hydrated(page);
  await page.getByLabel(/الاسم/).fill(VISITOR);
  await page.getByLabel(/البريد الإلكتروني/).fill(`reem-${stamp}@example.com`);
  // A number of its own: one person's second enquiry joins their open lead (one open lead per person).
  await page.getByLabel(/رقم الجوال/).fill("05 5123 4582");
  await expect(page.getByLabel(/رقم الجوال/)).toHaveValue("0551234582");
  await page.getByLabel(/الرسالة/).fill("أرغب في شقة بثلاث غرف");
  await page.getByRole("button", { name: "إرسال" }).click();
  await expect(page.getByText("تم إرسال رسالتك بنجاح! سنتواصل معك قريباً.")).toBeVisible();

  // 2. Agent A, on a 390 px phone, finds the lead in عملائي and taps WhatsApp.
  const agent = await staffPage(browser, 390);
  await signIn(agent, AGENT.username, AGENT.password, /\/admin\/leads\/mine$/);
  await hydrated(agent);
  const card = agent.getByTestId("agent-lead").filter({ hasText: VISITOR });
  await expect(card).toBeVisible();
  await expect(card.getByText("جديد", { exact: true })).toBeVisible();
  const whatsapp = card.getByRole("link", { name: `واتساب ${VISITOR}` });
  const href = new URL((await whatsapp.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/966551234582");
  expect(href.searchParams.get("text")).toContain(`مشروع ${PROJECT}`);
  expect(href.searchParams.get("text")).toContain("ريم");
  await expect(card.getByRole("link", { name: `اتصال ${VISITOR}` })).toHaveAttribute("href", "tel:+966551234582");
  const [tab] = await Promise.all([agent.context().waitForEvent("page"), whatsapp.click()]);
  await tab.close();

  // 3. Two taps log the contact and the next step: a visit.
  await card.getByRole("button", { name: "تم الرد" }).click();
  await card.getByRole("button", { name: "موعد زيارة" }).click();
  await expect(agent.getByText("تم تسجيل التواصل").first()).toBeVisible();
  await expect(card.getByText("زيارة", { exact: true })).toBeVisible();
  await shoot(agent, "/admin/leads/mine", "mine", async (p) => {
    await expect(p.getByTestId("agent-lead").first()).toBeVisible();
  });

  // 4. On the lead page the agent moves it to حجز with unit 101.
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.goto("/admin/leads/mine");
  await hydrated(agent);
  await agent.getByRole("link", { name: VISITOR, exact: true }).click();
  await expect(agent.getByRole("heading", { level: 1, name: VISITOR })).toBeVisible();
  await hydrated(agent);
  const leadPath = new URL(agent.url()).pathname;
  await expect(agent.getByText("أُسند تلقائيًا إلى مسؤولة المبيعات أ")).toBeVisible();
  await expect(agent.getByText(`tt-${stamp}`)).toBeVisible();
  await agent.getByRole("button", { name: "تغيير المرحلة" }).click();
  const dialog = agent.getByRole("dialog", { name: "تغيير المرحلة" });
  await dialog.getByLabel("المرحلة الجديدة").selectOption("reserved");
  // The picker names the unit with its price (building, floor and rooms when the unit has them).
  const option = dialog.getByLabel("الوحدة").locator("option", { hasText: "101" });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText("٩٥٠٬٠٠٠");
  await dialog.getByLabel("الوحدة").selectOption((await option.getAttribute("value")) ?? "");
  await dialog.getByRole("button", { name: "حفظ" }).click();
  await expect(dialog).toBeHidden();
  await expect(agent.getByText(/^رُبطت الوحدة 101 · .*٩٥٠٬٠٠٠.* \(محجوزة\)$/)).toBeVisible();
  await expect(agent.getByTestId("lead-unit")).toContainText("101 · ");
  await agent.context().close();

  // 5. The public project page shows unit 101 as reserved.
  await page.goto(`/project/${projectId}`);
  const unit = page.getByRole("article").filter({ hasText: "وحدة رقم 101" });
  await expect(unit.getByText("محجوزة", { exact: true })).toBeVisible();

  // 6. The manager's dashboard shows agent A's time to first contact, linking to her leads.
  const manager = await staffPage(browser, 1280);
  await signIn(manager, E2E_ADMIN.username, E2E_ADMIN.password);
  await hydrated(manager);
  const times = manager.getByTestId("response-times");
  const row = times.getByRole("link").filter({ hasText: AGENT.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/[٠-٩]+:[٠-٩]{2}/);
  await shoot(manager, "/admin", "dashboard", async (p) => {
    await expect(p.getByTestId("response-times")).toBeVisible();
  });
  await shoot(manager, "/admin/leads", "list", async (p) => {
    await expect(p.getByTestId("lead-row").first()).toBeVisible();
  });
  await shoot(manager, "/admin/leads/settings", "settings", async (p) => {
    await expect(p.getByRole("heading", { name: "أسباب الفقد" })).toBeVisible();
  });
  await shoot(manager, leadPath, "lead", async (p) => {
    await expect(p.getByRole("heading", { level: 1, name: VISITOR })).toBeVisible();
  });
  await manager.setViewportSize({ width: 1280, height: 900 });
  await manager.goto("/admin");
  await hydrated(manager);
  await manager.getByTestId("response-times").getByRole("link").filter({ hasText: AGENT.name }).click();
  await expect(manager).toHaveURL(/\/admin\/leads\?ownerId=/);
  await expect(manager.getByTestId("lead-row").filter({ hasText: VISITOR })).toBeVisible();
  await manager.context().close();
});

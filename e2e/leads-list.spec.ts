/**
 * The one leads list «العملاء» (docs/decisions/070-one-leads-list.md): three enquiries arrive on a project page → a
 * manager follows SPEC's old messages URL (/admin/contact-messages?search=…), lands on the leads list with the search
 * kept, sees each lead's live wait, next step and webhook state, ticks the three and hands them to an agent in one
 * «إعادة الإسناد» → the agent, on a 390 px phone, finds the three in «عملائي». Screenshots of the list at 390 and
 * 1280 px go to e2e-output/leads-list/, and at both widths the page is no wider than the screen.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const LABEL = arabicLabel(stamp);
const BUYERS = [`نورة ${LABEL}`, `خالد ${LABEL}`, `منى ${LABEL}`];
const AGENT = { username: `bulk-${stamp}`, name: `مسؤول المبيعات ${LABEL}`, password: "Bulk-Agent-Passw0rd!58" };
const SHOTS = "e2e-output/leads-list";

/** A project the enquiries name, and an agent on the round-robin list of another project (so none is dealt to them). */
async function setUp(request: APIRequestContext) {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const ids: number[] = [];
  for (const name of [`المرجان ${LABEL}`, `اللؤلؤ ${LABEL}`]) {
    const project = await request.post("/api/projects", {
      data: { name, city: "جدة", price: 850_000, description: "شقق عائلية قريبة من البحر في شمال جدة." },
      headers,
    });
    expect(project.status()).toBe(201);
    ids.push((await project.json()).id as number);
  }
  const agent = await request.post("/api/users", { data: { ...AGENT, role: "sales_agent" }, headers });
  expect(agent.status()).toBe(201);
  const agentId = (await agent.json()).id as string;
  const list = await request.put("/api/leads/agents", { data: { projectId: ids[1], userIds: [agentId] }, headers });
  expect(list.status()).toBe(200);
  for (const [i, name] of BUYERS.entries()) {
    const sent = await request.post("/api/contact", {
      data: {
        name,
        phone: `0550${String(Date.now()).slice(-5)}${i}`,
        message: "أرغب في شقة بثلاث غرف",
        projectReference: ids[0],
      },
    });
    expect(sent.status()).toBe(201);
  }
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/admin/login");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("اسم المستخدم").fill(username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Screenshot of the list as it is at `width`; nothing wider than the screen. */
async function shoot(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await expect(page.getByTestId("lead-row").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the leads list at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/list-${width}.png`, fullPage: true });
}

test("a manager hands three leads to an agent from the list the messages URL leads to; the agent sees them", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await setUp(request);

  // 1. SPEC's messages screen URL lands on the leads list, its search kept.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto(`/admin/contact-messages?search=${encodeURIComponent(LABEL)}&x=1`);
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?search=${encodeURIComponent(LABEL)}$`));
  await expect(page.getByRole("heading", { level: 1, name: "العملاء" })).toBeVisible();
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByText("عرض ٣ من ٣")).toBeVisible();
  // Each lead: its live wait, the clock's next step, its enquiry's webhook state.
  const first = rows.filter({ hasText: BUYERS[0] });
  await expect(first.getByTestId("lead-clock")).toContainText(/الآن|منذ/);
  await expect(first.getByTestId("lead-next-step")).toContainText("بعد");
  await expect(first.getByTestId("delivery-status")).toHaveText("بدون ويب هوك");
  await shoot(page, 1280);

  // 2. The manager ticks the three and hands them to the agent in one go.
  for (const name of BUYERS) await page.getByRole("checkbox", { name: `تحديد ${name}` }).check();
  await expect(page.getByText("المحدد: ٣ عملاء")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 390);
  await page.getByRole("button", { name: "إعادة الإسناد" }).click();
  const dialog = page.getByRole("dialog", { name: "إعادة إسناد العملاء المحددين" });
  await dialog.getByRole("combobox", { name: "المسؤول" }).selectOption({ label: AGENT.name });
  await dialog.getByRole("button", { name: "إعادة الإسناد" }).click();
  await expect(page.getByText("تمت إعادة إسناد ٣ عملاء", { exact: true })).toBeVisible();
  for (const name of BUYERS) await expect(rows.filter({ hasText: name })).toContainText(AGENT.name);

  // 3. The agent, on a phone, finds the three in «عملائي».
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ar-SA" });
  const agent = await context.newPage();
  await skipEntrance(agent);
  await signIn(agent, AGENT.username, AGENT.password);
  await agent.goto("/admin/leads/mine");
  for (const name of BUYERS) await expect(agent.getByTestId("agent-lead").filter({ hasText: name })).toBeVisible();
  await context.close();
});

/**
 * The live unit inventory's journey (docs/decisions/076-unit-inventory-states-and-holds.md, 077, 078): a manager
 * generates a building from the stacking plan (preview, then apply) → an agent at 390 px holds unit 0304 → a second
 * agent's grid, open on another screen, shows it held without reloading, and their own hold is refused with the
 * Arabic message naming who holds it → the lead moves to حجز with the unit → the public unit page shows محجوزة → a
 * 15-minute hold on 0305 expires (test clock) and its page shows متاحة again. Screenshots of the grid at 390, 768
 * and 1280 px go to e2e-output/inventory/.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { moveClock } from "./fixtures/clock.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";

const stamp = Date.now().toString(36);
// The project's name in Arabic-Indic digits: the public pages' numeral rule (e2e/numerals.spec.ts) reads it.
const stampArabic = new Intl.NumberFormat("ar-SA", { useGrouping: false }).format(Date.now());
const AGENT_A = { username: `inv-a-${stamp}`, name: "مسؤول المبيعات أ", password: "Inventory-Agent-A-Passw0rd!71" };
const AGENT_B = { username: `inv-b-${stamp}`, name: "مسؤولة المبيعات ب", password: "Inventory-Agent-B-Passw0rd!72" };
const SHOTS = "e2e-output/inventory";

async function tokenOf(request: APIRequestContext, credentials: { username: string; password: string }) {
  const login = await request.post("/api/auth/login", { data: credentials });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

async function setUp(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, E2E_ADMIN)}` };
  const project = await request.post("/api/projects", {
    data: { name: `برج المخزون ${stampArabic}`, city: "جدة", price: 900_000 },
    headers,
  });
  const projectId = (await project.json()).id as number;
  expect((await request.post(`/api/projects/${projectId}/publish`, { headers })).status()).toBe(200);
  const ids: string[] = [];
  for (const agent of [AGENT_A, AGENT_B]) {
    const res = await request.post("/api/users", { data: { ...agent, role: "sales_agent" }, headers });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id as string);
  }
  // Agent A is the project's only agent: the buyer's enquiry becomes A's lead.
  expect((await request.put("/api/leads/agents", { data: { projectId, userIds: [ids[0]] }, headers })).status()).toBe(
    200,
  );
  const enquiry = await request.post("/api/contact", {
    data: {
      name: `مشتري ${stamp}`,
      // A number of its own: one person's second enquiry joins their open lead (one open lead per person).
      phone: `0553${String(Date.now()).slice(-6)}`,
      message: "أريد شقة في الدور الثالث",
      projectReference: projectId,
    },
  });
  expect(enquiry.status()).toBe(201);
  return { projectId, leadId: (await enquiry.json()).leadId as number };
}

async function signedIn(browser: Browser, width: number, credentials: { username: string; password: string }) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: "ar-SA",
    timezoneId: "Asia/Riyadh",
  });
  const page = await context.newPage();
  await skipEntrance(page);
  await page.goto("/admin/login");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("اسم المستخدم").fill(credentials.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  // A sales agent lands on «عملائي», a manager on the dashboard.
  await expect(page).toHaveURL(/\/admin(\/leads\/mine)?$/);
  return page;
}

const cell = (page: Page, unitNumber: string) =>
  page.locator(`[data-testid="stacking-plan"] [data-unit="${unitNumber}"]`);

test("a building generated, unit 0304 held at 390 px and seen held elsewhere live, reserved, and a hold that expires", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { projectId, leadId } = await setUp(request);
  const plan = `/admin/inventory?project=${projectId}`;

  // 1. The manager generates building A: 4 floors × 6 units, previewed first.
  const manager = await signedIn(browser, 1280, E2E_ADMIN);
  await manager.goto(plan);
  await manager.getByText("توليد وحدات").click();
  await manager.getByLabel("أسماء المباني (مفصولة بفاصلة)").fill("A");
  await manager.getByLabel("عدد الأدوار").fill("4");
  await manager.getByLabel("الوحدات في كل دور").fill("6");
  await manager.getByLabel("سعر الدور الأول (ريال)").fill("800000");
  await manager.getByLabel("زيادة كل دور").fill("10000");
  await manager.getByRole("button", { name: "معاينة" }).click();
  await expect(manager.getByTestId("generation-preview")).toContainText("ستُنشأ ٢٤ وحدة");
  await manager.getByRole("button", { name: "توليد الوحدات" }).click();
  await expect(cell(manager, "0304")).toContainText("متاحة");

  // 2. Agent B keeps the plan open on a laptop.
  const agentB = await signedIn(browser, 1280, AGENT_B);
  await agentB.goto(plan);
  await expect(cell(agentB, "0304")).toContainText("متاحة");

  // 3. Agent A, on a 390 px phone, holds 0304.
  const agentA = await signedIn(browser, 390, AGENT_A);
  await agentA.goto(plan);
  await cell(agentA, "0304").click();
  await agentA.getByRole("button", { name: "حجز مؤقت" }).click();
  await expect(cell(agentA, "0304")).toContainText("محجوزة مؤقتًا");
  await agentA.keyboard.press("Escape");

  // 4. B's grid shows it held without a reload (server-sent events), and B's own hold is refused in Arabic.
  await expect(cell(agentB, "0304")).toContainText("محجوزة مؤقتًا");
  const unitId = Number(
    await agentB.evaluate(
      async ([id]) => {
        const res = await fetch(`/api/projects/${id}/inventory`);
        const body = (await res.json()) as {
          buildings: { floors: { units: { id: number; unitNumber: string }[] }[] }[];
        };
        return body.buildings[0].floors.flatMap((f) => f.units).find((u) => u.unitNumber === "0304")?.id;
      },
      [projectId],
    ),
  );
  const tokenB = await tokenOf(request, AGENT_B);
  const refused = await request.post(`/api/units/${unitId}/holds`, {
    data: {},
    headers: { authorization: `Bearer ${tokenB}` },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toMatch(/^الوحدة محجوزة مؤقتًا للعميل .+ حتى /);
  await cell(agentB, "0304").click();
  await expect(agentB.getByRole("dialog")).toContainText(AGENT_A.name);
  await agentB.keyboard.press("Escape");

  // Screenshots of the grid at the three widths.
  for (const width of [390, 768, 1280]) {
    await agentB.setViewportSize({ width, height: 900 });
    await expect(cell(agentB, "0304")).toBeVisible();
    const overflow = await agentB.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the grid at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await agentB.screenshot({ path: `${SHOTS}/grid-${width}.png`, fullPage: true });
  }

  // 5. The lead moves to حجز with 0304: the public unit page shows محجوزة.
  const tokenA = await tokenOf(request, AGENT_A);
  const staged = await request.patch(`/api/leads/${leadId}/stage`, {
    data: { stage: "reserved", unitId },
    headers: { authorization: `Bearer ${tokenA}` },
  });
  expect(staged.status()).toBe(200);
  await expect(cell(agentB, "0304")).toContainText("محجوزة");
  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await skipEntrance(visitor);
  await visitor.goto(`/project/${projectId}/unit/${unitId}`);
  await expect(visitor.locator("[data-unit-status]")).toHaveText("محجوزة");

  // 6. A 15-minute hold on 0305 expires: its page shows متاحة again.
  const next = (
    (await (await request.get(`/api/projects/${projectId}/inventory`)).json()) as {
      buildings: { floors: { units: { id: number; unitNumber: string }[] }[] }[];
    }
  ).buildings[0].floors
    .flatMap((f) => f.units)
    .find((u) => u.unitNumber === "0305");
  const short = await request.post(`/api/units/${next?.id}/holds`, {
    data: { minutes: 15 },
    headers: { authorization: `Bearer ${tokenA}` },
  });
  expect(short.status()).toBe(201);
  await visitor.goto(`/project/${projectId}/unit/${next?.id}`);
  await expect(visitor.locator("[data-unit-status]")).toHaveText("محجوزة");
  await moveClock(request, 16 * 60_000);
  // The cached page ended with the hold (ARCHITECTURE resolution 24): the next load shows it free, without a write.
  await visitor.goto(`/project/${projectId}/unit/${next?.id}`);
  await expect(visitor.locator("[data-unit-status]")).toHaveText("متاحة");
  await expect(cell(agentB, "0305")).toContainText("متاحة");
});

/**
 * Buying online (docs/payments.md "Checkout"): on a 390 px phone a buyer opens an available unit's page from an ad
 * link, computes what they can afford, chooses «احجز الآن بعربون», fills the checkout form (national ID checked by its
 * digit), pays on the Moyasar stand-in's hosted page, and returns to the confirmation with the receipt's details; the
 * unit's page then reads محجوزة, the lead desk holds the buyer at حجز with the unit, with the ad link's attribution
 * and the buyer's estimate (docs/affordability.md "Kept with an enquiry"), and the payments screen lists the payment.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type MoyasarStandIn, startMoyasarStandIn } from "../src/server/modules/payments/moyasar-stand-in.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";

const SECRET_KEY = "sk_test_e2e_checkout";
const WEBHOOK_SECRET = "whsec_e2e_checkout";
let standIn: MoyasarStandIn;

test.beforeAll(async () => {
  standIn = await startMoyasarStandIn(SECRET_KEY, WEBHOOK_SECRET, Number(process.env.E2E_MOYASAR_PORT ?? 3197));
});
test.afterAll(async () => standIn.close());
test.beforeEach(({ page }) => skipEntrance(page));

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** A published project offering deposits with one available unit, through the API. */
async function depositUnit(request: APIRequestContext) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post("/api/projects", {
    // Arabic-Indic digits: the public pages' numeral rule (e2e/numerals.spec.ts) reads every project name shown.
    data: {
      name: `برج العربون ${new Intl.NumberFormat("ar-SA", { useGrouping: false }).format(Date.now())}`,
      city: "جدة",
      price: 900000,
    },
    headers,
  });
  const projectId = (await created.json()).id as number;
  expect((await request.post(`/api/projects/${projectId}/publish`, { headers })).status()).toBe(200);
  const settings = await request.put(`/api/projects/${projectId}/payment-settings`, {
    headers,
    data: {
      enabled: true,
      depositSar: 5000,
      termsText: "يسترد العربون كاملًا خلال ٧ أيام إن لم يوقع العقد.",
      refundWindowDays: 7,
      daysToSign: 14,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    },
  });
  expect(settings.status()).toBe(200);
  const unitRes = await request.post("/api/units", {
    data: { projectId, unitNumber: "0701", building: "B", floor: 7, rooms: 3, price: 950000 },
    headers,
  });
  expect(unitRes.status()).toBe(201);
  return { projectId, unitId: (await unitRes.json()).id as number, headers };
}

test("a buyer reserves a unit online and pays the deposit; the unit reads محجوزة and the lead is at حجز", async ({
  page,
  request,
}) => {
  const { projectId, unitId, headers } = await depositUnit(request);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/project/${projectId}/unit/${unitId}?utm_source=snapchat&ScCid=sc-e2e-1`);
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  const calculator = page.locator("section#affordability");
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByLabel("الراتب الشهري (ريال)").fill("20000");
  await expect(calculator.locator("[data-affordability-result]")).toBeVisible();
  await page.getByRole("button", { name: "احجز الآن بعربون" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "احجز الآن بعربون" })).toBeVisible();
  const phone = `05${String(Date.now()).slice(-8)}`;
  await page.getByRole("textbox", { name: /الاسم الكامل/ }).fill("مشترية إلكترونية");
  await page.getByRole("textbox", { name: /رقم الجوال/ }).fill(phone);
  await page.getByRole("textbox", { name: /البريد الإلكتروني/ }).fill(`buyer-${Date.now()}@example.com`);
  // A wrong check digit is refused in Arabic, the values kept.
  await page.getByRole("textbox", { name: /رقم الهوية/ }).fill("1000000007");
  await page.getByRole("checkbox", { name: /أوافق عليها/ }).check();
  await page.getByRole("button", { name: "متابعة إلى الدفع" }).click();
  await expect(page.getByText(/رقم الهوية الوطنية أو الإقامة غير صحيح/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("checkout-390.png"), fullPage: true });
  await page.getByRole("textbox", { name: /رقم الهوية/ }).fill("1000000008");
  await page.getByRole("checkbox", { name: /أوافق عليها/ }).check();
  await page.getByRole("button", { name: "متابعة إلى الدفع" }).click();

  await expect(page.getByRole("heading", { name: "صفحة الدفع التجريبية" })).toBeVisible();
  await page.getByRole("button", { name: "ادفع" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "تم حجز الوحدة" })).toBeVisible();
  await expect(page.getByText("إيصال العربون")).toBeVisible();
  await expect(page.getByText("مرجع الدفع")).toBeVisible();

  await page.goto(`/project/${projectId}/unit/${unitId}`);
  await expect(page.locator("[data-unit-status]")).toHaveText("محجوزة");
  await expect(page.getByRole("button", { name: "احجز الآن بعربون" })).toHaveCount(0);

  const leads = await (await request.get("/api/leads?search=مشترية إلكترونية", { headers })).json();
  expect(leads.items[0]).toMatchObject({ stage: "reserved" });
  const detail = await (await request.get(`/api/leads/${leads.items[0].id}`, { headers })).json();
  expect(detail.lead.attribution).toMatchObject({ utmSource: "snapchat", sccid: "sc-e2e-1" });
  expect(detail.estimates[0]).toMatchObject({ kind: "buyer", input: { salary: 20000, price: 950000 } });
  const payments = await (await request.get("/api/payments", { headers })).json();
  expect(payments.items.find((p: { unitId: number }) => p.unitId === unitId)).toMatchObject({
    state: "paid",
    nationalIdMasked: "••••••0008",
  });
});

/** Whether the page scrolls sideways (something wider than the screen). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test("at 360 px the calculator and the checkout read right to left within the screen, with and without JavaScript", async ({
  page,
  browser,
  request,
}) => {
  const { projectId, unitId } = await depositUnit(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/project/${projectId}/unit/${unitId}`);
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  const calculator = page.locator("section#affordability");
  await calculator.getByLabel("الراتب الشهري (ريال)").fill("20000");
  await expect(calculator.locator("[data-affordability-result]")).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await calculator.screenshot({ path: test.info().outputPath("affordability-360-js.png") });
  await page.getByRole("button", { name: "احجز الآن بعربون" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "احجز الآن بعربون" })).toBeVisible();
  expect(await overflows(page)).toBe(false);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.screenshot({ path: test.info().outputPath("checkout-360-js.png"), fullPage: true });

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  const plain = await noJs.newPage();
  await skipEntrance(plain);
  await plain.goto(`/project/${projectId}/unit/${unitId}?salary=20000#affordability`);
  const served = plain.locator("section#affordability");
  await expect(served.locator("[data-affordability-result]")).toBeVisible();
  expect(await overflows(plain)).toBe(false);
  await served.screenshot({ path: test.info().outputPath("affordability-360-nojs.png") });
  await plain.goto(`/checkout/${projectId}/${unitId}`);
  await plain.getByRole("button", { name: "متابعة إلى الدفع" }).click();
  await expect(plain.getByText(/رقم الهوية الوطنية أو الإقامة/).first()).toBeVisible();
  expect(await overflows(plain)).toBe(false);
  await plain.screenshot({ path: test.info().outputPath("checkout-360-nojs.png"), fullPage: true });
  await noJs.close();
});

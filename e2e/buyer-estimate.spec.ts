/**
 * The calculator on a unit page and the buyer's estimate kept with the enquiry (docs/affordability.md "Kept with an
 * enquiry"): at 390 px a buyer opens a unit page, finds the calculator with the unit's price, computes as they type
 * (islands), sends an enquiry from the same page; the agent's lead page shows the estimate, marked as the buyer's.
 */
import { expect, test } from "@playwright/test";
import { BUYER_ESTIMATE_LABEL } from "../src/domain/buyer-estimate.ts";
import { formatSAR } from "../src/domain/format.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signIn } from "./fixtures/staff.ts";

test.beforeEach(({ page }) => skipEntrance(page));

test("a buyer computes on a unit page and the agent reads the estimate on the lead", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  // Arabic-Indic digits: the public pages' numeral rule (e2e/numerals.spec.ts) reads every project name shown.
  const name = `برج التقدير ${new Intl.NumberFormat("ar-SA", { useGrouping: false }).format(Date.now())}`;
  const projectId = (await (await request.post("/api/projects", { data: { name, city: "جدة" }, headers })).json()).id;
  expect((await request.post(`/api/projects/${projectId}/publish`, { headers })).status()).toBe(200);
  const unitRes = await request.post("/api/units", {
    data: { projectId, unitNumber: "0702", building: "A", floor: 7, rooms: 3, price: 920000 },
    headers,
  });
  expect(unitRes.status()).toBe(201);
  const unitId = (await unitRes.json()).id as number;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/project/${projectId}/unit/${unitId}`);
  const calculator = page.locator("section#affordability");
  await expect(calculator.getByLabel("سعر العقار (ريال)")).toHaveValue("920000");
  await calculator.getByLabel("الراتب الشهري (ريال)").fill("16000");
  const expected = await (
    await request.get("/api/affordability?price=920000&salary=16000&sector=government&firstHome=yes&redf=no")
  ).json();
  await expect(calculator.locator('[data-affordability-value="maxFinancing"]')).toHaveText(
    formatSAR(expected.maxFinancing),
  );
  await page.screenshot({ path: test.info().outputPath("unit-calculator-390.png"), fullPage: true });

  const contact = page.locator('form[data-island="contact-form"]');
  await contact.getByRole("textbox", { name: /الاسم/ }).fill("مشتري التقدير");
  await contact.getByRole("textbox", { name: /رقم الجوال/ }).fill("0509876543");
  await contact.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في هذه الوحدة بالتمويل");
  await contact.getByRole("button", { name: "إرسال" }).click();
  await expect(contact.getByText("تم إرسال الرسالة بنجاح").first()).toBeVisible();

  const leads = await (await request.get("/api/leads?search=مشتري التقدير", { headers })).json();
  const leadId = leads.items[0].id as number;
  await signIn(page);
  await page.goto(`/admin/leads/${leadId}`);
  const card = page.getByTestId("lead-estimates");
  await expect(card.getByText(BUYER_ESTIMATE_LABEL)).toBeVisible();
  await expect(card.getByText(formatSAR(920000)).first()).toBeVisible();
  await expect(card.getByText(formatSAR(expected.maxFinancing))).toBeVisible();
});

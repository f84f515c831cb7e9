/**
 * The project page's calculator «احسب قدرتك على التمويل» (docs/affordability.md): without JavaScript the GET form
 * reloads the page with the server's estimate or its Arabic field errors; with the islands the estimate follows the
 * buyer's typing. The amounts are compared with GET /api/affordability's answer for the same query.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { formatSAR } from "../src/domain/format.ts";
import { AFFORDABILITY_TEXTS } from "../src/domain/schemas/affordability.ts";
import { skipEntrance } from "./fixtures/entrance.ts";

test.beforeEach(({ page }) => skipEntrance(page));

async function firstProject(request: APIRequestContext): Promise<{ id: number; price: number }> {
  const projects: { id: number; price: number }[] = await (await request.get("/api/projects")).json();
  const project = projects.find((p) => p.price > 0);
  expect(project, "the demo content has a priced project").toBeDefined();
  return project as { id: number; price: number };
}

const section = (page: Page) => page.locator("section#affordability");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form reloads the page with the estimate, then with Arabic field errors", async ({ page, request }) => {
    const project = await firstProject(request);
    await page.goto(`/project/${project.id}`);
    const calculator = section(page);
    await expect(calculator.getByRole("heading", { name: "احسب قدرتك على التمويل" })).toBeVisible();
    await expect(calculator.getByText("ليست عرض تمويل من بنك")).toBeVisible();
    await expect(calculator.getByLabel("سعر العقار (ريال)")).toHaveValue(String(project.price));
    await expect(calculator.locator("[data-affordability-result]")).toBeHidden();

    await calculator.getByLabel("الراتب الشهري (ريال)").fill("12000");
    await calculator.getByLabel("الالتزامات الشهرية الحالية (ريال)").fill("1500");
    await calculator.getByLabel("قطاع العمل").selectOption("private");
    await calculator.getByRole("button", { name: "احسب" }).click();
    await expect(page).toHaveURL(/salary=12000/);
    expect(new URL(page.url()).hash).toBe("#affordability");

    const query = `price=${project.price}&salary=12000&obligations=1500&sector=private&firstHome=yes&redf=no`;
    const expected = await (await request.get(`/api/affordability?${query}`)).json();
    const result = section(page).locator("[data-affordability-result]");
    await expect(result).toBeVisible();
    await expect(result.locator('[data-affordability-value="maxFinancing"]')).toHaveText(
      formatSAR(expected.maxFinancing),
    );
    await expect(result.locator('[data-affordability-value="monthlyInstalment"]')).toHaveText(
      formatSAR(expected.monthlyInstalment),
    );
    await expect(result.locator('[data-affordability-explanation="transactionTax"]')).toHaveText(
      expected.details.transactionTax.explanation,
    );
    await expect(section(page).getByLabel("الراتب الشهري (ريال)")).toHaveValue("12000");

    await section(page).getByLabel("الراتب الشهري (ريال)").fill("كثير");
    await section(page).getByRole("button", { name: "احسب" }).click();
    await expect(section(page).getByText(AFFORDABILITY_TEXTS.salary)).toBeVisible();
    await expect(section(page).getByLabel("الراتب الشهري (ريال)")).toHaveAttribute("aria-invalid", "true");
    await expect(section(page).locator("[data-affordability-result]")).toBeHidden();
  });
});

test("with the islands, the estimate follows the typing without a reload; screenshots at 360 and 1280 px", async ({
  page,
  request,
}, testInfo) => {
  const project = await firstProject(request);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/project/${project.id}`);
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  const calculator = section(page);
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByLabel("الراتب الشهري (ريال)").fill("12000");
  const expected = await (
    await request.get(`/api/affordability?price=${project.price}&salary=12000&sector=government&firstHome=yes`)
  ).json();
  await expect(calculator.locator('[data-affordability-value="maxFinancing"]')).toHaveText(
    formatSAR(expected.maxFinancing),
  );
  expect(new URL(page.url()).search).toBe("");
  await calculator.screenshot({ path: testInfo.outputPath("affordability-360.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await calculator.scrollIntoViewIfNeeded();
  await calculator.screenshot({ path: testInfo.outputPath("affordability-1280.png") });
});

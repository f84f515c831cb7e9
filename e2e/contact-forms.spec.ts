/**
 * The public contact forms where a phone shows them (docs/decisions/054-contact-form-results-without-javascript.md):
 * a send without JavaScript (or before the islands load) answers with the page opened at the form's result — the
 * failure headline with the first invalid field, then the success with the next step — inside a 390 px viewport, and
 * with JavaScript the result or field the form focuses lands below the sticky header, never half under it.
 * Screenshots of the states at 360 and 390 px go to the test's output folder.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

const NEXT_STEP = "سيتواصل معك أحد مستشاري المبيعات على رقم الجوال أو البريد الإلكتروني الذي أدخلته.";
const unique = (label: string) => `${label} ${arabicLabel(Date.now().toString(36))}`;

/** The demo content's landing page (src/server/db/demo-content.ts), opened from its Snapchat campaign. */
const CAMPAIGN_PATH = "/campaign/snapchat/alsahel-residence";

async function formPaths(request: APIRequestContext): Promise<string[]> {
  const projects: { id: number }[] = await (await request.get("/api/projects")).json();
  const updates: { id: number }[] = await (await request.get("/api/project-updates")).json();
  return ["/", `/project/${projects[0]?.id}`, `/update/${updates[0]?.id}`, CAMPAIGN_PATH];
}

async function storedNames(request: APIRequestContext): Promise<string[]> {
  const { token } = (await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json()) as { token: string };
  const res = await request.get("/api/contact/messages", { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { name: string }[]).map((m) => m.name);
}

/** The bottom edge of the sticky site header, px from the viewport's top (0 on a page without one). */
const headerBottom = (page: Page) =>
  page.evaluate(() => document.querySelector("header")?.getBoundingClientRect().bottom ?? 0);

/** Whether `target` starts below the sticky header and inside the viewport. */
async function expectBelowHeader(page: Page, target: Locator) {
  await expect(target).toBeInViewport();
  const top = await target.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(await headerBottom(page));
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });

test.describe("contact forms without JavaScript", () => {
  // Without smooth scrolling, so the positions measured are where the page comes to rest.
  test.use({ javaScriptEnabled: false, reducedMotion: "reduce" });

  for (const width of [390, 360]) {
    test(`at ${width} px, the result of a send opens in the viewport on the home, project, update and campaign pages`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 740 });
      for (const path of await formPaths(request)) {
        await page.goto(path);
        const contact = page.locator('form[data-island="contact-form"]');
        const label = path === "/" ? "home" : path.split("/")[1];
        // An empty form: the page comes back at the form's result, headed by SPEC's text, with the first field in view.
        await contact.getByRole("button", { name: "إرسال" }).click();
        const alert = contact.getByRole("alert");
        await expect(alert).toContainText("يرجى ملء جميع الحقول المطلوبة");
        expect(new URL(page.url()).hash).toMatch(/-contact-result$/);
        await expectBelowHeader(page, alert);
        await expect(contact.getByRole("textbox", { name: /الاسم/ })).toBeInViewport();
        await expect(contact.getByRole("textbox", { name: /الاسم/ })).toHaveAttribute("aria-invalid", "true");
        await shot(page, `${label}-${width}-invalid`);

        // Every field filled, the phone not a Saudi number: the other headline.
        const name = unique("زائر بلا سكربت");
        await contact.getByRole("textbox", { name: /الاسم/ }).fill(name);
        await contact.getByRole("textbox", { name: /رقم الجوال/ }).fill("12345");
        await contact.getByRole("textbox", { name: /البريد الإلكتروني/ }).fill("no-script@example.com");
        await contact.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في زيارة المشروع");
        await contact.getByRole("button", { name: "إرسال" }).click();
        await expect(contact.getByRole("alert")).toContainText("يرجى تصحيح الحقول المحددة");
        await expectBelowHeader(page, contact.getByRole("alert"));
        await expect(contact.getByRole("textbox", { name: /رقم الجوال/ })).toBeInViewport();
        await expect(contact.getByText(/رقم الجوال غير صحيح/)).toBeInViewport();

        // Sent: SPEC's success text and the next step, in view, below the header.
        await contact.getByRole("textbox", { name: /رقم الجوال/ }).fill("0551234567");
        await contact.getByRole("button", { name: "إرسال" }).click();
        const status = contact.getByRole("status");
        await expect(status).toContainText(NEXT_STEP);
        await expectBelowHeader(page, status);
        await shot(page, `${label}-${width}-sent`);
        expect(await storedNames(request), `${path}: stored`).toContain(name);
      }
    });
  }
});

test.describe("contact forms with JavaScript", () => {
  test.beforeEach(({ page }) => skipEntrance(page));

  test("at 390 px the result and the first invalid field land below the sticky header, not under it", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [, projectPath] = await formPaths(request);
    await page.goto(projectPath);
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const contact = page.locator("#contact");
    const form = contact.locator("form");
    // The form's top half under the header, as after scrolling up to it.
    const placeFormTop = async (y: number) => {
      const top = await form.evaluate((f) => f.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((to) => window.scrollTo(0, to), top - y);
    };

    await placeFormTop(20);
    await contact.getByRole("button", { name: "إرسال" }).click();
    const name = contact.getByRole("textbox", { name: /الاسم/ });
    await expect(name).toBeFocused();
    await expectBelowHeader(page, name);

    await contact.getByRole("textbox", { name: /الاسم/ }).fill(unique("زائر بسكربت"));
    await contact.getByRole("textbox", { name: /رقم الجوال/ }).fill("0551234567");
    await contact.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في زيارة المشروع");
    await placeFormTop(20);
    await contact.getByRole("button", { name: "إرسال" }).click();
    const status = contact.getByRole("status");
    await expect(status).toBeFocused();
    await expect(status).toContainText(NEXT_STEP);
    await expectBelowHeader(page, status);
    await shot(page, "project-390-sent-with-javascript");
  });
});

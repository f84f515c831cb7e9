/**
 * Public pages under preview and under a failing network (docs/decisions/017-drafts-and-preview.md,
 * docs/product.md §8.4): a staff preview link shows a draft project with the preview banner, private and noindex,
 * while the same page without the token is 404; the home, campaign and project forms keep what the visitor typed
 * and show their failure text inline when the post is aborted or answered 500, and send again afterwards.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { PUBLISHING_TEXTS } from "../src/domain/publishing.ts";
import { TEXTS } from "../src/domain/texts.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

const stamp = () => arabicLabel(Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36));

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

test.describe("preview links", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("a manager's preview link shows a draft project with the banner; without the token it is 404", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const auth = { authorization: `Bearer ${token}` };
    const name = `مسودة المعاينة ${stamp()}`;
    const created = await request.post("/api/projects", { data: { name, city: "جدة", price: 800000 }, headers: auth });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;

    const hidden = await page.goto(`/project/${id}`);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByRole("heading", { name })).toHaveCount(0);

    const link = await request.post("/api/previews", { data: { entityType: "project", entityId: id }, headers: auth });
    expect(link.status()).toBe(201);
    const { path } = (await link.json()) as { path: string };
    expect(path).toMatch(new RegExp(`^/project/${id}\\?preview=`));

    const shown = await page.goto(path);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()["cache-control"]).toBe("private, no-store");
    expect(shown?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toHaveText(PUBLISHING_TEXTS.previewBanner);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    // The banner is the first thing of the page's content.
    const bannerTop = await page.getByTestId("preview-banner").evaluate((el) => el.getBoundingClientRect().top);
    const headingTop = await page.getByRole("heading", { level: 1 }).evaluate((el) => el.getBoundingClientRect().top);
    expect(bannerTop).toBeLessThan(headingTop);

    // A published project's page has no banner and stays cacheable.
    const published = await page.goto("/all-projects");
    expect(published?.ok()).toBe(true);
    const firstProject = await page.locator('a[href^="/project/"]').first().getAttribute("href");
    const open = await page.goto(firstProject ?? "/");
    expect(open?.headers()["cache-control"] ?? "").not.toContain("private");
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
  });
});

/** Fills the visible contact form of the page. */
async function fillForm(
  page: Page,
  prefix: string,
  values: { name: string; phone: string; email: string; message: string },
) {
  await page.locator(`#${prefix}-name`).fill(values.name);
  await page.locator(`#${prefix}-phone`).fill(values.phone);
  await page.locator(`#${prefix}-email`).fill(values.email);
  await page.locator(`#${prefix}-message`).fill(values.message);
}

async function expectKept(
  page: Page,
  prefix: string,
  values: { name: string; phone: string; email: string; message: string },
) {
  await expect(page.locator(`#${prefix}-name`)).toHaveValue(values.name);
  await expect(page.locator(`#${prefix}-phone`)).toHaveValue(values.phone);
  await expect(page.locator(`#${prefix}-email`)).toHaveValue(values.email);
  await expect(page.locator(`#${prefix}-message`)).toHaveValue(values.message);
}

/**
 * Whether `url` is the page's own address: the contact form posts there (its route action, answered with the page),
 * from the islands' fetch as from a plain HTML post. The handler still checks the method.
 */
function isPagePost(page: Page, url: URL): boolean {
  return url.pathname === new URL(page.url()).pathname;
}

/** Clicks the send button of the form holding `#<prefix>-name`. */
async function submit(page: Page, prefix: string) {
  await page
    .locator("form")
    .filter({ has: page.locator(`#${prefix}-name`) })
    .getByRole("button", { name: /إرسال/ })
    .click();
}

const FORMS = [
  {
    page: "/",
    prefix: "home-contact",
    error: TEXTS.homeContactError,
    success: TEXTS.homeContactSuccess,
    phone: "0551234567",
  },
  {
    page: "/campaign/x/alsahel-residence",
    prefix: "campaign-contact",
    error: TEXTS.campaignContactError,
    success: TEXTS.campaignContactSuccess,
    phone: "0551234567",
  },
] as const;

test.describe("campaign preview", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("a previewed campaign page is private and noindex, shows the banner and counts no visit", async ({
    page,
    request,
  }) => {
    const auth = { authorization: `Bearer ${await adminToken(request)}` };
    const overview = (await (await request.get("/api/landing-pages", { headers: auth })).json()) as {
      landingPageId: number | null;
    }[];
    const landingId = overview.find((row) => row.landingPageId !== null)?.landingPageId;
    const visits = async (slug: string) => {
      const res = await request.get(`/api/landing-pages/${landingId}/campaigns`, { headers: auth });
      const rows = (await res.json()) as { urlSlug: string; visits: number }[];
      return rows.find((row) => row.urlSlug === slug)?.visits;
    };
    // The seeded landing page, made a draft for this test and published again at its end.
    expect((await request.post(`/api/landing-pages/${landingId}/unpublish`, { headers: auth })).ok()).toBe(true);
    const link = await request.post("/api/previews", {
      data: { entityType: "landing_page", entityId: landingId },
      headers: auth,
    });
    expect(link.status()).toBe(201);
    const { path } = (await link.json()) as { path: string };
    const slug = path.replace(/^\/campaign\//, "").replace(/\?.*$/, "");
    const before = await visits(slug);
    expect(before).toEqual(expect.any(Number));

    const shown = await page.goto(path);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByTestId("preview-banner")).toBeVisible();
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    expect(await visits(slug)).toBe(before);

    // Without the token the draft's campaign link is 404.
    const hidden = await page.goto(`/campaign/${slug}`);
    expect(hidden?.status()).toBe(404);
    expect((await request.post(`/api/landing-pages/${landingId}/publish`, { headers: auth })).ok()).toBe(true);
  });
});

test.describe("public forms survive the network", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  for (const form of FORMS) {
    for (const failure of ["abort", "500"] as const) {
      test(`${form.page}: a ${failure === "abort" ? "dropped connection" : "server error 500"} keeps the fields and shows the failure text; sending again works`, async ({
        page,
      }) => {
        const values = {
          name: `زائر الشبكة ${stamp()}`,
          phone: form.phone,
          email: "visitor@example.org",
          message: "أرغب في معرفة المزيد عن المشروع.",
        };
        await page.goto(form.page);
        await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
        let fail = true;
        await page.route(
          (url) => isPagePost(page, url),
          async (route) => {
            if (route.request().method() !== "POST" || !fail) return route.fallback();
            if (failure === "abort") return route.abort("connectionreset");
            return route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal Server Error</h1>" });
          },
        );
        await fillForm(page, form.prefix, values);
        await submit(page, form.prefix);
        await expect(page.getByRole("alert").filter({ hasText: form.error })).toBeVisible();
        await expectKept(page, form.prefix, values);
        await expect(page.getByRole("heading", { name: TEXTS.errorTitle })).toHaveCount(0);

        fail = false;
        await submit(page, form.prefix);
        await expect(page.getByRole("status").filter({ hasText: form.success })).toBeVisible();
      });
    }
  }

  test("the project form: a 500 keeps the fields and shows the project failure text", async ({ page, request }) => {
    const projects = (await (await request.get("/api/projects")).json()) as { id: number }[];
    await page.goto(`/project/${projects[0].id}`);
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    await page.route(
      (url) => isPagePost(page, url),
      (route) =>
        route.request().method() === "POST" ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.fallback(),
    );
    const values = { name: "زائر المشروع", phone: "551234567", email: "", message: "ما أسعار الوحدات؟" };
    await fillForm(page, "project-contact", values);
    await submit(page, "project-contact");
    await expect(page.getByRole("alert").filter({ hasText: TEXTS.projectContactError })).toBeVisible();
    await expectKept(page, "project-contact", values);
  });
});

test.describe("entrance animation without a flash (SPEC §1)", () => {
  test("the overlay already covers the page at the first frame, or never shows", async ({ page }) => {
    // The first animation frame comes before the first paint: record what would be painted then.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        const overlay = document.querySelector('[data-testid="entrance"]');
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          header: Boolean(document.querySelector("header")),
          overlay: overlay ? getComputedStyle(overlay).display : null,
        };
      });
    });
    await page.goto("/");
    await page.waitForFunction(() => "firstFrame" in window);
    const first = await page.evaluate(
      () => (window as unknown as { firstFrame: { header: boolean; overlay: string | null } }).firstFrame,
    );
    if (first.header) expect(first.overlay).toBe("block");
    await expect(page.getByTestId("entrance")).toHaveCount(0, { timeout: 6000 });

    // A second page of the session: the overlay never shows, not even for a frame.
    await page.goto("/all-projects");
    await page.waitForFunction(() => "firstFrame" in window);
    const second = await page.evaluate(
      () => (window as unknown as { firstFrame: { overlay: string | null } }).firstFrame,
    );
    expect(second.overlay === null || second.overlay === "none").toBe(true);
  });
});

/**
 * The entrance animation of docs/product.md §1 plays only on the home page, once per browser session
 * (docs/decisions/055-entrance-on-the-home-page-only.md): the pages that ads, shares and searches land on (campaign,
 * project, update, lists, privacy, not found) never carry the overlay, so their content is what the first paint shows,
 * even as the first page of a fresh session; the home page shows it once, also after a session began elsewhere.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ENTRANCE_STORAGE_KEY } from "./fixtures/entrance.ts";

async function landingPaths(request: APIRequestContext): Promise<string[]> {
  const projects = (await (await request.get("/api/projects")).json()) as { id: number }[];
  const updates = (await (await request.get("/api/project-updates")).json()) as { id: number }[];
  return [
    "/campaign/x/alsahel-residence",
    "/campaign/snapchat/alsahel-residence",
    `/project/${projects[0].id}`,
    `/update/${updates[0].id}`,
    "/all-projects",
    "/all-updates",
    "/privacy",
    "/no-such-page",
  ];
}

/** What the first paint of the page can show: the overlay's element and the <html> mark its script sets. */
async function entranceState(page: Page) {
  return page.evaluate((key) => {
    const overlay = document.querySelector('[data-testid="entrance"]');
    return {
      overlay: overlay !== null && getComputedStyle(overlay).display !== "none",
      marked: document.documentElement.getAttribute("data-entrance"),
      stored: window.sessionStorage.getItem(key),
    };
  }, ENTRANCE_STORAGE_KEY);
}

test.describe("entrance animation on the home page only (docs/product.md §1)", () => {
  test("no page but the home page carries the overlay, as the first page of a fresh session", async ({
    browser,
    request,
  }) => {
    for (const path of await landingPaths(request)) {
      // A fresh browser session for each page: each is the first page a visitor from an ad or a share sees.
      const context = await browser.newContext();
      const page = await context.newPage();
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('data-testid="entrance"');
      // Checked as soon as the HTML is parsed, before the islands could remove anything.
      await page.goto(path, { waitUntil: "commit" });
      await page.waitForLoadState("domcontentloaded");
      expect(await entranceState(page), path).toEqual({ overlay: false, marked: null, stored: null });
      await expect(page.locator("main h1").first(), path).toBeVisible();
      await context.close();
    }
  });

  test("the home page shows it once per session, also when the session began on a campaign page", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/campaign/x/alsahel-residence");
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("entrance")).toHaveCount(0);

    await page.goto("/");
    const overlay = page.getByTestId("entrance");
    await expect(overlay).toBeVisible();
    expect((await entranceState(page)).stored).toBe("1");
    // The home page's content is painted under the doors, not held back until they open.
    await expect(page.locator("main h1").first()).toBeAttached();
    await expect(overlay).toHaveCount(0, { timeout: 5000 });

    await page.goto("/all-projects");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(overlay).toHaveCount(0);
    expect(await entranceState(page)).toEqual({ overlay: false, marked: null, stored: "1" });
    await context.close();
  });
});

/**
 * Byte budgets of the public pages (docs/performance/web.md, docs/product.md §10.3): what a page requests before its
 * first paint (the document, stylesheets, fonts, scripts: everything but images, which load at low priority) is at
 * most 60 KB as transferred (compressed, headers included), and the home page with everything it loads after
 * (hydration scripts, images, fonts) at most 300 KB. Bytes, not timings: they do not depend on the machine's load.
 * Read from the browser's Resource Timing entries of a fresh context (nothing cached); "before the first paint" is
 * taken as "started before the load event" (an upper bound: the first paint never waits for more than that).
 */
import { expect, type Page, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";

const KB = 1024;
const BEFORE_FIRST_PAINT_BUDGET = 60 * KB;
const HOME_TOTAL_BUDGET = 300 * KB;

// The budgets are the phone's (Lighthouse's mobile profile, a 412 × 823 screen): what a visitor from an ad downloads.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test.beforeEach(({ page }) => skipEntrance(page));

/** Transferred bytes before the first contentful paint (images left out) and in total, after the page settled. */
async function pageBytes(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  // Hydration starts after load: wait until the scripts it imports have arrived (network idle).
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    // Headless Chromium's paint timing is not reliable (its first paint can come after load): what starts before the
    // load event is what can compete with the first paint (hydration and fonts start after it).
    const fcp = navigation.loadEventStart;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const early = resources.filter((r) => r.startTime < fcp && r.initiatorType !== "img");
    return {
      beforeFirstPaint: navigation.transferSize + early.reduce((sum, r) => sum + r.transferSize, 0),
      earlyUrls: early.map((r) => `${r.name} ${r.transferSize}`),
      total: navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
    };
  });
}

test("every public page requests at most 60 KB before its first paint; the home page at most 300 KB in all", async ({
  page,
  request,
}) => {
  const projects: { id: number }[] = await (await request.get("/api/projects")).json();
  const updates: { id: number }[] = await (await request.get("/api/project-updates")).json();
  const paths = [
    "/",
    "/all-projects",
    `/project/${projects[0]?.id}`,
    "/all-updates",
    `/update/${updates[0]?.id}`,
    "/privacy",
  ];
  for (const path of paths) {
    const bytes = await pageBytes(page, path);
    expect(bytes.beforeFirstPaint, `${path} before first paint: ${bytes.earlyUrls.join(", ")}`).toBeLessThanOrEqual(
      BEFORE_FIRST_PAINT_BUDGET,
    );
    if (path === "/") expect(bytes.total, "home page in all").toBeLessThanOrEqual(HOME_TOTAL_BUDGET);
  }
});

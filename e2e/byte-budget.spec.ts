/**
 * Byte budgets of the public pages (docs/performance/web.md, docs/product.md §10.3): what a page requests before its
 * first paint (the document, stylesheets, fonts, scripts: everything but images, which load at low priority) is at
 * most 60 KB as transferred (compressed, headers included), and the home page with everything it loads after
 * (hydration scripts, images, fonts) at most 300 KB. Bytes, not timings: they do not depend on the machine's load.
 * Read from the browser's Resource Timing entries of a fresh context (nothing cached); "before the first paint" is
 * taken as "started before the load event" (an upper bound: the first paint never waits for more than that).
 */
import { expect, type Page, test } from "@playwright/test";
import { FLOATING } from "../src/web/public/widgets/floating/contract.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { publicPagePaths } from "./fixtures/public-paths.ts";

const KB = 1024;
const BEFORE_FIRST_PAINT_BUDGET = 60 * KB;
const HOME_TOTAL_BUDGET = 300 * KB;

// The budgets are the phone's (Lighthouse's mobile profile, a 412 × 823 screen at 1.75 device pixels per CSS pixel,
// which picks the photos' 960 px variant): what a visitor from an ad downloads.
test.use({
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
});

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
  const paths = await publicPagePaths(request);
  for (const path of paths) {
    const bytes = await pageBytes(page, path);
    expect(bytes.beforeFirstPaint, `${path} before first paint: ${bytes.earlyUrls.join(", ")}`).toBeLessThanOrEqual(
      BEFORE_FIRST_PAINT_BUDGET,
    );
    if (path === "/") expect(bytes.total, "home page in all").toBeLessThanOrEqual(HOME_TOTAL_BUDGET);
  }
});

const INLINED_CSS_BUDGET = 14 * KB;
/** The rest of a page's CSS, after </main> (server/pages/critical-css.ts): what only its lower part and islands use. */
const PAGE_CSS_BUDGET = 16 * KB;

test("every public page inlines at most 14 KB of CSS before its content and the rest after it; the whole stylesheet is a hashed file, linked by admin pages", async ({
  request,
}) => {
  const paths = await publicPagePaths(request);
  let stylesheet = "";
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    // Every inline <style> before the page's content counts (before compression), whatever put it there.
    const contentStart = html.search(/<main[\s>]/);
    expect(contentStart, `${path} has a <main>`).toBeGreaterThan(0);
    const inlined = [...html.slice(0, contentStart).matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce(
      (sum, match) => sum + Buffer.byteLength(match[1] ?? ""),
      0,
    );
    expect(inlined, `${path} inlined CSS before its content`).toBeLessThanOrEqual(INLINED_CSS_BUDGET);
    expect(inlined, `${path} inlines its first screen's CSS`).toBeGreaterThan(2 * KB);
    const rest = /<\/main><style id="page-css">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(rest, `${path} carries the rest of its CSS right after </main>`).toBeDefined();
    expect(Buffer.byteLength(rest ?? ""), `${path} rest of its CSS`).toBeLessThanOrEqual(PAGE_CSS_BUDGET);
    expect(html, `${path}: no stylesheet of its own`).not.toMatch(/<link rel="stylesheet" href="\/assets\/app-/);
    stylesheet = /<style id="app-css" data-href="(\/assets\/app-[^"]+\.css)"/.exec(html)?.[1] ?? "";
    expect(stylesheet, `${path} names the whole stylesheet (for the islands that need it)`).not.toBe("");
  }
  const file = await request.get(stylesheet);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toContain("immutable");
  expect((await file.body()).length).toBeGreaterThan(INLINED_CSS_BUDGET + PAGE_CSS_BUDGET);

  // The back office links the same file, render-blocking, and inlines none of it.
  const admin = await (await request.get("/admin/login")).text();
  expect(admin).toContain(`<link rel="stylesheet" href="${stylesheet}"/>`);
  expect(admin).toMatch(/<style id="app-css" data-href="[^"]+"><\/style>/);
});

test("without scripts or the whole stylesheet, no public page is wider than the phone and the home page asks for no photo far below", async ({
  page,
  request,
}) => {
  const paths = await publicPagePaths(request);
  // The whole stylesheet and the scripts never arrive: the page stays what its own CSS makes of it.
  // On a phone, content below the first screen that overflows sideways (a carousel strip styled only by the whole
  // stylesheet) widens the layout viewport, and everything moves when the stylesheet arrives (CLS 0.63 on /); and
  // unstyled sections, shorter than styled ones, pull photos far down the home page into the lazy-load distance
  // (5 photos, 90 KB more than the first screen shows).
  await page.route(/\/assets\/(app-.*\.css|.*\.js)$/, (route) => route.abort());
  // A first visit, as an ad's visitor makes it: the entrance animation plays.
  await page.addInitScript(() => window.sessionStorage.clear());
  const photos: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/media/")) photos.push(req.url());
  });
  for (const path of paths) {
    photos.length = 0;
    await page.goto(path, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => ({
      layout: window.innerWidth,
      content: document.documentElement.scrollWidth,
    }));
    expect(width, `${path} before its stylesheet`).toEqual({ layout: 412, content: 412 });
    // The home page's first screen (hero, about) shows no project photo; the carousel's first one may come early.
    if (path === "/")
      expect(photos.length, `/ photos before its stylesheet: ${photos.join(", ")}`).toBeLessThanOrEqual(1);
  }
});

/** The island an enhancer's chunk belongs to: `/assets/<island>.island-<hash>.js` (src/web/public/islands/registry.ts). */
const ISLAND_CHUNK = /\/assets\/([a-z-]+)\.island-[\w-]+\.js$/;

test("a public page downloads the code of the islands it carries and of no other (docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md)", async ({
  page,
  request,
}) => {
  const paths = await publicPagePaths(request);
  const downloadedAnywhere = new Set<string>();
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(req.url());
  });
  for (const path of paths) {
    scripts.length = 0;
    const response = await page.goto(path);
    // The islands of the server's HTML (an enhancer may remove its widget, as the entrance does once it ends).
    const html = (await response?.text()) ?? "";
    const carried = [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]);
    // The floating buttons are marked `data-floating`, not by a root data-island (the registry's ISLAND_MARKS).
    if (html.includes(`${FLOATING.attrs.floating}=`)) carried.push(FLOATING.island);
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    await page.waitForLoadState("networkidle");
    const downloaded = scripts.flatMap((url) => ISLAND_CHUNK.exec(url)?.[1] ?? []);
    for (const island of downloaded) {
      expect(carried, `${path} downloads the code of "${island}"`).toContain(island);
      downloadedAnywhere.add(island);
    }
    // No preload either: a page names no enhancer's chunk it does not run.
    const preloads = await page.$$eval('link[rel="modulepreload"]', (links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    );
    for (const href of preloads) {
      const island = ISLAND_CHUNK.exec(href)?.[1];
      if (island) expect(carried, `${path} preloads the code of "${island}"`).toContain(island);
    }
  }
  // The calculator's page downloads its code (the pages above without it do not).
  expect(downloadedAnywhere).toContain("affordability");
  expect(downloadedAnywhere).toContain("card-list");
});

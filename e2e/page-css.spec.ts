/**
 * An islands page carries all of its CSS (server/pages/critical-css.ts, docs/decisions/047-page-css-and-font-on-later-views.md):
 * the first screen's rules in the head, the rest after </main>; the whole stylesheet is never applied to it after the
 * first paint. These journeys check that the page's own CSS styles every element (and the open lightbox) exactly as
 * the whole stylesheet does: a rule left out, or two rules in another order, shows as a computed value that changes
 * when the whole stylesheet is added.
 */
import { expect, type Page, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";
import { publicPagePaths } from "./fixtures/public-paths.ts";

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  // Motion would change computed values between the two readings (the hero's rotating word, the marquee).
  reducedMotion: "reduce",
});

test.beforeEach(({ page }) => skipEntrance(page));

/** Computed properties compared: box model, layout, type, colour and motion (what a missing rule would change). */
const PROPERTIES = [
  "display",
  "position",
  "inset-inline-start",
  "top",
  "bottom",
  "z-index",
  "box-sizing",
  "margin-top",
  "margin-bottom",
  "margin-inline-start",
  "margin-inline-end",
  "padding-top",
  "padding-bottom",
  "padding-inline-start",
  "padding-inline-end",
  "border-top-width",
  "border-inline-start-width",
  "border-top-style",
  "border-top-color",
  "border-radius",
  "max-width",
  "min-height",
  "aspect-ratio",
  "flex-direction",
  "flex-wrap",
  "flex-grow",
  "flex-shrink",
  "flex-basis",
  "justify-content",
  "align-items",
  "align-content",
  "row-gap",
  "column-gap",
  "grid-column-start",
  "grid-column-end",
  "overflow-x",
  "overflow-y",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-decoration-line",
  "white-space",
  "color",
  "background-color",
  "background-image",
  "box-shadow",
  "opacity",
  "visibility",
  "transform",
  "object-fit",
  "list-style-type",
  "cursor",
  "pointer-events",
  "content-visibility",
  "scroll-margin-top",
  "scroll-snap-type",
  "animation-name",
  "transition-property",
];

/** Every element under `root` (the document by default) with the PROPERTIES values, keyed by a readable path. */
async function computedStyles(page: Page, rootSelector = "html"): Promise<Record<string, string>> {
  return page.evaluate(
    ({ properties, rootSelector }) => {
      const root = document.querySelector(rootSelector);
      if (!root) return {};
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 0;
      }
      const out: Record<string, string> = {};
      // The head's elements are left out (adding the stylesheet adds one there and would shift every index).
      const scope = root === document.documentElement ? document.body : root;
      const elements = [...(scope === root ? [] : [root]), scope, ...scope.querySelectorAll("*")];
      elements.forEach((element, index) => {
        if (element.closest("script, style, noscript, head")) return;
        const name = `${index}:${element.tagName.toLowerCase()}.${(element.getAttribute("class") ?? "").split(/\s+/).slice(0, 3).join(".")}`;
        const style = getComputedStyle(element);
        for (const property of properties) out[`${name} ${property}`] = style.getPropertyValue(property);
      });
      return out;
    },
    { properties: PROPERTIES, rootSelector },
  );
}

/** Adds the whole stylesheet that the page names (`#app-css[data-href]`) and waits for it. */
async function addWholeStylesheet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const href = document.getElementById("app-css")?.getAttribute("data-href");
        if (!href) {
          reject(new Error("the page names no stylesheet"));
          return;
        }
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`${href} failed`));
        document.head.append(link);
      }),
  );
}

/** The entries of `after` that differ from `before`, as "element property: before → after" (at most 20). */
function differences(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after)
    .filter((key) => before[key] !== after[key])
    .slice(0, 20)
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
}

test("every public page styles every element with its own CSS as the whole stylesheet would, and never loads it", async ({
  page,
  request,
}) => {
  const paths = await publicPagePaths(request);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    await page.waitForLoadState("networkidle");
    const stylesheets = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith(".css")),
    );
    expect(stylesheets, `${path} requests no stylesheet`).toEqual([]);
    expect(await page.locator("style#page-css").count(), `${path} carries the rest of its CSS`).toBe(1);
    const own = await computedStyles(page);
    await addWholeStylesheet(page);
    expect(differences(own, await computedStyles(page)), `${path}: values the whole stylesheet changes`).toEqual([]);
  }
});

test("the lightbox opened from a project page is styled by the page's own CSS as by the whole stylesheet", async ({
  page,
  request,
}) => {
  const projects: { id: number; images: string[] }[] = await (await request.get("/api/projects")).json();
  const project = projects.find((p) => p.images.length > 1);
  expect(project, "a demo project with photos").toBeDefined();
  await page.goto(`/project/${project?.id}`);
  await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
  await page.getByRole("button", { name: /عرض الصور/ }).click();
  const dialog = page.getByRole("dialog", { name: "عارض الصور" });
  await expect(dialog).toBeVisible();
  // Covers the screen, the page behind it does not scroll.
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe("hidden");
  const own = await computedStyles(page, "dialog.gallery-lightbox");
  expect(Object.keys(own).length).toBeGreaterThan(0);
  await addWholeStylesheet(page);
  expect(differences(own, await computedStyles(page, "dialog.gallery-lightbox"))).toEqual([]);
});

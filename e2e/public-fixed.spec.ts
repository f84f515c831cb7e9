/**
 * Nothing fixed covers content on the public pages (docs/product.md §2.6–§2.7 shortcuts, the WhatsApp button), at
 * 360 px: (1) at every scroll position from top to bottom, no line that starts on the start side of the screen (the
 * right half in RTL: headings, paragraphs, labels, typed text) starts under a fixed element; (2) at the bottom of each
 * page, no text at all is under a fixed element (the page's bottom padding clears the last lines).
 * Short texts on the end side (a percentage at the left of a bar) may pass under a fixed button while scrolling, as on
 * any page with a floating button. At 360 and 390 px no part of a form's field, label, consent text, link or button,
 * and not the middle of any other link, is ever under a visible fixed element (the buttons step aside over a form:
 * src/web/public/widgets/floating/floating.island.ts); at the bottom of each page no link at all. And full-page screenshots of every public page at 360, 390, 768 and 1280 px are saved
 * under e2e-output/public-screens/ for review.
 */
import { expect, type Page, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";
import { fullPageScreenshot } from "./fixtures/whole-page.ts";

interface Hit {
  text: string;
  fixed: string;
  scrollY: number;
}

/** The lines of text whose starting point lies under a fixed element, at the current scroll position. */
async function coveredLineStarts(page: Page, whole: boolean): Promise<Hit[]> {
  return page.evaluate((whole) => {
    const isShown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0;
    };
    const fixed = [...document.querySelectorAll("body *")]
      .filter((el) => getComputedStyle(el).position === "fixed" && isShown(el))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 1 && rect.height > 1);
    const hits: { text: string; fixed: string; scrollY: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || !isShown(parent)) continue;
      if (fixed.some(({ el }) => el.contains(parent))) continue;
      const rtl = getComputedStyle(parent).direction === "rtl";
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width < 2 || line.height < 2) continue;
        // A clipped (screen-reader-only) text has a 1 px box; skip lines outside the viewport.
        if (line.bottom < 0 || line.top > window.innerHeight) continue;
        const x = rtl ? line.right - 3 : line.left + 3;
        const y = line.top + line.height / 2;
        // The page is right-to-left: lines begin on the right half, where no fixed element may sit over them.
        const startSide = x > window.innerWidth / 2;
        const over = whole
          ? fixed.find(
              ({ rect }) =>
                line.left < rect.right && line.right > rect.left && line.top < rect.bottom && line.bottom > rect.top,
            )
          : startSide
            ? fixed.find(({ rect }) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom)
            : undefined;
        if (over) {
          hits.push({ text: text.slice(0, 40), fixed: over.el.outerHTML.slice(0, 80), scrollY: window.scrollY });
        }
      }
    }
    return hits;
  }, whole);
}

/**
 * What a fixed element covers at the current scroll position that a visitor must reach: any part of a form's field,
 * label, consent text, link or button, and the middle of any other link (a card's link may pass under a button's
 * corner; its middle stays tappable). With `whole`, any part of any link.
 */
async function coveredControls(page: Page, whole: boolean): Promise<Hit[]> {
  // The floating buttons step aside on the scroll event (src/web/public/widgets/floating/floating.island.ts): wait for the frame after it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate((whole) => {
    const isShown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0;
    };
    const fixed = [...document.querySelectorAll("body *")]
      .filter((el) => getComputedStyle(el).position === "fixed" && isShown(el))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 1 && rect.height > 1);
    const targets = [
      ...document.querySelectorAll("form input:not([type=hidden]), form textarea, form select, form label, form p"),
      ...document.querySelectorAll("form a[href], form button, a[href]"),
    ];
    const hits: { text: string; fixed: string; scrollY: number }[] = [];
    for (const target of new Set(targets)) {
      if (fixed.some(({ el }) => el.contains(target)) || !isShown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || box.bottom < 0 || box.top > window.innerHeight) continue;
      const inForm = target.closest("form") !== null;
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      const over = fixed.find(({ rect }) =>
        inForm || whole
          ? box.left < rect.right && box.right > rect.left && box.top < rect.bottom && box.bottom > rect.top
          : x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
      );
      if (over) {
        const name = target.getAttribute("name") ?? target.textContent?.trim().slice(0, 30) ?? "";
        hits.push({
          text: `${target.tagName.toLowerCase()} ${name}`,
          fixed: over.el.outerHTML.slice(0, 80),
          scrollY: window.scrollY,
        });
      }
    }
    return hits;
  }, whole);
}

async function publicPaths(page: Page): Promise<string[]> {
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  const updates = (await (await page.request.get("/api/project-updates")).json()) as { id: number }[];
  return [
    "/",
    "/all-projects",
    `/project/${projects[0].id}`,
    "/all-updates",
    `/update/${updates[0].id}`,
    "/campaign/x/alsahel-residence",
    "/privacy",
    "/no-such-page",
  ];
}

test.describe("fixed elements", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("at 360 px no text line starts under a fixed element on any public page, at any scroll position", async ({
    page,
  }) => {
    // Eight pages scrolled in 300 px steps, each step reading every text line's boxes: minutes on a busy 2-core CI.
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const all: Hit[] = [];
    for (const path of await publicPaths(page)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => {
        document.documentElement.style.scrollBehavior = "auto";
      });
      // The page grows while it is scrolled: sections below the first screen are laid out only when they come near
      // it (content-visibility, a reserved height until then), so the height is read again at every step.
      const scrollHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
      const step = 300;
      for (let y = 0, i = 0; i < 80 && y <= (await scrollHeight()); y += step, i++) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        for (const hit of await coveredLineStarts(page, false)) all.push({ ...hit, text: `${path}: ${hit.text}` });
      }
      await page.evaluate((to) => window.scrollTo(0, to), await scrollHeight());
      for (const hit of await coveredLineStarts(page, true)) all.push({ ...hit, text: `${path} (end): ${hit.text}` });
    }
    expect(all).toEqual([]);
  });

  for (const width of [360, 390]) {
    test(`at ${width} px nothing fixed covers a form's field, label, consent text or link, nor a link, at any scroll position`, async ({
      page,
    }) => {
      test.setTimeout(420_000);
      await page.setViewportSize({ width, height: 740 });
      const all: Hit[] = [];
      for (const path of await publicPaths(page)) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => {
          document.documentElement.style.scrollBehavior = "auto";
        });
        const scrollHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 0; i < 120 && y <= (await scrollHeight()); y += 150, i++) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          for (const hit of await coveredControls(page, false)) all.push({ ...hit, text: `${path}: ${hit.text}` });
        }
        await page.evaluate((to) => window.scrollTo(0, to), await scrollHeight());
        for (const hit of await coveredControls(page, true)) all.push({ ...hit, text: `${path} (end): ${hit.text}` });
      }
      expect(all).toEqual([]);
    });
  }

  test("screenshots of every public page at 360, 390, 768 and 1280 px", async ({ page }) => {
    test.setTimeout(480_000);
    const paths = await publicPaths(page);
    for (const width of [360, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
        await fullPageScreenshot(page, `e2e-output/public-screens/${name}-${width}.png`);
      }
    }
  });
});

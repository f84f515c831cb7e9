/**
 * What the first look at a public page shows (docs/product.md §2.3, §2.6, §2.8): the project page's first screen at
 * 1280 px holds the project's name, price, status and «سجّل اهتمامك»; the campaign page's item boxes (features,
 * guarantees, building specs) are as tall as what they hold at every width, never empty white boxes; the hero's
 * rotating word is whole without JavaScript (no fade left half done).
 */
import { expect, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";

test.describe("the first look at the public pages", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("at 1280 px the project page's first screen shows its name, price, status and «سجّل اهتمامك»", async ({
    page,
    request,
  }) => {
    const projects = (await (await request.get("/api/projects")).json()) as {
      id: number;
      name: string;
      price: number;
      images: string[];
    }[];
    const project = projects.find((p) => p.images.length > 0 && p.price > 0);
    expect(project, "the demo content has a project with photos and a price").toBeDefined();
    if (!project) return;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/project/${project.id}`);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: project.name })).toBeInViewport({ ratio: 1 });
    await expect(main.getByText(/^السعر:/).first()).toBeInViewport({ ratio: 1 });
    await expect(main.locator("[data-status]").first()).toBeInViewport({ ratio: 1 });
    const register = main.getByRole("link", { name: "سجّل اهتمامك" });
    await expect(register).toBeInViewport({ ratio: 1 });
    await expect(register).toHaveAttribute("href", "#contact");
    // The first photo is on the first screen too, beside them.
    await expect(main.getByRole("button", { name: /^صورة ١ من/ })).toBeInViewport();
  });

  test("on a phone the list pages' cards fit the screen from the first look", async ({ page }) => {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/all-projects", "/all-updates"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const card = page.locator('[data-island="card-list"] > li').first();
        const box = await card.boundingBox();
        expect(box, `${path} at ${width} px`).not.toBeNull();
        if (!box) continue;
        expect(box.x, `${path} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });

  test("no campaign item box is taller than what it holds, at 360, 390, 768 and 1280 px", async ({ page }) => {
    const overgrown: string[] = [];
    for (const width of [360, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/campaign/x/alsahel-residence");
      await page.waitForLoadState("networkidle");
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll("#campaign-features, #campaign-guarantees, #campaign-specs")].flatMap((title) =>
          [...(title.closest("section")?.querySelectorAll("li") ?? [])].map((item) => {
            const content = [...item.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
            return {
              text: item.textContent?.trim().slice(0, 30),
              empty: item.getBoundingClientRect().height - content,
            };
          }),
        ),
      );
      expect(boxes.length, "the demo campaign page has item boxes").toBeGreaterThan(0);
      for (const box of boxes) if (box.empty > 2) overgrown.push(`${width}px ${box.text}: ${Math.round(box.empty)} px`);
    }
    expect(overgrown).toEqual([]);
  });
});

test.describe("the hero without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the rotating word is whole from the first paint: no fade on it, fully opaque", async ({ page }) => {
    await page.goto("/");
    const word = page.getByTestId("rotating-word").locator(".hero-word");
    await expect(word).toBeVisible();
    // No CSS animation on it at all: a stalled or throttled page can never leave it part-way through a fade.
    const style = await word.evaluate((el) => ({
      animation: getComputedStyle(el).animationName,
      running: el.getAnimations().length,
      opacity: getComputedStyle(el).opacity,
    }));
    expect(style).toEqual({ animation: "none", running: 0, opacity: "1" });
  });
});

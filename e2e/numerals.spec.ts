/**
 * Numerals on the public pages (ARCHITECTURE resolution 11, docs/architecture.md, docs/decisions/056-numerals-in-text-and-fixed-buttons.md):
 * the visible text (and the aria-label, title and alt attributes) of every public page is read and any Latin digit
 * fails the test unless it is one of the kinds people copy or type: a phone number (a tel: link, or a number written
 * +966… / 05…), a licence, registration or unit number (marked `data-latin-digits="licence|registration|unit"` where
 * it is shown), an e-mail or web address, a form control's value, or text in another language (`lang="en"`, the
 * English address line). Versions, post codes, counts, prices and dates read as Arabic-Indic digits.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";

/** The kinds of `data-latin-digits` the rule allows. */
const COPIED_KINDS = ["phone", "licence", "registration", "unit", "url"];

async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const projects = (await (await request.get("/api/projects")).json()) as { id: number }[];
  const updates = (await (await request.get("/api/project-updates")).json()) as { id: number }[];
  return [
    "/",
    "/all-projects",
    ...projects.map((p) => `/project/${p.id}?units=all&shown=60`),
    "/all-updates",
    ...updates.slice(0, 3).map((u) => `/update/${u.id}`),
    "/campaign/x/alsahel-residence",
    "/privacy",
    "/no-such-page",
  ];
}

/** The Latin-digit texts of the page that are none of the allowed kinds, each with the element that holds it. */
async function strayLatinDigits(page: Page): Promise<string[]> {
  return page.evaluate((kinds) => {
    const allowedPlace = (el: Element | null): boolean => {
      if (!el) return false;
      if (el.closest("script, style, noscript, template, input, textarea, select, option")) return true;
      if (el.closest('a[href^="tel:"], a[href^="mailto:"]')) return true;
      const marked = el.closest("[data-latin-digits]");
      if (marked && kinds.includes(marked.getAttribute("data-latin-digits") ?? "")) return true;
      const language = el.closest("[lang]")?.getAttribute("lang") ?? "ar";
      return !language.startsWith("ar");
    };
    const stray = (text: string): boolean => {
      const rest = text
        .replace(/https?:\/\/\S+|www\.\S+|\S+@\S+\.\S+/g, " ")
        .replace(/(^|\s)(\+\d[\d\s-]{2,}\d|\+\d{3}|0\d[\d\sX]{7,})(?=\s|$)/g, " ");
      return /[0-9]/.test(rest);
    };
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || !/[0-9]/.test(text) || allowedPlace(parent)) continue;
      if (stray(text)) found.push(`${describe(parent)}: ${text.trim().slice(0, 60)}`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], img[alt]")) {
      if (allowedPlace(el)) continue;
      for (const name of ["aria-label", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value && stray(value)) found.push(`${describe(el)} [${name}]: ${value.slice(0, 60)}`);
      }
    }
    return found;
  }, COPIED_KINDS);
}

test.describe("numerals on the public pages (ARCHITECTURE resolution 11)", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("no Latin digit in any public page's text outside phone, licence, registration and unit numbers, addresses and inputs", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const path of await publicPaths(request)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const hit of await strayLatinDigits(page)) found.push(`${path} ${hit}`);
    }
    expect(found).toEqual([]);
  });

  test("the privacy notice's version and the address's post code read in Arabic-Indic digits", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.locator("main")).toContainText(/الإصدار: [٠-٩]{4}-[٠-٩]{2}-[٠-٩]{2}/);
    await expect(page.locator("footer address")).toContainText("جدة ٢٣٤١١");
  });
});

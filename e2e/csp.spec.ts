/**
 * Pages run no injected script (docs/decisions/019-script-nonce.md): every document's Content-Security-Policy allows
 * scripts from the site and inline scripts carrying that response's nonce only; the page's own inline scripts carry
 * it (a public page's islands and font loader run, an admin screen's React Router scripts hydrate it), an injected
 * inline script without it is refused by the browser.
 */
import { expect, test } from "@playwright/test";
import { skipEntrance } from "./fixtures/entrance.ts";

test.beforeEach(({ page }) => skipEntrance(page));

function scriptSrc(csp: string): string {
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? ""
  );
}

test("a page's CSP carries a fresh nonce for scripts and no 'unsafe-inline'", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const a = scriptSrc(first.headers()["content-security-policy"] ?? "");
  const b = scriptSrc(second.headers()["content-security-policy"] ?? "");
  expect(a).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(a).not.toContain("'unsafe-inline'");
  expect(a).not.toBe(b);
  const nonce = /'nonce-([^']+)'/.exec(a)?.[1] ?? "";
  const html = await first.text();
  // The page's inline scripts carry the nonce; no inline script goes without it.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attributes of inline) {
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    expect(attributes).toContain(`nonce="${nonce}"`);
  }
});

test("an admin screen hydrates under the nonce", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy"))
      violations.push(message.text());
  });
  await page.goto("/admin/login");
  // The router's nonce-marked inline scripts ran: its context exists and the screen hydrated.
  await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
  expect(violations).toEqual([]);
});

test("a public page's own scripts run and an injected inline script does not", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy"))
      violations.push(message.text());
  });
  await page.goto("/");
  // The islands module ran, and so did the nonce-marked inline script that fetches the web font after load (it
  // remembers the files once they are in the cache).
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islands)).toBe("ready");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("plex-fonts"))).toMatch(/plex-arabic-400/);

  const result = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; blocked: string }>((resolve) => {
        document.addEventListener(
          "securitypolicyviolation",
          (event) => resolve({ ran: "__injected" in window, blocked: event.violatedDirective }),
          { once: true },
        );
        const script = document.createElement("script");
        script.textContent = "window.__injected = true;";
        document.body.append(script);
      }),
  );
  expect(result.ran).toBe(false);
  expect(result.blocked).toContain("script-src");
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
  // The only violation is the injected script: the page's own scripts were all allowed.
  expect(violations.length).toBeLessThanOrEqual(1);
});

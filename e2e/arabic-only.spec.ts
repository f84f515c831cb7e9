/**
 * One language on every screen (docs/architecture.md resolution 11, "Numerals" and "No English"): every public page
 * type and every admin screen (signed in as the e2e super_admin on the demo content) is scanned for Latin-script
 * words in its visible text and in its placeholder, aria-label, title and alt attributes. A word passes when it is
 * on the allow-list (brand and platform names, file-format names, units of the interface's own choosing) or sits in
 * a fragment that is Latin by nature: a URL, an e-mail address, a file name, an element marked `dir="ltr"` or
 * `<bdi>`/`<code>` (isolated Latin fragments: values users copy, such as slugs and key paths), or a form field's
 * value. The test fails listing each Latin word found with its page, so a failure says what to translate.
 * With ADMIN_SCREENSHOTS=1 the admin test also saves full-page screenshots of the admin screens at 360, 390, 768 and
 * 1280 px under e2e-output/admin-screens/ for a look by eye.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signIn } from "./fixtures/staff.ts";

/**
 * Latin words allowed in Arabic text: brand, product and platform names, file formats and standard abbreviations.
 * Compared case-insensitively.
 */
const ALLOWED = new Set(
  [
    // Social platforms and services named by their own brand.
    "x",
    "tiktok",
    "instagram",
    "snapchat",
    "google",
    "facebook",
    "whatsapp",
    "linkedin",
    "youtube",
    "microsoft",
    "authenticator",
    "openstreetmap",
    "leaflet",
    "excel",
    "qr",
    // File formats.
    "png",
    "jpg",
    "jpeg",
    "webp",
    "avif",
    "pdf",
    "mp4",
    "webm",
    "xlsx",
    "xls",
    "csv",
    // Standards and identifiers shown as such.
    "webhook",
    "hmac",
    "sha",
    "url",
    "utm",
    "id",
  ].map((w) => w.toLowerCase()),
);

interface Finding {
  word: string;
  where: string;
}

/** Latin words (two letters or more) in the page's visible text and described attributes, outside Latin fragments. */
function latinWords(allowed: string[]): Finding[] {
  const allow = new Set(allowed);
  const findings: Finding[] = [];
  const fragment =
    /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.]+|(?:[\w-]+\/)+[\w.-]*|\b[\w-]+\.(?:png|jpe?g|webp|avif|pdf|mp4|webm|xlsx?|csv|svg|json|com|sa|org|net)\b/gi;
  const shown = (el: Element): boolean => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.display === "none" || style.visibility === "hidden") return false;
    }
    return true;
  };
  const latinContext = (el: Element): boolean =>
    Boolean(el.closest('[dir="ltr"], bdi, code, kbd, samp, pre, input, textarea, select, [data-latin]'));
  const scan = (text: string, where: string) => {
    const rest = text.replace(fragment, " ");
    for (const match of rest.matchAll(/[A-Za-z][A-Za-z0-9'’-]*/g)) {
      const word = match[0];
      // One letter (a key such as F8, a building "A") is not a word; X…X is a digit mask ("05XXXXXXXX").
      if ((word.match(/[A-Za-z]/g) ?? []).length < 2 || /^X+$/.test(word)) continue;
      if (!allow.has(word.toLowerCase())) findings.push({ word, where });
    }
  };
  const describe = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : "";
    return `${tag}${id}`;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? "";
    if (!parent || !/[A-Za-z]/.test(text)) continue;
    if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
    if (latinContext(parent) || !shown(parent)) continue;
    scan(text, `${describe(parent)} «${text.trim().slice(0, 60)}»`);
  }
  for (const el of Array.from(document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt]"))) {
    if (!shown(el) && !el.closest("[aria-hidden=true]")) continue;
    for (const attr of ["placeholder", "aria-label", "title", "alt"]) {
      const value = el.getAttribute(attr);
      if (value && /[A-Za-z]/.test(value)) scan(value, `${describe(el)}[${attr}] «${value.slice(0, 60)}»`);
    }
  }
  return findings;
}

async function findLatin(page: Page): Promise<string[]> {
  const found = await page.evaluate(latinWords, [...ALLOWED]);
  return found.map((f) => `${f.word} — ${f.where}`);
}

test("no Latin word outside the allow-list on any public page", async ({ page }) => {
  await skipEntrance(page);
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  const updates = (await (await page.request.get("/api/project-updates")).json()) as { id: number }[];
  const pages = [
    "/",
    "/all-projects",
    `/project/${projects[0].id}`,
    "/all-updates",
    `/update/${updates[0].id}`,
    "/campaign/x/alsahel-residence",
    "/privacy",
    "/all-projects?search=zzzz",
    "/no-such-page",
  ];
  const findings: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    for (const f of await findLatin(page)) findings.push(`${path}: ${f}`);
  }
  expect(findings).toEqual([]);
});

test("no Latin word outside the allow-list on any admin screen", async ({ page, request }) => {
  test.setTimeout(process.env.ADMIN_SCREENSHOTS ? 600_000 : 240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const projects = (await (await request.get("/api/projects")).json()) as { id: number }[];
  const projectId = projects[0].id;
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const leads = (await (await request.get("/api/leads?limit=1", { headers: auth })).json()) as {
    items: { id: number }[];
  };
  const screens = [
    "/admin",
    "/admin/projects",
    `/admin/projects/${projectId}`,
    "/admin/project-updates",
    "/admin/units",
    `/admin/units?project=${projectId}`,
    `/admin/units/new?project=${projectId}`,
    `/admin/units/upload?project=${projectId}`,
    "/admin/landing",
    "/admin/contact-messages",
    "/admin/leads",
    "/admin/leads/mine",
    "/admin/leads/settings",
    ...leads.items.slice(0, 1).map((lead) => `/admin/leads/${lead.id}`),
    "/admin/conversions",
    "/admin/employees",
    "/admin/permissions",
    "/admin/audit-log",
    "/admin/account",
  ];
  const findings: string[] = [];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    for (const f of await findLatin(page)) findings.push(`${path}: ${f}`);
  }
  // Dialogs and forms opened from the lists.
  await page.goto("/admin/projects");
  await page.getByRole("button", { name: "مشروع جديد" }).first().click();
  await page.waitForLoadState("networkidle");
  for (const f of await findLatin(page)) findings.push(`/admin/projects (new project form): ${f}`);
  await page.goto("/admin/project-updates");
  await page.getByRole("button", { name: "تحديث جديد" }).first().click();
  await page.waitForLoadState("networkidle");
  for (const f of await findLatin(page)) findings.push(`/admin/project-updates (new update form): ${f}`);
  // The screenshot sweep (ADMIN_SCREENSHOTS=1): every screen above.
  if (process.env.ADMIN_SCREENSHOTS) {
    for (const width of [360, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        const slug = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
        await page.screenshot({ path: `e2e-output/admin-screens/${width}-${slug}.png`, fullPage: true });
      }
    }
  }
  expect(findings).toEqual([]);
});

/**
 * The public site (docs/product.md §2.2–§2.8, §10.1–§10.3): every public route renders its content from the API (also without JavaScript), the
 * search, empty and not-found states, the lightbox keyboard, the units filter, the three contact forms end to end
 * (the message is stored: checked through the admin API), the entrance animation once per session, zero axe
 * violations on every public page, head tags, sitemap/robots, and screenshots at 360, 768 and 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { HOME_PROJECTS } from "../src/domain/constants.ts";
import { TEXTS } from "../src/domain/texts.ts";
import { SIGNED_IN_COOKIE_HINT, STORED_USER_KEY_HINT } from "../src/web/shared/session/staff-session-hint.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";
import { fullPageScreenshot } from "./fixtures/whole-page.ts";

interface ProjectRow {
  id: number;
  name: string;
  city: string | null;
  images: string[];
}
interface UpdateRow {
  id: number;
  title: string;
  projectId: number;
}
interface MessageRow {
  name: string;
  message: string;
}

const SCREENSHOT_WIDTHS = [360, 768, 1280] as const;
const unique = (label: string) =>
  `${label} ${arabicLabel(Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36))}`;

async function projects(request: APIRequestContext): Promise<ProjectRow[]> {
  return (await request.get("/api/projects")).json();
}
async function updates(request: APIRequestContext): Promise<UpdateRow[]> {
  return (await request.get("/api/project-updates")).json();
}

/** The stored contact messages, read as the e2e super_admin (POST /api/auth/login, GET /api/contact/messages). */
async function storedMessages(request: APIRequestContext): Promise<MessageRow[]> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const res = await request.get("/api/contact/messages", { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe("public pages", () => {
  test.beforeEach(async ({ page }) => skipEntrance(page));

  test("the home page HTML, fetched without JavaScript, already holds the projects and updates", async ({
    request,
  }) => {
    // The home page lists the newest HOME_PROJECTS projects (earlier journeys publish projects of their own).
    const homeProjects: ProjectRow[] = await (await request.get(`/api/projects?limit=${HOME_PROJECTS}`)).json();
    const allUpdates = await updates(request);
    expect(homeProjects.length).toBeGreaterThan(0);
    const html = await (await request.get("/")).text();
    for (const project of homeProjects) expect(html).toContain(project.name);
    expect(html).toContain(allUpdates[0].title);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('"@type":"Organization"');
  });

  test("public pages load neither the validation library, the phone-number metadata, admin screens nor the admin's libraries", async ({
    page,
    request,
  }) => {
    const [first] = await projects(request);
    const scripts = new Map<string, string>();
    // Each body is read before the next navigation (an island's chunk arrives after the entry has run).
    const reading: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        reading.push(response.text().then((body) => void scripts.set(response.url(), body)));
    });
    for (const path of ["/", `/project/${first.id}`, "/all-projects"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
      await page.waitForLoadState("networkidle");
      await Promise.all(reading);
    }
    expect(scripts.size).toBeGreaterThan(0);
    for (const [url, body] of scripts) {
      expect(body, `${url} carries zod`).not.toContain("ZodError");
      expect(body, `${url} carries libphonenumber metadata`).not.toContain("country_calling_codes");
      expect(body.includes("Missing queryFn"), `${url} carries TanStack Query (the admin's data layer)`).toBe(false);
      // tailwind-merge builds its class map on its first call, during hydration: public components use cx (clsx).
      expect(body.includes("isThemeGetter"), `${url} carries tailwind-merge`).toBe(false);
      expect(url, "an admin screen chunk on a public page").not.toMatch(/\/assets\/(employees|permissions|dashboard)-/);
    }
  });

  test("a browser that remembers a staff user loads the session check on demand and shows the expired banner", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await skipEntrance(page);
    await page.goto("/privacy");
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((s) => s.includes("session-banners-root")),
      "a visitor loads no session code",
    ).toEqual([]);
    await expect(page.getByRole("alert")).toHaveCount(0);

    // A stored staff user without a live session (no refresh cookie): the check runs and the session is expired.
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ id: "00000000-0000-0000-0000-000000000000", role: "manager", username: "m", name: "م" }),
        ),
      STORED_USER_KEY_HINT,
    );
    await page.reload();
    await expect(page.getByRole("alert")).toContainText(TEXTS.sessionExpired);
    expect(scripts.some((s) => s.includes("session-banners-root"))).toBe(true);

    // The marker cookie alone (another tab signed in, storage since cleared) tells too: read through the cookie store.
    await page.evaluate((key) => localStorage.removeItem(key), STORED_USER_KEY_HINT);
    await page.context().addCookies([{ name: SIGNED_IN_COOKIE_HINT, value: "1", url: page.url() }]);
    scripts.length = 0;
    await page.reload();
    await expect.poll(() => scripts.some((s) => s.includes("session-banners-root"))).toBe(true);
  });

  test("the header, partner and footer logos are the server's WebP rasters for the screen's density, never an SVG document", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    const page = await context.newPage();
    await skipEntrance(page);
    await page.goto("/");
    const logo = page.locator("header img");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await logo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
      "/icons/logo-168.webp",
    );
    expect((await logo.boundingBox())?.height).toBe(44);
    const svgImages = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === "img" || entry.initiatorType === "link")
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith(".svg")),
    );
    expect(svgImages, "the first screen shows no SVG image").toEqual([]);
    // Further down: the partners' marquee and the footer's logos, each the raster for 3× of its own height.
    for (const [selector, pattern] of [
      ['[data-island="marquee"] img:not([alt=""])', /^\/icons\/partners\/\d+-168\.webp$/],
      ["footer img", /^\/icons\/footer\/\d+-120\.webp$/],
    ] as const) {
      const images = page.locator(selector);
      expect(await images.count(), selector).toBeGreaterThan(0);
      for (const image of await images.all()) {
        // Not scrollIntoViewIfNeeded: it waits for the element to stand still, and the marquee's row never does.
        await image.evaluate((img) => img.scrollIntoView({ block: "center" }));
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(pattern);
      }
    }
    const svgAnywhere = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith(".svg")),
    );
    expect(svgAnywhere, "no SVG file is requested as an image on the whole page").toEqual([]);
    await context.close();
  });

  test("the browser's own requests leave the first photo alone: the manifest joins the page once the photo is painted, the favicon is in the page, the logo asks for low priority", async ({
    page,
    request,
  }) => {
    const project = (await projects(request)).find((p) => p.images.length > 0);
    expect(project, "the demo content has a project with a photo").toBeDefined();
    if (!project) return;
    const path = `/project/${project.id}`;
    const html = await (await request.get(path)).text();
    expect(html, "the HTML names the manifest").not.toContain('<link rel="manifest"');
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+" type="image\/svg\+xml"\/>/);
    expect(html, "React preloads the logo").not.toMatch(/rel="preload" as="image" imageSrcSet="\/icons\/logo-/);

    // When the manifest link joins the document (the parser counts), and when the first photo is painted.
    await page.addInitScript(() => {
      const seen: { manifestAt?: number; photoAt?: number } = {};
      Object.assign(window, { seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLLinkElement && node.rel === "manifest") seen.manifestAt ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          if (entry.element?.getAttribute("fetchpriority") === "high") seen.photoAt ??= entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const logoRequests = new Set<string>();
    const logoPriorities: string[] = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!event.request.url.includes("/icons/logo-")) return;
      logoRequests.add(event.requestId);
      logoPriorities.push(event.request.initialPriority);
    });
    cdp.on("Network.resourceChangedPriority", (event) => {
      if (logoRequests.has(event.requestId)) logoPriorities.push(`changed to ${event.newPriority}`);
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await skipEntrance(page);
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { manifestAt?: number; photoAt?: number } }).seen,
    );
    expect(seen.photoAt, "the first photo is painted").toBeDefined();
    expect(seen.manifestAt, "the manifest link is added").toBeDefined();
    expect(seen.manifestAt ?? 0).toBeGreaterThan(seen.photoAt ?? Number.POSITIVE_INFINITY);
    // The browser reads the manifest the islands named: the site stays installable.
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
    expect(new URL(manifest.url).pathname).toBe("/manifest.webmanifest");
    expect(manifest.errors).toEqual([]);
    expect(manifest.data).toContain('"dir":"rtl"');
    expect(logoPriorities).toEqual(["Low"]);
  });

  test("the footer is laid out only once the visitor nears it (content-visibility), and then shows whole", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await skipEntrance(page);
    await page.goto("/");
    const footerShown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("footer p, footer a")].every((element) =>
          element.checkVisibility({ contentVisibilityAuto: true }),
        ),
      );
    const footerSkipped = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("footer p, footer a")].every(
          (element) => !element.checkVisibility({ contentVisibilityAuto: true }),
        ),
      );
    expect(await footerSkipped()).toBe(true);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(footerShown).toBe(true);
    await expect(page.locator("footer").getByText("جميع الحقوق محفوظة", { exact: false })).toBeVisible();
  });

  test("public pages load no React: only the islands module, after load, which enhances the server's markup", async ({
    page,
    request,
  }) => {
    const [first] = await projects(request);
    const [update] = await updates(request);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    for (const path of [
      "/",
      "/all-projects",
      `/project/${first.id}`,
      "/all-updates",
      `/update/${update.id}`,
      "/privacy",
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, `${path} preloads modules`).not.toContain("modulepreload");
      expect(html, `${path} carries React Router's hydration data`).not.toContain("__reactRouterContext");
      expect(html, `${path} names its islands module`).toMatch(/"\/assets\/islands-[\w-]+\.js"/);
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
      expect(await page.evaluate(() => "__reactRouterDataRouter" in window), `${path} hydrated`).toBe(false);
      // No script is requested before the load event: the first paint shares the link with nothing but the page.
      const early = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((r) => new URL(r.name).pathname.endsWith(".js") && r.startTime < navigation.loadEventStart)
          .map((r) => r.name);
      });
      expect(early, `${path} requests a script before load`).toEqual([]);
    }
    expect(scripts.some((s) => s.startsWith("/assets/islands-"))).toBe(true);
    expect(
      scripts.filter((s) => /\/assets\/(framework|root|home|project|layout)-/.test(s)),
      "React, React Router or a route module on a public page",
    ).toEqual([]);
  });

  test("the islands and the web font wait for the first paint and the first photo's paint after load, or a second", async ({
    page,
    request,
  }) => {
    // The browser's paint and largest-paint reports are held until the test releases them (a short page loads before
    // its first frame is on screen; the first photo is often painted a frame or more later); other types pass through.
    await page.addInitScript(() => {
      const held: { type: string; observer: PerformanceObserver; callback: PerformanceObserverCallback }[] = [];
      class HeldPaint extends PerformanceObserver {
        readonly #callback: PerformanceObserverCallback;
        constructor(callback: PerformanceObserverCallback) {
          super(callback);
          this.#callback = callback;
        }
        override observe(options?: PerformanceObserverInit) {
          const type = options?.type ?? "";
          if (type === "paint" || type === "largest-contentful-paint") {
            held.push({ type, observer: this, callback: this.#callback });
          } else super.observe(options);
        }
      }
      window.PerformanceObserver = HeldPaint;
      Object.assign(window, {
        /** Reports the first contentful paint, or the first photo's largest paint; returns when (ms). */
        release(type: "paint" | "largest-contentful-paint") {
          const at = performance.now();
          const photo = document.querySelector('img[fetchpriority="high"]');
          const entries = type === "paint" ? [{ name: "first-contentful-paint" }] : [{ element: photo }];
          const list = {
            getEntries: () => entries,
            getEntriesByName: (name: string) => entries.filter((entry) => "name" in entry && entry.name === name),
          };
          for (const h of held.filter((h) => h.type === type))
            h.callback(list as unknown as PerformanceObserverEntryList, h.observer);
          return at;
        },
      });
    });
    const release = (type: "paint" | "largest-contentful-paint") =>
      page.evaluate((t) => (window as unknown as { release(type: string): number }).release(t), type);
    const started = (prefix: string) =>
      page.evaluate(
        (p) =>
          (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((r) =>
            new URL(r.name).pathname.startsWith(p),
          )?.startTime ?? null,
        prefix,
      );
    const loadStart = () =>
      page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      );
    const islandsReady = () => page.waitForFunction(() => document.documentElement.dataset.islands === "ready");

    // A page without a photo: the first paint is enough. Requested after it unless the one-second fallback came first.
    await page.goto("/privacy");
    const paintedAt = await release("paint");
    await islandsReady();
    expect(await started("/assets/islands-")).toBeGreaterThanOrEqual(Math.min(paintedAt, (await loadStart()) + 1000));
    await expect.poll(() => started("/assets/plex-arabic-")).not.toBeNull();
    expect(await started("/assets/plex-arabic-")).toBeGreaterThanOrEqual(
      Math.min(paintedAt, (await loadStart()) + 1000),
    );

    // A page with a first photo: the first paint, then the photo's.
    const project = (await projects(request)).find((p) => p.images.length > 0);
    expect(project, "the demo content has a project with a photo").toBeDefined();
    await page.goto(`/project/${project?.id}`);
    await release("paint");
    const photoPaintedAt = await release("largest-contentful-paint");
    await islandsReady();
    expect(await started("/assets/islands-")).toBeGreaterThanOrEqual(
      Math.min(photoPaintedAt, (await loadStart()) + 1000),
    );

    // Never reported (a background tab): a second after load all the same.
    await page.goto("/all-updates");
    await islandsReady();
    expect(await started("/assets/islands-")).toBeGreaterThanOrEqual((await loadStart()) + 1000);
  });

  test("each public route renders its content from the API", async ({ page, request }) => {
    const [allProjects, allUpdates] = [await projects(request), await updates(request)];
    const project = allProjects[0];
    const update = allUpdates[0];

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "ضماناتنا" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "شركاء النجاح" })).toBeVisible();
    await expect(page.getByRole("region", { name: "المشاريع" }).getByRole("link").first()).toBeVisible();
    await expect(page.locator("#updates").getByRole("link", { name: new RegExp(update.title) })).toBeVisible();

    await page.goto("/all-projects");
    await expect(page.getByRole("heading", { level: 1, name: "مشاريعنا" })).toBeVisible();
    for (const p of allProjects) await expect(page.getByRole("heading", { level: 2, name: p.name })).toBeVisible();
    await expect(page.getByRole("link", { name: `عرض التفاصيل: ${project.name}` })).toHaveAttribute(
      "href",
      `/project/${project.id}`,
    );

    await page.goto(`/project/${project.id}`);
    await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "مسار التنقل" })).toContainText("المشاريع");
    await expect(page.getByRole("heading", { name: "الوحدات المتاحة" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "اختصارات الصفحة" }).getByRole("link")).toHaveCount(3);
    const whatsapp = page.getByRole("link", { name: /واتساب/ });
    expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(project.name);

    await page.goto("/all-updates");
    await expect(page.getByRole("heading", { level: 1, name: "آخر التحديثات" })).toBeVisible();
    for (const u of allUpdates) await expect(page.getByRole("heading", { level: 2, name: u.title })).toBeVisible();

    await page.goto(`/update/${update.id}`);
    await expect(page.getByRole("heading", { level: 1, name: update.title })).toBeVisible();
    const trail = page.getByRole("navigation", { name: "مسار التنقل" });
    await expect(trail.getByRole("link").nth(1)).toHaveAttribute("href", `/project/${update.projectId}`);
    await expect(trail).toContainText("تحديث المشروع");
    await expect(page.getByText(/الموافق/)).toBeVisible();
    await expect(page.getByRole("img", { name: /^نسبة الإنجاز الكلية/ })).toBeVisible();
  });

  test("/all-projects?search= filters by name and by city, and shows the empty state", async ({ page, request }) => {
    const [first, ...others] = await projects(request);
    const word = first.name.split(" ").find((w) => w.length > 3) ?? first.name;
    await page.goto(`/all-projects?search=${encodeURIComponent(word)}`);
    await expect(page.getByRole("heading", { level: 2, name: first.name })).toBeVisible();
    const unrelated = others.find((p) => !p.name.includes(word));
    if (unrelated) await expect(page.getByRole("heading", { level: 2, name: unrelated.name })).toHaveCount(0);

    await page.goto(`/all-projects?search=${encodeURIComponent(first.city ?? "جدة")}`);
    await expect(page.getByRole("heading", { level: 2, name: first.name })).toBeVisible();

    // No match: the page says so for the query, quoted, and offers to clear it (not "new projects soon").
    await page.goto("/all-projects?search=zzzz-no-such-project");
    await expect(page.getByText("لا توجد نتائج مطابقة لـ «zzzz-no-such-project»", { exact: true })).toBeVisible();
    await expect(page.getByText("سيتم إضافة مشاريع جديدة قريباً")).toHaveCount(0);
    await page.getByRole("link", { name: "مسح البحث" }).click();
    await expect(page).toHaveURL(/\/all-projects$/);
    await expect(page.getByRole("heading", { level: 2, name: first.name })).toBeVisible();
  });

  test("unknown addresses get the not-found pages with HTTP 404", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "الصفحة غير موجودة" })).toBeVisible();
    await expect(page.getByRole("link", { name: "العودة إلى الرئيسية" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "العودة إلى الصفحة السابقة" })).toBeVisible();

    expect((await page.goto("/project/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "المشروع غير موجود" })).toBeVisible();
    expect((await page.goto("/update/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "التحديث غير موجود" })).toBeVisible();
  });

  test("a first public page is drawn in the fallback and fetches the web font after load; the next page is drawn in Plex from the start", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const added: { family: string; display: string; afterLoad: boolean }[] = [];
      (window as unknown as { fontAdds: typeof added }).fontAdds = added;
      const add = FontFaceSet.prototype.add;
      FontFaceSet.prototype.add = function (this: FontFaceSet, face: FontFace) {
        added.push({
          family: face.family.replaceAll('"', ""),
          display: face.display,
          afterLoad: document.readyState === "complete",
        });
        return add.call(this, face);
      };
    });
    const adds = () => page.evaluate(() => (window as unknown as { fontAdds: unknown[] }).fontAdds);
    const fontRequests = () =>
      page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.name.endsWith(".woff2"))
          .map((entry) => {
            const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
            return {
              url: new URL(entry.name).pathname,
              afterLoad: entry.startTime >= (navigation?.loadEventEnd ?? 0),
              startTime: entry.startTime,
              responseEnd: entry.responseEnd,
            };
          }),
      );
    await page.goto("/");
    // The three files are fetched after the load event, and the browser remembers it has them.
    await expect
      .poll(async () => (await page.evaluate(() => localStorage.getItem("plex-fonts"))) ?? "")
      .toMatch(/plex-arabic-400.*plex-arabic-700.*plex-latin-400/);
    const first = await fontRequests();
    expect(first).toHaveLength(3);
    expect(
      first.every((request) => request.afterLoad),
      JSON.stringify(first),
    ).toBe(true);
    // One after the other, outside the load event's task: each request starts once the previous one has ended.
    const byStart = [...first].sort((a, b) => a.startTime - b.startTime);
    for (let i = 1; i < byStart.length; i++) {
      expect(byStart[i].startTime, JSON.stringify(byStart)).toBeGreaterThanOrEqual(byStart[i - 1].responseEnd);
    }
    // …but this page never swaps its text: no face is added, the fallback draws it to the end.
    expect(await adds()).toEqual([]);
    expect(await page.evaluate(() => [...document.fonts].map((face) => face.family.replaceAll('"', "")))).not.toContain(
      "Plex Arabic",
    );

    // The next page declares the faces before its first layout and reads them from the cache.
    await page.goto("/all-projects");
    await page.evaluate(() => document.fonts.ready);
    expect(await adds()).toEqual(Array(3).fill({ family: "Plex Arabic", display: "optional", afterLoad: false }));
    expect(await page.evaluate(() => document.fonts.check('700 16px "Plex Arabic"', "المشاريع"))).toBe(true);
    expect(
      await page.evaluate(
        () =>
          [...document.fonts].filter(
            (face) => face.family.replaceAll('"', "") === "Plex Arabic" && face.status === "loaded",
          ).length,
      ),
    ).toBe(3);
  });

  test("a back-office page swaps the web font in after load on a first visit (one document for the whole session)", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const added: { status: string; display: string }[] = [];
      (window as unknown as { fontAdds: typeof added }).fontAdds = added;
      const add = FontFaceSet.prototype.add;
      FontFaceSet.prototype.add = function (this: FontFaceSet, face: FontFace) {
        added.push({ status: face.status, display: face.display });
        return add.call(this, face);
      };
    });
    await page.goto("/admin/login");
    const adds = () => page.evaluate(() => (window as unknown as { fontAdds: unknown[] }).fontAdds);
    await expect.poll(async () => (await adds()).length).toBe(3);
    expect(await adds()).toEqual(Array(3).fill({ status: "loaded", display: "swap" }));
    expect(await page.evaluate(() => localStorage.getItem("plex-fonts"))).toMatch(/plex-arabic-400/);
  });

  test("on a phone the home carousel requests the photo in view; the next one when the visitor reaches for it", async ({
    page,
    request,
  }) => {
    const featured = (await (await request.get("/api/projects?limit=12")).json()) as ProjectRow[];
    const withPhotos = featured.slice(0, 2).filter((p) => p.images.length > 0);
    expect(withPhotos, "the first two carousel projects have photos").toHaveLength(2);
    const photoId = (project: ProjectRow) => project.images[0].replace(/^.*\/([0-9a-f]{32}).*$/, "$1");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    // The islands' entry has attached every enhancer (public pages run no React).
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    await page.waitForLoadState("networkidle");
    const requested = () =>
      page.evaluate(() => (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => r.name));
    const carousel = page.getByRole("region", { name: "المشاريع" });
    await carousel.scrollIntoViewIfNeeded();
    const loaded = (project: ProjectRow) => async () =>
      (await requested()).some((url) => url.includes(photoId(project)));
    await expect.poll(loaded(withPhotos[0])).toBe(true);
    // The first photo has arrived and the carousel has measured its slides: the second photo is still not asked for.
    await expect(carousel.getByRole("button", { name: "المشروع التالي" })).toBeEnabled();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await loaded(withPhotos[1])()).toBe(false);
    await carousel.getByRole("button", { name: "المشروع التالي" }).click();
    await expect.poll(loaded(withPhotos[1])).toBe(true);
  });

  test("the home hero's word rotates until paused, the marquee pauses, and a hash naming no section scrolls to the top", async ({
    page,
  }) => {
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    // The word changes every 1500 ms (SPEC §2.3) until the pause button stops it.
    const word = page.getByTestId("rotating-word");
    const first = (await word.textContent()) ?? "";
    await expect(word).not.toHaveText(first);
    const heroPause = page.getByRole("button", { name: "إيقاف تبديل الكلمات" });
    await heroPause.click();
    await expect(heroPause).toHaveAttribute("aria-pressed", "true");
    await expect(heroPause.locator('[data-icon="play"]')).toBeVisible();
    await expect(heroPause.locator('[data-icon="pause"]')).toBeHidden();

    const marqueePause = page.getByRole("button", { name: "إيقاف حركة الشعارات" });
    await marqueePause.click();
    await expect(marqueePause).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator(".marquee")).toHaveAttribute("data-paused", "true");

    // SPEC §2.1: a hash that names no section scrolls back to the top (the browser alone would not move).
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => {
      window.location.hash = "#nowhere";
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // For reduced motion the word stays and its pause button goes, following the setting live.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(heroPause).toBeHidden();
  });

  test("the lightbox: Escape closes, the arrow keys move and wrap around", async ({ page, request }) => {
    const project = (await projects(request)).find((p) => p.images.length > 1);
    expect(project, "the demo content has a project with several photos").toBeDefined();
    if (!project) return;
    const count = project.images.length;
    await page.goto(`/project/${project.id}`);
    // The keyboard test starts once the islands have run (an early tap is the next test's subject).
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const trigger = page.getByRole("button", { name: /^صورة ١ من/ });
    await trigger.click();
    const lightbox = page.getByRole("dialog", { name: "عارض الصور" });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText(/^١ من [٠-٩]+$/)).toBeVisible();
    const current = () => lightbox.getByRole("img").getAttribute("alt");
    await expect.poll(current).toMatch(/^صورة ١ من/);
    /** Presses a key and waits until another photo is shown. */
    const step = async (key: string) => {
      const before = await current();
      await page.keyboard.press(key);
      await expect.poll(current).not.toBe(before);
    };
    for (const key of ["ArrowRight", "ArrowLeft"]) {
      // As many presses in one direction as there are photos come back to the first one: the carousel wraps around.
      for (let i = 0; i < count; i++) await step(key);
      await expect.poll(current).toMatch(/^صورة ١ من/);
    }
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("a detail page's strip photos are requested once its first photo has arrived, then shown", async ({
    page,
    request,
  }) => {
    const project = (await projects(request)).find((p) => p.images.length > 2);
    expect(project, "the demo content has a project with three photos or more").toBeDefined();
    if (!project) return;
    const photoId = (url: string) => url.replace(/^.*\/([0-9a-f]{32}).*$/, "$1");
    const [first, ...rest] = project.images.map(photoId);
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") requested.push(r.url());
    });
    const stripRequested = () => requested.some((url) => rest.some((id) => url.includes(id)));
    // The first photo is held, as on a slow phone link, until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/media/images/${first}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/project/${project.id}`, { waitUntil: "domcontentloaded" });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(stripRequested(), "a strip photo requested while the first photo loads").toBe(false);
    // A key press starts the islands before the load event; they still wait for the first photo.
    await page.keyboard.press("Shift");
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    expect(stripRequested(), "a strip photo requested by the islands before the first photo arrived").toBe(false);

    release();
    const second = page.getByRole("region", { name: "معرض صور المشروع" }).getByRole("img", { name: /^صورة ٢ من/ });
    await expect(second).toBeVisible();
    await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(stripRequested()).toBe(true);
  });

  for (const path of ["/all-projects", "/all-updates"]) {
    test(`${path}: the photos of the cards after the first are requested once the first card's has arrived, then shown`, async ({
      page,
    }) => {
      // The first photo requested (the first card's, the only one in the HTML) is held, as on a slow phone link,
      // until the test lets it through; every photo requested is recorded.
      const photoId = (url: string) => url.replace(/^.*\/([0-9a-f]{32}).*$/, "$1");
      const requested = new Set<string>();
      let first = "";
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/media/images/*", async (route) => {
        const id = photoId(route.request().url());
        requested.add(id);
        first ||= id;
        if (id === first) await held;
        await route.continue();
      });
      await page.setViewportSize({ width: 412, height: 823 });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const cards = page.locator('[data-island="card-list"] > li');
      expect(await cards.count(), "the demo content lists several cards").toBeGreaterThan(2);
      // A key press starts the islands before the load event; they still wait for the first photo.
      await page.keyboard.press("Shift");
      await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
      expect([...requested], "only the first card's photo requested while it loads").toEqual([first]);
      await expect(cards.nth(1).locator("[data-deferred-image] noscript")).toHaveCount(1);

      release();
      const second = cards.nth(1).getByRole("img", { name: /^صورة / });
      await second.scrollIntoViewIfNeeded();
      await expect(second).toBeVisible();
      await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect(requested.size).toBeGreaterThan(1);
    });
  }

  test("a tap on a photo before the scripts have run opens the lightbox once they have", async ({ page, request }) => {
    const project = (await projects(request)).find((p) => p.images.length > 1);
    expect(project, "the demo content has a project with several photos").toBeDefined();
    if (!project) return;
    // The page's scripts are held until the tap has happened (a slow phone link), then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for "load": a held module script may delay it, and the tap is meant to come before the scripts.
    await page.goto(`/project/${project.id}`, { waitUntil: "commit" });
    await page.getByRole("button", { name: /^صورة ١ من/ }).click();
    const lightbox = page.getByRole("dialog", { name: "عارض الصور" });
    expect(await page.evaluate(() => document.documentElement.dataset.islands)).not.toBe("ready");
    await expect(lightbox).toHaveCount(0);
    release();
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("img")).toHaveAttribute("alt", /^صورة ١ من/);
  });

  test("the units filter: 3 shown, «المزيد» adds 3, «إخفاء» collapses, a filter resets to 3", async ({
    page,
    request,
  }) => {
    let target: ProjectRow | undefined;
    for (const p of await projects(request)) {
      const units = (await (await request.get(`/api/projects/${p.id}/units`)).json()) as unknown[];
      if (units.length > 3) {
        target = p;
        break;
      }
    }
    expect(target, "the demo content has a project with more than 3 units").toBeDefined();
    if (!target) return;
    await page.goto(`/project/${target.id}`);
    const section = page.locator("#units");
    const cards = section.getByRole("heading", { level: 3, name: /^وحدة رقم/ });
    await expect(cards).toHaveCount(3);
    await section.getByRole("link", { name: "المزيد" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    await expect(section.getByRole("link", { name: "إخفاء" })).toBeVisible();
    await section.getByRole("link", { name: "إخفاء" }).click();
    await expect(cards).toHaveCount(3);
    await section.getByRole("link", { name: "المزيد" }).click();
    await section.getByRole("navigation", { name: "تصفية الوحدات" }).getByRole("link", { name: "الكل" }).click();
    await expect(cards).toHaveCount(3);
    await section.getByRole("navigation", { name: "تصفية الوحدات" }).getByRole("link", { name: "مباعة" }).click();
    await expect.poll(() => cards.count()).toBeLessThanOrEqual(3);
  });

  test("the home contact form sends the message and it is stored", async ({ page, request }) => {
    const name = unique("زائر الرئيسية");
    await page.goto("/#contact");
    const form = page.locator("#contact");
    await form.getByRole("textbox", { name: /الاسم/ }).fill(name);
    await form.getByRole("textbox", { name: /رقم الجوال/ }).fill("0501234567");
    await form.getByRole("textbox", { name: /البريد الإلكتروني/ }).fill("visitor@example.com");
    await form.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في معرفة المشاريع المتاحة");
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(form.getByText("تم إرسال رسالتك بنجاح! سنتواصل معك قريباً.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: /الاسم/ })).toHaveValue("");
    expect((await storedMessages(request)).some((m) => m.name === name)).toBe(true);
  });

  test("the project page contact form validates, then sends and stores the message", async ({ page, request }) => {
    const project = (await projects(request))[0];
    await page.goto(`/project/${project.id}`);
    // The inline "fill every field" message, then the success, are the islands' (sent without reloading the page).
    await page.waitForFunction(() => document.documentElement.dataset.islands === "ready");
    const form = page.locator("#contact");
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(form.getByText("يرجى ملء جميع الحقول المطلوبة")).toBeVisible();

    const name = unique("زائر المشروع");
    await form.getByRole("textbox", { name: /الاسم/ }).fill(name);
    await form.getByRole("textbox", { name: /رقم الجوال/ }).fill("0551234567");
    await form.getByRole("textbox", { name: /الرسالة/ }).fill(`استفسار عن ${project.name}`);
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(form.getByText("تم إرسال الرسالة بنجاح! سنقوم بالرد عليك في أقرب وقت ممكن.")).toBeVisible();
    await expect(form.getByText("تم الإرسال بنجاح!")).toBeVisible();
    expect((await storedMessages(request)).some((m) => m.name === name)).toBe(true);
  });

  test("the update page contact form sends and stores the message", async ({ page, request }) => {
    const update = (await updates(request))[0];
    await page.goto(`/update/${update.id}`);
    const form = page.locator("#contact");
    const name = unique("زائر التحديث");
    await form.getByRole("textbox", { name: /الاسم/ }).fill(name);
    await form.getByRole("textbox", { name: /البريد الإلكتروني/ }).fill("update-visitor@example.com");
    await form.getByRole("textbox", { name: /الرسالة/ }).fill("متى موعد التسليم؟");
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(form.getByText("تم الإرسال بنجاح!")).toBeVisible();
    expect((await storedMessages(request)).some((m) => m.name === name)).toBe(true);
  });

  test("every public page has zero axe violations and is photographed at 360, 768 and 1280 px", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const project = (await projects(request))[0];
    const update = (await updates(request))[0];
    const pages = [
      { name: "home", path: "/" },
      { name: "all-projects", path: "/all-projects" },
      { name: "project", path: `/project/${project.id}` },
      { name: "all-updates", path: "/all-updates" },
      { name: "update", path: `/update/${update.id}` },
      { name: "not-found", path: "/no-such-page" },
    ];
    for (const { name, path } of pages) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `axe on ${path}`,
      ).toEqual([]);
      for (const width of SCREENSHOT_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await fullPageScreenshot(page, `e2e-output/screenshots/${name}-${width}.png`);
      }
    }
  });

  test("sitemap.xml lists every project and update; robots.txt keeps /admin out", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const p of await projects(request)) expect(xml).toContain(`/project/${p.id}</loc>`);
    for (const u of await updates(request)) expect(xml).toContain(`/update/${u.id}</loc>`);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toMatch(/Sitemap: https?:\/\/[^/]+\/sitemap\.xml/);
  });
});

test.describe("entrance animation (SPEC §1)", () => {
  test("shows once per browser session, then never again in that session", async ({ page }) => {
    await page.goto("/");
    const overlay = page.getByTestId("entrance");
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveCount(0, { timeout: 5000 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(overlay).toHaveCount(0);
    await page.goto("/all-projects");
    await page.waitForLoadState("networkidle");
    await expect(overlay).toHaveCount(0);
  });

  test("is skipped for visitors who ask for reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("entrance")).toHaveCount(0);
    await context.close();
  });
});

test.describe("a detail page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a detail page's strip photos show without JavaScript", async ({ page, request }) => {
    const project = (await projects(request)).find((p) => p.images.length > 1);
    expect(project, "the demo content has a project with several photos").toBeDefined();
    if (!project) return;
    await page.goto(`/project/${project.id}`);
    const second = page.getByRole("region", { name: "معرض صور المشروع" }).getByRole("img", { name: /^صورة ٢ من/ });
    await expect(second).toBeVisible();
    await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe("a list page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every card of /all-projects and /all-updates shows its photo without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ["/all-projects", "/all-updates"]) {
      await page.goto(path);
      const cards = page.locator('[data-island="card-list"] > li');
      const second = cards.nth(1).getByRole("img", { name: /^صورة / });
      await second.scrollIntoViewIfNeeded();
      await expect(second).toBeVisible();
      await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
  });
});

test.describe("the enquiry forms without JavaScript (a phone that taps before the scripts run)", () => {
  test.use({ javaScriptEnabled: false });

  test("the home, project and update forms validate, send and store the enquiry as plain HTML forms", async ({
    page,
    request,
  }) => {
    const project = (await projects(request))[0];
    const update = (await updates(request))[0];
    for (const { path, invalid, success } of [
      { path: "/", invalid: "يرجى ملء جميع الحقول المطلوبة", success: "تم إرسال رسالتك بنجاح! سنتواصل معك قريباً." },
      { path: `/project/${project.id}`, invalid: "يرجى ملء جميع الحقول المطلوبة", success: "تم الإرسال بنجاح!" },
      { path: `/update/${update.id}`, invalid: "يرجى ملء جميع الحقول المطلوبة", success: "تم الإرسال بنجاح!" },
    ]) {
      await page.goto(path);
      const form = page.locator("#contact");
      // An empty form comes back with the form's own message, not the framework's bare error.
      await form.getByRole("button", { name: "إرسال" }).click();
      await expect(page.locator("#contact").getByText(invalid).first()).toBeVisible();

      const name = unique("زائر بلا سكربت");
      const filled = page.locator("#contact");
      await filled.getByRole("textbox", { name: /الاسم/ }).fill(name);
      await filled.getByRole("textbox", { name: /رقم الجوال/ }).fill("0551234567");
      await filled.getByRole("textbox", { name: /البريد الإلكتروني/ }).fill("no-script@example.com");
      await filled.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في زيارة المشروع");
      await filled.getByRole("button", { name: "إرسال" }).click();
      await expect(page.locator("#contact").getByText(success).first()).toBeVisible();
      expect(
        (await storedMessages(request)).some((m) => m.name === name),
        `${path}: stored`,
      ).toBe(true);
    }
  });
});

/**
 * The staff grid's draw time for bench/inventory.ts (docs/performance/inventory.md): the production build
 * (bench/production-server.mjs: built when stale, NODE_ENV=production, 127.0.0.1, a free port) served against the
 * bench's own database (`databaseUrl`, SEED=none), a staff user signed in through /admin/login in Debian's Chromium
 * (/usr/bin/chromium or CHROME_PATH, via playwright; never a downloaded browser), at 1280 × 900.
 *
 * One run = a new tab of the signed-in context (so the session is restored from its cookie and the assets come from the
 * browser's cache, as when a staff member reopens the grid) going to /admin/inventory?project={projectId}. A script
 * installed before the page's own (addInitScript) watches the DOM with a MutationObserver and records
 * `performance.now()` — ms since navigation start — at:
 *   - `first`: the first unit cell (`[data-testid="stacking-plan"] [data-unit]`) is in the DOM — the first building's
 *     cells arrive in one commit (src/web/admin/inventory/stacking-plan.tsx draws the first building, then the rest);
 *   - `firstPainted`: the second animation frame after `first` (the frame that drew the first building is presented);
 *   - `last`: the count of cells reaches `units` (the last building's cells are in the DOM);
 *   - `painted`: the second animation frame after `last` — the target's figure ("the grid drawn"). Floors outside
 *     the viewport skip style, layout and paint (`content-visibility: auto`) until scrolled to, so this frame paints
 *     what is on screen; the cost moved to scrolling is measured apart:
 *   - `scrollDraw`: after `painted`, ms from scrolling the last building into view to the second frame after it.
 * With the moments the page asked for the stacking plan (GET /api/projects/{id}/stacking-plan) and its answer had
 * arrived (Resource Timing startTime / responseEnd), to tell the app's start, the server's share and the browser's
 * drawing apart. `runs` runs (median of each figure) after one warm-up.
 *
 * Diagnostics: GRID_TRACE=1 prints the last run's requests (Resource Timing: start, request sent, first byte, end);
 * GRID_SERVER_LOG=info makes the served app log each request with its responseTime (ms, Fastify's own measure).
 *
 * `measureGrid(options)` resolves to `{ planAsked, planAnswer, firstCell, firstPainted, lastCell, painted, scrollDraw }`
 * medians in ms, plus `all` (each run's painted figure); throws when the server does not start, the sign-in fails or
 * the grid never reaches `units` cells (60 s per run). The server is stopped and the browser closed in every case.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { startProductionServer } from "./production-server.mjs";

export interface GridOptions {
  /** postgres://… of the database the bench filled (the served app uses it). */
  databaseUrl: string;
  username: string;
  password: string;
  projectId: number;
  /** Cells expected on the grid (the project's unit count). */
  units: number;
  runs: number;
}

export interface GridFigures {
  /** When the page asked for the stacking plan and when its answer had arrived (-1 when it did not fetch it). */
  planAsked: number;
  planAnswer: number;
  firstCell: number;
  firstPainted: number;
  lastCell: number;
  painted: number;
  scrollDraw: number;
  /** Each measured run's painted figure, in run order. */
  all: number[];
}

interface DrawMarks {
  /** startTime and responseEnd of the stacking plan's GET (Resource Timing), ms since navigation start. */
  asked?: number;
  plan?: number;
  first?: number;
  firstPainted?: number;
  last?: number;
  painted?: number;
  scrollDraw?: number;
}

declare global {
  interface Window {
    __gridDraw?: DrawMarks;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs in the page before its own scripts: records the marks of DrawMarks on window.__gridDraw. Serialised into the
 * page, so it names no inner function (tsx would wrap it in a `__name` helper the page does not have).
 */
function watchGrid(expected: number) {
  const marks: DrawMarks = {};
  window.__gridDraw = marks;
  const selector = '[data-testid="stacking-plan"] [data-unit]';
  const observer = new MutationObserver(() => {
    const count = document.querySelectorAll(selector).length;
    if (count > 0 && marks.first === undefined) {
      marks.first = performance.now();
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          marks.firstPainted = performance.now();
        }),
      );
    }
    if (count >= expected && marks.last === undefined) {
      marks.last = performance.now();
      observer.disconnect();
      const answer = performance.getEntriesByType("resource").find((e) => e.name.includes("/stacking-plan")) as
        | PerformanceResourceTiming
        | undefined;
      marks.asked = answer?.startTime ?? -1;
      marks.plan = answer?.responseEnd ?? -1;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          marks.painted = performance.now();
        }),
      );
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function measureGrid(options: GridOptions): Promise<GridFigures> {
  const server = await startProductionServer(root, {
    env: { DATABASE_URL: options.databaseUrl, SEED: "none", LOG_LEVEL: process.env.GRID_SERVER_LOG ?? "error" },
  });
  const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
      locale: "ar-SA",
      timezoneId: "Asia/Riyadh",
    });
    await context.addInitScript(watchGrid, options.units);
    const login = await context.newPage();
    await login.goto("/admin/login");
    await login.waitForFunction(() => "__reactRouterDataRouter" in window);
    await login.getByLabel("اسم المستخدم").fill(options.username);
    await login.getByLabel("كلمة المرور", { exact: true }).fill(options.password);
    await login.getByRole("button", { name: "تسجيل الدخول" }).click();
    await login.waitForURL(/\/admin$/);
    await login.close();

    const runs: Required<DrawMarks>[] = [];
    for (let i = 0; i <= options.runs; i += 1) {
      const page = await context.newPage();
      await page.goto(`/admin/inventory?project=${options.projectId}`);
      await page.waitForFunction(() => window.__gridDraw?.painted !== undefined, undefined, { timeout: 60_000 });
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            const started = performance.now();
            document.querySelector('[data-testid="stacking-plan"] section:last-of-type')?.scrollIntoView();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                (window.__gridDraw as DrawMarks).scrollDraw = performance.now() - started;
                done();
              }),
            );
          }),
      );
      const marks = await page.evaluate(() => window.__gridDraw as Required<DrawMarks>);
      if (process.env.GRID_TRACE && i === options.runs) {
        // The last run's requests, to see what shares the server and the connections with the plan's.
        const entries = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((e) => e as PerformanceResourceTiming)
            .map((e) => ({
              name: e.name.replace(location.origin, ""),
              start: Math.round(e.startTime),
              request: Math.round(e.requestStart),
              firstByte: Math.round(e.responseStart),
              end: Math.round(e.responseEnd),
              bytes: e.encodedBodySize,
              server: e.serverTiming.map((t) => `${t.name}=${t.duration}`).join(" "),
            })),
        );
        console.table(entries);
      }
      await page.close();
      if (i > 0) runs.push(marks); // run 0 is the warm-up
    }
    return {
      planAsked: median(runs.map((r) => r.asked)),
      planAnswer: median(runs.map((r) => r.plan)),
      firstCell: median(runs.map((r) => r.first)),
      firstPainted: median(runs.map((r) => r.firstPainted)),
      lastCell: median(runs.map((r) => r.last)),
      painted: median(runs.map((r) => r.painted)),
      scrollDraw: median(runs.map((r) => r.scrollDraw)),
      all: runs.map((r) => r.painted),
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

/**
 * `npm run bench:inp [-- --runs N] [--rate R]`: interaction latency of the public site's taps under CPU throttling
 * (docs/performance/web.md; target of docs/product.md §10.3: a tap on a carousel button or a gallery image answers
 * within 100 ms with Lighthouse's 4× CPU slowdown). A measurement, never a gate: the exit code is 0 whatever the figures.
 *
 * Starts the production server on demo content (bench/production-server.mjs), then, N times (default 5) per
 * interaction, opens a fresh phone-sized page (412 × 823, touch) in Debian's Chromium (/usr/bin/chromium or
 * CHROME_PATH) through Playwright, slows its CPU R× (default 4) through CDP (`Emulation.setCPUThrottlingRate`), waits
 * until the page's islands have run (`<html data-islands="ready">`, docs/decisions/046-public-pages-as-islands.md) and
 * the target is enabled (the carousel's buttons once embla has started), taps it and reads the interaction's latency from the
 * Event Timing API: the largest `duration` (ms, from input to the next paint, in 8 ms steps) of the `event` entries
 * (durationThreshold 16) and the `first-input` entry that carry the tap's interactionId. A tap answered within 16 ms
 * leaves no `event` entry; the `first-input` entry (always reported for the page's first input) still gives its
 * duration. Prints per interaction the median, min and max over the runs, and the machine's load average.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { arg } from "./args.mjs";
import { startProductionServer } from "./production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** sessionStorage key of the entrance animation (src/web/public/widgets/entrance/contract.ts): set, the animation is skipped. */
const ENTRANCE_STORAGE_KEY = "entrance-shown";
const TARGET_MS = 100;

const runs = Math.max(1, Number.parseInt(arg("runs", "5"), 10) || 5);
const rate = Math.max(1, Number(arg("rate", "4")) || 4);

/** One tap's latency in ms on a fresh page (see the module comment); null when no entry arrived within 10 s. */
async function measureTap(browser, url, selector) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript((key) => window.sessionStorage.setItem(key, "1"), ENTRANCE_STORAGE_KEY);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.goto(url, { waitUntil: "load" });
    const target = page.locator(selector).first();
    await target.scrollIntoViewIfNeeded();
    await target.evaluate(
      (element) =>
        new Promise((resolve, reject) => {
          const started = performance.now();
          const check = () => {
            if (document.documentElement.dataset.islands === "ready" && !element.disabled) resolve();
            else if (performance.now() - started > 60_000) reject(new Error("not enhanced in 60 s"));
            else setTimeout(check, 50);
          };
          check();
        }),
    );
    await page.evaluate(() => {
      window.__entries = [];
      const observer = new PerformanceObserver((list) => window.__entries.push(...list.getEntries()));
      observer.observe({ type: "event", durationThreshold: 16, buffered: true });
      observer.observe({ type: "first-input", buffered: true });
    });
    await target.tap();
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const started = performance.now();
          const read = () => {
            const entries = window.__entries.filter((entry) => entry.interactionId > 0);
            const last = entries.at(-1);
            if (last) {
              const ofTap = entries.filter((entry) => entry.interactionId === last.interactionId);
              resolve(Math.max(...ofTap.map((entry) => entry.duration)));
            } else if (performance.now() - started > 10_000) resolve(null);
            else setTimeout(read, 100);
          };
          read();
        }),
    );
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const { base, stop } = await startProductionServer(root);
const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
try {
  const projects = await (await fetch(`${base}/api/projects`)).json();
  const project = `/project/${projects[0]?.id}`;
  const interactions = [
    { name: "home: carousel button", path: "/", selector: 'button[aria-label="المشروع التالي"]' },
    { name: "project: gallery image", path: project, selector: "main section button:has(img)" },
    { name: "project: gallery button", path: project, selector: 'button[aria-label="الصور التالية"]' },
  ];
  const results = Object.fromEntries(interactions.map((i) => [i.name, []]));
  // Round-robin: each run measures every interaction once, so a load spike hits them alike.
  for (let run = 0; run < runs; run++) {
    for (const { name, path: pagePath, selector } of interactions) {
      const ms = await measureTap(browser, `${base}${pagePath}`, selector);
      if (ms !== null) results[name].push(ms);
      process.stderr.write(`run ${run + 1}/${runs} ${name}: ${ms ?? "no entry"} ms\n`);
    }
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `\nINP of a tap, ${rate}× CPU throttling, ${runs} runs, ${new Date().toISOString()}, load average ${load} (${os.cpus().length} cores)`,
  );
  console.log("| interaction | median | min | max | target ≤ 100 ms |");
  console.log("|---|---|---|---|---|");
  for (const { name } of interactions) {
    const values = results[name];
    if (values.length === 0) {
      console.log(`| ${name} | no entry | | | ? |`);
      continue;
    }
    const m = median(values);
    console.log(
      `| ${name} | ${m} ms | ${Math.min(...values)} ms | ${Math.max(...values)} ms | ${m <= TARGET_MS ? "met" : "missed"} |`,
    );
  }
} finally {
  await browser.close();
  stop();
}

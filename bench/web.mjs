/**
 * `npm run bench:web [-- --runs N] [-- --json FILE]`: page-speed figures of the public site (docs/product.md §10.3, docs/performance/web.md).
 * Builds when needed, starts the production server on demo content (a temporary data folder, 127.0.0.1, a free port),
 * runs Lighthouse 12 (mobile, simulated throttling: its defaults) in Debian's Chromium on /, /all-projects, a
 * /project/{id} and an /update/{id}, and prints per page: the four category scores, LCP, CLS, TBT, and the bytes
 * transferred (compressed, as sent) for JavaScript, images and the whole page. With --runs N each page is measured
 * N times and the run with the median performance score is reported. Targets (docs/performance/web.md) are checked
 * and printed; the exit code is 0 either way (a measurement, not a gate).
 * Needs /usr/bin/chromium (or CHROME_PATH).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { snapshotApp } from "../scripts/app-snapshot.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
].join(" ");

/** Targets of docs/performance/web.md (bytes are transferred bytes, i.e. compressed). */
export const TARGETS = {
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  lcpMs: 1300,
  homeTotalBytes: 350 * 1024,
  jsBytes: 150 * 1024,
};

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const runs = Math.max(1, Number.parseInt(arg("runs", "1"), 10) || 1);
const jsonOut = arg("json", null);
/** --base URL: measure an already running server instead of building and starting one (for quick checks). */
const externalBase = arg("base", null);
const onlyPage = arg("page", null);

if (!existsSync(chrome)) {
  process.stderr.write(`Chromium not found at ${chrome}: apt-get install -y chromium fonts-noto-core\n`);
  process.exit(1);
}

if (!externalBase) {
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = externalBase
  ? 0
  : await new Promise((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
const base = externalBase ?? `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-web-"));
// The server runs from a private snapshot of build/ and dist/, so a rebuild in the working tree during the
// measurement (another process running the build) cannot swap the assets under the running server.
const snapshot = path.join(dataDir, "app");
if (!externalBase) snapshotApp(root, snapshot);
const server = externalBase
  ? null
  : spawn(process.execPath, [path.join(snapshot, "dist", "src", "server", "main.js")], {
      cwd: snapshot,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dataDir, "data"),
        SEED: "demo",
        PUBLIC_URL: base,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: randomBytes(12).toString("hex"),
      },
    });

const stop = () => {
  if (server && server.exitCode === null) server.kill("SIGTERM");
};
process.on("exit", () => {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("server did not become ready in 120 s");
}

/** Runs Lighthouse on one URL and returns the parsed report; retried twice (NO_NAVSTART happens on a busy machine). */
function lighthouse(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`retrying ${url}\n`);
    }
  }
}

function lighthouseOnce(url) {
  const out = path.join(dataDir, `lh-${randomBytes(4).toString("hex")}.json`);
  const result = spawnSync(
    path.join(root, "node_modules", ".bin", "lighthouse"),
    [
      url,
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chrome } },
  );
  if (result.status !== 0 || !existsSync(out)) throw new Error(`lighthouse failed on ${url}`);
  return JSON.parse(readFileSync(out, "utf8"));
}

/** The figures of one report. */
function figures(report) {
  const audits = report.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  const bytesOf = (type) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const score = (id) => report.categories[id]?.score ?? 0;
  const failing = (id) =>
    report.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => ref.id);
  return {
    url: report.finalDisplayedUrl,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(audits["first-contentful-paint"].numericValue),
    lcpMs: Math.round(audits["largest-contentful-paint"].numericValue),
    cls: Number(audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    tbtMs: Math.round(audits["total-blocking-time"].numericValue),
    siMs: Math.round(audits["speed-index"].numericValue),
    jsBytes: bytesOf("Script"),
    cssBytes: bytesOf("Stylesheet"),
    imageBytes: bytesOf("Image"),
    fontBytes: bytesOf("Font"),
    totalBytes: Math.round(audits["total-byte-weight"].numericValue),
    requests: requests.length,
    lcpElement: audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failing: {
      performance: failing("performance"),
      accessibility: failing("accessibility"),
      bestPractices: failing("best-practices"),
      seo: failing("seo"),
    },
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (score) => String(Math.round(score * 100));

try {
  await waitForServer();
  const projects = await (await fetch(`${base}/api/projects`)).json();
  const updates = await (await fetch(`${base}/api/project-updates`)).json();
  const project = projects.find((p) => p.images.length > 0) ?? projects[0];
  const update = updates[0];
  if (!project || !update) throw new Error("the demo content has no project or update");
  const pages = [
    { name: "home", path: "/" },
    { name: "all-projects", path: "/all-projects" },
    { name: "project", path: `/project/${project.id}` },
    { name: "update", path: `/update/${update.id}` },
  ];
  // Warm the server (first renders, image variants) so the figures are about the page, not a cold start.
  for (const page of pages) await (await fetch(`${base}${page.path}`)).text();

  const results = [];
  for (const page of pages.filter((p) => !onlyPage || p.name === onlyPage)) {
    const measured = [];
    for (let i = 0; i < runs; i++) {
      process.stderr.write(`lighthouse ${page.path} (run ${i + 1}/${runs})…\n`);
      measured.push(figures(lighthouse(`${base}${page.path}`)));
    }
    measured.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
    results.push({ page: page.name, path: page.path, ...measured[Math.floor((measured.length - 1) / 2)] });
  }

  const header = ["page", "perf", "a11y", "bp", "seo", "FCP", "LCP", "CLS", "TBT", "JS", "CSS", "images", "total"];
  const rows = results.map((r) => [
    r.path,
    pct(r.performance),
    pct(r.accessibility),
    pct(r.bestPractices),
    pct(r.seo),
    `${(r.fcpMs / 1000).toFixed(2)} s`,
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    String(r.cls),
    `${r.tbtMs} ms`,
    kb(r.jsBytes),
    kb(r.cssBytes),
    kb(r.imageBytes),
    kb(r.totalBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  process.stdout.write(`\nLighthouse 12 mobile (simulated throttling), ${new Date().toISOString()}\n`);
  process.stdout.write(`${line(header)}\n${rows.map(line).join("\n")}\n\n`);

  const misses = [];
  for (const r of results) {
    if (r.performance < TARGETS.performance) misses.push(`${r.path}: performance ${pct(r.performance)} < 99`);
    if (r.accessibility < TARGETS.accessibility) misses.push(`${r.path}: accessibility ${pct(r.accessibility)}`);
    if (r.bestPractices < TARGETS.bestPractices) misses.push(`${r.path}: best practices ${pct(r.bestPractices)}`);
    if (r.seo < TARGETS.seo) misses.push(`${r.path}: SEO ${pct(r.seo)}`);
    if (r.lcpMs > TARGETS.lcpMs) misses.push(`${r.path}: LCP ${r.lcpMs} ms > 1300 ms`);
    if (r.jsBytes > TARGETS.jsBytes) misses.push(`${r.path}: JS ${kb(r.jsBytes)} > 150 KB`);
    for (const [category, ids] of Object.entries(r.failing)) {
      if (ids.length) process.stdout.write(`${r.path} ${category} audits below 1: ${ids.join(", ")}\n`);
    }
    process.stdout.write(`${r.path} LCP element: ${r.lcpElement ?? "?"}\n`);
  }
  const home = results.find((r) => r.page === "home");
  if (home && home.totalBytes > TARGETS.homeTotalBytes) misses.push(`/: ${kb(home.totalBytes)} > 350 KB transferred`);
  process.stdout.write(misses.length ? `\nTargets missed:\n  ${misses.join("\n  ")}\n` : "\nAll targets met.\n");
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  stop();
}

/**
 * npm run bench:inventory — a 2,000-unit project on PostgreSQL (docs/performance/inventory.md).
 *
 * Needs DATABASE_URL (a PostgreSQL server you may create databases on): creates a throwaway database, migrates it,
 * gives its project a valid advertising licence (visitors see only advertised units; the bench stops when the public
 * answer does not list every unit), generates UNITS units (default 2,000: 4 buildings × 25 floors × 20 units,
 * through POST /api/projects/{id}/units/generate), holds every tenth one, and measures in-process through
 * app.inject, REQUESTS requests each (default 100) after 10 warm-ups:
 *   - GET /api/projects/{id}/inventory (public) and GET /api/projects/{id}/stacking-plan (staff): p50 / p95 in ms;
 *   - live updates: a grid's event stream open on instance 1 (HTTP on 127.0.0.1), a hold made through instance 2 (its
 *     own pool): ms from the hold's request to the `change` event, LIVE rounds (default 20), p50 / p95;
 *   - the staff grid drawn in the browser (bench/inventory-grid.ts): the production build (built when stale) served
 *     on 127.0.0.1 against this same database, the manager signed in in Debian's Chromium (/usr/bin/chromium or
 *     CHROME_PATH, through playwright), /admin/inventory?project={id} at 1280 × 900 opened in a new tab of the
 *     signed-in session; ms from navigation start (performance.now() in the page) to the stacking plan's request and
 *     answer (Resource Timing), to the first unit cell in the DOM and the second animation frame after it (the first
 *     building painted: the grid draws the first building, then the rest), to the 2,000th cell and the second frame
 *     after it (painted: the target's figure), and the ms to draw the last building when scrolled to (off-screen floors
 *     skip style, layout and paint until then). Median of GRID_RUNS runs (default 5) after one warm-up.
 * Targets: inventory p95 ≤ 100 ms; live p95 ≤ 2,000 ms; grid painted (median) ≤ 1,000 ms. Exit code 1 when one is
 * missed. The server is stopped and the database dropped at the end (also on failure).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/connection.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { projects, units, users } from "../src/server/db/schema.ts";
import { loadSiteConfig } from "../src/server/lib/site-config.ts";
import { localStorage } from "../src/server/lib/storage.ts";
import { hashPassword } from "../src/server/modules/auth/service.ts";
import { syncPermissionCatalogue } from "../src/server/modules/permissions/service.ts";
import { measureGrid } from "./inventory-grid.ts";

const REQUESTS = Math.max(10, Number(process.env.REQUESTS ?? 100));
const LIVE = Math.max(5, Number(process.env.LIVE ?? 20));
const TARGET_P95_MS = 100;
const TARGET_LIVE_MS = 2000;
const GRID_RUNS = Math.max(1, Number(process.env.GRID_RUNS ?? 5));
const TARGET_GRID_MS = 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("bench:inventory needs DATABASE_URL=postgres://… (it creates and drops its own database)");
    process.exit(2);
  }
  const name = `bench_inventory_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(databaseUrl);
  parsed.pathname = `/${name}`;
  const dir = await mkdtemp(path.join(tmpdir(), "bench-inventory-"));
  const database = await openDatabase({ databaseUrl: parsed.toString(), poolSize: 10 });
  const peer = await openDatabase({ databaseUrl: parsed.toString(), poolSize: 4 });
  let failed = false;
  try {
    await runMigrations(database);
    await syncPermissionCatalogue(database.db);
    const password = "bench-password-123";
    await database.db
      .insert(users)
      .values({ username: "bench-manager", passwordHash: await hashPassword(password), role: "manager", name: "مدير" });
    const [project] = await database.db
      .insert(projects)
      .values({
        name: "مشروع القياس",
        city: "جدة",
        publishedAt: new Date(),
        // A valid advertising licence: visitors see only advertised units (docs/compliance.md), so without one the
        // public inventory answers no unit at all.
        advertisingLicenseNumber: "7200000001",
        advertisingLicenseExpiresOn: `${new Date().getUTCFullYear() + 1}-12-31`,
      })
      .returning({ id: projects.id });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      MEDIA_DIR: path.join(dir, "media"),
      JOBS_INTERVAL_MS: "0",
      MAINTENANCE_INTERVAL_MINUTES: "0",
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
      LOG_LEVEL: "silent",
    });
    const deps = { config, site: loadSiteConfig(), storage: localStorage(config.mediaDir), logger: false as const };
    const app = await buildApp({ db: database.db, ...deps });
    const other = await buildApp({ db: peer.db, ...deps });
    await app.listen({ host: "127.0.0.1", port: 0 });
    await other.ready();
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "bench-manager", password },
    });
    const authorization = `Bearer ${login.json().token as string}`;

    const generated = await app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/units/generate`,
      headers: { authorization },
      payload: {
        buildings: ["A", "B", "C", "D"],
        floors: 25,
        unitsPerFloor: 20,
        basePrice: 750_000,
        priceStep: { kind: "flat", value: 5_000 },
        apply: true,
      },
    });
    if (generated.statusCode !== 200) throw new Error(`generate: ${generated.statusCode} ${generated.body}`);
    const ids = (
      await database.db.select({ id: units.id }).from(units).where(eq(units.projectId, project.id)).orderBy(units.id)
    ).map((r) => r.id);
    for (const id of ids.filter((_, i) => i % 10 === 0)) {
      await app.inject({ method: "POST", url: `/api/units/${id}/holds`, headers: { authorization }, payload: {} });
    }
    await database.db.execute("analyze");

    const measure = async (url: string, headers: Record<string, string> = {}) => {
      for (let i = 0; i < 10; i += 1) await app.inject({ url, headers });
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const started = performance.now();
        const res = await app.inject({ url, headers });
        times.push(performance.now() - started);
        bytes = res.rawPayload.length;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
    };
    const publicAnswer = await app.inject({ url: `/api/projects/${project.id}/inventory` });
    const listed = (publicAnswer.json() as { buildings: { floors: { units: unknown[] }[] }[] }).buildings
      .flatMap((b) => b.floors)
      .reduce((n, f) => n + f.units.length, 0);
    if (listed !== ids.length) throw new Error(`the public inventory lists ${listed} of ${ids.length} units`);
    const inventory = await measure(`/api/projects/${project.id}/inventory`);
    const plan = await measure(`/api/projects/${project.id}/stacking-plan`, { authorization });

    // Live: the stream on instance 1, each hold through instance 2.
    const ticket = (
      await app.inject({ method: "POST", url: "/api/inventory/stream-ticket", headers: { authorization } })
    ).json().ticket as string;
    const controller = new AbortController();
    const res = await fetch(
      `${base}/api/projects/${project.id}/inventory/events?ticket=${encodeURIComponent(ticket)}`,
      {
        signal: controller.signal,
      },
    );
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const until = async (marker: string, from: number) => {
      while (text.indexOf(marker, from) < 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
    };
    await until("retry:", 0);
    const live: number[] = [];
    const free = ids.filter((_, i) => i % 10 !== 0);
    for (let i = 0; i < LIVE; i += 1) {
      const from = text.length;
      const started = performance.now();
      await other.inject({
        method: "POST",
        url: `/api/units/${free[i]}/holds`,
        headers: { authorization },
        payload: {},
      });
      await until("event: change", from);
      live.push(performance.now() - started);
    }
    controller.abort();
    live.sort((a, b) => a - b);
    const liveP50 = percentile(live, 50);
    const liveP95 = percentile(live, 95);

    await other.close();
    await app.close();

    // The grid in the browser: the production server on this database (the in-process apps are closed first).
    const grid = await measureGrid({
      databaseUrl: parsed.toString(),
      username: "bench-manager",
      password,
      projectId: project.id,
      units: ids.length,
      runs: GRID_RUNS,
    });

    const row = (label: string, p50: number, p95: number, extra = "") =>
      console.log(
        `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms ${extra}`,
      );
    console.log(`units: ${ids.length} (every tenth held), requests per figure: ${REQUESTS}`);
    row("GET /api/projects/{id}/inventory", inventory.p50, inventory.p95, `${(inventory.bytes / 1024).toFixed(0)} KB`);
    row("GET /api/projects/{id}/stacking-plan", plan.p50, plan.p95, `${(plan.bytes / 1024).toFixed(0)} KB`);
    row(`live: hold on instance 2 → event on 1 (${LIVE})`, liveP50, liveP95);
    console.log(
      `${`grid drawn in Chromium (median of ${GRID_RUNS})`.padEnd(44)} plan asked ${grid.planAsked.toFixed(0)} ms   ` +
        `answered ${grid.planAnswer.toFixed(0)} ms   ` +
        `first cell ${grid.firstCell.toFixed(0)} ms   first building painted ${grid.firstPainted.toFixed(0)} ms   ` +
        `cell ${ids.length} ${grid.lastCell.toFixed(0)} ms   painted ${grid.painted.toFixed(0)} ms ` +
        `(target ≤ ${TARGET_GRID_MS} ms; runs: ${grid.all.map((t) => t.toFixed(0)).join(", ")})   ` +
        `last building scrolled to and drawn in ${grid.scrollDraw.toFixed(0)} ms`,
    );
    if (inventory.p95 > TARGET_P95_MS) failed = true;
    if (liveP95 > TARGET_LIVE_MS) failed = true;
    if (grid.painted > TARGET_GRID_MS) failed = true;
    console.log(
      failed
        ? "TARGET MISSED"
        : `targets met (inventory p95 ≤ ${TARGET_P95_MS} ms, live p95 ≤ ${TARGET_LIVE_MS} ms, grid ≤ ${TARGET_GRID_MS} ms)`,
    );
  } finally {
    await peer.close();
    await database.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  process.exit(failed ? 1 : 0);
}

void main();

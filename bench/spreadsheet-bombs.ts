/**
 * npm run bench:bombs — spreadsheet bombs and event-loop responsiveness through the HTTP API.
 *
 * Starts the app in-process on 127.0.0.1 (fresh PGlite in a temp folder), signs in a super_admin, and uploads to
 * POST /api/units/upload: a zip bomb (1 MiB → 1 GiB), the same with lying sizes, a row bomb (800,000 rows), and a
 * legitimate 5000-row .xlsx. For each: the time to the answer (ms), its status, the peak RSS growth (MB), and the
 * slowest GET /api/health answered while the upload ran (ms, polled back to back), and the main thread's longest
 * event-loop stall meanwhile (ms; a health answer cannot be faster: on a loaded machine the stall is the CPU's share).
 * Targets: bombs answered 400 within 1000 ms with < 100 MB growth; /api/health < 100 ms throughout. With
 * DATABASE_URL set the app runs on that PostgreSQL database instead. On the embedded database (one connection) a
 * health check's `select 1` runs inside the import's open transaction, between two of its statements (db/ping.ts);
 * on PostgreSQL it runs on another pooled connection.
 * The inspector worker is warmed first, as the server's start does. With BENCH_BUILT=1 the app and its worker come
 * from the compiled server (dist/, `npm run build` or `npx tsc -p tsconfig.server.json` first). Load shedding is
 * off, so a loaded machine's event-loop delay does not turn the answers into 503s.
 * Exit code 1 when a target is missed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import * as XLSX from "@e965/xlsx";
import { entry, zip, zipBomb } from "../src/server/test-utils/spreadsheet-bombs.ts";
import { benchAdminToken, benchApp, listenOnLoopback } from "./harness.ts";

/** The server modules, from src/ (tsx) or from the compiled dist/ (BENCH_BUILT=1). */
async function serverModules() {
  const root = process.env.BENCH_BUILT === "1" ? "../dist/src/server" : "../src/server";
  const ext = process.env.BENCH_BUILT === "1" ? "js" : "ts";
  const load = (file: string) => import(`${root}/${file}.${ext}`);
  return {
    ...((await load("app")) as typeof import("../src/server/app.ts")),
    ...((await load("config")) as typeof import("../src/server/config.ts")),
    ...((await load("db/connection")) as typeof import("../src/server/db/connection.ts")),
    ...((await load("db/migrate")) as typeof import("../src/server/db/migrate.ts")),
    ...((await load("db/schema")) as typeof import("../src/server/db/schema.ts")),
    ...((await load("lib/site-config")) as typeof import("../src/server/lib/site-config.ts")),
    ...((await load("lib/storage")) as typeof import("../src/server/lib/storage.ts")),
    ...((await load("lib/inspector")) as typeof import("../src/server/lib/inspector.ts")),
    ...((await load("modules/auth/service")) as typeof import("../src/server/modules/auth/service.ts")),
    ...((await load("modules/permissions/service")) as typeof import("../src/server/modules/permissions/service.ts")),
  };
}

/** An .xlsx-shaped zip of one worksheet with `rows` rows of one cell each. */
function rowBomb(rows: number): Buffer {
  const parts = ['<?xml version="1.0"?><worksheet><sheetData>'];
  for (let r = 1; r <= rows; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>1</v></c></row>`);
  parts.push("</sheetData></worksheet>");
  return zip([entry("xl/worksheets/sheet1.xml", Buffer.from(parts.join("")))]);
}

function legitimate(rows: number): Buffer {
  const data: unknown[][] = [["رقم الوحدة", "المبنى", "السعر", "الحالة"]];
  for (let i = 0; i < rows; i++) data.push([String(100 + i), `B${1 + (i % 10)}`, 600_000 + i, "متاحة"]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), "units");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}

async function main() {
  const {
    buildApp,
    loadConfig,
    openDatabase,
    runMigrations,
    users,
    projects,
    loadSiteConfig,
    localStorage,
    warmInspector,
    hashPassword,
    syncPermissionCatalogue,
  } = await serverModules();
  await warmInspector();
  const dir = await mkdtemp(path.join(tmpdir(), "bench-bombs-"));
  // DATABASE_URL: the same cases on PostgreSQL (an empty database: the bench migrates it and leaves its rows).
  const database = await openDatabase({ dataDir: path.join(dir, "pglite"), databaseUrl: process.env.DATABASE_URL });
  await runMigrations(database);
  await syncPermissionCatalogue(database.db);
  const { app } = await benchApp({ buildApp, loadConfig, loadSiteConfig, localStorage }, database.db, dir, {
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  const base = await listenOnLoopback(app);
  const token = await benchAdminToken(base, database.db, { users, hashPassword });

  // The legitimate file goes to a project's import, so it is parsed and stored (200), not refused for a missing
  // project column.
  const [project] = await database.db
    .insert(projects)
    .values({ name: "مشروع القياس", city: "جدة", price: 1 })
    .returning({ id: projects.id });
  const cases = [
    { name: "zip bomb 1 MiB → 1 GiB", file: zipBomb(1024), bomb: true },
    { name: "zip bomb, sizes lie", file: zipBomb(1024, 1024), bomb: true },
    { name: "row bomb 800,000 rows", file: rowBomb(800_000), bomb: true },
    {
      name: "5000 rows (legitimate)",
      file: legitimate(5000),
      bomb: false,
      url: `/api/projects/${project.id}/units/upload`,
    },
  ];
  const results = [];
  let failed = false;
  for (const c of cases) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(c.file)]), "units.xlsx");
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    // The main thread's longest stall while the upload runs: a health answer cannot be faster than it.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    let uploading = true;
    let slowestHealth = 0;
    const poll = (async () => {
      while (uploading) {
        const started = performance.now();
        await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
      }
    })();
    const started = performance.now();
    const res = await fetch(`${base}${c.url ?? "/api/units/upload"}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    uploading = false;
    await poll;
    loopDelay.disable();
    clearInterval(sampler);
    const growth = (peak - rssBefore) / 1024 / 1024;
    const ok = c.bomb ? res.status === 400 && ms < 1000 && growth < 100 : res.status === 200 && slowestHealth < 100;
    if (!ok || slowestHealth >= 100) failed = true;
    results.push({
      case: c.name,
      "file KB": Math.round(c.file.length / 1024),
      status: res.status,
      ms: Math.round(ms),
      "RSS growth MB": Math.round(growth),
      "slowest /api/health ms": Math.round(slowestHealth),
      "longest event-loop stall ms": Math.round(loopDelay.max / 1e6),
    });
  }
  console.log(
    `${process.env.BENCH_BUILT === "1" ? "built server" : "tsx"}, ${database.kind}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  console.table(results);
  await app.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

await main();

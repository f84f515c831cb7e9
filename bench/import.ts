/**
 * npm run bench:import — times the bulk unit import end to end through the HTTP API (docs/performance/units-import.md).
 *
 * Starts the app in-process (buildApp, no pages) listening on 127.0.0.1, on a fresh PGlite database in a temp
 * folder, or on a throwaway database of the PostgreSQL server in DATABASE_URL when it is set. Generates
 * spreadsheets in memory — 500 valid rows (.xlsx), 5000 valid rows (.xlsx and .csv) and 5000 rows of which 10 %
 * are invalid or duplicates (.xlsx) — and uploads each with fetch + FormData to
 * POST /api/projects/{id}/units/upload (a fresh project per file), measuring:
 *   - time: from sending the request to the parsed JSON answer (ms), median of RUNS runs;
 *   - memory growth: peak RSS during the upload minus RSS before it (MB), and heap growth (MB).
 * Targets: 5000 rows < 3000 ms, memory growth < 200 MB. Exit code 1 when a target is missed.
 * Options: RUNS (default 3), BENCH_JSON=1 prints JSON instead of the table.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import { TEMPLATE_COLUMNS } from "../src/domain/unit-import.ts";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/connection.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { projects, users } from "../src/server/db/schema.ts";
import { loadSiteConfig } from "../src/server/lib/site-config.ts";
import { localStorage } from "../src/server/lib/storage.ts";
import { hashPassword } from "../src/server/modules/auth/service.ts";
import { syncPermissionCatalogue } from "../src/server/modules/permissions/service.ts";
import { benchAdminToken, benchApp, listenOnLoopback, throwawayPostgres } from "./harness.ts";

const TARGET_MS = 3000;
const TARGET_MB = 200;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
/** The template's Arabic headers (src/domain/unit-import.ts) without the project and unit-type columns. */
const HEADERS = TEMPLATE_COLUMNS.slice(1, 10).map((c) => c.arabic);
const STATUSES = ["متاحة", "محجوزة", "مباعة"];
const DIRECTIONS = ["شمال", "جنوب", "شرق", "غرب", "شمال شرق", "شمال غرب، شرق", "جنوب شرق", "جنوب غرب"];

function rows(count: number, invalidShare = 0): unknown[][] {
  const out: unknown[][] = [HEADERS];
  for (let i = 0; i < count; i++) {
    const row: unknown[] = [
      String(100 + i),
      `B${1 + (i % 10)}`,
      600_000 + (i % 400) * 1_250,
      STATUSES[i % 3],
      1 + (i % 6),
      i % 30,
      DIRECTIONS[i % 8],
      (80 + (i % 90) + 0.25).toFixed(2),
      (100 + (i % 90) + 0.5).toFixed(2),
    ];
    if (invalidShare > 0 && i % Math.round(1 / invalidShare) === 0) {
      // Half of the bad rows break a rule (rooms 11), half repeat an earlier unit of the same building.
      if ((i / Math.round(1 / invalidShare)) % 2 === 0) row[4] = 11;
      else {
        row[0] = String(100 + i - 1);
        row[1] = `B${1 + ((i - 1) % 10)}`;
      }
    }
    out.push(row);
  }
  return out;
}

function workbook(data: unknown[][], type: "xlsx" | "csv"): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(data);
  if (type === "csv") return Buffer.from(`\uFEFF${XLSX.utils.sheet_to_csv(sheet)}`, "utf8");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "units");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  const throwaway = databaseUrl ? await throwawayPostgres(databaseUrl, "bench_import") : undefined;
  const database = await openDatabase(
    throwaway ? { databaseUrl: throwaway.url } : { dataDir: path.join(dir, "pglite") },
  );
  await runMigrations(database);
  await syncPermissionCatalogue(database.db);
  const { app } = await benchApp({ buildApp, loadConfig, loadSiteConfig, localStorage }, database.db, dir);
  const base = await listenOnLoopback(app);
  const token = await benchAdminToken(base, database.db, { users, hashPassword });

  const cases = [
    { name: "500 valid (.xlsx)", file: workbook(rows(500), "xlsx"), ext: "xlsx", expectInserted: 500 },
    { name: "5000 valid (.xlsx)", file: workbook(rows(5000), "xlsx"), ext: "xlsx", expectInserted: 5000 },
    { name: "5000 valid (.csv)", file: workbook(rows(5000), "csv"), ext: "csv", expectInserted: 5000 },
    { name: "5000, 10% bad (.xlsx)", file: workbook(rows(5000, 0.1), "xlsx"), ext: "xlsx", expectInserted: 4500 },
  ];

  const results: {
    case: string;
    bytes: number;
    ms: number;
    inserted: number;
    skipped: number;
    rssGrowthMb: number;
    heapGrowthMb: number;
  }[] = [];
  let project = 0;
  const newProject = async () => {
    project += 1;
    const [row] = await database.db
      .insert(projects)
      .values({ name: `مشروع القياس ${project}`, city: "جدة", price: 1 })
      .returning({ id: projects.id });
    return row.id;
  };
  const uploadOnce = async (file: Buffer, ext: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file)]), `units.${ext}`);
    const id = await newProject();
    global.gc?.();
    const before = process.memoryUsage();
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const res = await fetch(`${base}/api/projects/${id}/units/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { insertedCount: number; skippedCount: number };
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = process.memoryUsage();
    peak = Math.max(peak, after.rss);
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms, body, rssGrowth: mb(peak - before.rss), heapGrowth: mb(after.heapUsed - before.heapUsed) };
  };
  // One warm-up import so JIT and first-query costs do not count against the first case.
  await uploadOnce(workbook(rows(50), "xlsx"), "xlsx");

  for (const c of cases) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await uploadOnce(c.file, c.ext));
    if (runs[0].body.insertedCount !== c.expectInserted) {
      throw new Error(`${c.name}: inserted ${runs[0].body.insertedCount}, expected ${c.expectInserted}`);
    }
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)];
    results.push({
      case: c.name,
      bytes: c.file.length,
      ms: Math.round(median.ms),
      inserted: median.body.insertedCount,
      skipped: median.body.skippedCount,
      rssGrowthMb: Math.round(Math.max(...runs.map((r) => r.rssGrowth)) * 10) / 10,
      heapGrowthMb: Math.round(Math.max(...runs.map((r) => r.heapGrowth)) * 10) / 10,
    });
  }

  await app.close();
  await database.close();
  await throwaway?.drop();
  await rm(dir, { recursive: true, force: true });

  const engine = databaseUrl ? "PostgreSQL" : "PGlite";
  if (process.env.BENCH_JSON) {
    process.stdout.write(`${JSON.stringify({ engine, runs: RUNS, results }, null, 2)}\n`);
  } else {
    process.stdout.write(
      `\nUnit import through HTTP on ${engine} (median of ${RUNS} runs, Node ${process.version})\n\n`,
    );
    process.stdout.write(
      "| case | file | time (ms) | inserted | skipped | peak RSS growth (MB) | heap growth (MB) |\n",
    );
    process.stdout.write("|---|---|---|---|---|---|---|\n");
    for (const r of results) {
      process.stdout.write(
        `| ${r.case} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.ms} | ${r.inserted} | ${r.skipped} | ${r.rssGrowthMb} | ${r.heapGrowthMb} |\n`,
      );
    }
  }
  const missed = results.filter((r) => (r.case.startsWith("5000") && r.ms > TARGET_MS) || r.rssGrowthMb > TARGET_MB);
  if (missed.length) {
    process.stderr.write(
      `\nTarget missed (5000 rows < ${TARGET_MS} ms, growth < ${TARGET_MB} MB): ${missed.map((m) => m.case).join(", ")}\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`\nTargets met: 5000 rows < ${TARGET_MS} ms, memory growth < ${TARGET_MB} MB.\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * Start-up with several instances (start.ts, db/startup-lock.ts) and start-up failures.
 *
 * - PostgreSQL run (DATABASE_URL set): three instances, each with its own pool, start at once on one empty
 *   database (migrations, permission catalogue, first super_admin under the advisory lock; SEED=none, see configFor);
 *   all three serve readiness and sign-in, and the start-up work happened once (one super_admin, one first start,
 *   the permission catalogue without duplicates).
 * - PGlite run: the PGlite variant of "many instances" — three start-ups at once on one data folder: exactly one
 *   serves, the other two refuse with the data-folder message (PGlite has no multi-process access; the lock file
 *   makes that a clear refusal, not lost writes).
 * - Both: a database that cannot be reached fails the start with one line that carries the driver's own reason.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "./config.ts";
import { loadSiteConfig } from "./lib/site-config.ts";
import { type RunningInstance, StartupError, startInstance } from "./start.ts";
import { withDatabase } from "./test-utils/global-setup.ts";

const databaseUrl = inject("databaseUrl");
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "start-test-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function emptyDatabase(): Promise<string> {
  const name = `api_test_start_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(databaseUrl, name);
}

function configFor(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "first-admin-password-1",
    // The demo seed takes ~40 s (image generation); it runs in the same locked callback as the first super_admin,
    // whose single creation this test checks.
    SEED: "none",
    WEBHOOK_WORKER_INTERVAL_MS: "0",
    DB_POOL_SIZE: "3",
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
    SHUTDOWN_DRAIN_MS: "0",
    ...env,
  });
}

// One of the two describes below runs: PostgreSQL's when DATABASE_URL is set, PGlite's otherwise (no skipped tests).
const multiInstance = databaseUrl ? describe : () => {};
const pgliteOnly = databaseUrl ? () => {} : describe;

multiInstance("three instances on one empty PostgreSQL database", () => {
  it("all three start at once and serve; the start-up work ran once", async () => {
    const url = await emptyDatabase();
    const dataDir = await tempDir();
    const site = loadSiteConfig();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        startInstance({ config: configFor(dataDir, { DATABASE_URL: url }), site, pgliteDir: "", logger: false }),
      ),
    );
    const instances = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    for (const instance of instances) cleanups.push(() => instance.close());
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([]);
    expect(instances.filter((i) => i.report.firstStart)).toHaveLength(1);

    for (const instance of instances) {
      const ready = await fetch(`${instance.address}/api/health/ready`);
      expect(ready.status).toBe(200);
      const login = await fetch(`${instance.address}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "first-admin-password-1" }),
      });
      expect(login.status).toBe(200);
      const projects = await fetch(`${instance.address}/api/projects`);
      expect(projects.status).toBe(200);
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const admins = await check.query("select count(*)::int as n from users where role = 'super_admin'");
    const permissions = await check.query("select count(*)::int as n, count(distinct key)::int as d from permissions");
    const migrations = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await check.end();
    expect(admins.rows[0].n).toBe(1);
    expect(permissions.rows[0].n).toBeGreaterThan(0);
    expect(permissions.rows[0].n).toBe(permissions.rows[0].d);
    expect(migrations.rows[0].n).toBeGreaterThan(0);
  });

  it("a database that does not exist fails the start with PostgreSQL's own reason", async () => {
    const missing = withDatabase(databaseUrl, "no_such_database_here");
    const error = await startInstance({
      config: configFor(await tempDir(), { DATABASE_URL: missing }),
      site: loadSiteConfig(),
      pgliteDir: "",
      logger: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(/database "no_such_database_here" does not exist/);
  });
});

pgliteOnly("three start-ups at once on one PGlite data folder", () => {
  it("one serves; the others refuse with the data-folder message", async () => {
    const dataDir = await tempDir();
    const site = loadSiteConfig();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        startInstance({ config: configFor(dataDir), site, pgliteDir: path.join(dataDir, "pglite"), logger: false }),
      ),
    );
    const instances = results.flatMap((r) => (r.status === "fulfilled" ? [r.value as RunningInstance] : []));
    for (const instance of instances) cleanups.push(() => instance.close());
    expect(instances).toHaveLength(1);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(reasons).toHaveLength(2);
    for (const reason of reasons) expect(reason).toMatch(/is in use by another running process/);
    const ready = await fetch(`${instances[0].address}/api/health/ready`);
    expect(ready.status).toBe(200);
  }, 120_000);
});

describe("a failed start", () => {
  it("prints one line with the connection's own reason and exits 1", async () => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: "postgres://someone:secret-pw@127.0.0.1:1/nowhere",
        PORT: "0",
        DATA_DIR: await tempDir(),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot open the PostgreSQL database postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/,
    );
    expect(lines[0]).not.toContain("secret-pw");
  }, 30_000);
});

/**
 * Backup and restore (db/backup.ts): a backup restored into an empty data folder (PGlite) or an empty database
 * (PostgreSQL run) finds every project, lead and image; a non-empty target is refused.
 * The PGlite case runs in both runs (it needs no server); the PostgreSQL case only when DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type AppConfig, loadConfig } from "../config.ts";
import { localStorage } from "../lib/storage.ts";
import { withDatabase } from "../test-utils/global-setup.ts";
import { insertLeads } from "../test-utils/leads.ts";
import { createBackup, pgliteDir, restoreBackup } from "./backup.ts";
import { type Database, openDatabase } from "./connection.ts";
import { runMigrations } from "./migrate.ts";
import { contactMessages, projects } from "./schema.ts";

const databaseUrl = inject("databaseUrl");
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "backup-test-"));
  dirs.push(dir);
  return dir;
}

const IMAGES = ["images/aaaaaaaaaaaaaaaa.webp", "images/bbbbbbbbbbbbbbbb.webp", "videos/cccccccccccccccc.mp4"];

/** Fills a database and a media folder with two projects, three leads and three files. */
async function fill(database: Database, mediaDir: string) {
  await runMigrations(database);
  const rows = await database.db
    .insert(projects)
    .values([
      { name: "مشروع الشاطئ", city: "جدة" },
      { name: "مشروع الروضة", city: "جدة" },
    ])
    .returning({ id: projects.id });
  await insertLeads(database.db, [
    { name: "عميل 1", phone: "+966500000001", projectId: rows[0].id },
    { name: "عميل 2", phone: "+966500000002", projectId: rows[1].id },
    { name: "عميل 3", email: "c3@example.com" },
  ]);
  const storage = localStorage(mediaDir);
  for (const key of IMAGES) await storage.put(key, Buffer.from(`bytes of ${key}`));
}

/** Checks every project, lead and file is there. */
async function expectRestored(database: Database, mediaDir: string) {
  const names = await database.db.select({ name: projects.name }).from(projects);
  expect(names.map((p) => p.name).sort()).toEqual(["مشروع الروضة", "مشروع الشاطئ"]);
  const leads = await database.db.select({ name: contactMessages.name }).from(contactMessages);
  expect(leads.map((l) => l.name).sort()).toEqual(["عميل 1", "عميل 2", "عميل 3"]);
  for (const key of IMAGES) expect(await readFile(path.join(mediaDir, key), "utf8")).toBe(`bytes of ${key}`);
}

/** Restores `backup` into `target`, then checks through `open` that every project, lead and file is there. */
async function restoreAndCheck(target: AppConfig, backup: string, open: () => Promise<Database>) {
  await restoreBackup(target, backup);
  const restored = await open();
  try {
    await expectRestored(restored, target.mediaDir);
  } finally {
    await restored.close();
  }
}

describe("PGlite backup", () => {
  it("restores into an empty data folder with every project, lead and image", async () => {
    const source = loadConfig({ DATA_DIR: await tempDir() });
    const database = await openDatabase({ dataDir: pgliteDir(source) });
    await fill(database, source.mediaDir);
    await database.close();

    const backup = path.join(await tempDir(), "backup");
    expect((await createBackup(source, backup)).kind).toBe("pglite");

    const target = loadConfig({ DATA_DIR: await tempDir() });
    await restoreAndCheck(target, backup, () => openDatabase({ dataDir: pgliteDir(target) }));
    // A second restore over the now-filled folder is refused.
    await expect(restoreBackup(target, backup)).rejects.toThrow(/not empty/);
  }, 120_000);
});

const postgresOnly = databaseUrl ? describe : () => {};

postgresOnly("PostgreSQL backup", () => {
  async function freshDatabase() {
    const name = `api_test_backup_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return withDatabase(databaseUrl, name);
  }

  it("pg_dump / pg_restore into an empty database with every project, lead and image", async () => {
    const source = loadConfig({ DATA_DIR: await tempDir(), DATABASE_URL: await freshDatabase() });
    const database = await openDatabase({ databaseUrl: source.databaseUrl });
    await fill(database, source.mediaDir);
    await database.close();

    const backup = path.join(await tempDir(), "backup");
    expect((await createBackup(source, backup)).kind).toBe("postgres");

    const target = loadConfig({ DATA_DIR: await tempDir(), DATABASE_URL: await freshDatabase() });
    await restoreAndCheck(target, backup, () => openDatabase({ databaseUrl: target.databaseUrl }));
    await expect(restoreBackup(target, backup)).rejects.toThrow(/not empty/);
  }, 120_000);
});

/**
 * Helpers of the migration tests (src/server/db/*-migration.test.ts, src/server/db/upgrade.test.ts): a database of its
 * own, migrated to a previous version and filled with that version's rows, then upgraded to the head as a start-up
 * does (`databaseAt`). PGlite in memory, or a new database on the PostgreSQL server when DATABASE_URL is set, so a
 * migration test never touches another test's database.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/connection.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "../db/migrate.ts";
import { withDatabase } from "./global-setup.ts";

/** A copy of the migrations folder that ends at `lastTag` (a folder of its own; remove it when done). */
export async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/** An empty database of its own (PostgreSQL when the suite runs on it, else in-memory PGlite). */
export async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const databaseUrl = inject("databaseUrl");
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, drop: () => database.close() };
  }
  const name = `migration_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 2 });
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Applies the migrations of `folder` (made by migrationsUpTo) to `database`. */
export async function migrateWith(database: Database, folder: string): Promise<void> {
  const config = { migrationsFolder: folder };
  if (database.kind === "postgres") {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], config);
  } else {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], config);
  }
}

/** The rows of a query. */
export async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs statements separated by ";\n" one by one. */
export async function runStatements(database: Database, statements: string): Promise<void> {
  for (const statement of statements.split(";\n")) await database.db.execute(sql.raw(statement));
}

/** A database at a previous version: `upgrade()` applies every later migration, `close()` drops it. */
export interface PreviousVersion {
  database: Database;
  /** Applies every migration after the previous version (runMigrations, as a start-up does). */
  upgrade(): Promise<void>;
  /** Drops the database and the copy of the migrations folder. */
  close(): Promise<void>;
}

/**
 * A database of its own migrated up to `lastTag` (a tag of drizzle/meta/_journal.json) and filled by `seed`
 * (statements of that version separated by ";\n"; see runStatements). Errors: `no migration <tag>` for an unknown tag;
 * a seed statement the version refuses rejects with the database's error.
 */
export async function databaseAt(lastTag: string, seed: string): Promise<PreviousVersion> {
  const { database, drop } = await emptyDatabase();
  const folder = await migrationsUpTo(lastTag);
  await migrateWith(database, folder);
  await runStatements(database, seed);
  return {
    database,
    upgrade: () => runMigrations(database),
    async close() {
      await drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

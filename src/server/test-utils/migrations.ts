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
import { afterAll, beforeAll, inject } from "vitest";
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
  const close = async () => {
    await drop();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await migrateWith(database, folder);
    await runStatements(database, seed);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, upgrade: () => runMigrations(database), close };
}

/** Every row of every table of the public schema, by table name (values as the driver answers them). */
export async function tableRows(database: Database): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await rows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of tables) all[name] = await rows(database, sql`select * from ${sql.identifier(name)}`);
  return all;
}

/**
 * The rows of `before` (tableRows of the previous version) that `after` (tableRows of the upgraded database) no longer
 * holds as they were: a row is kept when a row of its table after the upgrade has the same values in every column the
 * table still has (columns a migration dropped or added are not compared; a dropped table loses every row). Answers
 * table → the lost rows' `id` (the whole row for a table without an `id`), only for tables that lost rows.
 */
export function lostRows(
  before: Record<string, Record<string, unknown>[]>,
  after: Record<string, Record<string, unknown>[]>,
): Record<string, unknown[]> {
  const lost: Record<string, unknown[]> = {};
  for (const [table, previousRows] of Object.entries(before)) {
    const previousColumns = Object.keys(previousRows[0] ?? {});
    const columns = Object.keys(after[table]?.[0] ?? {})
      .filter((c) => previousColumns.includes(c))
      .sort();
    const shape = (row: Record<string, unknown>) => JSON.stringify(columns.map((c) => [c, row[c]]));
    const left = new Map<string, number>();
    for (const row of after[table] ?? []) left.set(shape(row), (left.get(shape(row)) ?? 0) + 1);
    for (const row of previousRows) {
      const count = left.get(shape(row)) ?? 0;
      if (count > 0) left.set(shape(row), count - 1);
      else lost[table] = [...(lost[table] ?? []), "id" in row ? row.id : row];
    }
  }
  return lost;
}

/**
 * Registers the hooks of a migration suite: before its tests, a database at `lastTag` filled by `seed` (databaseAt)
 * and upgraded to the head; after them, dropped. Read `.database` inside the tests.
 */
export function upgradedInSuite(lastTag: string, seed: string): { readonly database: Database } {
  let previous: PreviousVersion | undefined;
  beforeAll(async () => {
    previous = await databaseAt(lastTag, seed);
    await previous.upgrade();
  }, 120_000);
  afterAll(() => previous?.close());
  return {
    get database() {
      if (!previous) throw new Error("the upgraded database is made before the suite's tests");
      return previous.database;
    },
  };
}

/** A seed statement inserting staff (`[id, username, role, name]` each) as every version since 0000_initial accepts. */
export function staffRows(...staff: [id: string, username: string, role: string, name: string][]): string {
  const values = staff.map(([id, username, role, name]) => `('${id}', '${username}', 'x', '${role}', '${name}')`);
  return `insert into users (id, username, password_hash, role, name) values ${values.join(", ")}`;
}

/** Seed statements of project 7 (جدة) with its unit 70 (A1, محجوزة), as every version since 0000_initial accepts. */
export const PROJECT_WITH_UNIT = `insert into projects (id, name, description, price, city) values (7, 'مشروع', '', 1000000, 'جدة');
  insert into units (id, project_id, unit_number, building, price, status) values (70, 7, 'A1', 'A', 900000, 'محجوزة')`;

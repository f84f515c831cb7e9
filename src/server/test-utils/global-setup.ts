/**
 * Vitest global setup for the API project: prepares one migrated database with the permission catalogue,
 * which every test file then copies, so each file starts on a fresh database in well under a second.
 * - PGlite (default): a data-folder dump written to a temp file; its path is provided as "pgliteTemplate".
 * - PostgreSQL (DATABASE_URL set): a template database `api_test_template`; files clone it with CREATE DATABASE … TEMPLATE.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { schema } from "../db/all-tables.ts";
import type { Db } from "../db/connection.ts";
import { openDatabase, PGLITE_EXTENSIONS } from "../db/connection.ts";
import { runMigrations } from "../db/migrate.ts";
import { syncPermissionCatalogue } from "../modules/permissions/service.ts";

export const TEMPLATE_DATABASE = "api_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  project.provide("databaseUrl", databaseUrl);
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const stale = await admin.query("select datname from pg_database where datname like 'api_test_%'");
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, TEMPLATE_DATABASE), poolSize: 1 });
    await runMigrations(database);
    await syncPermissionCatalogue(database.db);
    await database.close();
    project.provide("pgliteTemplate", "");
    return async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const rows = await client.query("select datname from pg_database where datname like 'api_test_%'");
      for (const row of rows.rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
      await client.end();
    };
  }

  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const database = { db: drizzle(client, { schema, casing: "snake_case" }) as unknown as Db, kind: "pglite" as const };
  await runMigrations({ ...database, close: async () => {} });
  await syncPermissionCatalogue(database.db);
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = await mkdtemp(path.join(tmpdir(), "api-test-template-"));
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Backup and restore of the database and the media folder (docs/operations.md "Backup and restore").
 *
 * A backup is a folder: `manifest.json` ({ format: 1, kind: "pglite" | "postgres", createdAt }), the database
 * (`database.tar.gz`: PGlite's dumpDataDir of the data folder; `database.dump`: pg_dump's custom format) and
 * `media/` (a copy of MEDIA_DIR).
 * - PGlite: the server must be stopped (the data-folder lock refuses a running one: DataDirLockedError).
 * - PostgreSQL: pg_dump / pg_restore (the server may run; the newest Debian binaries or those on PATH).
 * `restoreBackup` refuses a non-empty target (PGlite data folder, PostgreSQL database with tables, media folder):
 * restore into a fresh place, then point the server at it.
 * Errors: Error with a readable message (missing tools, non-empty target, unreadable backup).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { AppConfig } from "../config.ts";
import { openDatabase } from "./connection.ts";

export interface BackupManifest {
  format: 1;
  kind: "pglite" | "postgres";
  createdAt: string;
}

type Where = Pick<AppConfig, "databaseUrl" | "dataDir" | "mediaDir">;

/** The PGlite data folder of a configuration (as main.ts opens it). */
export const pgliteDir = (config: Pick<AppConfig, "dataDir">) => path.join(config.dataDir, "pglite");

/** A PostgreSQL client tool (pg_dump, pg_restore): Debian's newest server binaries, else PATH. */
export function postgresTool(name: string): string {
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
      const tool = path.join(base, version, "bin", name);
      if (existsSync(tool)) return tool;
    }
  }
  return name;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/** Writes a backup of `config`'s database and media into `target` (created; must be empty). Output: its manifest. */
export async function createBackup(config: Where, target: string): Promise<BackupManifest> {
  if (!(await isEmptyDir(target))) throw new Error(`The backup folder ${target} is not empty`);
  await mkdir(target, { recursive: true });
  const manifest: BackupManifest = {
    format: 1,
    kind: config.databaseUrl ? "postgres" : "pglite",
    createdAt: new Date().toISOString(),
  };
  if (config.databaseUrl) {
    execFileSync(postgresTool("pg_dump"), [
      "--format=custom",
      "--no-owner",
      "--file",
      path.join(target, "database.dump"),
      config.databaseUrl,
    ]);
  } else {
    const database = await openDatabase({ dataDir: pgliteDir(config) });
    try {
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error("This database cannot be dumped");
      await writeFile(path.join(target, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  if (existsSync(config.mediaDir)) await cp(config.mediaDir, path.join(target, "media"), { recursive: true });
  else await mkdir(path.join(target, "media"));
  await writeFile(path.join(target, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `source` into `config`'s (empty) database and media folder. Output: its manifest. */
export async function restoreBackup(config: Where, source: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(source, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  const expected = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.kind !== expected) {
    throw new Error(`The backup holds a ${manifest.kind} database; this configuration uses ${expected}`);
  }
  if (!(await isEmptyDir(config.mediaDir))) throw new Error(`The media folder ${config.mediaDir} is not empty`);

  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      if (tables.rows[0].n > 0) throw new Error("The target PostgreSQL database is not empty");
    } finally {
      await client.end();
    }
    execFileSync(postgresTool("pg_restore"), [
      "--no-owner",
      "--exit-on-error",
      "--dbname",
      config.databaseUrl,
      path.join(source, "database.dump"),
    ]);
  } else {
    const dir = pgliteDir(config);
    if (!(await isEmptyDir(dir))) throw new Error(`The data folder ${dir} is not empty`);
    await mkdir(dir, { recursive: true });
    const dump = await readFile(path.join(source, "database.tar.gz"));
    const client = new PGlite(path.resolve(dir), { loadDataDir: new Blob([dump]) });
    await client.waitReady;
    await client.close();
    // The dump was taken holding the data-folder lock (connection.ts); its copy is not a running process's.
    await rm(path.join(dir, ".lock"), { recursive: true, force: true });
  }
  await cp(path.join(source, "media"), config.mediaDir, { recursive: true });
  return manifest;
}

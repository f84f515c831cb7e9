/**
 * Opens the database: PGlite (PostgreSQL in WASM) in a data folder by default, or node-postgres when a
 * DATABASE_URL is given. Both return the same Drizzle type, so services never know which one runs.
 * Takes its settings as parameters (no environment read at import time).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import lockfile from "proper-lockfile";
import { schema } from "./all-tables.ts";
import { EmbeddedPostgres, registerPing } from "./ping.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a transaction callback receives; services accept `Db | Tx` where they can run in either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * One connection of its own, held until `release()` (PostgreSQL: a pooled client; PGlite: its only connection):
   * for session-level advisory locks (db/startup-lock.ts). Absent on hand-made Database objects in tests.
   */
  dedicatedConnection?(): Promise<{ query(text: string): Promise<unknown>; release(): void }>;
  /** PGlite only: the whole data folder as a gzipped tarball (db/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… — when set, a real PostgreSQL server is used. */
  databaseUrl?: string;
  /** PGlite data folder; "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** A PGlite data dump (from `dumpDataDir`) to start from: makes fresh test databases fast. */
  loadDataDir?: Blob | File;
  /** Pool size for node-postgres. */
  poolSize?: number;
}

/** Thrown when another running process holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data folder ${dir} is in use by another running process. PGlite has no lock of its own, and two processes ` +
        "on one folder silently lose writes. Stop the other process, or set DATA_DIR to another folder.",
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Opens the database described by `options`.
 * Errors: DataDirLockedError when a PGlite data folder is held by another process; connection errors from pg.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client error (server restart) must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    try {
      await pool.query("select 1");
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
      async dedicatedConnection() {
        const client = await pool.connect();
        return { query: (text: string) => client.query(text), release: () => client.release() };
      },
    };
  }

  const dataDir = options.dataDir ?? "memory://";
  let release: (() => Promise<void>) | undefined;
  if (!dataDir.startsWith("memory://")) {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    try {
      release = await lockfile.lock(absolute, {
        lockfilePath: path.join(absolute, ".lock"),
        stale: 15_000,
        update: 5_000,
      });
    } catch (error) {
      if ((error as { code?: string }).code === "ELOCKED") throw new DataDirLockedError(absolute);
      throw error;
    }
  }
  const client = new EmbeddedPostgres(dataDir.startsWith("memory://") ? "memory://" : path.resolve(dataDir), {
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  // Health checks answer during a write transaction instead of queueing behind it (db/ping.ts).
  registerPing(db, () => client.ping());
  return {
    db,
    kind: "pglite",
    async dedicatedConnection() {
      return { query: (text: string) => client.query(text), release() {} };
    },
    dumpDataDir: () => client.dumpDataDir("gzip"),
    async close() {
      await client.close();
      await release?.();
    },
  };
}

/**
 * The PostgreSQL extensions the migrations create (pg_trgm: trigram indexes for search, drizzle/0004_search_key.sql).
 * PGlite loads an extension only when it is listed here, for every database it opens, dumps included.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Start-up of one instance, shared by main.ts and the multi-instance tests:
 * open the database (DB_POOL_SIZE connections) → under the start-up advisory lock (db/startup-lock.ts): migrations,
 * the permission catalogue, the first super_admin and the demo seed → sweep unfinished uploads → build the app (on
 * the movable test clock with TEST_CLOCK=1) with the maintenance job → listen. Several instances started at once on
 * one PostgreSQL database all come up.
 *
 * Output: the running instance; `close()` marks it as shutting down (readiness 503, `Connection: close`), keeps
 * serving until the requests already sent are answered (at most SHUTDOWN_DRAIN_MS), closes the server (in-flight requests finish, kept-alive sockets are closed) and the
 * database.
 * Errors: StartupError with one readable line naming the database's own reason (wrong password, database does not
 * exist, connection refused…), or the error of a later step.
 */
import { constants } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { AffordabilityRules } from "#domain/affordability-rules.ts";
import type { ComplianceRules } from "#domain/compliance-rules.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { buildApp } from "./app.ts";
import type { AppConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/connection.ts";
import { runMigrations } from "./db/migrate.ts";
import { type PrepareReport, prepareDatabase } from "./db/seed.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { movableClock } from "./jobs/clock.ts";
import { warmInspector } from "./lib/inspector.ts";
import { openStorage } from "./lib/open-storage.ts";
import { localStorage, type Storage } from "./lib/storage.ts";
import { maintenancePlugin } from "./modules/maintenance/plugin.ts";
import type { PagesOptions } from "./pages/plugin.ts";

export interface StartOptions {
  config: AppConfig;
  site: SiteConfig;
  /** The affordability rules (config/affordability.json); default: read by buildApp. */
  affordability?: AffordabilityRules;
  /** The advertising-compliance rules (config/compliance.json); default: read by buildApp. */
  compliance?: ComplianceRules;
  /** PGlite data folder when no DATABASE_URL (default: DATA_DIR/pglite). */
  pgliteDir: string;
  pages?: PagesOptions;
  logger?: boolean | { level: string };
  /** The media storage; default: the S3 bucket when configured, else the local folder MEDIA_DIR. */
  storage?: Storage;
}

export interface RunningInstance {
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  report: PrepareReport;
  /** Removed unfinished uploads. */
  sweptUploads: number;
  /** http://host:port the server listens on. */
  address: string;
  close(): Promise<void>;
}

/** A start-up failure explained in one line (no stack): what could not be opened and the database's own reason. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartupError";
  }
}

/** The reason of a connection error: pg's message, or the first of an AggregateError (refused on IPv4 and IPv6). */
export function databaseReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return databaseReason(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** The database URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid DATABASE_URL)";
  }
}

/** A local media folder whose readiness probe is "the folder is readable and writable". */
function localMediaStorage(dir: string): Storage {
  return Object.assign(localStorage(dir), { check: () => access(dir, constants.R_OK | constants.W_OK) });
}

export async function startInstance(options: StartOptions): Promise<RunningInstance> {
  const { config } = options;
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.pgliteDir,
      poolSize: config.dbPoolSize,
    });
  } catch (error) {
    if (!config.databaseUrl) throw error;
    throw new StartupError(
      `Cannot open the PostgreSQL database ${redactedUrl(config.databaseUrl)}: ${databaseReason(error)}`,
      { cause: error },
    );
  }
  try {
    // The S3 bucket when S3_BUCKET is set, else the local media folder (created now so readiness can check it).
    if (!options.storage && !config.s3) await mkdir(config.mediaDir, { recursive: true });
    const storage = options.storage ?? (config.s3 ? await openStorage(config) : localMediaStorage(config.mediaDir));
    const report = await withStartupLock(database, async () => {
      await runMigrations(database);
      return prepareDatabase(database.db, storage, config);
    });
    // Streamed uploads that a crash interrupted; an upload in progress writes its temp file continuously.
    const sweptUploads = await storage.sweepTemporary(60 * 60 * 1000);
    const app = await buildApp({
      db: database.db,
      config,
      site: options.site,
      affordability: options.affordability,
      compliance: options.compliance,
      storage,
      pages: options.pages,
      logger: options.logger,
      // TEST_CLOCK=1 (end-to-end journeys only; config.ts refuses it on a server reachable from outside).
      testClock: config.testClock ? movableClock() : undefined,
    });
    for (const line of config.deprecations) app.log.warn(line);
    if (config.testClock) app.log.warn("TEST_CLOCK: the movable test clock is on (POST /api/test/clock moves it)");
    await app.register(maintenancePlugin);
    // The inspector worker (spreadsheets, PDFs) is loaded now rather than by the first upload; tests start it lazily.
    if (config.env !== "test") void warmInspector();
    const address = await app.listen({ port: config.port, host: config.host });
    let closed: Promise<void> | undefined;
    return {
      app,
      database,
      storage,
      report,
      sweptUploads,
      address,
      close() {
        closed ??= (async () => {
          app.beginShutdown();
          // Requests already sent (accepted or still in the kernel's backlog) are read and answered meanwhile.
          if (config.shutdownDrainMs > 0) await app.drain(config.shutdownDrainMs);
          await app.close();
          await database.close();
        })();
        return closed;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * A fresh application for API tests: its own database (copied from the global template, see global-setup.ts),
 * its own media folder, no pages, no logger. Drive it with `app.inject` as a client would.
 *
 *   const t = await createTestApp();
 *   const token = await t.signIn("manager");
 *   const res = await t.app.inject({ method: "GET", url: "/api/units", headers: t.bearer(token) });
 *   await t.close();
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import type { ComplianceRules } from "#domain/compliance-rules.ts";
import type { Role } from "#domain/roles.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { buildApp } from "../app.ts";
import { type AppConfig, loadConfig } from "../config.ts";
import { type Database, type Db, openDatabase } from "../db/connection.ts";
import { users } from "../db/schema.ts";
import type { MovableClock } from "../jobs/clock.ts";
import { loadComplianceRules } from "../lib/compliance-rules.ts";
import { loadSiteConfig } from "../lib/site-config.ts";
import { localStorage, type Storage } from "../lib/storage.ts";
import { hashPassword } from "../modules/auth/service.ts";
import type { PagesOptions } from "../pages/plugin.ts";
import { TEMPLATE_DATABASE, withDatabase } from "./global-setup.ts";

/** The password every user made by `createUser` has. */
export const TEST_PASSWORD = "correct-horse-battery-9";

export interface TestUser {
  id: string;
  username: string;
  role: Role;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  storage: Storage;
  config: AppConfig;
  site: SiteConfig;
  mediaDir: string;
  /**
   * Another handle on this test's database, as a second instance would have: on PostgreSQL its own pool, on PGlite
   * the same single connection (closing it is then a no-op).
   */
  openPeerDatabase(): Promise<Database>;
  /** Inserts a user (password TEST_PASSWORD); `accountId` defaults to null. */
  createUser(role: Role, fields?: { username?: string; name?: string; accountId?: string | null }): Promise<string>;
  /** Creates a user of `role` (or uses `username` if given and existing) and signs in through the API. */
  signIn(role: Role, fields?: { username?: string; accountId?: string | null }): Promise<TestUser>;
  /** Authorization header for a token. */
  bearer(token: string): { authorization: string };
  close(): Promise<void>;
}

/** Opens a fresh database from the template prepared by global-setup.ts. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop(): Promise<void>;
  openPeer(): Promise<Database>;
}> {
  const databaseUrl = inject("databaseUrl");
  if (databaseUrl) {
    const name = `api_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 4 });
    return {
      database,
      openPeer: () => openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 4 }),
      async drop() {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dump = await readFile(inject("pgliteTemplate"));
  const database = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
  return { database, drop: async () => {}, openPeer: async () => ({ ...database, close: async () => {} }) };
}

/**
 * Builds the app on a fresh database. `configure` may change the config before the app is built; `storage` replaces
 * the local media folder (e.g. an S3 bucket on a test server).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    configure?: (config: AppConfig) => void;
    /** The app's one clock (buildApp `clock`, jobs/clock.ts). */
    clock?: () => Date;
    /** A movable test clock (buildApp `testClock`): the app's clock, and `/api/test/clock` moves it. */
    testClock?: MovableClock;
    /** Storage instead of a fresh local folder (an S3 bucket in the S3 tests). */
    storage?: Storage;
    /** Serve the web pages too (buildApp `pages`), e.g. through Vite in development mode. */
    pages?: PagesOptions;
    /**
     * The advertising-compliance rules (buildApp `compliance`). Default: config/compliance.json with missing licences
     * tolerated until 2100 (`enforceFrom`), so tests of other areas publish projects without licences; expired
     * licences are enforced all the same. Compliance tests pass their own.
     */
    compliance?: ComplianceRules;
  } = {},
): Promise<TestApp> {
  const { database, drop, openPeer } = await openTestDatabase();
  const mediaDir = await mkdtemp(path.join(tmpdir(), "api-test-media-"));
  // Load shedding off unless a test turns it on: a busy shared test machine is not an overloaded server.
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mediaDir,
    MEDIA_DIR: mediaDir,
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
    // A key of its own, so no secrets.key file lands in the media folder the upload tests inspect.
    SECRETS_KEY: randomBytes(32).toString("hex"),
    // Tests send many enquiries with one phone number; the per-person limit's own test sets it.
    CONTACT_PERSON_RATE_LIMIT_MAX: "1000",
    ...options.env,
  });
  options.configure?.(config);
  const site = loadSiteConfig();
  const storage = options.storage ?? localStorage(mediaDir);
  const app = await buildApp({
    db: database.db,
    config,
    site,
    storage,
    logger: false,
    clock: options.clock,
    testClock: options.testClock,
    pages: options.pages,
    compliance: options.compliance ?? { ...loadComplianceRules(), enforceFrom: "2100-01-01" },
  });
  await app.ready();

  let counter = 0;
  const createUser: TestApp["createUser"] = async (role, fields = {}) => {
    counter += 1;
    const [row] = await database.db
      .insert(users)
      .values({
        username: fields.username ?? `${role.replace("_", "-")}-${counter}-${randomBytes(3).toString("hex")}`,
        passwordHash: await hashPassword(TEST_PASSWORD),
        role,
        name: fields.name ?? `مستخدم ${counter}`,
        accountId: fields.accountId ?? null,
      })
      .returning({ id: users.id });
    return row.id;
  };

  const signIn: TestApp["signIn"] = async (role, fields = {}) => {
    const username = fields.username ?? `${role.replace("_", "-")}-${++counter}-${randomBytes(3).toString("hex")}`;
    const id = await createUser(role, { username, accountId: fields.accountId });
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: TEST_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return { id, username, role, token: res.json().token as string };
  };

  return {
    app,
    db: database.db,
    database,
    storage,
    config,
    site,
    mediaDir,
    openPeerDatabase: openPeer,
    createUser,
    signIn,
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

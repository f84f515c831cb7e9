/**
 * Shared steps of the in-process API benches (bench/*.ts): a throwaway PostgreSQL database, the app listening on
 * 127.0.0.1, and a signed-in super_admin. Imports no server module as a value, so a bench that loads the compiled
 * server (BENCH_BUILT=1, bench/spreadsheet-bombs.ts) passes its own table and hash function.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { buildApp } from "../src/server/app.ts";
import type { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/connection.ts";
import type { users } from "../src/server/db/schema.ts";
import type { loadSiteConfig } from "../src/server/lib/site-config.ts";
import type { localStorage } from "../src/server/lib/storage.ts";

/** The server functions a bench builds the app with, from src/ (tsx) or from the compiled dist/ (BENCH_BUILT=1). */
export interface AppFactory {
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
  loadSiteConfig: typeof loadSiteConfig;
  localStorage: typeof localStorage;
}

/**
 * Builds the app (not listening) on `db` with the test environment, its data and media under `dir`, the bundled
 * site settings, no logger, and `env`'s extra variables (config.ts names); `clock` replaces the app's clock.
 * Returns the app and the config it read.
 */
export async function benchApp(
  server: AppFactory,
  db: Db,
  dir: string,
  env: Record<string, string> = {},
  clock?: () => Date,
) {
  const config = server.loadConfig({ NODE_ENV: "test", DATA_DIR: dir, MEDIA_DIR: path.join(dir, "media"), ...env });
  const app = await server.buildApp({
    db,
    config,
    site: server.loadSiteConfig(),
    storage: server.localStorage(config.mediaDir),
    logger: false,
    ...(clock ? { clock } : {}),
  });
  return { app, config };
}

/**
 * Creates a database named `<prefix>_<8 hex>` on the PostgreSQL server of `serverUrl` (a postgres:// URL whose
 * user may create databases). Returns its name, its URL and `drop`, which drops it (`with (force)`, closing its connections).
 */
export async function throwawayPostgres(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return { name, url: parsed.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Starts the app on a free port of 127.0.0.1; returns its base URL (`http://127.0.0.1:<port>`, no slash). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

/**
 * Adds the super_admin «bench» and signs it in through POST /api/auth/login at `base`; returns its access token
 * (without the `Bearer ` prefix). `users` and `hashPassword` are the server's, from src/ or dist/.
 */
export async function benchAdminToken(
  base: string,
  db: Db,
  server: { users: typeof users; hashPassword: (password: string) => Promise<string> },
): Promise<string> {
  const password = "bench-password-123";
  await db.insert(server.users).values({
    username: "bench",
    passwordHash: await server.hashPassword(password),
    role: "super_admin",
    name: "قياس",
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "bench", password }),
  });
  return ((await login.json()) as { token: string }).token;
}

/**
 * The process: reads config, opens the DB (refusing a PGlite folder another process holds), migrates, seeds,
 * builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM.
 * `--dev` serves pages through Vite with hot reload.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { runMigrations } from "./db/migrate.ts";
import { prepareDatabase } from "./db/seed.ts";
import { warnExampleValues } from "./lib/example-values.ts";
import { loadSiteConfig } from "./lib/site-config.ts";
import { openStorage } from "./lib/storage.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? "../../.." : "../..");

async function main() {
  const dev = process.argv.includes("--dev");
  const config = loadConfig();
  if (dev) config.env = "development";
  const site = loadSiteConfig(config.siteConfigPath);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  await runMigrations(database);
  // The local media folder, or the S3 bucket when S3_BUCKET is set.
  const storage = await openStorage(config);
  // Streamed uploads that a crash interrupted; an upload in progress writes its temp object continuously.
  const swept = await storage.sweepTemporary(60 * 60 * 1000);
  if (swept) process.stdout.write(`  Removed ${swept} unfinished upload(s) from the media storage\n`);
  const app = await buildApp({
    db: database.db,
    config,
    site,
    storage,
    pages: { mode: dev ? "development" : "production", root },
    logger: { level: config.logLevel },
  });
  const report = await prepareDatabase(database.db, storage, config);
  if (report.generatedAdminPassword) {
    // Printed once, on the first start only; never logged again and never stored in clear.
    process.stdout.write(
      `\n  Staff sign-in created at ${config.publicUrl}/admin/login\n  username: ${config.adminUsername}\n  password: ${report.generatedAdminPassword}\n  (set ADMIN_PASSWORD to choose it; this password is not shown again)\n\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  warnExampleValues(site, app.log);
  process.stdout.write(
    `  Site ready at ${config.publicUrl} (${database.kind}${database.kind === "pglite" ? `, ${config.dataDir}` : ""})\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

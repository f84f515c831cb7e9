/**
 * `npm run db:seed`: migrates the configured database (DATABASE_URL, else the PGlite folder under DATA_DIR) and
 * prepares it as a first start would: permission catalogue, the first super_admin, demo content when SEED=demo and
 * the database has no users yet. Prints a generated admin password once. Refuses a PGlite folder a server holds.
 */
import path from "node:path";
import { loadConfig } from "../config.ts";
import { openStorage } from "../lib/open-storage.ts";
import { openDatabase } from "./connection.ts";
import { runMigrations } from "./migrate.ts";
import { prepareDatabase } from "./seed.ts";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
try {
  await runMigrations(database);
  const report = await prepareDatabase(database.db, await openStorage(config), config);
  if (!report.firstStart) process.stdout.write("The database already has users: nothing seeded.\n");
  else process.stdout.write(`Seeded (${config.seed}). Admin: ${config.adminUsername}\n`);
  if (report.generatedAdminPassword) process.stdout.write(`Generated password: ${report.generatedAdminPassword}\n`);
} finally {
  await database.close();
}

/**
 * `npm run admin:reset -- USERNAME` (README "Lost password or second factor"; reset-access.ts): from the server's
 * shell, gives USERNAME a new password (printed once), turns their second factor off and ends their sessions.
 * Opens the configured database (DATABASE_URL, else the PGlite folder under DATA_DIR) and works under the start-up
 * advisory lock (db/startup-lock.ts), so it waits for an instance that is starting. PGlite: a running server holds
 * the data folder, so stop it first (the data-folder message says so). Exit codes: 0 done, 1 an error (one line on
 * stderr: unknown user, no database, folder in use), 2 usage.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/connection.ts";
import { withStartupLock } from "../../db/startup-lock.ts";
import { resetUserAccess } from "./reset-access.ts";

const [username] = process.argv.slice(2);
if (!username?.trim()) {
  process.stderr.write("usage: npm run admin:reset -- USERNAME\n");
  process.exit(2);
}
try {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, "pglite");
  if (!config.databaseUrl && !existsSync(pgliteDir)) {
    throw new Error(`No database in ${pgliteDir}: set DATA_DIR (or DATABASE_URL) to the server's.`);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir, poolSize: 2 });
  try {
    const reset = await withStartupLock(database, () => resetUserAccess(database.db, username));
    process.stdout.write(
      [
        "",
        `  Password reset for ${reset.username}${reset.twoFactorWasOn ? " (two-step verification turned off)" : ""}.`,
        `  Signed-in sessions ended: ${reset.sessionsEnded}`,
        `  password: ${reset.password}`,
        "  This password is shown only once. Sign in with it, then change it under «حسابي»",
        "  and set up two-step verification again if the role requires it.",
        "",
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

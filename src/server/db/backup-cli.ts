/**
 * `npm run backup -- FOLDER` / `npm run restore -- FOLDER` (db/backup.ts, docs/operations.md "Backup and restore"):
 * the configured database (DATABASE_URL, else the PGlite folder under DATA_DIR) and MEDIA_DIR to or from FOLDER.
 * PGlite: stop the server first. Exit code 1 with one line on an error.
 */
import path from "node:path";
import { loadConfig } from "../config.ts";
import { createBackup, restoreBackup } from "./backup.ts";

const [command, folder] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !folder) {
  process.stderr.write("usage: npm run backup -- FOLDER   |   npm run restore -- FOLDER\n");
  process.exit(2);
}
try {
  const config = loadConfig();
  const target = path.resolve(folder);
  const manifest = command === "backup" ? await createBackup(config, target) : await restoreBackup(config, target);
  process.stdout.write(
    command === "backup"
      ? `Backup (${manifest.kind}) written to ${target}\n`
      : `Restored the ${manifest.kind} backup of ${manifest.createdAt} from ${target}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

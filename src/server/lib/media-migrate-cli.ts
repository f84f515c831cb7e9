/**
 * `npm run media:migrate [folder]`: copies the local media folder (default MEDIA_DIR, i.e. DATA_DIR/media) into the
 * S3 bucket configured by S3_* (README "Configuration"), then prints the counts. Safe to run again: what is already
 * in the bucket is skipped. Exit code 1 when S3_BUCKET is not set or a file failed.
 */
import path from "node:path";
import { loadConfig } from "../config.ts";
import { migrateMedia } from "./media-migrate.ts";
import { s3Storage } from "./s3-storage.ts";

async function main() {
  const config = loadConfig();
  if (!config.s3) throw new Error("S3_BUCKET is not set: there is no bucket to copy the media into");
  const folder = path.resolve(process.argv[2] ?? config.mediaDir);
  process.stdout.write(`Copying ${folder} into bucket ${config.s3.bucket}…\n`);
  const report = await migrateMedia(folder, s3Storage(config.s3));
  const mib = (report.copiedBytes / (1024 * 1024)).toFixed(1);
  process.stdout.write(
    `copied ${report.copied} (${mib} MiB), already in the bucket ${report.skipped}, ignored ${report.ignored} (temporary or not media), failed ${report.failed.length}\n`,
  );
  for (const failure of report.failed) process.stderr.write(`  ${failure.key}: ${failure.reason}\n`);
  process.exit(report.failed.length ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

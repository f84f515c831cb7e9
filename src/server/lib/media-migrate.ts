/**
 * Copies a local media folder (MEDIA_DIR, the local storage's layout) into another storage, normally the S3 bucket
 * (README "Moving media to a bucket"). Idempotent: an object already present with the same size is skipped, so the
 * command can be run again after an interruption, or once more just before switching instances to the bucket.
 * Temporary files (the "tmp/" folder of streamed uploads, "*.tmp" half-written files) and names that are not
 * storage keys are ignored. Files are streamed (putStream), `concurrency` at a time.
 */
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isValidKey, type Storage } from "./storage.ts";

export interface MigrationReport {
  /** Files written to the target. */
  copied: number;
  /** Bytes written to the target. */
  copiedBytes: number;
  /** Files already in the target with the same size. */
  skipped: number;
  /** Temporary files and names that are not storage keys. */
  ignored: number;
  /** Files that could not be copied, with the reason. */
  failed: { key: string; reason: string }[];
}

/**
 * Input: the folder to copy and the target storage. Output: the counts (MigrationReport). Errors: a missing folder
 * rejects; a file that fails is listed in `failed` and the others go on.
 */
export async function migrateMedia(folder: string, target: Storage, concurrency = 4): Promise<MigrationReport> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const report: MigrationReport = { copied: 0, copiedBytes: 0, skipped: 0, ignored: 0, failed: [] };
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (key.startsWith("tmp/") || key.endsWith(".tmp") || !isValidKey(key)) report.ignored++;
    else keys.push(key);
  }
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      const file = path.join(folder, ...key.split("/"));
      try {
        const { size } = await stat(file);
        const existing = await target.stat(key);
        if (existing?.size === size) {
          report.skipped++;
          continue;
        }
        const written = await target.putStream(key, createReadStream(file));
        report.copied++;
        report.copiedBytes += written.size;
      } catch (error) {
        report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return report;
}

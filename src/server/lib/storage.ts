/**
 * Where uploaded files live (ARCHITECTURE "scale path"): a storage interface with a local-folder implementation.
 * Keys are relative paths of [a-z0-9-_.] segments (e.g. "images/3fa9….webp"); an S3-compatible implementation
 * can replace this one without touching callers (putStream ↔ multipart upload, move ↔ copy + delete).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface Storage {
  /** Stores `data` under `key` atomically (a reader sees the old object or the whole new one, never half a file). */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores everything `stream` yields under `key`, without holding it in memory, atomically like `put`.
   * Output: {size} in bytes. Errors: rejects with the stream's error (nothing is left behind under any key),
   * or when `key` is invalid.
   */
  putStream(key: string, stream: Readable): Promise<{ size: number }>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Renames `from` to `to` (replacing `to` if present). Errors: when `from` does not exist or a key is invalid. */
  move(from: string, to: string): Promise<void>;
  /** Removes `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes objects under "tmp/" (streamed uploads in progress) last written more than `olderThanMs` ms before
   * `now`: what a crashed upload left behind. Output: how many were removed.
   */
  sweepTemporary(olderThanMs: number, now?: Date): Promise<number>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Whether `key` is a well-formed storage key (no "..", no absolute paths, lowercase safe characters). */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..");
}

/**
 * Storage in a local folder (`root`). Writes go to a uniquely named "<target>.<pid>.<random>.tmp" file beside the
 * target and are renamed into place when complete; the temp file is removed when the write fails.
 */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  /** Runs `write(temp)` then renames temp → target; removes temp on any failure. */
  const atomically = async <T>(key: string, write: (temp: string) => Promise<T>): Promise<T> => {
    const target = resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const result = await write(temp);
      await rename(temp, target);
      return result;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };
  return {
    async put(key, data) {
      await atomically(key, (temp) => writeFile(temp, data, { flag: "wx" }));
    },
    async putStream(key, stream) {
      return atomically(key, async (temp) => {
        const out = createWriteStream(temp, { flags: "wx" });
        await pipeline(stream, out);
        return { size: out.bytesWritten };
      });
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const info = await stat(resolve(key));
        if (!info.isFile()) return null;
        return { stream: createReadStream(resolve(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!isValidKey(key)) return false;
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },
    async move(from, to) {
      const source = resolve(from);
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(source, target);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async sweepTemporary(olderThanMs, now = new Date()) {
      const folder = path.join(root, "tmp");
      let names: string[];
      try {
        names = await readdir(folder);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => null);
        if (info?.isFile() && now.getTime() - info.mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

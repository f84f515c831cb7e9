/**
 * Where uploaded files live (ARCHITECTURE "scale path"): a storage interface with a local-folder implementation
 * (here) and an S3-compatible one (s3-storage.ts: putStream ↔ multipart upload, move ↔ copy + delete), chosen by
 * configuration (open-storage.ts). Keys are relative paths of [a-z0-9-_.] segments (e.g. "images/3fa9….webp").
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HttpError } from "./http-errors.ts";

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  /** Bytes of the whole object. */
  size: number;
  /** When the object was written (second precision on S3). */
  lastModified: Date;
}

/** An object being read: `stream` yields `size` bytes (the requested range, or the whole object). */
export interface StoredObject extends ObjectInfo {
  stream: Readable;
  /** Bytes of the whole object (equals `size` when no range was asked for). */
  totalSize: number;
}

/** Inclusive byte offsets, as in an HTTP Range header: {start: 0, end: 1023} is the first KiB. */
export interface ByteRange {
  start: number;
  end: number;
}

export const STORAGE_UNAVAILABLE = "مخزن الملفات غير متاح حاليًا، يرجى المحاولة بعد قليل";

/**
 * The object store could not be reached or refused the request (network error, 5xx, access denied): answered 503
 * with STORAGE_UNAVAILABLE through the API's error shape. The driver's own error is kept as `cause` for the log.
 */
export class StorageUnavailableError extends HttpError {
  constructor(cause?: unknown) {
    super(503, STORAGE_UNAVAILABLE);
    this.name = "StorageUnavailableError";
    this.cause = cause;
  }
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
  /**
   * Opens `key` for reading, the whole object or the inclusive `range` (which the caller has checked against
   * `stat().size`). Output: null when there is no such object (or the key is invalid).
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and date of `key` without reading it; null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
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
  const statKey = async (key: string): Promise<ObjectInfo | null> => {
    if (!isValidKey(key)) return null;
    try {
      const info = await stat(resolve(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
    } catch {
      return null;
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
    async get(key, range) {
      const info = await statKey(key);
      if (!info) return null;
      const stream = createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
      const size = range ? range.end - range.start + 1 : info.size;
      return { stream, size, totalSize: info.size, lastModified: info.lastModified };
    },
    stat: statKey,
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

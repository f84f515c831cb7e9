/**
 * Where uploaded files live (ARCHITECTURE "scale path"): a storage interface with a local-folder implementation.
 * Keys are relative paths of [a-z0-9-_.] segments (e.g. "images/3fa9….webp"); an S3-compatible implementation
 * can replace this one without touching callers.
 */
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Whether `key` is a well-formed storage key (no "..", no absolute paths, lowercase safe characters). */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..");
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
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
  };
}

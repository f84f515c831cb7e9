/**
 * Opening the media storage the configuration names (lib/storage.ts: the interface and the local folder;
 * lib/s3-storage.ts: the bucket). Apart from both so that neither imports the other.
 */
import type { AppConfig } from "../config.ts";
import { localStorage, type Storage } from "./storage.ts";

/**
 * The storage the configuration asks for: the S3-compatible bucket when `config.s3` is set (S3_BUCKET, README
 * "Configuration"), else the local folder `config.mediaDir`. The S3 client is loaded only when used.
 */
export async function openStorage(config: AppConfig): Promise<Storage> {
  if (!config.s3) return localStorage(config.mediaDir);
  const { s3Storage } = await import("./s3-storage.ts");
  return s3Storage(config.s3);
}

/**
 * Image intake (ARCHITECTURE uploads): the type is decided by content (sharp reads the bytes; SVG and
 * anything that is not a raster photo format is refused), the image is re-encoded (metadata stripped,
 * EXIF orientation applied) into WebP variants of IMAGE_WIDTHS px, and stored under its SHA-256.
 * A second upload of the same bytes returns the stored copy with isDuplicate = true (file_hashes), only once the
 * bytes were found to be an image (a stored PDF or video posted as an image is refused).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { IMAGE_WIDTHS } from "#domain/media.ts";
import type { Db } from "../../db/connection.ts";
import { fileHashes } from "../../db/tables/system.ts";
import { badRequest } from "../../lib/http-errors.ts";
import type { Storage } from "../../lib/storage.ts";

sharp.concurrency(2);

/** Raster formats accepted, as sharp names them. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);
/** Largest accepted image, in pixels (guards against decompression bombs). */
export const MAX_IMAGE_PIXELS = 60_000_000;
export const IMAGE_INVALID = "الملف ليس صورة صالحة (المسموح: JPG أو PNG أو WebP أو AVIF)";

export interface StoredImage {
  url: string;
  isDuplicate: boolean;
  width: number;
  height: number;
}

/**
 * Validates and stores an image. Input: the uploaded bytes. Output: the public URL (largest WebP variant).
 * Errors: 400 { file: IMAGE_INVALID } when the bytes are not a decodable raster image; StorageUnavailableError (503)
 * when the store is down, with no file_hashes row written.
 */
export async function storeImage(db: Db, storage: Storage, bytes: Buffer): Promise<StoredImage> {
  // The kind first, the duplicate lookup after: the bytes of a stored PDF or video posted here are not an image.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).metadata();
  } catch {
    throw badRequest({ file: IMAGE_INVALID }, IMAGE_INVALID);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw badRequest({ file: IMAGE_INVALID }, IMAGE_INVALID);
  }

  const hash = createHash("sha256").update(bytes).digest("hex");
  const [existing] = await db.select().from(fileHashes).where(eq(fileHashes.hash, hash)).limit(1);
  if (existing && !existing.mimeType.startsWith("image/")) throw badRequest({ file: IMAGE_INVALID }, IMAGE_INVALID);
  // The row is shared by every instance (one database); the object must also be in this instance's store (a
  // bucket every instance shares, or a folder that may have been lost): a row without its object is stored again.
  if (existing && (await storage.exists(storageKeyOf(existing.filePath)))) {
    await db.update(fileHashes).set({ lastUsedAt: new Date() }).where(eq(fileHashes.id, existing.id));
    return { url: existing.filePath, isDuplicate: true, width: existing.width ?? 0, height: existing.height ?? 0 };
  }

  const name = hash.slice(0, 32);
  // Every variant is encoded before anything is stored: a corrupt image stores nothing, and a store that fails
  // (StorageUnavailableError → 503) leaves no row behind, since the row is written last.
  const variants: { width: number; data: Buffer; info: OutputInfo }[] = [];
  try {
    const base = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
    for (const width of IMAGE_WIDTHS) {
      const out = await base
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, ...out });
    }
  } catch {
    // Truncated or corrupt data that passed the header check fails here.
    throw badRequest({ file: IMAGE_INVALID }, IMAGE_INVALID);
  }
  const largest = variants.at(-1);
  if (!largest) throw badRequest({ file: IMAGE_INVALID }, IMAGE_INVALID);
  for (const variant of variants) await storage.put(`images/${name}-${variant.width}.webp`, variant.data);
  await storage.put(`images/${name}.webp`, largest.data);
  const url = `/media/images/${name}.webp`;
  const values = {
    hash,
    filePath: url,
    mimeType: "image/webp",
    size: largest.data.length,
    width: largest.info.width,
    height: largest.info.height,
    variants: [...IMAGE_WIDTHS],
  };
  if (existing) {
    await db
      .update(fileHashes)
      .set({ ...values, lastUsedAt: new Date() })
      .where(eq(fileHashes.id, existing.id));
    return { url, isDuplicate: false, width: largest.info.width, height: largest.info.height };
  }
  // Another instance may have stored the same bytes meanwhile: same name, same objects; its row wins.
  const inserted = await db.insert(fileHashes).values(values).onConflictDoNothing().returning({ id: fileHashes.id });
  return { url, isDuplicate: inserted.length === 0, width: largest.info.width, height: largest.info.height };
}

/** The storage key of a /media URL ("/media/images/x.webp" → "images/x.webp"). */
export function storageKeyOf(url: string): string {
  return url.replace(/^\/media\//, "");
}

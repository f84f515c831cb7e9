/**
 * Upload intake (SPEC §7.2 uploads, ARCHITECTURE security model). The type is decided by the bytes, never by the
 * file name or the declared type:
 * - image: sharp decodes it (media/service.ts storeImage: raster formats only, no SVG, re-encoded to WebP
 *   variants with metadata stripped);
 * - pdf: the "%PDF-" header and an "%%EOF" marker near the end; documents with JavaScript or launch actions are refused;
 * - video: an MP4 "ftyp" box at byte 4, or the WebM/Matroska EBML signature 1A 45 DF A3.
 * Files are stored under their SHA-256; a second upload of the same bytes returns the stored copy with
 * isDuplicate = true (file_hashes). Sizes are limited per kind by config.uploadLimits (bytes).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { fileHashes } from "../../db/schema.ts";
import { badRequest, HttpError } from "../../lib/http-errors.ts";
import type { Storage } from "../../lib/storage.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { storeImage } from "../media/service.ts";

export const UPLOAD_KINDS = ["image", "pdf", "video"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Arabic names of the kinds, for messages. */
const KIND_LABELS: Record<UploadKind, string> = { image: "الصورة", pdf: "ملف PDF", video: "الفيديو" };

export const UPLOAD_MESSAGES = {
  duplicate: "هذا الملف مرفوع مسبقًا، تم استخدام النسخة الموجودة",
  pdfInvalid: "الملف ليس مستند PDF صالحًا",
  pdfActive: "مستند PDF يحتوي على محتوى نشط (سكربت) غير مسموح",
  videoInvalid: "الملف ليس فيديو صالحًا (المسموح: MP4 أو WebM)",
  missingFile: (kind: UploadKind) => `يجب إرفاق ${KIND_LABELS[kind]} في الحقل "${kind}"`,
  missingImages: 'يجب إرفاق صورة واحدة على الأقل في الحقل "images"',
  tooLarge: (kind: UploadKind, bytes: number) =>
    `حجم ${KIND_LABELS[kind]} أكبر من الحد المسموح (${Math.floor(bytes / (1024 * 1024))} ميجابايت)`,
  tooMany: "عدد الملفات أكبر من المسموح",
  notMultipart: "يجب إرسال الملف بصيغة multipart/form-data",
  fileFailed: (name: string, reason: string) => `تعذر رفع الملف "${name}": ${reason}`,
} as const;

export interface UploadResult {
  url: string;
  isDuplicate: boolean;
  message?: string;
}

/** Whether the bytes are a PDF: "%PDF-" at the start and "%%EOF" within the last 2 KiB. */
export function looksLikePdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.subarray(0, 5).toString("latin1") !== "%PDF-") return false;
  return bytes
    .subarray(Math.max(0, bytes.length - 2048))
    .toString("latin1")
    .includes("%%EOF");
}

/** Whether a PDF declares active content (JavaScript or launch actions), which is refused. */
export function pdfHasActiveContent(bytes: Buffer): boolean {
  return /\/(JavaScript|JS|Launch|EmbeddedFile)\b/.test(bytes.toString("latin1"));
}

/** The container of a video by its signature: "mp4" (ftyp box), "webm" (EBML header), or null. */
export function videoContainer(bytes: Buffer): "mp4" | "webm" | null {
  if (bytes.length < 12) return null;
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") return "mp4";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  return null;
}

/** Stores non-image bytes under their hash, or returns the stored copy. */
async function storeFile(
  db: Db,
  storage: Storage,
  bytes: Buffer,
  folder: "files" | "videos",
  ext: string,
  mimeType: string,
): Promise<{ url: string; isDuplicate: boolean }> {
  const hash = createHash("sha256").update(bytes).digest("hex");
  const [existing] = await db.select().from(fileHashes).where(eq(fileHashes.hash, hash)).limit(1);
  if (existing) {
    await db.update(fileHashes).set({ lastUsedAt: new Date() }).where(eq(fileHashes.id, existing.id));
    return { url: existing.filePath, isDuplicate: true };
  }
  const key = `${folder}/${hash.slice(0, 32)}.${ext}`;
  await storage.put(key, bytes);
  const url = `/media/${key}`;
  await db.insert(fileHashes).values({ hash, filePath: url, mimeType, size: bytes.length }).onConflictDoNothing();
  return { url, isDuplicate: false };
}

/**
 * Validates `bytes` as `kind` by content and stores them. Output: {url, isDuplicate, message?} (message when
 * duplicate). Errors: 400 {[kind]: reason} when the content is not of that kind.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  kind: UploadKind,
  bytes: Buffer,
  actor: AuditActor,
): Promise<UploadResult> {
  let stored: { url: string; isDuplicate: boolean };
  if (kind === "image") {
    try {
      const image = await storeImage(db, storage, bytes);
      stored = { url: image.url, isDuplicate: image.isDuplicate };
    } catch (error) {
      if (error instanceof HttpError) throw badRequest({ image: error.message }, error.message);
      throw error;
    }
  } else if (kind === "pdf") {
    if (!looksLikePdf(bytes)) throw badRequest({ pdf: UPLOAD_MESSAGES.pdfInvalid }, UPLOAD_MESSAGES.pdfInvalid);
    if (pdfHasActiveContent(bytes)) throw badRequest({ pdf: UPLOAD_MESSAGES.pdfActive }, UPLOAD_MESSAGES.pdfActive);
    stored = await storeFile(db, storage, bytes, "files", "pdf", "application/pdf");
  } else {
    const container = videoContainer(bytes);
    if (!container) throw badRequest({ video: UPLOAD_MESSAGES.videoInvalid }, UPLOAD_MESSAGES.videoInvalid);
    stored = await storeFile(db, storage, bytes, "videos", container, `video/${container}`);
  }
  await recordAudit(db, actor, {
    entityType: "file",
    entityId: stored.url,
    action: stored.isDuplicate ? "reuse" : "upload",
    newState: { kind, url: stored.url, size: bytes.length },
  });
  return stored.isDuplicate ? { ...stored, message: UPLOAD_MESSAGES.duplicate } : stored;
}

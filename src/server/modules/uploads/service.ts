/**
 * Upload intake (SPEC §7.2 uploads, ARCHITECTURE security model). The type is decided by the bytes, never by the
 * file name or the declared type:
 * - image: sharp decodes it (media/service.ts storeImage: raster formats only, no SVG, re-encoded to WebP
 *   variants with metadata stripped);
 * - pdf: the "%PDF-" header, an "%%EOF" marker near the end, and a parser must open it with no active content
 *   (pdf.ts inspectPdf, run in the inspector worker: JavaScript, launch, embedded files, XFA, auto-actions; names decoded, object streams read);
 * - video: an MP4 "ftyp" box at byte 4 and a container that mp4box parses up to its movie box, or the WebM/Matroska
 *   EBML signature 1A 45 DF A3 and a container whose header, segment info and tracks parse (webm.ts, node-ebml).
 * Files are stored under their SHA-256; a second upload of the same bytes returns the stored copy with
 * isDuplicate = true (file_hashes). Sizes are limited per kind by config.uploadLimits (bytes).
 * PDFs and videos arrive as a stream (storeStreamedUpload): written to a temp key while hashed and sniffed, then
 * moved to the hash key, so a 200 MB video is never held in memory.
 */
import { createHash, randomUUID } from "node:crypto";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { finished } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { createFile, type ISOFile, MP4BoxBuffer } from "mp4box";
import { formatNumber } from "#domain/format.ts";
import type { Db } from "../../db/connection.ts";
import { fileHashes } from "../../db/tables/system.ts";
import { badRequest, HttpError } from "../../lib/http-errors.ts";
import { type Storage, StorageUnavailableError } from "../../lib/storage.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { storageKeyOf, storeImage } from "../media/service.ts";
import { inspectPdfInWorker } from "./pdf.ts";
import { WebmCheck } from "./webm.ts";

export const UPLOAD_KINDS = ["image", "pdf", "video"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Arabic names of the kinds, for messages. */
const KIND_LABELS: Record<UploadKind, string> = { image: "الصورة", pdf: "ملف PDF", video: "الفيديو" };

export const UPLOAD_MESSAGES = {
  duplicate: "هذا الملف مرفوع مسبقًا، تم استخدام النسخة الموجودة",
  pdfInvalid: "الملف ليس مستند PDF صالحًا",
  pdfActive: "مستند PDF يحتوي على محتوى نشط (سكربت أو إجراء تلقائي أو ملف مضمّن أو نموذج XFA) غير مسموح",
  pdfEncrypted: "مستند PDF مشفّر لا يمكن فحصه، يرجى رفع نسخة غير مشفّرة",
  videoInvalid: "الملف ليس فيديو صالحًا (المسموح: MP4 أو WebM)",
  missingFile: (kind: UploadKind) => `يجب إرفاق ${KIND_LABELS[kind]} في الحقل "${kind}"`,
  missingImages: 'يجب إرفاق صورة واحدة على الأقل في الحقل "images"',
  tooLarge: (kind: UploadKind, bytes: number) =>
    `حجم ${KIND_LABELS[kind]} أكبر من الحد المسموح (${formatNumber(Math.floor(bytes / (1024 * 1024)))} ميجابايت)`,
  tooMany: "عدد الملفات أكبر من المسموح",
  notMultipart: "يجب إرسال الملف بصيغة multipart/form-data",
  malformed: "تعذر قراءة الملف المرفوع: صيغة الطلب غير صحيحة",
  incomplete: "لم يصل الملف كاملًا، يرجى المحاولة مرة أخرى",
  // The file name sits between FSI and PDI (the text form of <bdi>) so a Latin name does not reorder the sentence.
  fileFailed: (name: string, reason: string) => `تعذر رفع الملف «\u2068${name}\u2069»: ${reason}`,
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

/** The container of a video by its signature: "mp4" (ftyp box), "webm" (EBML header), or null. */
export function videoContainer(bytes: Buffer): "mp4" | "webm" | null {
  if (bytes.length < 12) return null;
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") return "mp4";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  return null;
}

/**
 * Validates `bytes` as an image by content (sharp; no SVG) and stores its WebP variants (media/service.ts storeImage).
 * Output: {url, isDuplicate, message?} (message when duplicate). Errors: 400 {image: reason} when not an image.
 * pdf and video uploads are streamed instead (storeStreamedUpload).
 */
export async function storeImageUpload(
  db: Db,
  storage: Storage,
  bytes: Buffer,
  actor: AuditActor,
): Promise<UploadResult> {
  let stored: { url: string; isDuplicate: boolean };
  try {
    const image = await storeImage(db, storage, bytes);
    stored = { url: image.url, isDuplicate: image.isDuplicate };
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    if (error instanceof HttpError) throw badRequest({ image: error.message }, error.message);
    throw error;
  }
  await recordAudit(db, actor, {
    entityType: "file",
    entityId: stored.url,
    action: stored.isDuplicate ? "reuse" : "upload",
    newState: { kind: "image", url: stored.url, size: bytes.length },
  });
  return stored.isDuplicate ? { ...stored, message: UPLOAD_MESSAGES.duplicate } : stored;
}

/** Why a streamed upload was refused by its content (raised inside the stream, answered 400). */
class ContentRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Bytes of the head kept for sniffing (the checks need 16 at most). */
const HEAD_BYTES = 16;

/**
 * Passes the bytes through while computing their SHA-256 and checking the content of `kind` as early as it can:
 * a video's signature and a PDF's header are judged on the first bytes (later bytes are then dropped instead of
 * written, and the stream fails with ContentRejected at its end, so an oversized file is still answered 413 first);
 * a PDF is also kept whole (≤ the pdf limit, 20 MB by default) for the
 * end-marker and active-content rules, judged at the end.
 */
class UploadInspector extends Transform {
  readonly hash = createHash("sha256");
  private head = Buffer.alloc(0);
  private judged = false;
  /** The refusal reason once the head was judged bad; later bytes are then dropped, not written. */
  private refused: string | null = null;
  private readonly whole: Buffer[] | null;
  container: "mp4" | "webm" | null = null;

  constructor(private readonly kind: "pdf" | "video") {
    super();
    this.whole = kind === "pdf" ? [] : null;
  }

  /** Judges the head; returns the reason for refusal, or null. */
  private judgeHead(final: boolean): string | null {
    if (this.judged || (!final && this.head.length < HEAD_BYTES)) return null;
    this.judged = true;
    if (this.kind === "video") {
      this.container = videoContainer(this.head);
      return this.container ? null : UPLOAD_MESSAGES.videoInvalid;
    }
    return this.head.subarray(0, 5).toString("latin1") === "%PDF-" ? null : UPLOAD_MESSAGES.pdfInvalid;
  }

  /** Chunks seen before the head was judged (at most HEAD_BYTES of them). */
  private readonly early: Buffer[] = [];
  /** The MP4 parser fed as bytes arrive (mp4box, mdat data not kept), until it has read the movie box. */
  private mp4: { file: ISOFile<unknown, unknown>; offset: number; ready: boolean; failed: boolean } | null = null;

  /** The WebM check fed as bytes arrive (webm.ts), until it has read the tracks. */
  private webm: WebmCheck | null = null;

  /** Feeds a chunk to the container check of the signature's kind (MP4 or WebM), until it has read enough. */
  private feedVideo(chunk: Buffer): void {
    if (this.kind !== "video") return;
    if (this.container === "webm") {
      this.webm ??= new WebmCheck();
      this.webm.feed(chunk);
      return;
    }
    if (this.container !== "mp4") return;
    if (!this.mp4) {
      const state = { file: createFile(false), offset: 0, ready: false, failed: false };
      state.file.onReady = () => {
        state.ready = true;
      };
      state.file.onError = () => {
        state.failed = true;
      };
      this.mp4 = state;
    }
    const state = this.mp4;
    if (state.ready || state.failed) return;
    const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length) as ArrayBuffer;
    try {
      state.file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, state.offset));
    } catch {
      state.failed = true;
    }
    state.offset += chunk.length;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.refused) {
      done();
      return;
    }
    this.hash.update(chunk);
    this.whole?.push(chunk);
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]);
    this.refused = this.judgeHead(false);
    if (this.refused && this.whole) this.whole.length = 0;
    if (!this.refused) {
      // Chunks that arrived before the head could be judged are fed first (a head split over tiny chunks).
      if (this.judged) for (const early of [...this.early.splice(0), chunk]) this.feedVideo(early);
      else this.early.push(chunk);
    }
    done(null, this.refused ? undefined : chunk);
  }

  override _flush(done: TransformCallback): void {
    this.finalRefusal().then(
      (refusal) => done(refusal),
      (error: Error) => done(error),
    );
  }

  /** The content verdict at the end of the stream: a ContentRejected error, or null when it passes. */
  private async finalRefusal(): Promise<ContentRejected | null> {
    this.refused ??= this.judgeHead(true);
    if (this.refused) return new ContentRejected(this.refused);
    if (this.kind === "video" && this.container === "mp4") {
      // An MP4 passes only when its container parses up to the movie box ("HTML after an ftyp" does not).
      if (this.mp4 && !this.mp4.ready && !this.mp4.failed) this.mp4.file.flush();
      if (!this.mp4?.ready) return new ContentRejected(UPLOAD_MESSAGES.videoInvalid);
    }
    // A WebM passes only when its EBML header, segment info and tracks parse ("HTML after the signature" does not).
    if (this.kind === "video" && this.container === "webm" && !this.webm?.ready) {
      return new ContentRejected(UPLOAD_MESSAGES.videoInvalid);
    }
    if (!this.whole) return null;
    const bytes = Buffer.concat(this.whole);
    this.whole.length = 0;
    if (!looksLikePdf(bytes)) return new ContentRejected(UPLOAD_MESSAGES.pdfInvalid);
    const verdict = await inspectPdfInWorker(bytes);
    if (verdict === "invalid") return new ContentRejected(UPLOAD_MESSAGES.pdfInvalid);
    if (verdict === "encrypted") return new ContentRejected(UPLOAD_MESSAGES.pdfEncrypted);
    if (verdict === "active") return new ContentRejected(UPLOAD_MESSAGES.pdfActive);
    return null;
  }
}

/** A multipart file stream: busboy sets `truncated` and emits "limit" when the size limit cut it. */
export type UploadStream = Readable & { truncated?: boolean };

/** Reads what is left of `stream` into nothing, so the request completes; errors are ignored. */
export async function drainStream(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await finished(stream).catch(() => {});
}

/**
 * True when `stream` can no longer deliver its data: it failed (`errored`), or it was destroyed before its end.
 * A stream in that state emits nothing more, so a listener attached now would never hear of the failure.
 */
export function streamFailed(stream: Readable): boolean {
  return stream.errored != null || (stream.destroyed && !stream.readableEnded);
}

/**
 * Stores a PDF or video arriving as a stream (SPEC §7.2): the bytes go to the temp key
 * "tmp/<uuid>.part" while hashed and sniffed, then the temp object is moved to "files/<hash>.pdf" or
 * "videos/<hash>.mp4|webm", or deleted when the content is refused, the size limit is hit, or the hash is already
 * in file_hashes (→ the stored copy, isDuplicate = true, with the "existing copy used" message).
 * Input: `limit` in bytes (for the message; the multipart parser enforces it and marks the stream truncated).
 * Output: {url, isDuplicate, message?}. Errors: 400 {[kind]: reason} for refused content or a body that ended
 * mid-file; 413 with the Arabic size message; 503 when the store is down (StorageUnavailableError), with no row written;
 * another storage failure is rethrown. Memory: O(chunk) for videos, O(file) for PDFs.
 */
export async function storeStreamedUpload(
  db: Db,
  storage: Storage,
  kind: "pdf" | "video",
  source: UploadStream,
  limit: number,
  actor: AuditActor,
): Promise<UploadResult> {
  const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge(kind, limit));
  const incomplete = () => badRequest({ [kind]: UPLOAD_MESSAGES.incomplete }, UPLOAD_MESSAGES.incomplete);
  // The parser may have failed the file stream before we got it (a body that ended mid-file, seen on Node 22+
  // under app.inject): its "error" has already been emitted and pipe() would wait forever for data.
  if (streamFailed(source)) {
    await drainStream(source);
    throw source.truncated ? tooLarge() : incomplete();
  }
  const inspector = new UploadInspector(kind);
  const onLimit = () => inspector.destroy(tooLarge());
  let sourceFailed = false;
  const onError = (error: Error) => {
    sourceFailed = true;
    inspector.destroy(error);
  };
  // The inspector may fail before storage attaches to it; the failure then surfaces through putStream.
  inspector.on("error", () => {});
  source.once("limit", onLimit);
  source.once("error", onError);
  source.pipe(inspector);
  const tempKey = `tmp/${randomUUID()}.part`;
  let size: number;
  try {
    ({ size } = await storage.putStream(tempKey, inspector));
  } catch (error) {
    source.unpipe(inspector);
    await drainStream(source);
    // The parser may have cut the file before "limit" could be heard (it parses ahead): the size wins.
    if (source.truncated) throw tooLarge();
    if (error instanceof ContentRejected) throw badRequest({ [kind]: error.reason }, error.reason);
    if (error instanceof HttpError) throw error;
    if (sourceFailed) throw incomplete();
    throw error;
  } finally {
    source.off("limit", onLimit);
    source.off("error", onError);
  }
  let stored: { url: string; isDuplicate: boolean };
  try {
    if (source.truncated) throw tooLarge();
    const hash = inspector.hash.digest("hex");
    const [existing] = await db.select().from(fileHashes).where(eq(fileHashes.hash, hash)).limit(1);
    // A row whose object is missing from this store (a lost folder) is not a duplicate: the upload is kept.
    if (existing && (await storage.exists(storageKeyOf(existing.filePath)))) {
      await storage.delete(tempKey);
      // The content passed this kind's checks above; a stored file of another kind is never handed out here.
      const sameKind =
        kind === "pdf" ? existing.mimeType === "application/pdf" : existing.mimeType.startsWith("video/");
      if (!sameKind) {
        const reason = kind === "pdf" ? UPLOAD_MESSAGES.pdfInvalid : UPLOAD_MESSAGES.videoInvalid;
        throw badRequest({ [kind]: reason }, reason);
      }
      await db.update(fileHashes).set({ lastUsedAt: new Date() }).where(eq(fileHashes.id, existing.id));
      stored = { url: existing.filePath, isDuplicate: true };
    } else {
      const ext = kind === "pdf" ? "pdf" : (inspector.container ?? "mp4");
      const key = `${kind === "pdf" ? "files" : "videos"}/${hash.slice(0, 32)}.${ext}`;
      await storage.move(tempKey, key);
      const url = `/media/${key}`;
      const mimeType = kind === "pdf" ? "application/pdf" : `video/${ext}`;
      // The row is written only once the object is in place: a store that fails leaves no row behind.
      const inserted = existing
        ? await db
            .update(fileHashes)
            .set({ filePath: url, mimeType, size, lastUsedAt: new Date() })
            .where(eq(fileHashes.id, existing.id))
            .returning({ id: fileHashes.id })
        : await db
            .insert(fileHashes)
            .values({ hash, filePath: url, mimeType, size })
            .onConflictDoNothing()
            .returning({ id: fileHashes.id });
      stored = { url, isDuplicate: inserted.length === 0 };
    }
  } catch (error) {
    // Best effort: when the store itself is down the temp object cannot be removed (sweepTemporary does it later).
    await storage.delete(tempKey).catch(() => {});
    throw error;
  }
  await recordAudit(db, actor, {
    entityType: "file",
    entityId: stored.url,
    action: stored.isDuplicate ? "reuse" : "upload",
    newState: { kind, url: stored.url, size },
  });
  return stored.isDuplicate ? { ...stored, message: UPLOAD_MESSAGES.duplicate } : stored;
}

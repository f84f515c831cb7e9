/**
 * Upload routes (SPEC §7.2, §5.3), permission uploads.create:
 * - POST /api/upload/{kind}, kind image | pdf | video, multipart with one file in the field named after the kind
 *   → {url, isDuplicate, message?};
 * - POST /api/upload/images, multipart with up to MAX_IMAGES files in the field "images" → {files: [{url, isDuplicate}]};
 *   files are handled in order and the first failure stops the rest, naming the file (SPEC §5.3).
 * Size limits per kind come from config.uploadLimits (bytes); a larger file is answered 413 with an Arabic message.
 * Images are read into memory (≤ 10 MB, sharp needs the bytes); PDFs and videos are streamed to storage
 * (service.ts storeStreamedUpload), so memory use does not grow with the file.
 */
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { uploadImagesResultSchema, uploadResultSchema } from "#domain/schemas/api.ts";
import { badRequest, HttpError } from "../../lib/http-errors.ts";
import { actorOf } from "../../plugins/auth.ts";
import {
  drainStream,
  storeImageUpload,
  storeStreamedUpload,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  type UploadKind,
} from "./service.ts";

/** Most files one multi-image request may carry. */
export const MAX_IMAGES = 20;

/**
 * Maps an error raised while the multipart body is parsed (the multipart plugin's limits, or busboy finding the body
 * malformed: truncated, no boundary, bad part headers) to an Arabic 4xx answer: never a 500. `field` names the form
 * field in `fields` (default: the kind).
 */
function multipartError(error: unknown, kind: UploadKind, limit: number, field: string = kind): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, UPLOAD_MESSAGES.tooLarge(kind, limit));
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new HttpError(413, UPLOAD_MESSAGES.tooMany);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest({ [field]: UPLOAD_MESSAGES.notMultipart });
  return badRequest({ [field]: UPLOAD_MESSAGES.malformed }, UPLOAD_MESSAGES.malformed);
}

/** A file name as the failure message names it (SPEC §5.3): control characters dropped, at most 100 characters. */
function displayName(fileName: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to drop control characters
  return (fileName ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 100);
}

/** A file part's bytes; parser errors → 4xx (multipartError). */
async function readFile(file: MultipartFile, kind: UploadKind, limit: number): Promise<Buffer> {
  try {
    return await file.toBuffer();
  } catch (error) {
    throw multipartError(error, kind, limit);
  }
}

export async function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/upload/images",
    { config: { access: { permission: "uploads.create" } }, schema: { response: { 200: uploadImagesResultSchema } } },
    async (request: FastifyRequest) => {
      const limit = app.config.uploadLimits.image;
      if (!request.isMultipart()) throw badRequest({ images: UPLOAD_MESSAGES.notMultipart });
      const actor = actorOf(request);
      const files: { url: string; isDuplicate: boolean }[] = [];
      const parts: AsyncIterableIterator<Multipart> = request.parts({
        limits: { fileSize: limit, files: MAX_IMAGES },
      });
      // Only the parser's own steps (next part, a part's bytes) are mapped by multipartError; a failure to store
      // an image is the server's and keeps its status.
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          throw multipartError(error, "image", limit, "images");
        }
        if (next.done) break;
        const part = next.value;
        if (part.type !== "file") continue;
        const name = displayName(part.filename) || String(files.length + 1);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          const mapped = multipartError(error, "image", limit, "images");
          const message = UPLOAD_MESSAGES.fileFailed(name, mapped.message);
          throw new HttpError(mapped.statusCode, message, { images: message });
        }
        if (part.fieldname !== "images") continue;
        try {
          const stored = await storeImageUpload(app.db, app.storage, bytes, actor);
          files.push({ url: stored.url, isDuplicate: stored.isDuplicate });
        } catch (error) {
          if (error instanceof HttpError) {
            const message = UPLOAD_MESSAGES.fileFailed(name, error.message);
            throw new HttpError(error.statusCode, message, { images: message });
          }
          throw error;
        }
      }
      if (files.length === 0)
        throw badRequest({ images: UPLOAD_MESSAGES.missingImages }, UPLOAD_MESSAGES.missingImages);
      return { files };
    },
  );

  r.post(
    "/api/upload/:kind",
    {
      config: { access: { permission: "uploads.create" } },
      schema: {
        params: z.object({ kind: z.enum(UPLOAD_KINDS, { error: "نوع الرفع غير مدعوم" }) }),
        response: { 200: uploadResultSchema },
      },
    },
    async (request) => {
      const kind = request.params.kind;
      const limit = app.config.uploadLimits[kind];
      if (!request.isMultipart()) throw badRequest({ [kind]: UPLOAD_MESSAGES.notMultipart });
      let file: MultipartFile | undefined;
      try {
        file = await request.file({ limits: { fileSize: limit, files: 1 } });
      } catch (error) {
        throw multipartError(error, kind, limit);
      }
      if (!file || file.fieldname !== kind) {
        if (file) await drainStream(file.file);
        throw badRequest({ [kind]: UPLOAD_MESSAGES.missingFile(kind) }, UPLOAD_MESSAGES.missingFile(kind));
      }
      if (kind !== "image") {
        return storeStreamedUpload(app.db, app.storage, kind, file.file, limit, actorOf(request));
      }
      const bytes = await readFile(file, kind, limit);
      return storeImageUpload(app.db, app.storage, bytes, actorOf(request));
    },
  );
}

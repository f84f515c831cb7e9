/**
 * GET /media/* — stored uploads, public, read from the storage interface (lib/storage.ts: local folder or S3 bucket).
 * HTTP semantics (RFC 9110 §13–14), as Safari needs them to play a video:
 * - `Accept-Ranges: bytes`; a single `Range: bytes=…` (parsed by range-parser) answers 206 with `Content-Range`; an
 *   unsatisfiable one answers 416 with `Content-Range: bytes *\/<size>`; several ranges or a malformed header get
 *   the whole file (200), which the RFC allows; `If-Range` that does not match drops the range;
 * - `ETag`: strong, the object's file name — names are content-addressed (a SHA-256 prefix of the upload), so the
 *   bytes under a name never change; `Last-Modified` from the store;
 * - `If-None-Match` / `If-Modified-Since` (judged by `fresh`) answer 304 without reading the object; HEAD reads only
 *   its size and date;
 * - immutable caching for a year. When MEDIA_PUBLIC_URL is set (a CDN in front of the bucket), every /media URL
 *   answers 301 to <MEDIA_PUBLIC_URL>/<key> instead, cached for a year as well.
 * Errors: 404 (Arabic) for an unknown type or key; 503 when the store is down (StorageUnavailableError).
 */
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import fresh from "fresh";
import rangeParser from "range-parser";
import { fileResponse } from "#domain/schemas/api.ts";
import { type ByteRange, isValidKey, type ObjectInfo } from "../../lib/storage.ts";
import { STATIC_FILE_HELMET } from "../../pages/static-headers.ts";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
};

/**
 * Public; stored files are not pages: the long document headers are dropped (nosniff and CORP kept), but an upload
 * opened on its own (a PDF inline) still gets a short sandboxing CSP, so nothing in it can run as our origin.
 * Not compressed: the types are already compressed, and a compressed 206 body would not match its Content-Range.
 */
const MEDIA_ROUTE_OPTIONS = {
  config: { access: "public" as const },
  helmet: STATIC_FILE_HELMET,
  compress: false as const,
  schema: { response: { 200: fileResponse("A stored upload (immutable)", [...new Set(Object.values(TYPES))]) } },
};
const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const IMMUTABLE = "public, max-age=31536000, immutable";
const NOT_FOUND = "الملف غير موجود";
const RANGE_NOT_SATISFIABLE = "النطاق المطلوب خارج حجم الملف";

/** The strong validator of a stored object: its content-addressed file name, quoted ("3fa9…-640.webp"). */
export function mediaEtag(key: string): string {
  return `"${key.slice(key.lastIndexOf("/") + 1)}"`;
}

/**
 * Whether a ranged read may use the Range header given `If-Range` (RFC 9110 §13.1.5): absent, or the same strong
 * ETag, or an HTTP date no earlier than the object's Last-Modified (second precision).
 */
function ifRangeHolds(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(date / 1000);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ statusCode: 404, error: "Not Found", message: NOT_FOUND });
}

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { "*": string } }>("/media/*", MEDIA_ROUTE_OPTIONS, async (request, reply) => {
    const key = request.params["*"];
    const type = TYPES[key.split(".").pop() ?? ""];
    if (!type || !isValidKey(key)) return notFound(reply);
    if (app.config.mediaPublicUrl) {
      return reply.header("cache-control", IMMUTABLE).redirect(`${app.config.mediaPublicUrl}/${key}`, 301);
    }

    const etag = mediaEtag(key);
    const headers = request.headers;
    const rangeHeader = headers.range;
    // A plain GET opens the object at once (one request to the store); ranges and conditionals need its size or
    // date first.
    let info: ObjectInfo | null = null;
    const head = request.method === "HEAD";
    if (head || rangeHeader || headers["if-none-match"] || headers["if-modified-since"]) {
      info = await app.storage.stat(key);
      if (!info) return notFound(reply);
    }
    reply
      .header("accept-ranges", "bytes")
      .header("etag", etag)
      .header("cache-control", IMMUTABLE)
      .header("x-content-type-options", "nosniff");
    if (info) {
      const lastModified = info.lastModified.toUTCString();
      reply.header("last-modified", lastModified);
      if (fresh(headers, { etag, "last-modified": lastModified })) return reply.code(304).send();
    }

    let range: ByteRange | undefined;
    if (info && rangeHeader && ifRangeHolds(String(headers["if-range"] ?? "") || undefined, etag, info.lastModified)) {
      const parsed = rangeParser(info.size, rangeHeader, { combine: true });
      if (parsed === -1) {
        return reply
          .code(416)
          .header("content-range", `bytes */${info.size}`)
          .send({ statusCode: 416, error: "Range Not Satisfiable", message: RANGE_NOT_SATISFIABLE });
      }
      if (parsed !== -2 && parsed.type === "bytes" && parsed.length === 1) range = parsed[0];
    }

    // HEAD answers from the object's size and date: the body is never read from the store.
    const object =
      head && info ? { ...info, stream: Readable.from([]), totalSize: info.size } : await app.storage.get(key, range);
    if (!object) return notFound(reply);
    reply
      .header("last-modified", object.lastModified.toUTCString())
      .header("content-type", type)
      .header("content-length", range ? range.end - range.start + 1 : object.size)
      .header("content-security-policy", MEDIA_CSP);
    if (type === "application/pdf") reply.header("content-disposition", "inline");
    if (range) reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${object.totalSize}`);
    return reply.send(object.stream);
  });
}

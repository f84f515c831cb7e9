/**
 * GET /media/* — stored uploads, immutable (content-addressed names), public.
 */
import type { FastifyInstance } from "fastify";
import { fileResponse } from "../../../domain/schemas/api.ts";
import { STATIC_FILE_HELMET } from "../../lib/static-headers.ts";

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
 */
const MEDIA_ROUTE_OPTIONS = {
  config: { access: "public" as const },
  helmet: STATIC_FILE_HELMET,
  schema: { response: { 200: fileResponse("A stored upload (immutable)", [...new Set(Object.values(TYPES))]) } },
};
const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { "*": string } }>("/media/*", MEDIA_ROUTE_OPTIONS, async (request, reply) => {
    const key = request.params["*"];
    const ext = key.split(".").pop() ?? "";
    const type = TYPES[ext];
    const object = type ? await app.storage.get(key) : null;
    if (!type || !object) {
      return reply.code(404).send({ statusCode: 404, error: "Not Found", message: "الملف غير موجود" });
    }
    reply
      .header("content-type", type)
      .header("content-length", object.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", MEDIA_CSP);
    if (type === "application/pdf") reply.header("content-disposition", "inline");
    return reply.send(object.stream);
  });
}

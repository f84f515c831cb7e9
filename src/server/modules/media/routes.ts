/**
 * GET /media/* — stored uploads, immutable (content-addressed names), public.
 */
import type { FastifyInstance } from "fastify";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
};

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { "*": string } }>("/media/*", { config: { access: "public" } }, async (request, reply) => {
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
      .header("x-content-type-options", "nosniff");
    if (type === "application/pdf") reply.header("content-disposition", "inline");
    return reply.send(object.stream);
  });
}

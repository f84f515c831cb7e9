/** GET /api/site: the public site configuration (company details, texts); GET /api/health. */
import type { FastifyInstance } from "fastify";

export async function siteRoutes(app: FastifyInstance) {
  app.get("/api/site", { config: { access: "public" } }, async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return app.site;
  });
  app.get("/api/health", { config: { access: "public" } }, async () => {
    await app.db.execute("select 1");
    return { ok: true };
  });
}

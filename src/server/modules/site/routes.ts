/**
 * GET /api/site: the public site configuration (company details, texts) plus `publicUrl`, the server's configured
 * public address (PUBLIC_URL, e.g. "https://example.sa", no trailing slash) that canonical URLs, Open Graph tags,
 * the sitemap and robots.txt are built on. GET /api/health: database reachability. The manifest and icons of the
 * installable site: app-icons.ts.
 */
import type { FastifyInstance } from "fastify";
import { okSchema, publicSiteSchema } from "../../../domain/schemas/api.ts";
import { appIconRoutes } from "./app-icons.ts";

export async function siteRoutes(app: FastifyInstance) {
  // The web manifest, apple-touch-icon and favicon.ico, made from the site configuration's logo.
  await appIconRoutes(app);
  app.get(
    "/api/site",
    { config: { access: "public" }, schema: { response: { 200: publicSiteSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { ...app.site, publicUrl: app.config.publicUrl };
    },
  );
  app.get("/api/health", { config: { access: "public" }, schema: { response: { 200: okSchema } } }, async () => {
    await app.db.execute("select 1");
    return { ok: true };
  });
}

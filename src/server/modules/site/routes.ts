/**
 * GET /api/site: the public site configuration (company details, texts) plus `publicUrl`, the server's configured
 * public address (PUBLIC_URL, e.g. "https://example.sa", no trailing slash) that canonical URLs, Open Graph tags,
 * the sitemap and robots.txt are built on. GET /api/health: database reachability (db/ping.ts: `select 1` answered
 * within 3 s, else the generic error). The manifest and icons of the installable site: app-icons.ts.
 * GET /api/site/example-values (permissions.manage: super_admin and managers by default): the configuration's
 * example values still set, the same list `npm start` prints (lib/example-values.ts), for the back office's banner
 * (docs/decisions/038-example-values-banner.md, docs/operations.md "Example values").
 */
import type { FastifyInstance } from "fastify";
import { okSchema, publicSiteSchema, siteExampleValuesSchema } from "#domain/schemas/api.ts";
import { siteSettingLabel } from "#domain/site-config.ts";
import { pingDatabase } from "../../db/ping.ts";
import { exampleValues } from "../../lib/example-values.ts";
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
  app.get(
    "/api/site/example-values",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { response: { 200: siteExampleValuesSchema } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "private, no-store");
      const values = exampleValues(app.site).map((found) => ({ ...found, label: siteSettingLabel(found.path) }));
      return { values, file: app.config.siteConfigPath ?? "config/site.json" };
    },
  );
  app.get("/api/health", { config: { access: "public" }, schema: { response: { 200: okSchema } } }, async () => {
    await pingDatabase(app.db);
    return { ok: true };
  });
}

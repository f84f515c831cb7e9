/**
 * GET /robots.txt: everything public may be crawled except the back office and the API, and the sitemap is given as
 * an absolute URL on the site's public origin (crawlers and Lighthouse reject a relative Sitemap line, which is why
 * this is a route and not a static file).
 */
import { siteOrigin } from "~/shared/lib/site-origin.ts";
import type { Route } from "./+types/robots";

/** The robots.txt text for a site origin ("https://example.sa"). */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const siteRes = await context.api("/api/site");
  const origin = siteOrigin(siteRes.ok ? await siteRes.json() : null, request.url);
  return new Response(robotsTxt(origin), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

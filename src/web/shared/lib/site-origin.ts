/**
 * The site's public origin for absolute URLs (canonical, Open Graph, sitemap, robots.txt): the server's configured
 * public URL when GET /api/site exposes it as `publicUrl`, otherwise the origin of the request being answered.
 * Always without a trailing slash, e.g. "https://example.sa".
 */
export function siteOrigin(site: unknown, requestUrl: string): string {
  const configured =
    typeof site === "object" && site !== null && "publicUrl" in site && typeof site.publicUrl === "string"
      ? site.publicUrl
      : null;
  return (configured ?? new URL(requestUrl).origin).replace(/\/+$/, "");
}

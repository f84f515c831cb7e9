/**
 * GET /sitemap.xml (docs/product.md §10.1): the home page, the two list pages, every project and every update, with
 * absolute URLs on the site's public origin and the last change date of each record, and every unit page of a
 * project that is not sold (docs/decisions/077-public-availability-and-unit-pages.md). Answers 503 when the API
 * cannot list them, so a crawler retries instead of dropping the pages.
 */

import type { ProjectInventory } from "#domain/inventory-public.ts";
import type { Project, ProjectUpdate } from "#domain/types.ts";
import { siteOrigin } from "~/shared/lib/site-origin.ts";
import type { Route } from "./+types/sitemap";

/** One <url> entry: absolute location and an optional ISO date. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

/** The sitemap XML (sitemaps.org 0.9) of the entries. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod && !Number.isNaN(Date.parse(e.lastmod)) ? new Date(e.lastmod).toISOString() : null;
      return `  <url><loc>${escapeXml(e.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The unit pages of the projects: every unit visitors see that is not sold (a sold unit leaves the sitemap). */
async function unitEntries(
  api: (path: string) => Promise<Response>,
  origin: string,
  projects: readonly Project[],
): Promise<SitemapEntry[]> {
  const answers = await Promise.all(projects.map((p) => api(`/api/projects/${p.id}/inventory`).catch(() => null)));
  const entries: SitemapEntry[] = [];
  for (const [i, res] of answers.entries()) {
    if (!res?.ok) continue;
    const inventory = (await res.json()) as ProjectInventory;
    for (const building of inventory.buildings) {
      for (const floor of building.floors) {
        for (const unit of floor.units) {
          if (unit.status !== "مباعة") entries.push({ loc: `${origin}/project/${projects[i].id}/unit/${unit.id}` });
        }
      }
    }
  }
  return entries;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [siteRes, projectsRes, updatesRes] = await Promise.all([
    context.api("/api/site"),
    context.api("/api/projects"),
    context.api("/api/project-updates"),
  ]);
  if (!projectsRes.ok || !updatesRes.ok) {
    return new Response("sitemap temporarily unavailable", { status: 503, headers: { "retry-after": "300" } });
  }
  const origin = siteOrigin(siteRes.ok ? await siteRes.json() : null, request.url);
  const projects = (await projectsRes.json()) as Project[];
  const updates = (await updatesRes.json()) as ProjectUpdate[];
  const unitPages = await unitEntries(context.api, origin, projects);
  const entries: SitemapEntry[] = [
    { loc: `${origin}/` },
    { loc: `${origin}/all-projects` },
    { loc: `${origin}/all-updates` },
    ...projects.map((p) => ({ loc: `${origin}/project/${p.id}`, lastmod: p.updatedAt })),
    ...updates.map((u) => ({ loc: `${origin}/update/${u.id}`, lastmod: u.createdAt })),
    ...unitPages,
  ];
  return new Response(sitemapXml(entries), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}

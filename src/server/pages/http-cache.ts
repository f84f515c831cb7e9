/**
 * HTTP caching rules (docs/performance/web.md "HTTP caching",
 * docs/decisions/023-hydrate-after-paint-and-cacheable-pages.md; the CDN set-up is in the README):
 * - a public page (GET/HEAD, 200, HTML or React Router's `.data` answer, not under /admin, no `?preview=` draft, no
 *   cookie set) is shared-cacheable: {@link PUBLIC_PAGE_CACHE_CONTROL} plus a weak ETag of its body, so a CDN keeps
 *   it 60 s, serves it stale while it revalidates for 10 min, and a browser revalidates it (304 when unchanged).
 *   Page loaders read the API without the visitor's credentials (src/server/pages/plugin.ts), so such a page never
 *   carries personal data;
 * - every other page answer (admin screens, drafts, form posts, errors) is {@link PRIVATE_NO_STORE};
 * - /api: an answer of a non-public route or one that sets a cookie is `private, no-store`; a public GET is
 *   `no-cache` (kept by nobody without revalidation) unless its route chose its own Cache-Control.
 * Hashed build assets and content-addressed media are `immutable` where they are served (pages.ts, media routes).
 */
import { createHash } from "node:crypto";

/** Cache-Control of a public page: a CDN may keep it 60 s and serve it stale for 10 min while revalidating. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/**
 * Cache-Control of a public page whose content changes by itself in `secondsLeft` seconds (a licence's last day
 * ends, docs/compliance.md; a hold runs out, docs/decisions/122-a-hold-ends-the-cached-page.md): s-maxage and
 * stale-while-revalidate together never reach past that moment.
 */
export function publicPageCacheControlUntil(secondsLeft: number): string {
  const left = Math.max(0, Math.floor(secondsLeft));
  const sMaxAge = Math.min(60, left);
  const stale = Math.min(600, left - sMaxAge);
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${stale}`;
}

/** Cache-Control of anything with personal data, drafts or side effects. */
export const PRIVATE_NO_STORE = "private, no-store";

/** What a page answer may be: shared-cacheable (with an ETag) or private. */
export type PageCachePolicy = "public" | "private";

/**
 * The policy of a page answer. `url` is the request's path and query, `method` its HTTP method, `status` /
 * `contentType` / `setsCookie` describe the answer.
 */
export function pageCachePolicy(answer: {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  setsCookie: boolean;
}): PageCachePolicy {
  if (answer.method !== "GET" && answer.method !== "HEAD") return "private";
  if (answer.status !== 200 || answer.setsCookie) return "private";
  const url = new URL(answer.url, "http://x");
  if (url.pathname === "/admin" || url.pathname.startsWith("/admin/")) return "private";
  if (url.searchParams.has("preview")) return "private";
  // A visit's pages hold one person's booking (/visit/{token}) or slots that fill up (/visit/book/{id}): never shared
  // (ARCHITECTURE resolution 24; docs/decisions/088-site-visits.md).
  if (url.pathname.startsWith("/visit/")) return "private";
  // A checkout's pages hold one buyer's form or payment (docs/payments.md "Checkout"): never shared.
  if (url.pathname.startsWith("/checkout/")) return "private";
  const type = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "text/html" || type === "text/x-script" ? "public" : "private";
}

/**
 * A weak ETag (W/"…", 27 characters of base64url SHA-256) of a body, given whole or as consecutive parts: weak because
 * compression varies the bytes.
 */
export function weakEtag(body: Uint8Array | readonly Uint8Array[]): string {
  const hash = createHash("sha256");
  for (const part of Array.isArray(body) ? body : [body]) hash.update(part);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/**
 * The Cache-Control of an /api answer whose route did not choose one: `no-cache` for a public GET/HEAD that sets no
 * cookie, `private, no-store` otherwise (signed-in routes answer with personal data).
 */
export function apiCacheControl(answer: { method: string; access: unknown; setsCookie: boolean }): string {
  const read = answer.method === "GET" || answer.method === "HEAD";
  return read && answer.access === "public" && !answer.setsCookie ? "no-cache" : PRIVATE_NO_STORE;
}

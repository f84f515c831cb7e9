/**
 * In-process cache of rendered public pages (docs/decisions/040-rendered-page-cache.md, docs/performance/web.md):
 * an ad burst asks for the same campaign or project page thousands of times a minute; rendering each costs 20–90 ms
 * of CPU, answering from memory well under 1 ms.
 *
 * - Only answers that http-cache.ts calls public are stored (GET/HEAD, 200, HTML or a `.data` answer, not /admin, no
 *   draft preview, no cookie): their loaders read the API without the visitor's credentials, so one copy is right for
 *   every visitor. The key is the host and the path with its query.
 * - The body is stored with its CSP nonce replaced by a placeholder; each answer from the cache carries its own
 *   response's nonce (docs/decisions/019-script-nonce.md).
 * - A copy lives `ttlMs` (PAGE_CACHE_TTL_MS, default 10 000 ms; 0 turns the cache off). A successful answer (< 400)
 *   of a route that declares `config: { changesPublicPages: true }` (the writes of projects, updates, units, landing
 *   pages and campaigns, and a lead's stage, which holds or frees a unit) empties the cache on this instance, so
 *   staff see a published change at once on the instance they use; another instance shows it within `ttlMs`, the
 *   same staleness a CDN in front (s-maxage=60) already allows. Other writes (an enquiry, a sign-in, a token
 *   refresh) leave it: during an ad burst the enquiries the ads bring do not throw the pages away
 *   (docs/decisions/063-page-cache-emptied-by-public-writes.md).
 * - A copy may carry its gzip encoding, compressed once (page-gzip.ts): a hit answers it with its own nonce without
 *   compressing again.
 * - At most `maxBytes` of bodies and their compressed pieces (default 32 MiB), least recently used dropped first; a
 *   body over 1 MiB is not stored.
 */
import type { FastifyContextConfig } from "fastify";
import { LRUCache } from "lru-cache";
import type { GzipPieces } from "./page-gzip.ts";

/** One stored page: status, headers (minus the per-response ones) and the body with NONCE_PLACEHOLDER for its nonce. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** The weak ETag of the body without its nonce (http-cache.ts weakEtag). */
  etag: string;
  /** The body's gzip pieces (page-gzip.ts), when it is worth compressing. */
  gzip?: GzipPieces;
  /**
   * When the content changes by itself (ms on the app's clock: a licence's last day ends, docs/compliance.md; a hold
   * on the page runs out, docs/decisions/122-a-hold-ends-the-cached-page.md): the copy is not answered from then on,
   * and its Cache-Control never lets a CDN keep it longer (plugin.ts).
   */
  expiresAt?: number;
}

/** Stands for the response's CSP nonce in a stored body: characters a base64 nonce never holds. */
export const NONCE_PLACEHOLDER = "\u0000nonce\u0000";
/** Largest body stored (bytes): a public page is 30–150 KB. */
const MAX_ENTRY_BYTES = 1024 * 1024;

export interface PageCache {
  /** The stored copy for `key`, or undefined (missing, expired, or the cache is off). */
  get(key: string): CachedPage | undefined;
  /** How many times the cache has been emptied: read before a render, handed to `set` after it. */
  generation(): number;
  /**
   * Stores `page` under `key`, unless the cache is off, the body is over 1 MiB, or the cache was emptied since
   * `renderedAt` (a render that began before the last write may show data from before it).
   */
  set(key: string, page: CachedPage, renderedAt: number): void;
  /** Drops every copy (after a write to the API). */
  clear(): void;
}

/**
 * A cache with copies kept `ttlMs` (0: nothing is kept) within `maxBytes` of bodies; `now` (ms, monotonic) is the
 * clock, performance.now by default.
 */
export function createPageCache(options: { ttlMs: number; maxBytes?: number; now?: () => number }): PageCache {
  let generation = 0;
  if (options.ttlMs <= 0) {
    return { get: () => undefined, generation: () => generation, set: () => {}, clear: () => void generation++ };
  }
  const pages = new LRUCache<string, CachedPage>({
    ttl: options.ttlMs,
    // Staleness is checked against the clock at every read (the default caches it for 1 ms with a timer).
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    // Strings are UTF-16 in memory: two bytes per code unit; the gzip pieces hold the body again as UTF-8 and deflated.
    sizeCalculation: (page) => page.body.length * 2 + (page.gzip?.bytes ?? 0) + 512,
  });
  return {
    get: (key) => pages.get(key),
    generation: () => generation,
    set(key, page, renderedAt) {
      if (renderedAt !== generation || page.body.length * 2 > MAX_ENTRY_BYTES) return;
      pages.set(key, page);
    },
    clear() {
      generation++;
      pages.clear();
    },
  };
}

/** The cache key of a page request: host and path with query. */
export function pageCacheKey(host: string, url: string): string {
  return `${host} ${url}`;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A successful answer of this route changes what visitors see: it empties the page cache (pages/page-cache.ts). */
    changesPublicPages?: boolean;
  }
  interface FastifyInstance {
    /** The rendered-page cache of this instance (app.ts); off (ttl 0) when the app serves no pages. */
    pageCache: PageCache;
  }
}

/** Whether an answer empties the cache: status < 400 from a route whose config declares `changesPublicPages`. */
export function emptiesPageCache(config: FastifyContextConfig | undefined, statusCode: number): boolean {
  return statusCode < 400 && config?.changesPublicPages === true;
}

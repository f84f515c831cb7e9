/**
 * The React Router bridge (ARCHITECTURE "the shape", docs/public-pages.md §1).
 * Everything that is not /api or /media goes to React Router's request handler, converted to a Web Request
 * and back, so Fastify's hooks (compression, security headers, logs) apply to pages too.
 * Loaders read the API in-process through `context.api(path, init)` (app.inject), forwarding the visitor's IP.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import negotiate from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fresh from "fresh";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ApiInit } from "#domain/api-init.ts";
import { systemClock } from "../jobs/clock.ts";
import { CONTENT_EXPIRES_HEADER } from "../lib/compliance-rules.ts";
import { inlineCriticalCss, linkWholeStylesheet } from "./critical-css.ts";
import { cspNonceOf } from "./csp-nonce.ts";
import {
  PRIVATE_NO_STORE,
  PUBLIC_PAGE_CACHE_CONTROL,
  pageCachePolicy,
  publicPageCacheControlUntil,
  weakEtag,
} from "./http-cache.ts";
import { type CachedPage, NONCE_PLACEHOLDER, type PageCache, pageCacheKey } from "./page-cache.ts";
import { guardPageRequests } from "./page-guard.ts";
import { gzipPieces, gzipWithNonce } from "./page-gzip.ts";
import { STATIC_FILE_HELMET } from "./static-headers.ts";

export interface PagesOptions {
  /** development: Vite middleware with HMR; production: the built bundle in `buildDir`. */
  mode: "development" | "production";
  /** Project root (where vite.config.ts and build/ live). */
  root: string;
  /** Rendered public pages kept in memory (app.ts creates it and empties it after API writes); none in development. */
  cache?: PageCache;
  /** The app's one clock (jobs/clock.ts): when a copy's content expires by itself (default: the system clock). */
  clock?: () => Date;
}

/** The islands entry's source module, served by Vite in development (vite.config.ts ISLANDS_ENTRY). */
const ISLANDS_ENTRY_SOURCE = "src/web/public/islands/entry.ts";

/**
 * The islands entry's URL from the client build's islands manifest (`build/islands-manifest.json`, written by
 * vite.config.ts: `{ "entry": "/assets/islands-HASH.js" }`); "" when the file is missing or unreadable (a build
 * from before islands): public pages then carry no script at all and work as they do without JavaScript.
 */
async function readIslandsEntry(buildDir: string): Promise<string> {
  try {
    const manifest = JSON.parse(await readFile(path.join(buildDir, "islands-manifest.json"), "utf8")) as {
      entry?: unknown;
    };
    return typeof manifest.entry === "string" && manifest.entry.startsWith("/assets/") ? manifest.entry : "";
  } catch {
    return "";
  }
}

/** Largest body a page (a public form's route action) accepts: 1 MiB; forms carry a few KB of text. */
export const PAGE_BODY_LIMIT_BYTES = 1024 * 1024;
/** Bytes of an oversized page body read past its 413 so that the sender reads the answer (pages/page-body.ts). */
export const PAGE_BODY_DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  let getBuild: () => Promise<ServerBuild>;
  /** The islands entry's URL for public pages (src/web/islands-entry.tsx); "" when the build has none. */
  let islandsEntry = "";

  if (options.mode === "development") {
    islandsEntry = `/${ISLANDS_ENTRY_SOURCE}`;
    const { createServer } = await import("vite");
    await app.register((await import("@fastify/middie")).default);
    const vite = await createServer({
      root: options.root,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    app.use(vite.middlewares);
    app.addHook("onClose", async () => vite.close());
    getBuild = async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  } else {
    const buildDir = path.join(options.root, "build");
    const build = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
    getBuild = async () => build;
    islandsEntry = await readIslandsEntry(buildDir);
    // Static files are not documents: only nosniff, CORP (and HSTS when on https) of helmet's headers apply to them.
    // This scope's only other route is the page handler "/*", which keeps every document header.
    app.addHook("onRoute", (route) => {
      if (route.url !== "/*") route.config = Object.assign(route.config ?? {}, { helmet: STATIC_FILE_HELMET });
    });
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      wildcard: false,
      // The .br / .gz copies written by scripts/compress-assets.mjs after the client build (brotli 11), chosen from
      // Accept-Encoding; a file without a copy falls back to on-the-fly compression by @fastify/compress.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes(`${path.sep}fonts${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  // Production: one request handler for the bundle (React Router derives its route tables on the first call, about a
  // millisecond, and keeps them); development: a new one per request, over the module Vite may have reloaded.
  let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
  const handlerFor = async () => {
    if (options.mode === "development") return createRequestHandler(await getBuild(), options.mode);
    productionHandler ??= createRequestHandler(await getBuild(), options.mode);
    return productionHandler;
  };
  const pageCache = options.mode === "development" ? undefined : options.cache;

  // Page bodies (the public forms' route actions) are read here as a buffer of at most PAGE_BODY_LIMIT_BYTES, counted
  // as they stream in: a larger body is answered 413 in the error shape, never echoed or held whole. Only a readable
  // form reaches an action, and only a target a page can have reaches React Router (pages/page-guard.ts).
  app.register(async (scope) => {
    guardPageRequests(scope, { bodyLimitBytes: PAGE_BODY_LIMIT_BYTES, drainLimitBytes: PAGE_BODY_DRAIN_LIMIT_BYTES });
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      config: { access: "public" },
      handler: async (request, reply) => {
        // An unknown /api path is an API answer (JSON 404 in the error shape), never the HTML not-found page.
        if (request.url === "/api" || request.url.startsWith("/api/") || request.url.startsWith("/api?")) {
          return reply.callNotFound();
        }
        // A stored copy of a public page (pages/page-cache.ts) is answered without rendering.
        const key = pageCacheKey(request.host, request.url);
        const read = request.method === "GET" || request.method === "HEAD";
        const now = (options.clock ?? systemClock)().getTime();
        // A copy whose content changed by itself since (a licence's last day ended, a hold ran out) is rendered again.
        const stored = read ? pageCache?.get(key) : undefined;
        const hit = stored && (stored.expiresAt === undefined || stored.expiresAt > now) ? stored : undefined;
        if (hit) return sendPage(request, reply, hit, "hit", now);
        const renderedAt = pageCache?.generation() ?? 0;
        const handler = await handlerFor();
        const controller = new AbortController();
        reply.raw.on("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const expiry: ContentExpiry = { at: null };
        const context = Object.assign(new RouterContextProvider(), {
          api: apiFor(app, request, controller.signal, expiry),
          // Development keeps 'unsafe-inline' for Vite's scripts (app.ts), which a nonce would switch off.
          cspNonce: options.mode === "development" ? "" : cspNonceOf(reply.raw),
          islandsEntry,
        });
        const response = await rewriteDocument(
          request.url,
          await handler(toWebRequest(request, controller.signal), context),
          // Development renders from sources that change under it: the whole stylesheet stays inline there.
          options.mode === "development" ? null : context.cspNonce,
        );
        const policy = pageCachePolicy({
          method: request.method,
          url: request.url,
          status: response.status,
          contentType: response.headers.get("content-type"),
          setsCookie: response.headers.getSetCookie().length > 0,
        });
        if (policy === "private") {
          response.headers.set("cache-control", PRIVATE_NO_STORE);
          return sendWebResponse(reply, response);
        }
        const page = await storablePage(reply, response);
        if (expiry.at) page.expiresAt = Date.parse(expiry.at);
        // A HEAD answer has no body: only a GET's copy is stored.
        if (request.method === "GET") pageCache?.set(key, page, renderedAt);
        return sendPage(request, reply, page, "miss", now);
      },
    });
  });
}

/** The earliest `x-content-expires` instant (ISO) the API answered during one render, or null. */
interface ContentExpiry {
  at: string | null;
}

/**
 * `context.api`: an in-process call to our own API, as the visitor (IP forwarded), without credentials. Once the
 * visitor has gone away (`signal` aborted) it throws the abort reason instead of calling the API, so a loader stops
 * at its next call; React Router then skips rendering (it checks the signal after the loaders). The earliest
 * `x-content-expires` of its answers (a licence's last day ending, docs/compliance.md; a hold shown running out,
 * docs/decisions/122-a-hold-ends-the-cached-page.md) is kept in `expiry`.
 */
function apiFor(app: FastifyInstance, request: FastifyRequest, signal: AbortSignal, expiry: ContentExpiry) {
  return async (apiPath: string, init: ApiInit = {}): Promise<Response> => {
    signal.throwIfAborted();
    const result = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: apiPath,
      remoteAddress: request.ip,
      headers: {
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
        ...init.headers,
      },
      payload: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const expires = result.headers[CONTENT_EXPIRES_HEADER];
    if (typeof expires === "string" && !Number.isNaN(Date.parse(expires))) {
      if (expiry.at === null || Date.parse(expires) < Date.parse(expiry.at)) expiry.at = expires;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(result.headers)) {
      if (value === undefined || key === "content-encoding" || key === "content-length") continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(result.statusCode === 204 ? null : new Uint8Array(result.rawPayload), {
      status: result.statusCode,
      headers,
    });
  };
}

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const body = request.method !== "GET" && request.method !== "HEAD" ? (request.body as Buffer | undefined) : undefined;
  return new Request(url, { method: request.method, headers, signal, ...(body ? { body: new Uint8Array(body) } : {}) });
}

/**
 * A public document (not under /admin, HTML; never hydrated: docs/public-pages.md) with only its critical CSS inlined
 * (critical-css.ts); an admin document with the whole stylesheet linked instead of inlined; any other answer as it
 * is. `nonce`: the response's CSP nonce, or null to leave the stylesheet as it is (development).
 */
async function rewriteDocument(url: string, response: Response, nonce: string | null): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body) return response;
  const path = url.split("?")[0] ?? url;
  const admin = path === "/admin" || path.startsWith("/admin/");
  if (admin && nonce === null) return response;
  const text = await response.text();
  let html = text;
  if (nonce !== null && admin) html = linkWholeStylesheet(html);
  else if (nonce !== null) html = inlineCriticalCss(html);
  return new DocumentResponse(html, response);
}

/**
 * A rewritten document: status and headers as a Response, the text in `html` (no body stream, so it is neither encoded
 * into one nor read back: storablePage and sendWebResponse take the text).
 */
class DocumentResponse extends Response {
  constructor(
    readonly html: string,
    from: Response,
  ) {
    super(null, { status: from.status, statusText: from.statusText, headers: from.headers });
  }
}

/** The CSP nonce this response carries, or "" in development (no nonce there). */
function nonceOfResponse(reply: FastifyReply): string {
  return /'nonce-([^']+)'/.exec(String(reply.raw.getHeader("content-security-policy") ?? ""))?.[1] ?? "";
}

/** Smallest body compressed (characters): @fastify/compress's threshold in app.ts. */
const GZIP_MIN_CHARS = 1024;

/**
 * A rendered public page read whole (it was rendered anyway) as a storable copy: its nonce replaced by the
 * placeholder, a weak ETag that therefore ignores the nonce, which differs on every render of the same page
 * (docs/decisions/019-script-nonce.md): the same content gets the same ETag; and its gzip pieces (page-gzip.ts),
 * compressed once for this answer and every hit of the copy.
 */
async function storablePage(reply: FastifyReply, response: Response): Promise<CachedPage> {
  const nonce = nonceOfResponse(reply);
  const text = response instanceof DocumentResponse ? response.html : await response.text();
  const body = nonce ? text.replaceAll(nonce, NONCE_PLACEHOLDER) : text;
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== "content-length" && name !== "set-cookie") headers.push([name, value]);
  }
  // The body's bytes between its nonces, encoded once for the ETag and the gzip pieces.
  const plain = body.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece));
  return {
    status: response.status,
    headers,
    body,
    etag: weakEtag(plain),
    ...(body.length >= GZIP_MIN_CHARS ? { gzip: gzipPieces(plain, Buffer.byteLength(nonce)) } : {}),
  };
}

/** `reply`'s Vary header with `accept-encoding` added once (the answer's bytes depend on it). */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = String(reply.getHeader("vary") ?? "");
  if (current.split(",").some((name) => ["accept-encoding", "*"].includes(name.trim().toLowerCase()))) return;
  reply.header("vary", current ? `${current}, accept-encoding` : "accept-encoding");
}

/**
 * A public page (http-cache.ts) sent with its ETag and the shared-cache Cache-Control, or 304 without a body when the
 * client's If-None-Match already names it; `x-page-cache` says whether it came from memory. The body carries this
 * response's nonce. A client that accepts gzip gets the copy's stored gzip pieces (page-gzip.ts) even when it also
 * accepts brotli: no compression per answer (docs/decisions/043-critical-css-per-route.md); any other client gets the
 * text, which @fastify/compress encodes (brotli) or not as it asks.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, source: "hit" | "miss", now: number) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  const cacheControl =
    page.expiresAt === undefined
      ? PUBLIC_PAGE_CACHE_CONTROL
      : publicPageCacheControlUntil((page.expiresAt - now) / 1000);
  reply.header("cache-control", cacheControl).header("etag", page.etag).header("x-page-cache", source);
  varyOnAcceptEncoding(reply);
  if (fresh(request.headers, { etag: page.etag })) {
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    // A 304's headers replace the stored ones: without a CSP here the browser keeps the policy whose nonce matches
    // the copy it already has.
    reply.raw.removeHeader("content-security-policy");
    return reply.code(304).send();
  }
  const acceptEncoding = request.headers["accept-encoding"];
  const gzip =
    page.gzip && acceptEncoding && negotiate(acceptEncoding.toLowerCase(), ["gzip"]) === "gzip"
      ? gzipWithNonce(page.gzip, nonceOfResponse(reply))
      : null;
  if (gzip) {
    // @fastify/compress leaves an answer that already has a Content-Encoding as it is.
    reply.header("content-encoding", "gzip");
    return reply.send(gzip);
  }
  return reply.send(page.body.replaceAll(NONCE_PLACEHOLDER, nonceOfResponse(reply)));
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (response instanceof DocumentResponse) return reply.send(response.html);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}

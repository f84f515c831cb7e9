/**
 * Public pages answered from the page cache with their stored gzip pieces (pages/page-gzip.ts, pages/page-cache.ts,
 * docs/decisions/043-critical-css-per-route.md): a hit decompresses to the same page as the miss with its own nonce,
 * the encoding follows Accept-Encoding (gzip when accepted, else brotli by @fastify/compress, else none), the answer
 * varies on Accept-Encoding, its length is the bytes sent, it is compressed once, and If-None-Match gets a 304.
 */
import { rm } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExports, writeStandInBuild } from "../test-utils/stand-in-build.ts";
import { cspNonceOf } from "./csp-nonce.ts";
import { createPageCache } from "./page-cache.ts";
import { pagesPlugin } from "./plugin.ts";

// A stand-in bundle with one route whose document carries the response's nonce on two inline scripts, and a text
// (globalThis.__pageCacheProbe.text) the test changes to tell renders apart.
const BUNDLE = `
const probe = globalThis.__pageCacheProbe;
export const entry = { module: { default: (request, status, headers, routerContext, loadContext) => {
  probe.renders += 1;
  headers.set("content-type", "text/html; charset=utf-8");
  const nonce = loadContext.cspNonce;
  const html = "<!DOCTYPE html><html lang=\\"ar\\"><head><script nonce=\\"" + nonce + "\\">window.a=1</script></head>" +
    "<body><main><p>" + probe.text + "</p></main><script nonce=\\"" + nonce + "\\">window.b=2</script></body></html>";
  return new Response(html, { status, headers });
} } };
export const routes = { root: { id: "root", path: "", module: { default: () => null } } };
${buildExports()}`;

const probe = { renders: 0, text: "" };
let root: string;
let app: FastifyInstance;
const cache = createPageCache({ ttlMs: 60_000 });

beforeAll(async () => {
  root = await writeStandInBuild("pages-cache-", BUNDLE);
  (globalThis as { __pageCacheProbe?: typeof probe }).__pageCacheProbe = probe;
  app = Fastify({ logger: false });
  // As app.ts: a nonce'd script-src, and on-the-fly compression above 1 KB.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as ServerResponse)}'`] },
    },
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(pagesPlugin, { mode: "production", root, cache });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";

/** The page's text as the client reads it: decoded once per its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString();
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

/** A fresh copy: the cache emptied and the text changed, so the next request renders. */
function newContent(text: string) {
  cache.clear();
  probe.text = text;
}

describe("a cached public page's encodings", () => {
  it("answers a hit with stored gzip that decompresses to the miss's page with the hit's own nonce", async () => {
    newContent("مشروع ".repeat(400));
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    const miss = await app.inject({ url: "/", headers });
    const hit = await app.inject({ url: "/", headers });
    expect(miss.headers["x-page-cache"]).toBe("miss");
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(probe.renders).toBeGreaterThan(0);
    for (const res of [miss, hit]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      // Compressed once: one gunzip gives the document, not another gzip member.
      expect(decoded(res)).toMatch(/^<!DOCTYPE html>/);
    }
    const [missNonce, hitNonce] = [nonceOf(miss), nonceOf(hit)];
    expect(hitNonce).not.toBe(missNonce);
    expect(decoded(hit)).toBe(decoded(miss).replaceAll(missNonce, hitNonce));
    expect(decoded(hit).match(new RegExp(`nonce="${hitNonce.replace(/[+/]/g, "\\$&")}"`, "g"))).toHaveLength(2);
    expect(decoded(hit)).toContain(probe.text);
  });

  it("answers brotli (compressed by @fastify/compress) to a client without gzip, and text to one without either", async () => {
    newContent("وحدة ".repeat(500));
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "br, gzip;q=0" } });
    const plain = await app.inject({ url: "/" });
    expect(br.headers["x-page-cache"]).toBe("hit");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const res of [br, plain]) {
      expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
      expect(decoded(res)).toBe(decoded(gzip).replaceAll(nonceOf(gzip), nonceOf(res)));
    }
    expect(Number(plain.headers["content-length"])).toBe(plain.rawPayload.length);
  });

  it("answers 304 without a body to a client that names the copy's ETag, whatever its encoding", async () => {
    newContent("تحديث ".repeat(300));
    const first = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: "/", headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(String(again.headers.vary).toLowerCase()).toContain("accept-encoding");
    // New content, new ETag: the old one no longer matches.
    newContent("خبر ".repeat(300));
    const changed = await app.inject({ url: "/", headers: { "accept-encoding": "gzip", "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(decoded(changed)).toContain(probe.text);
  });

  it("leaves a short page to @fastify/compress's threshold (not compressed)", async () => {
    newContent("قصير");
    const res = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(decoded(res)).toContain("قصير");
  });
});

/**
 * A cached public page never outlives its licence's last day (docs/compliance.md; ARCHITECTURE resolution 24): when
 * an API read of the render answers `x-content-expires` (the end of a licence's last day in Asia/Riyadh), the copy
 * kept in memory is not answered from that instant on (the app's clock), and the CDN headers (s-maxage,
 * stale-while-revalidate) never reach past it.
 */
import { rm } from "node:fs/promises";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_EXPIRES_HEADER } from "#domain/licence.ts";
import { buildExports, writeStandInBuild } from "../test-utils/stand-in-build.ts";
import { createPageCache } from "./page-cache.ts";
import { pagesPlugin } from "./plugin.ts";

// A stand-in bundle whose one route reads /api/licensed through the load context, as a project page's loader does.
const BUNDLE = `
const probe = globalThis.__licenceCacheProbe;
export const entry = { module: { default: async (request, status, headers, routerContext, loadContext) => {
  probe.renders += 1;
  await loadContext.api("/api/licensed");
  headers.set("content-type", "text/html; charset=utf-8");
  return new Response("<!DOCTYPE html><html><body><p>صفحة مشروع</p></body></html>", { status, headers });
} } };
export const routes = { root: { id: "root", path: "", module: { default: () => null } } };
${buildExports()}`;

/** The licence's last day is 2026-12-01: it ends at 2026-12-02T00:00:00+03:00 = 2026-12-01T21:00:00Z. */
const END_OF_LAST_DAY = "2026-12-01T21:00:00.000Z";

const probe = { renders: 0 };
let now = new Date("2026-12-01T20:50:00.000Z");
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = await writeStandInBuild("pages-licence-", BUNDLE);
  (globalThis as { __licenceCacheProbe?: typeof probe }).__licenceCacheProbe = probe;
  app = Fastify({ logger: false });
  app.get("/api/licensed", async (_request, reply) => reply.header(CONTENT_EXPIRES_HEADER, END_OF_LAST_DAY).send({}));
  await app.register(pagesPlugin, {
    mode: "production",
    root,
    cache: createPageCache({ ttlMs: 60 * 60 * 1000 }),
    clock: () => now,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe("a page whose licence ends today", () => {
  it("is kept and shared only until the end of the licence's last day", async () => {
    const miss = await app.inject({ url: "/" });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers["x-page-cache"]).toBe("miss");
    // 10 minutes left: a CDN keeps it 60 s and serves it stale for at most the 540 s after.
    expect(miss.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=540");

    now = new Date("2026-12-01T20:59:30.000Z");
    const hit = await app.inject({ url: "/" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=0");
    expect(probe.renders).toBe(1);

    // The next day in Asia/Riyadh: the copy (kept an hour otherwise) is not answered; the page is rendered again.
    now = new Date(END_OF_LAST_DAY);
    const after = await app.inject({ url: "/" });
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(probe.renders).toBe(2);
  });
});

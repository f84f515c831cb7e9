/**
 * A cached public page never shows a hold past its expiry (ARCHITECTURE resolution 24;
 * docs/decisions/122-a-hold-ends-the-cached-page.md): the unit's public read, the project's inventory and its unit list
 * answer `x-content-expires` at the earliest expiry of a hold they show, so the page kept in memory is rendered again
 * from that instant (the app's clock) and its CDN headers never reach past it — the held unit reads محجوزة until then
 * and متاحة right after, without any write emptying the cache and before the expiry job has swept the hold.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_EXPIRES_HEADER } from "#domain/licence.ts";
import { projects, units } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test-utils/app.ts";
import { buildExports, writeStandInBuild } from "../test-utils/stand-in-build.ts";

// A stand-in bundle whose one route reads, through the load context as the real loaders do, a unit's public read
// (`/?project=P&unit=U`, the unit page) or the project's inventory and unit list (`/?project=P`, the project page's
// availability grid and units section), and prints the statuses it read.
const BUNDLE = `
const probe = globalThis.__holdCacheProbe;
const json = async (response) => response.json();
export const entry = { module: { default: async (request, status, headers, routerContext, loadContext) => {
  probe.renders += 1;
  const url = new URL(request.url);
  const project = url.searchParams.get("project");
  const unit = url.searchParams.get("unit");
  let text;
  if (unit) {
    text = (await json(await loadContext.api("/api/projects/" + project + "/units/" + unit + "/public"))).status;
  } else {
    const inventory = await json(await loadContext.api("/api/projects/" + project + "/inventory"));
    const list = await json(await loadContext.api("/api/projects/" + project + "/units"));
    const grid = inventory.buildings.flatMap((b) => b.floors.flatMap((f) => f.units.map((u) => u.status)));
    text = "grid:" + grid.join(",") + " list:" + list.map((u) => u.status).join(",");
  }
  headers.set("content-type", "text/html; charset=utf-8");
  return new Response("<!DOCTYPE html><html><body><p>" + text + "</p></body></html>", { status, headers });
} } };
export const routes = { root: { id: "root", path: "", module: { default: () => null } } };
${buildExports()}`;

/** 12:00 in Jeddah. */
const START = new Date("2026-12-01T09:00:00.000Z");
const MINUTE = 60_000;
let now = START;
const probe = { renders: 0 };
let root: string;
let t: TestApp;
let projectId: number;
let unitId: number;
let holdExpiresAt: string;

beforeAll(async () => {
  root = await writeStandInBuild("pages-holds-", BUNDLE);
  (globalThis as { __holdCacheProbe?: typeof probe }).__holdCacheProbe = probe;
  t = await createTestApp({
    clock: () => now,
    // No job sweeps the hold, and a copy would otherwise be kept for ten minutes.
    env: { JOBS_INTERVAL_MS: "0", PAGE_CACHE_TTL_MS: "600000" },
    pages: { mode: "production", root },
  });
  const agent = await t.signIn("sales_agent");
  const [project] = await t.db
    .insert(projects)
    .values({ name: "برج الحجوزات", city: "جدة", publishedAt: START })
    .returning({ id: projects.id });
  projectId = project.id;
  const [unit] = await t.db
    .insert(units)
    .values({ projectId, building: "A", unitNumber: "0304", floor: 3, price: 820_000 })
    .returning({ id: units.id });
  unitId = unit.id;
  const hold = await t.app.inject({
    method: "POST",
    url: `/api/units/${unitId}/holds`,
    payload: { minutes: 15 },
    headers: t.bearer(agent.token),
  });
  expect(hold.statusCode).toBe(201);
  holdExpiresAt = hold.json().expiresAt;
  expect(holdExpiresAt).toBe(new Date(START.getTime() + 15 * MINUTE).toISOString());
}, 120_000);

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: "GET", url });

describe("a public page that shows a held unit", () => {
  it("answers the hold's expiry with every read of it", async () => {
    now = START;
    for (const url of [
      `/api/projects/${projectId}/units/${unitId}/public`,
      `/api/projects/${projectId}/inventory`,
      `/api/projects/${projectId}/units`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers[CONTENT_EXPIRES_HEADER], url).toBe(holdExpiresAt);
    }
  });

  it.each([
    ["the unit page", () => `/?project=${projectId}&unit=${unitId}`, "محجوزة", "متاحة"],
    ["the availability grid", () => `/?project=${projectId}`, "grid:محجوزة list:محجوزة", "grid:متاحة list:متاحة"],
  ])(
    "%s shows محجوزة until the hold runs out and متاحة right after, without a write",
    async (_name, url, held, free) => {
      now = START;
      const generation = t.app.pageCache.generation();
      const renders = probe.renders;
      const first = await page(url());
      expect(first.statusCode).toBe(200);
      expect(first.headers["x-page-cache"]).toBe("miss");
      expect(first.body).toContain(held);

      // Ten seconds before the expiry: the kept copy, which a CDN may keep ten seconds more at most.
      now = new Date(Date.parse(holdExpiresAt) - 10_000);
      const kept = await page(url());
      expect(kept.headers["x-page-cache"]).toBe("hit");
      expect(kept.body).toContain(held);
      expect(kept.headers["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=0");

      // The hold has run out: rendered again, though nothing wrote and the job has not swept it.
      now = new Date(Date.parse(holdExpiresAt) + 1_000);
      const after = await page(url());
      expect(after.headers["x-page-cache"]).toBe("miss");
      expect(after.body).toContain(free);
      expect(after.body).not.toContain("محجوزة");
      expect(probe.renders - renders).toBe(2);
      expect(t.app.pageCache.generation()).toBe(generation);
    },
  );
});

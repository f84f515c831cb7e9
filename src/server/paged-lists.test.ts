/**
 * Server-side paging of the admin lists that can grow (src/domain/schemas/paging.ts): units of a project
 * (GET /api/units/page), progress updates (GET /api/project-updates/page) and staff accounts (GET /api/users/page).
 * Walking every page with a small limit gives every matching row once, in the list's order, also when rows share a
 * creation time; filters and `total` agree; a foreign cursor is 400 {cursor}; the unpaged routes still answer arrays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGING_TEXTS } from "#domain/schemas/paging.ts";
import { projects, projectUpdates, units, users } from "./db/schema.ts";
import { createTestApp, type TestApp, type TestUser } from "./test-utils/app.ts";

let t: TestApp;
let admin: TestUser;
let projectId: number;
let otherProjectId: number;

/** Every item of a paged list, walking `nextCursor` with `limit`; also the totals each page reported. */
async function walk(url: string, limit: number, token = admin.token) {
  const items: Record<string, unknown>[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const sep = url.includes("?") ? "&" : "?";
    const pageUrl: string = `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await t.app.inject({ url: pageUrl, headers: t.bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const page: { items: Record<string, unknown>[]; nextCursor: string | null; total: number } = res.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    totals.add(page.total);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { items, totals: [...totals] };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("super_admin");
  const [project] = await t.db.insert(projects).values({ name: "مشروع الصفحات", city: "جدة" }).returning();
  const [other] = await t.db.insert(projects).values({ name: "مشروع آخر", city: "جدة" }).returning();
  projectId = project.id;
  otherProjectId = other.id;
  await t.db.insert(units).values([
    ...["B", "A", "C"].flatMap((building) =>
      ["103", "101", "102"].map((unitNumber, i) => ({
        projectId,
        building,
        unitNumber,
        status: i === 0 ? "مباعة" : "متاحة",
      })),
    ),
    { projectId: otherProjectId, building: "A", unitNumber: "900" },
  ]);
  // Seven updates stored at one instant (ties broken by id), two of them drafts, one in another project.
  const at = new Date("2026-11-20T10:00:00.123Z");
  await t.db.insert(projectUpdates).values([
    ...Array.from({ length: 6 }, (_, i) => ({
      projectId,
      title: i % 2 ? `تحديث الإنشاءات ${i}` : `تقرير المرحلة ${i}`,
      createdAt: at,
      publishedAt: i < 4 ? at : null,
    })),
    { projectId: otherProjectId, title: "تحديث آخر", createdAt: at, publishedAt: at },
  ]);
  // Staff accounts created in one statement share their creation time.
  await t.db.insert(users).values(
    Array.from({ length: 5 }, (_, i) => ({
      username: `paged-${i}`,
      passwordHash: "x",
      role: i < 3 ? "sales_agent" : "photographer",
      name: i === 4 ? "نورة المصورة" : `موظف ${i}`,
    })),
  );
}, 120_000);

afterAll(async () => t.close());

describe("units of a project, paged", () => {
  it("walks every unit once by building and number, filters by status and search, 404 for an unknown project", async () => {
    const all = await walk(`/api/units/page?projectId=${projectId}`, 4);
    expect(all.items.map((u) => `${u.building}-${u.unitNumber}`)).toEqual([
      "A-101",
      "A-102",
      "A-103",
      "B-101",
      "B-102",
      "B-103",
      "C-101",
      "C-102",
      "C-103",
    ]);
    expect(all.totals).toEqual([9]);
    const first = await t.app.inject({
      url: `/api/units/page?projectId=${projectId}&limit=1`,
      headers: t.bearer(admin.token),
    });
    expect(first.json().statusCounts).toEqual({ مباعة: 3, متاحة: 6 });
    const sold = await walk(`/api/units/page?projectId=${projectId}&status=${encodeURIComponent("مباعة")}`, 2);
    expect(sold.items.map((u) => u.unitNumber)).toEqual(["103", "103", "103"]);
    expect(sold.totals).toEqual([3]);
    const search = await walk(`/api/units/page?projectId=${projectId}&search=102`, 50);
    expect(search.items).toHaveLength(3);
    const unknown = await t.app.inject({ url: "/api/units/page?projectId=999999", headers: t.bearer(admin.token) });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.app.inject({ url: "/api/units/page", headers: t.bearer(admin.token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.projectId).toBe("يرجى اختيار المشروع");
    // The unpaged list is unchanged (the dashboard still reads it).
    const legacy = await t.app.inject({ url: "/api/units", headers: t.bearer(admin.token) });
    expect(Array.isArray(legacy.json())).toBe(true);
    expect(legacy.json()).toHaveLength(10);
  });
});

describe("progress updates, paged", () => {
  it("walks updates newest first across equal creation times, with project, state and Arabic search filters", async () => {
    const all = await walk("/api/project-updates/page", 2);
    const ids = all.items.map((u) => u.id as number);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.totals).toEqual([7]);
    const drafts = await walk(`/api/project-updates/page?projectId=${projectId}&state=draft`, 1);
    expect(drafts.items).toHaveLength(2);
    expect(drafts.items.every((u) => u.publishedAt === null)).toBe(true);
    // "إنشاءات" typed with a bare alif finds «الإنشاءات».
    const search = await walk(`/api/project-updates/page?search=${encodeURIComponent("الانشاءات")}`, 10);
    expect(search.items.map((u) => u.title)).toEqual(["تحديث الإنشاءات 5", "تحديث الإنشاءات 3", "تحديث الإنشاءات 1"]);
    const legacy = await t.app.inject({ url: "/api/project-updates", headers: t.bearer(admin.token) });
    expect(Array.isArray(legacy.json())).toBe(true);
  });
});

describe("staff accounts, paged", () => {
  it("walks accounts oldest first across equal creation times, filters by role and name", async () => {
    const all = await walk("/api/users/page", 2);
    const names = all.items.map((u) => u.username as string);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["paged-0", "paged-1", "paged-2", "paged-3", "paged-4"]));
    expect(all.totals).toEqual([names.length]);
    expect(all.items[0]).not.toHaveProperty("passwordHash");
    const counts = (await t.app.inject({ url: "/api/users/page?limit=1", headers: t.bearer(admin.token) })).json();
    expect(counts.roleCounts).toMatchObject({ sales_agent: 3, photographer: 2, super_admin: 1 });
    const agents = await walk("/api/users/page?role=sales_agent", 1);
    expect(agents.items.map((u) => u.username).sort()).toEqual(["paged-0", "paged-1", "paged-2"]);
    const byName = await walk(`/api/users/page?search=${encodeURIComponent("نورة")}`, 10);
    expect(byName.items.map((u) => u.username)).toEqual(["paged-4"]);
  });

  it("refuses a cursor it did not give, a bad limit, and callers without the permission", async () => {
    for (const url of [
      "/api/users/page?cursor=bm90LWEtY3Vyc29y",
      `/api/units/page?projectId=${projectId}&cursor=${Buffer.from('{"b":1}').toString("base64url")}`,
      `/api/project-updates/page?cursor=${Buffer.from('{"t":"yesterday","i":1}').toString("base64url")}`,
      `/api/users/page?cursor=${Buffer.from('{"t":"2026-13-45 10:00:00+00","i":"x"}').toString("base64url")}`,
      `/api/users/page?cursor=${Buffer.from('{"t":"2026-02-30 10:00:00.5+99","i":"x"}').toString("base64url")}`,
    ]) {
      const res = await t.app.inject({ url, headers: t.bearer(admin.token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.cursor).toBe(PAGING_TEXTS.cursorInvalid);
    }
    const limit = await t.app.inject({ url: "/api/users/page?limit=500", headers: t.bearer(admin.token) });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().fields.limit).toBe(PAGING_TEXTS.limitInvalid);
    const photographer = await t.signIn("photographer");
    const denied = await t.app.inject({ url: "/api/users/page", headers: t.bearer(photographer.token) });
    expect(denied.statusCode).toBe(403);
  });
});

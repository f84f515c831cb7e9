/**
 * Unit types (docs/decisions/098-unit-type-admin.md): staff with inventory.manage create, edit and delete a
 * project's types; units inherit a type's defaults unless they carry their own; a type units use cannot be deleted.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import type { TestUser } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

const t = setUpTestApp({ env: { JOBS_INTERVAL_MS: "0" } });
const manager = signedIn(t, "manager");
const agent = signedIn(t, "sales_agent");
let projectId: number;

beforeAll(async () => {
  const [project] = await t.db
    .insert(projects)
    .values({ name: "برج النماذج", city: "جدة", publishedAt: new Date() })
    .returning({ id: projects.id });
  projectId = project.id;
}, 120_000);

const call = (user: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(user.token), ...(payload ? { payload } : {}) });

const typeA = {
  name: "نموذج أ",
  rooms: 3,
  privateArea: "120.5",
  totalArea: 140,
  direction: ["شرق", "شمال"],
  view: "إطلالة بحرية",
  price: 950_000,
  floorPlanUrl: "/media/plans/a.webp",
};

describe("unit types", () => {
  it("creates a type with its defaults, lists it, and the public inventory shows a unit inheriting them", async () => {
    expect((await call(agent, "POST", `/api/projects/${projectId}/unit-types`, typeA)).statusCode).toBe(403);
    const created = await call(manager, "POST", `/api/projects/${projectId}/unit-types`, typeA);
    expect(created.statusCode).toBe(201);
    const type = created.json();
    expect(type).toMatchObject({
      projectId,
      name: "نموذج أ",
      rooms: 3,
      privateArea: 120.5,
      totalArea: 140,
      direction: ["شمال", "شرق"],
      view: "إطلالة بحرية",
      price: 950_000,
      floorPlanUrl: "/media/plans/a.webp",
      unitCount: 0,
    });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "unit_type"), eq(auditLogs.entityId, String(type.id))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);

    await t.db.insert(units).values([
      { projectId, building: "A", floor: 1, unitNumber: "0101", typeId: type.id },
      { projectId, building: "A", floor: 1, unitNumber: "0102", typeId: type.id, rooms: 4, price: 1_100_000 },
    ]);
    const list = await call(agent, "GET", `/api/projects/${projectId}/unit-types`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ ...type, unitCount: 2 }]);

    const inventory = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/inventory` });
    const cells = inventory.json().buildings[0].floors[0].units;
    expect(cells.map((u: { rooms: number; price: number; type: string }) => [u.type, u.rooms, u.price])).toEqual([
      ["نموذج أ", 3, 950_000],
      ["نموذج أ", 4, 1_100_000],
    ]);

    // Editing the type changes what the inheriting unit shows, not the unit with its own value.
    const edited = await call(manager, "PUT", `/api/unit-types/${type.id}`, { ...type, rooms: 2, price: 900_000 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rooms: 2, price: 900_000, unitCount: 2 });
    const after = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/inventory` });
    expect(
      after.json().buildings[0].floors[0].units.map((u: { rooms: number; price: number }) => [u.rooms, u.price]),
    ).toEqual([
      [2, 900_000],
      [4, 1_100_000],
    ]);
  });

  it("answers 400 naming each bad field in Arabic, 409 for a name the project has, 404 for no project", async () => {
    const bad = await call(manager, "POST", `/api/projects/${projectId}/unit-types`, {
      name: " ",
      rooms: 40,
      floorPlanUrl: "javascript:alert(1)",
      colour: "x",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["colour", "floorPlanUrl", "name", "rooms"]);
    expect(bad.json().fields.name).toBe("اسم النموذج مطلوب");

    const twice = await call(manager, "POST", `/api/projects/${projectId}/unit-types`, { name: "نموذج أ" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields.name).toBe("يوجد نموذج بهذا الاسم في المشروع");

    expect((await call(manager, "POST", "/api/projects/99999/unit-types", { name: "ب" })).statusCode).toBe(404);
    expect((await call(manager, "PUT", "/api/unit-types/99999", { name: "ب" })).statusCode).toBe(404);
  });

  it("refuses deleting a type units use (409 naming the type) and deletes an unused one", async () => {
    const [used] = (await call(manager, "GET", `/api/projects/${projectId}/unit-types`)).json();
    const refused = await call(manager, "DELETE", `/api/unit-types/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields.type).toBe("لا يمكن حذف النموذج لأن وحدات مرتبطة به");

    const spare = (await call(manager, "POST", `/api/projects/${projectId}/unit-types`, { name: "نموذج ب" })).json();
    expect(spare).toMatchObject({ rooms: null, price: null, direction: [], view: null, unitCount: 0 });
    expect((await call(agent, "DELETE", `/api/unit-types/${spare.id}`)).statusCode).toBe(403);
    expect((await call(manager, "DELETE", `/api/unit-types/${spare.id}`)).statusCode).toBe(204);
    const names = (await call(manager, "GET", `/api/projects/${projectId}/unit-types`))
      .json()
      .map((x: { name: string }) => x.name);
    expect(names).toEqual(["نموذج أ"]);
  });
});

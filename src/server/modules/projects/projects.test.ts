import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "#domain/schemas/common.ts";
import { PROJECT_MESSAGES } from "#domain/schemas/project.ts";
import { landingPages, projects, projectUpdates, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

let counter = 0;
/** A valid project body with a unique name. */
function projectBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `مشروع اختبار ${counter}`,
    city: "جدة",
    description: "وصف",
    price: 950000,
    areaType: "single",
    areaSize: "180.5",
    areaUnit: "m2",
    roomsType: "single",
    rooms: 4,
    bathrooms: 3,
    hasGarage: true,
    guarantees: [
      { type: "structural", years: 20 },
      { type: "  مصاعد  ", years: 1 },
    ],
    completionPercentage: 40,
    images: ["/media/images/0123456789abcdef0123456789abcdef.webp"],
    advertisingLicenseNumber: "7200123456",
    ...overrides,
  };
}

describe("project writes", () => {
  const t = setUpTestApp();
  const manager = signedIn(t, "manager");
  const employee = signedIn(t, "employee");
  const admin = signedIn(t, "super_admin");

  const post = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: token ? t.bearer(token) : {},
      payload: payload as object,
    });

  const auditOf = (entityId: number, action: string) =>
    t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entityType, "project"),
          eq(auditLogs.entityId, String(entityId)),
          eq(auditLogs.action, action),
        ),
      )
      .orderBy(asc(auditLogs.id));

  it("creates a project (201), normalises its fields and writes an audit row with the user and IP", async () => {
    const body = projectBody();
    const res = await post(manager.token, body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: body.name,
      city: "جدة",
      areaSize: 180.5,
      rooms: 4,
      hasGarage: true,
      featuredRank: null,
      guarantees: [
        { type: "structural", years: 20 },
        { type: "مصاعد", years: 1 },
      ],
      advertisingLicenseNumber: "7200123456",
      wafiLicenseNumber: null,
    });
    const [row] = await auditOf(created.id, "create");
    expect(row.userId).toBe(manager.id);
    expect(row.ipAddress).toBeTruthy();
    expect(row.newState).toMatchObject({ name: body.name });
    // A new project is a draft: staff see it in the list, visitors do not.
    const ids = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: "GET", url: "/api/projects", headers })).json().map((p: { id: number }) => p.id);
    expect(await ids(t.bearer(manager.token))).toContain(created.id);
    expect(await ids({})).not.toContain(created.id);
  });

  it("answers 400 with the Arabic field messages of SPEC §5.3", async () => {
    const res = await post(manager.token, {
      name: "  ",
      areaType: "range",
      areaSizeMin: 100,
      roomsType: "range",
      roomsMin: 4,
      roomsMax: 2,
      bathrooms: 501,
      areaSize: "abc",
      completionPercentage: 101,
      guarantees: [
        { type: "", years: 1 },
        { type: "Pool", years: 0 },
        { type: "pool", years: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(fields).toMatchObject({
      name: PROJECT_MESSAGES.nameRequired,
      areaSize: PROJECT_MESSAGES.notANumber,
      bathrooms: PROJECT_MESSAGES.bathroomsBetween,
      completionPercentage: PROJECT_MESSAGES.percentage,
      "guarantees.0.type": PROJECT_MESSAGES.guaranteeTypeRequired,
      "guarantees.1.years": PROJECT_MESSAGES.guaranteeYearsMin,
    });
  });

  it("checks the range rules and duplicate custom guarantees", async () => {
    const rooms = await post(manager.token, projectBody({ roomsType: "range", roomsMin: 3, roomsMax: null }));
    expect(rooms.statusCode).toBe(400);
    expect(rooms.json().fields.roomsMax).toBe(PROJECT_MESSAGES.roomsRange);
    const order = await post(manager.token, projectBody({ roomsType: "range", roomsMin: 4, roomsMax: 2 }));
    expect(order.json().fields.roomsMax).toBe(PROJECT_MESSAGES.roomsMaxGteMin);
    const area = await post(manager.token, projectBody({ areaType: "range", areaSizeMin: 200, areaSizeMax: null }));
    expect(area.json().fields.areaSizeMax).toBe(PROJECT_MESSAGES.areaRange);
    const dup = await post(
      manager.token,
      projectBody({
        guarantees: [
          { type: "Pool", years: 1 },
          { type: " pool ", years: 1 },
        ],
      }),
    );
    expect(dup.json().fields["guarantees.1.type"]).toBe(PROJECT_MESSAGES.guaranteeDuplicate);
    const ranges = await post(
      manager.token,
      projectBody({
        roomsType: "range",
        roomsMin: 2,
        roomsMax: 5,
        areaType: "range",
        areaSizeMin: 150,
        areaSizeMax: 300,
      }),
    );
    expect(ranges.statusCode).toBe(201);
    expect(ranges.json()).toMatchObject({ roomsMin: 2, roomsMax: 5, areaSizeMin: 150, areaSizeMax: 300 });
  });

  it("refuses id, createdAt and featuredRank in the body, and script URLs for media", async () => {
    const res = await post(manager.token, projectBody({ featuredRank: 1, id: 99, unitCounts: {}, colour: "x" }));
    expect(res.statusCode).toBe(400);
    // Each offending field on its own key: read-only ones say so, unknown ones are not allowed.
    expect(res.json().fields).toEqual({
      featuredRank: FIELD_MESSAGES.readOnly,
      id: FIELD_MESSAGES.readOnly,
      unitCounts: "حقل للقراءة فقط",
      colour: PROJECT_MESSAGES.unknownField,
    });
    const url = await post(manager.token, projectBody({ videoUrl: "javascript:alert(1)" }));
    expect(url.statusCode).toBe(400);
    expect(url.json().fields.videoUrl).toBe(PROJECT_MESSAGES.url);
  });

  it("answers 409 for a duplicate name in the same city (case-insensitive), but allows another city", async () => {
    const body = projectBody({ name: "Palm Residence" });
    expect((await post(manager.token, body)).statusCode).toBe(201);
    const dup = await post(manager.token, { ...body, name: "palm residence " });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PROJECT_MESSAGES.nameExists);
    expect((await post(manager.token, { ...body, city: "الرياض" })).statusCode).toBe(201);
  });

  it("requires a session (401) and the projects.create permission (403)", async () => {
    expect((await post(null, projectBody())).statusCode).toBe(401);
    const photographer = await t.signIn("photographer");
    const res = await post(photographer.token, projectBody());
    expect(res.statusCode).toBe(403);
  });

  it("updates a project (PUT), keeping its featured rank, with previous and new state audited", async () => {
    const created = (await post(manager.token, projectBody())).json();
    await t.db.update(projects).set({ featuredRank: 3 }).where(eq(projects.id, created.id));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${created.id}`,
      headers: t.bearer(employee.token),
      payload: projectBody({ name: `${created.name} المعدل`, completionPercentage: 100 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: `${created.name} المعدل`, completionPercentage: 100, featuredRank: 3 });
    const [row] = await auditOf(created.id, "update");
    expect(row.userId).toBe(employee.id);
    expect(row.previousState).toMatchObject({ name: created.name, completionPercentage: 40 });
    expect(row.newState).toMatchObject({ completionPercentage: 100 });
  });

  it("PUT: 404 for an unknown id, 400 for bad input, 409 for another project's name, 401 without a session", async () => {
    const a = (await post(manager.token, projectBody())).json();
    const b = (await post(manager.token, projectBody())).json();
    const put = (id: number | string, payload: object, headers: Record<string, string> = t.bearer(manager.token)) =>
      t.app.inject({ method: "PUT", url: `/api/projects/${id}`, headers, payload });
    expect((await put(999999, projectBody())).statusCode).toBe(404);
    expect((await put("abc", projectBody())).statusCode).toBe(400);
    expect((await put(a.id, { ...projectBody(), name: "" })).json().fields.name).toBe(PROJECT_MESSAGES.nameRequired);
    expect((await put(a.id, { ...projectBody(), name: b.name })).statusCode).toBe(409);
    expect((await put(a.id, { ...projectBody(), name: a.name })).statusCode).toBe(200);
    expect((await put(a.id, projectBody(), {})).statusCode).toBe(401);
    const photographer = await t.signIn("photographer");
    expect((await put(a.id, projectBody(), t.bearer(photographer.token))).statusCode).toBe(403);
  });

  it("deletes a project with its units, updates and landing page in one go, audited (204)", async () => {
    const created = (await post(manager.token, projectBody())).json();
    await t.db.insert(units).values([
      { projectId: created.id, unitNumber: "1", status: "مباعة" },
      { projectId: created.id, unitNumber: "2" },
    ]);
    await t.db.insert(projectUpdates).values({ projectId: created.id, title: "تحديث" });
    await t.db
      .insert(landingPages)
      .values({ projectId: created.id, slug: `lp-${created.id}`, poster: "/media/x.webp" });

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/projects/${created.id}`,
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(projects).where(eq(projects.id, created.id))).toHaveLength(0);
    expect(await t.db.select().from(units).where(eq(units.projectId, created.id))).toHaveLength(0);
    expect(await t.db.select().from(projectUpdates).where(eq(projectUpdates.projectId, created.id))).toHaveLength(0);
    expect(await t.db.select().from(landingPages).where(eq(landingPages.projectId, created.id))).toHaveLength(0);
    const [row] = await auditOf(created.id, "delete");
    expect(row.userId).toBe(manager.id);
    expect(row.previousState).toMatchObject({
      project: { name: created.name },
      removed: { units: 2, updates: 1, landingPages: 1 },
    });
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/projects/${created.id}`,
      headers: t.bearer(manager.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("DELETE needs projects.delete: employee 403, anonymous 401, and nothing is removed", async () => {
    const created = (await post(manager.token, projectBody())).json();
    const forbidden = await t.app.inject({
      method: "DELETE",
      url: `/api/projects/${created.id}`,
      headers: t.bearer(employee.token),
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "DELETE", url: `/api/projects/${created.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(projects).where(eq(projects.id, created.id))).toHaveLength(1);
  });

  it("sets and removes the featured rank (super_admin and manager only), audited", async () => {
    const created = (await post(manager.token, projectBody())).json();
    const setRank = (token: string | null, rank: unknown, id: number = created.id) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${id}/set-featured-rank`,
        headers: token ? t.bearer(token) : {},
        payload: { rank },
      });
    const res = await setRank(manager.token, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().featuredRank).toBe(2);
    expect((await setRank(admin.token, 1)).json().featuredRank).toBe(1);
    expect((await setRank(admin.token, null)).json().featuredRank).toBeNull();
    expect((await setRank(employee.token, 2)).statusCode).toBe(403);
    expect((await setRank(null, 2)).statusCode).toBe(401);
    expect((await setRank(manager.token, 2, 999999)).statusCode).toBe(404);
    for (const bad of [0, -1, 1.5, "x"]) {
      const r = await setRank(manager.token, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().fields.rank).toBe(PROJECT_MESSAGES.featuredRank);
    }
    const rows = await auditOf(created.id, "set-featured-rank");
    expect(rows.map((r) => r.newState)).toEqual([{ featuredRank: 2 }, { featuredRank: 1 }, { featuredRank: null }]);
  });

  it("checks a project name and city: exists with the Arabic message, skips the edited project", async () => {
    const created = (await post(manager.token, projectBody({ name: "برج الاختبار", city: "جدة" }))).json();
    const check = (query: string, token: string | null = employee.token) =>
      t.app.inject({ method: "GET", url: `/api/validate/project?${query}`, headers: token ? t.bearer(token) : {} });
    const taken = await check(`name=${encodeURIComponent("برج الاختبار")}&city=${encodeURIComponent("جدة")}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true, message: PROJECT_MESSAGES.nameExists });
    expect((await check(`name=${encodeURIComponent("برج الاختبار")}&city=x`)).json().exists).toBe(false);
    const self = await check(
      `name=${encodeURIComponent("برج الاختبار")}&city=${encodeURIComponent("جدة")}&excludeId=${created.id}`,
    );
    expect(self.json().exists).toBe(false);
    expect((await check("name=")).json()).toEqual({ exists: false, message: null });
    expect((await check("name=x", null)).statusCode).toBe(401);
  });

  it("checks a guarantee type: 409 when the project has it (case-insensitive), 404 for unknown projects", async () => {
    const created = (await post(manager.token, projectBody())).json();
    const check = (id: number, type: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/validate/project/${id}/guarantee?type=${encodeURIComponent(type)}`,
        headers: t.bearer(employee.token),
      });
    expect((await check(created.id, "مصاعد")).statusCode).toBe(409);
    expect((await check(created.id, "STRUCTURAL")).statusCode).toBe(409);
    expect((await check(created.id, "plumbing")).statusCode).toBe(200);
    expect((await check(999999, "plumbing")).statusCode).toBe(404);
    expect((await check(created.id, " ")).json().fields.type).toBe(PROJECT_MESSAGES.guaranteeTypeRequired);
  });
});

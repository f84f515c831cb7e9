import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_MESSAGES } from "#domain/schemas/project.ts";
import { UPDATE_MESSAGES } from "#domain/schemas/project-update.ts";
import { projects } from "../../db/schema.ts";
import { auditLogs, permissions, userPermissions } from "../../db/tables/access.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

describe("progress update writes", () => {
  const t = setUpTestApp();
  const manager = signedIn(t, "manager");
  const employee = signedIn(t, "employee");
  let projectId: number;

  beforeAll(async () => {
    const [row] = await t.db
      .insert(projects)
      .values({ name: "مشروع التحديثات", publishedAt: new Date() })
      .returning({ id: projects.id });
    projectId = row.id;
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    projectId,
    title: "صب الخرسانة للدور الثالث",
    summary: "ملخص",
    videoUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    interiorPhotos: ["/media/images/0123456789abcdef0123456789abcdef.webp"],
    dronePhotos: [],
    concretePercentage: 80,
    plumbingPercentage: 30,
    electricalPercentage: 20,
    finishingPercentage: 0,
    completionPercentage: 45,
    lastVisitDate: "2026-11-01",
    notes: "ملاحظات",
    ...overrides,
  });
  const send = (method: "POST" | "PUT", url: string, token: string | null, payload: object) =>
    t.app.inject({ method, url, headers: token ? t.bearer(token) : {}, payload });

  it("creates an update (201) that the public list shows, with an audit row", async () => {
    const res = await send("POST", "/api/project-updates", employee.token, body());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      projectId,
      projectName: "مشروع التحديثات",
      title: "صب الخرسانة للدور الثالث",
      completionPercentage: 45,
      lastVisitDate: "2026-11-01T00:00:00.000Z",
    });
    // A new update is a draft: staff see it at once, visitors once it is published.
    const publicIds = async () =>
      (await t.app.inject({ method: "GET", url: "/api/project-updates" })).json().map((u: { id: number }) => u.id);
    expect(await publicIds()).not.toContain(created.id);
    expect((await send("POST", `/api/project-updates/${created.id}/publish`, manager.token, {})).statusCode).toBe(200);
    expect(await publicIds()).toContain(created.id);
    const [row] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "project_update"), eq(auditLogs.entityId, String(created.id))));
    expect(row).toMatchObject({ action: "create", userId: employee.id });
  });

  it("answers 400 with Arabic field messages", async () => {
    const res = await send(
      "POST",
      "/api/project-updates",
      manager.token,
      body({ title: " ", projectId: "x", concretePercentage: 120, lastVisitDate: "not a date", createdAt: "2020" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: UPDATE_MESSAGES.titleRequired,
      projectId: UPDATE_MESSAGES.projectRequired,
      concretePercentage: PROJECT_MESSAGES.percentage,
      lastVisitDate: UPDATE_MESSAGES.dateInvalid,
    });
    const unknown = await send("POST", "/api/project-updates", manager.token, body({ projectId: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.projectId).toBe("المشروع غير موجود");
  });

  it("accepts no visit date (null)", async () => {
    const res = await send("POST", "/api/project-updates", manager.token, body({ lastVisitDate: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json().lastVisitDate).toBeNull();
  });

  it("edits an update (PUT) with previous and new state audited; 404 for unknown ids", async () => {
    const created = (await send("POST", "/api/project-updates", manager.token, body())).json();
    const res = await send("PUT", `/api/project-updates/${created.id}`, employee.token, body({ title: "عنوان جديد" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe("عنوان جديد");
    const [row] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entityType, "project_update"),
          eq(auditLogs.entityId, String(created.id)),
          eq(auditLogs.action, "update"),
        ),
      );
    expect(row.previousState).toMatchObject({ title: "صب الخرسانة للدور الثالث" });
    expect(row.newState).toMatchObject({ title: "عنوان جديد" });
    expect((await send("PUT", "/api/project-updates/999999", manager.token, body())).statusCode).toBe(404);
  });

  it("deletes an update (204) with updates.delete; the employee (without it) gets 403", async () => {
    const created = (await send("POST", "/api/project-updates", manager.token, body())).json();
    const del = (token: string | null) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/project-updates/${created.id}`,
        headers: token ? t.bearer(token) : {},
      });
    expect((await del(employee.token)).statusCode).toBe(403);
    expect((await del(null)).statusCode).toBe(401);
    expect((await del(manager.token)).statusCode).toBe(204);
    expect((await del(manager.token)).statusCode).toBe(404);
    const get = await t.app.inject({ method: "GET", url: `/api/project-updates/${created.id}` });
    expect(get.statusCode).toBe(404);
  });

  it("requires a session (401) and updates.create (403 when a user override withdraws it)", async () => {
    expect((await send("POST", "/api/project-updates", null, body())).statusCode).toBe(401);
    const photographer = await t.signIn("photographer");
    expect((await send("POST", "/api/project-updates", photographer.token, body())).statusCode).toBe(201);
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.key, "updates.create"));
    await t.db.insert(userPermissions).values({ userId: photographer.id, permissionId: permission.id, granted: false });
    expect((await send("POST", "/api/project-updates", photographer.token, body())).statusCode).toBe(403);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, permissions, userPermissions } from "../../db/tables/access.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";
import { recordAudit } from "./service.ts";

describe("GET /api/audit-logs", () => {
  const t = setUpTestApp();
  const boss = signedIn(t, "super_admin");
  const manager = signedIn(t, "manager");

  beforeAll(async () => {
    const actor = { userId: manager.id, ip: "10.1.1.1" };
    await t.db.insert(auditLogs).values([
      {
        userId: manager.id,
        entityType: "project",
        entityId: "7",
        action: "update",
        previousState: { name: "قديم" },
        newState: { name: "جديد" },
        ipAddress: "10.1.1.1",
        createdAt: new Date("2030-05-01T09:00:00Z"),
      },
      {
        userId: boss.id,
        entityType: "unit",
        entityId: "3",
        action: "delete",
        previousState: { unitNumber: "A1" },
        createdAt: new Date("2030-05-03T09:00:00Z"),
      },
    ]);
    await recordAudit(t.db, actor, {
      entityType: "user",
      entityId: "x",
      action: "create",
      newState: { username: "x", password: "secret-value-123" },
    });
  });

  const get = (token: string | null, query = "") =>
    t.app.inject({ method: "GET", url: `/api/audit-logs${query}`, headers: token ? t.bearer(token) : {} });

  it("lists newest first with the acting user's name and both states, never a secret", async () => {
    const res = await get(boss.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    const project = body.items.find((i: { entityType: string }) => i.entityType === "project");
    expect(project).toMatchObject({
      username: manager.username,
      previousState: { name: "قديم" },
      newState: { name: "جديد" },
      ipAddress: "10.1.1.1",
    });
    const dates = body.items.map((i: { createdAt: string }) => Date.parse(i.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(res.body).not.toContain("secret-value-123");
    expect(body.entityTypes).toEqual(expect.arrayContaining(["project", "unit", "user"]));
    expect(body.actions).toEqual(expect.arrayContaining(["create", "delete", "update"]));
  });

  it("filters by user, entity type, action and date range", async () => {
    const byUser = (await get(boss.token, `?userId=${boss.id}`)).json();
    expect(byUser.items.every((i: { userId: string }) => i.userId === boss.id)).toBe(true);
    expect(byUser.items.map((i: { entityType: string }) => i.entityType)).toContain("unit");
    const byType = (await get(boss.token, "?entityType=project")).json();
    expect(byType.items).toHaveLength(1);
    const byAction = (await get(boss.token, "?action=delete&entityType=unit")).json();
    expect(byAction.items).toHaveLength(1);
    const range = (await get(boss.token, "?from=2030-05-01&to=2030-05-01")).json();
    expect(range.items.map((i: { entityId: string }) => i.entityId)).toEqual(["7"]);
    const after = (await get(boss.token, "?from=2030-05-02")).json();
    expect(after.items.map((i: { entityType: string }) => i.entityType)).not.toContain("project");
  });

  it("pages the results", async () => {
    const first = (await get(boss.token, "?pageSize=1&page=1")).json();
    const second = (await get(boss.token, "?pageSize=1&page=2")).json();
    expect(first.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it("answers 400 for bad filters", async () => {
    const res = await get(boss.token, "?userId=nope&from=yesterday");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["from", "userId"]);
  });

  it("is refused to anonymous (401) and to non-admins (403) unless granted audit.view", async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(manager.token)).statusCode).toBe(403);
    const [auditView] = await t.db.select().from(permissions).where(eq(permissions.key, "audit.view"));
    await t.db.insert(userPermissions).values({ userId: manager.id, permissionId: auditView.id, granted: true });
    expect((await get(manager.token)).statusCode).toBe(200);
  });
});

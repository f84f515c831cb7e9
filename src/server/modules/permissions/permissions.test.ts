import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ROLE_GRANTS } from "#domain/roles.ts";
import { STAFF_RULE_TEXTS } from "#domain/staff-rules.ts";
import { auditLogs, permissions, userPermissions } from "../../db/tables/access.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

describe("permissions API", () => {
  let t: TestApp;
  let boss: TestUser;
  let manager: TestUser;
  let ids: Map<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await t.signIn("super_admin");
    manager = await t.signIn("manager", { accountId: boss.id });
    ids = new Map((await t.db.select().from(permissions)).map((p) => [p.key, p.id]));
  });
  afterAll(async () => t.close());

  const call = (token: string | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? t.bearer(token) : {} });
  const id = (key: string) => {
    const value = ids.get(key);
    if (value === undefined) throw new Error(`no permission ${key}`);
    return value;
  };
  const override = async (userId: string, key: string, granted: boolean) =>
    t.db.insert(userPermissions).values({ userId, permissionId: id(key), granted });

  describe("the check order of SPEC §6, case by case (GET /api/users needs users.view)", () => {
    it("1. no user: denied (401)", async () => {
      expect((await call(null, "GET", "/api/users")).statusCode).toBe(401);
    });

    it("2. super_admin: allowed, even with an override denying the key", async () => {
      const other = await t.signIn("super_admin");
      await override(other.id, "users.view", false);
      expect((await call(other.token, "GET", "/api/users")).statusCode).toBe(200);
    });

    it("3. unknown key: denied, even with a stored override granting it", async () => {
      const [legacy] = await t.db
        .insert(permissions)
        .values({ key: "reports.export", description: "قديم", category: "قديم" })
        .returning();
      const employee = await t.signIn("employee");
      await t.db.insert(userPermissions).values({ userId: employee.id, permissionId: legacy.id, granted: true });
      const me = await call(employee.token, "GET", "/api/auth/me");
      expect(me.json().permissions).not.toContain("reports.export");
      const grant = await call(boss.token, "PUT", `/api/users/${employee.id}/permissions`, {
        permissionId: legacy.id,
        granted: true,
      });
      expect(grant.statusCode).toBe(404);
    });

    it("4a. an override granting wins over a role that lacks the key", async () => {
      const photographer = await t.signIn("photographer");
      expect((await call(photographer.token, "GET", "/api/users")).statusCode).toBe(403);
      await override(photographer.id, "users.view", true);
      expect((await call(photographer.token, "GET", "/api/users")).statusCode).toBe(200);
    });

    it("4b. an override denying wins over a role that holds the key", async () => {
      const other = await t.signIn("manager");
      expect((await call(other.token, "GET", "/api/users")).statusCode).toBe(200);
      await override(other.id, "users.view", false);
      expect((await call(other.token, "GET", "/api/users")).statusCode).toBe(403);
    });

    it("5. otherwise the role decides", async () => {
      const employee = await t.signIn("employee");
      expect(DEFAULT_ROLE_GRANTS.employee).not.toContain("users.view");
      expect((await call(employee.token, "GET", "/api/users")).statusCode).toBe(403);
      expect((await call(manager.token, "GET", "/api/users")).statusCode).toBe(200);
    });
  });

  it("lists the catalogue with categories and the role map (manager and super_admin only)", async () => {
    const list = await call(manager.token, "GET", "/api/permissions");
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toEqual({
      id: expect.any(Number),
      key: "dashboard.view",
      description: expect.any(String),
      category: expect.any(String),
    });
    const map = await call(manager.token, "GET", "/api/roles/permissions");
    expect(map.statusCode).toBe(200);
    expect(map.json().super_admin.length).toBe(list.json().length);
    const employee = await t.signIn("employee");
    expect((await call(employee.token, "GET", "/api/roles/permissions")).statusCode).toBe(403);
  });

  describe("PUT /api/roles/{role}/permissions", () => {
    it("replaces a role's grants, records an audit row and answers the new list", async () => {
      const keys = ["dashboard.view", "projects.view", "updates.view"];
      const res = await call(boss.token, "PUT", "/api/roles/photographer/permissions", {
        permissionIds: keys.map(id),
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .permissions.map((p: { key: string }) => p.key)
          .sort(),
      ).toEqual([...keys].sort());
      const map = (await call(boss.token, "GET", "/api/roles/permissions")).json();
      expect(map.photographer.map((p: { key: string }) => p.key).sort()).toEqual([...keys].sort());
      const [audit] = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, "role_permissions"), eq(auditLogs.entityId, "photographer")));
      expect(audit.newState).toEqual({ role: "photographer", keys: [...keys].sort() });
      expect((audit.previousState as { keys: string[] }).keys).toContain("uploads.create");
    });

    it("keeps super_admin read-only, for a super_admin too", async () => {
      const res = await call(boss.token, "PUT", "/api/roles/super_admin/permissions", { permissionIds: [] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_RULE_TEXTS.superAdminGrantsFixed);
    });

    it("refuses a manager editing the manager role, or granting a role a key they lack", async () => {
      expect(
        (await call(manager.token, "PUT", "/api/roles/manager/permissions", { permissionIds: [id("audit.view")] }))
          .statusCode,
      ).toBe(403);
      const res = await call(manager.token, "PUT", "/api/roles/employee/permissions", {
        permissionIds: [id("dashboard.view"), id("audit.view")],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_RULE_TEXTS.grantLacking);
    });

    it("lets a manager remove keys from a lower role", async () => {
      const res = await call(manager.token, "PUT", "/api/roles/employee/permissions", {
        permissionIds: [id("dashboard.view"), id("projects.view")],
      });
      expect(res.statusCode).toBe(200);
    });

    it("answers 400 for an unknown role or permission id", async () => {
      expect((await call(boss.token, "PUT", "/api/roles/owner/permissions", { permissionIds: [] })).statusCode).toBe(
        400,
      );
      expect(
        (await call(boss.token, "PUT", "/api/roles/employee/permissions", { permissionIds: [999999] })).statusCode,
      ).toBe(400);
    });
  });

  describe("user overrides", () => {
    it("sets, lists and resets an override on an account the manager created", async () => {
      const employee = await t.signIn("employee", { accountId: manager.id });
      const url = `/api/users/${employee.id}/permissions`;
      const set = await call(manager.token, "PUT", url, { permissionId: id("projects.view"), granted: false });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ permissionId: id("projects.view"), key: "projects.view", granted: false });
      expect((await call(manager.token, "GET", url)).json()).toEqual([
        { permissionId: id("projects.view"), key: "projects.view", granted: false },
      ]);
      expect((await call(employee.token, "GET", "/api/auth/me")).json().permissions).not.toContain("projects.view");
      const update = await call(manager.token, "PUT", url, { permissionId: id("projects.view"), granted: true });
      expect(update.json().granted).toBe(true);
      const reset = await call(manager.token, "DELETE", `${url}/${id("projects.view")}`);
      expect(reset.statusCode).toBe(204);
      expect((await call(manager.token, "GET", url)).json()).toEqual([]);
      expect((await call(manager.token, "DELETE", `${url}/${id("projects.view")}`)).statusCode).toBe(404);
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, "user_permission"), eq(auditLogs.entityId, employee.id)));
      expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
    });

    it("refuses a manager granting a permission they lack (403)", async () => {
      const employee = await t.signIn("employee", { accountId: manager.id });
      const res = await call(manager.token, "PUT", `/api/users/${employee.id}/permissions`, {
        permissionId: id("audit.view"),
        granted: true,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_RULE_TEXTS.grantLacking);
    });

    it("refuses a reset that would give back a key the manager lacks (403)", async () => {
      const m2 = await t.signIn("manager", { accountId: boss.id });
      const employee = await t.signIn("employee", { accountId: m2.id });
      // The employee role holds projects.view (see the role test above); m2 has lost it by an override.
      await override(employee.id, "projects.view", false);
      await override(m2.id, "projects.view", false);
      const res = await call(m2.token, "DELETE", `/api/users/${employee.id}/permissions/${id("projects.view")}`);
      expect(res.statusCode).toBe(403);
    });

    it("refuses a manager touching accounts they did not create, or their own", async () => {
      const stranger = await t.signIn("employee");
      const body = { permissionId: id("projects.view"), granted: false };
      expect((await call(manager.token, "PUT", `/api/users/${stranger.id}/permissions`, body)).statusCode).toBe(403);
      expect((await call(manager.token, "GET", `/api/users/${stranger.id}/permissions`)).statusCode).toBe(403);
      expect((await call(manager.token, "PUT", `/api/users/${manager.id}/permissions`, body)).statusCode).toBe(403);
      expect((await call(manager.token, "PUT", `/api/users/${boss.id}/permissions`, body)).statusCode).toBe(403);
    });

    it("refuses overrides to users without permissions.manage, and 400 for a bad body", async () => {
      const employee = await t.signIn("employee");
      const res = await call(employee.token, "PUT", `/api/users/${employee.id}/permissions`, {
        permissionId: id("users.view"),
        granted: true,
      });
      expect(res.statusCode).toBe(403);
      const bad = await call(boss.token, "PUT", `/api/users/${employee.id}/permissions`, { permissionId: "x" });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(["permissionId", "granted"]));
    });
  });
});

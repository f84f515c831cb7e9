import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { USER_TEXTS } from "#domain/schemas/user.ts";
import { STAFF_RULE_TEXTS } from "#domain/staff-rules.ts";
import { users } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { createTestApp } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

const GOOD_PASSWORD = "jeddah-tower-2026";

describe("staff accounts API", () => {
  const t = setUpTestApp();
  const boss = signedIn(t, "super_admin");
  const manager = signedIn(t, "manager", () => ({ accountId: boss.id }));

  const call = (token: string | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? t.bearer(token) : {} });

  const signInAs = async (username: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });

  it("lists users without password hashes", async () => {
    const res = await call(boss.token, "GET", "/api/users");
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((u) => u.username)).toContain(manager.username);
    expect(Object.keys(list[0]).sort()).toEqual(["accountId", "createdAt", "email", "id", "name", "role", "username"]);
  });

  it("creates an employee with the default role, owned by its creator, with an audit row", async () => {
    const res = await call(manager.token, "POST", "/api/users", {
      username: "New.Employee",
      name: "موظف جديد",
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ username: "new.employee", role: "employee", accountId: manager.id });
    expect(JSON.stringify(created)).not.toContain("password");
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityType: "user", action: "create", userId: manager.id });
    expect(JSON.stringify(audit[0].newState)).not.toContain(GOOD_PASSWORD);
    expect((await signInAs("new.employee", GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 400 with Arabic field messages for a weak password and a missing name", async () => {
    const res = await call(boss.token, "POST", "/api/users", { username: "weakling", password: "weakling" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: "الاسم مطلوب" });
    const common = await call(boss.token, "POST", "/api/users", {
      username: "weakling",
      name: "ضعيف",
      password: "Password123!!",
    });
    expect(common.json().fields).toEqual({ password: USER_TEXTS.passwordCommon });
    const same = await call(boss.token, "POST", "/api/users", {
      username: "weakling.user.1",
      name: "ضعيف",
      password: "Weakling.User.1",
    });
    expect(same.json().fields).toEqual({ password: USER_TEXTS.passwordIsUsername });
  });

  it("answers 409 for a username already taken", async () => {
    const res = await call(boss.token, "POST", "/api/users", {
      username: manager.username,
      name: "مكرر",
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.username).toBeTruthy();
  });

  it("ends the user's sessions when their password changes, keeping the new password", async () => {
    const employee = await t.signIn("employee", { accountId: manager.id });
    expect((await call(employee.token, "GET", "/api/auth/me")).statusCode).toBe(200);
    const res = await call(manager.token, "PUT", `/api/users/${employee.id}`, {
      username: employee.username,
      name: "اسم جديد",
      role: "employee",
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("اسم جديد");
    expect((await call(employee.token, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await signInAs(employee.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps the sessions when only the name changes, ends them on a role change", async () => {
    const employee = await t.signIn("employee", { accountId: manager.id });
    const rename = await call(manager.token, "PUT", `/api/users/${employee.id}`, {
      username: employee.username,
      name: "اسم آخر",
      role: "employee",
      password: "",
    });
    expect(rename.statusCode).toBe(200);
    expect((await call(employee.token, "GET", "/api/auth/me")).statusCode).toBe(200);
    const demote = await call(manager.token, "PUT", `/api/users/${employee.id}`, {
      username: employee.username,
      name: "اسم آخر",
      role: "photographer",
    });
    expect(demote.statusCode).toBe(200);
    expect((await call(employee.token, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it("deletes a user, ends their sessions and records the previous state", async () => {
    const employee = await t.signIn("employee", { accountId: manager.id });
    const res = await call(manager.token, "DELETE", `/api/users/${employee.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(employee.token, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, employee.id))).toHaveLength(0);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, employee.id));
    expect(audit).toMatchObject({ action: "delete", previousState: expect.objectContaining({ id: employee.id }) });
  });

  it("refuses deleting the own account even when the request bypasses the screen", async () => {
    const res = await call(boss.token, "DELETE", `/api/users/${boss.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(STAFF_RULE_TEXTS.ownAccountDelete);
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expect((await call(boss.token, "DELETE", "/api/users/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call(boss.token, "DELETE", "/api/users/not-a-uuid")).statusCode).toBe(400);
  });

  describe("escalation attempts are refused with 403", () => {
    it("a manager cannot create a super_admin or a manager", async () => {
      for (const role of ["super_admin", "manager"]) {
        const res = await call(manager.token, "POST", "/api/users", {
          username: `esc-${role.replace("_", "-")}`,
          name: "تصعيد",
          role,
          password: GOOD_PASSWORD,
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it("a manager cannot edit or delete a user they did not create", async () => {
      const stranger = await t.createUser("employee", { accountId: boss.id });
      const edit = await call(manager.token, "PUT", `/api/users/${stranger}`, {
        username: `stranger-${stranger.slice(0, 6)}`,
        name: "غريب",
        role: "employee",
      });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(STAFF_RULE_TEXTS.notCreatedByYou);
      expect((await call(manager.token, "DELETE", `/api/users/${stranger}`)).statusCode).toBe(403);
    });

    it("a manager cannot edit another manager, even one they created, nor a super_admin", async () => {
      const peer = await t.createUser("manager", { accountId: manager.id });
      const res = await call(manager.token, "PUT", `/api/users/${peer}`, {
        username: `peer-${peer.slice(0, 6)}`,
        name: "زميل",
        role: "employee",
      });
      expect(res.statusCode).toBe(403);
      const bossEdit = await call(manager.token, "PUT", `/api/users/${boss.id}`, {
        username: boss.username,
        name: "مدير",
        role: "super_admin",
        password: GOOD_PASSWORD,
      });
      expect(bossEdit.statusCode).toBe(403);
    });

    it("a manager cannot promote their own employee to manager or super_admin, nor change their own role", async () => {
      const employee = await t.createUser("employee", { accountId: manager.id });
      for (const role of ["manager", "super_admin"]) {
        const res = await call(manager.token, "PUT", `/api/users/${employee}`, {
          username: `own-${employee.slice(0, 6)}`,
          name: "موظف",
          role,
        });
        expect(res.statusCode).toBe(403);
      }
      const self = await call(manager.token, "PUT", `/api/users/${manager.id}`, {
        username: manager.username,
        name: "مدير",
        role: "super_admin",
      });
      expect(self.statusCode).toBe(403);
    });

    it("the last super_admin can be neither demoted nor deleted", async () => {
      const t2 = await createTestApp();
      try {
        const only = await t2.signIn("super_admin");
        const demote = await t2.app.inject({
          method: "PUT",
          url: `/api/users/${only.id}`,
          headers: t2.bearer(only.token),
          payload: { username: only.username, name: "المدير", role: "manager" },
        });
        expect(demote.statusCode).toBe(403);
        expect(demote.json().message).toBe(STAFF_RULE_TEXTS.lastSuperAdmin);
        const second = await t2.signIn("super_admin");
        const del = await t2.app.inject({
          method: "DELETE",
          url: `/api/users/${only.id}`,
          headers: t2.bearer(second.token),
        });
        expect(del.statusCode).toBe(204);
        const delLast = await t2.app.inject({
          method: "DELETE",
          url: `/api/users/${second.id}`,
          headers: t2.bearer(second.token),
        });
        expect(delLast.statusCode).toBe(403);
      } finally {
        await t2.close();
      }
    });

    it("a user without users.create cannot create anyone", async () => {
      const photographer = await t.signIn("photographer");
      const res = await call(photographer.token, "POST", "/api/users", {
        username: "by-photographer",
        name: "مصور",
        password: GOOD_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect((await call(null, "POST", "/api/users", {})).statusCode).toBe(401);
    });
  });
});

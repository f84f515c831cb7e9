import { describe, expect, it } from "vitest";
import type { Role } from "./roles.ts";
import {
  canAssignRole,
  canChangeOverride,
  canDeleteUser,
  canEditRolePermissions,
  canManageUser,
  canUpdateUser,
  STAFF_RULE_TEXTS,
  type StaffActor,
  seesUserPermissions,
} from "./staff-rules.ts";

const actor = (id: string, role: Role, keys: string[] = []): StaffActor => ({
  id,
  role,
  holds: (key) => role === "super_admin" || keys.includes(key),
});
const target = (id: string, role: Role, accountId: string | null = null) => ({ id, role, accountId });

const boss = actor("boss", "super_admin");
const manager = actor("m1", "manager", ["projects.view", "projects.delete", "permissions.manage", "users.edit"]);

describe("canManageUser", () => {
  it("lets a super_admin manage anyone", () => {
    expect(canManageUser(boss, target("x", "super_admin")).ok).toBe(true);
    expect(canManageUser(boss, target("y", "manager")).ok).toBe(true);
  });

  it("lets a manager manage only lower roles they created", () => {
    expect(canManageUser(manager, target("e1", "employee", "m1"))).toEqual({ ok: true });
    expect(canManageUser(manager, target("e2", "employee", "someone-else"))).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.notCreatedByYou,
    });
    expect(canManageUser(manager, target("m2", "manager", "m1"))).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.roleNotBelow,
    });
    expect(canManageUser(manager, target("s", "super_admin", "m1"))).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.superAdminOnly,
    });
  });
});

describe("canAssignRole", () => {
  it("never lets anyone but a super_admin assign super_admin", () => {
    expect(canAssignRole(manager, "super_admin", []).ok).toBe(false);
    expect(canAssignRole(boss, "super_admin", []).ok).toBe(true);
  });

  it("refuses a role at or above the actor's own", () => {
    expect(canAssignRole(manager, "manager", []).ok).toBe(false);
  });

  it("refuses a role holding a permission the actor lacks", () => {
    expect(canAssignRole(manager, "employee", ["projects.view"]).ok).toBe(true);
    expect(canAssignRole(manager, "employee", ["projects.view", "units.delete"])).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.roleHasMore,
    });
  });
});

describe("canUpdateUser", () => {
  it("keeps the last super_admin from being demoted, by anyone", () => {
    expect(canUpdateUser(boss, target("boss", "super_admin"), "manager", [], 1)).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.lastSuperAdmin,
    });
    expect(canUpdateUser(boss, target("boss", "super_admin"), "manager", [], 2).ok).toBe(true);
  });

  it("lets anyone edit their own account but not their own role", () => {
    expect(canUpdateUser(manager, target("m1", "manager"), "manager", [], 1).ok).toBe(true);
    expect(canUpdateUser(manager, target("m1", "manager"), "employee", [], 1)).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.ownRole,
    });
  });

  it("refuses a manager promoting their employee to manager", () => {
    expect(canUpdateUser(manager, target("e1", "employee", "m1"), "manager", [], 1).ok).toBe(false);
    expect(canUpdateUser(manager, target("e1", "employee", "m1"), "photographer", [], 1).ok).toBe(true);
  });
});

describe("canDeleteUser", () => {
  it("never deletes the own account", () => {
    expect(canDeleteUser(boss, target("boss", "super_admin"), 3)).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.ownAccountDelete,
    });
  });

  it("never deletes the last super_admin", () => {
    const other = actor("boss2", "super_admin");
    expect(canDeleteUser(other, target("boss", "super_admin"), 1).ok).toBe(false);
    expect(canDeleteUser(other, target("boss", "super_admin"), 2).ok).toBe(true);
  });

  it("applies the manage rule otherwise", () => {
    expect(canDeleteUser(manager, target("e1", "employee", "m1"), 1).ok).toBe(true);
    expect(canDeleteUser(manager, target("e9", "employee", null), 1).ok).toBe(false);
  });
});

describe("canChangeOverride", () => {
  const employee = target("e1", "employee", "m1");

  it("lets a manager deny any permission to their employee", () => {
    expect(canChangeOverride(manager, employee, "units.delete", false).ok).toBe(true);
  });

  it("refuses granting a permission the manager lacks", () => {
    expect(canChangeOverride(manager, employee, "projects.delete", true).ok).toBe(true);
    expect(canChangeOverride(manager, employee, "audit.view", true)).toEqual({
      ok: false,
      reason: STAFF_RULE_TEXTS.grantLacking,
    });
  });

  it("refuses changes to the actor's own overrides unless super_admin", () => {
    expect(canChangeOverride(manager, target("m1", "manager"), "projects.view", false).ok).toBe(false);
    expect(canChangeOverride(boss, target("boss", "super_admin"), "projects.view", false).ok).toBe(true);
  });
});

describe("canEditRolePermissions", () => {
  it("keeps super_admin's grants read-only, even for a super_admin", () => {
    expect(canEditRolePermissions(boss, "super_admin", []).ok).toBe(false);
    expect(canEditRolePermissions(boss, "manager", ["audit.view"]).ok).toBe(true);
  });

  it("lets a manager edit lower roles with keys they hold only", () => {
    expect(canEditRolePermissions(manager, "manager", []).ok).toBe(false);
    expect(canEditRolePermissions(manager, "employee", ["projects.delete"]).ok).toBe(true);
    expect(canEditRolePermissions(manager, "employee", ["audit.view"]).ok).toBe(false);
  });
});

describe("seesUserPermissions", () => {
  it("shows a super_admin everyone and others the accounts they created", () => {
    expect(seesUserPermissions(boss, target("x", "manager", null))).toBe(true);
    expect(seesUserPermissions(manager, target("e1", "employee", "m1"))).toBe(true);
    expect(seesUserPermissions(manager, target("e2", "employee", "m2"))).toBe(false);
  });
});

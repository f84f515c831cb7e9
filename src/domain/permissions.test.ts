import { describe, expect, it } from "vitest";
import { effectivePermissions, hasPermission } from "./permissions.ts";
import { PERMISSION_KEYS } from "./roles.ts";

const facts = (grants: string[], overrides: [string, boolean][] = []) => ({
  roleGrants: new Set(grants),
  overrides: new Map(overrides),
});

describe("permission check order (SPEC §6)", () => {
  it("1. no user is denied", () => {
    expect(hasPermission(null, "projects.view", facts(["projects.view"]))).toBe(false);
  });

  it("2. super_admin is allowed everything, even against an override", () => {
    expect(hasPermission({ role: "super_admin" }, "projects.delete", facts([], [["projects.delete", false]]))).toBe(
      true,
    );
  });

  it("3. an unknown key is denied, even when the role or an override holds it", () => {
    expect(hasPermission({ role: "manager" }, "projects.fly", facts(["projects.fly"], [["projects.fly", true]]))).toBe(
      false,
    );
  });

  it("4. a per-user override wins over the role, in both directions", () => {
    expect(hasPermission({ role: "employee" }, "projects.delete", facts([], [["projects.delete", true]]))).toBe(true);
    expect(
      hasPermission({ role: "manager" }, "projects.delete", facts(["projects.delete"], [["projects.delete", false]])),
    ).toBe(false);
  });

  it("5. otherwise the role's grant decides", () => {
    expect(hasPermission({ role: "employee" }, "projects.view", facts(["projects.view"]))).toBe(true);
    expect(hasPermission({ role: "employee" }, "projects.delete", facts(["projects.view"]))).toBe(false);
  });

  it("effective permissions follow the same order", () => {
    const keys = effectivePermissions(
      { role: "employee" },
      facts(
        ["projects.view", "projects.edit"],
        [
          ["projects.edit", false],
          ["units.view", true],
        ],
      ),
      PERMISSION_KEYS,
    );
    expect(keys).toEqual(["projects.view", "units.view"]);
  });
});

import { isPermissionKey, type Role } from "./roles.ts";

/** The facts a permission decision needs about one user (SPEC §6). */
export interface PermissionSubject {
  role: Role;
}

export interface PermissionFacts {
  /** Keys the user's role holds (role_permissions). */
  roleGrants: ReadonlySet<string>;
  /** Per-user overrides (user_permissions): key → granted. */
  overrides: ReadonlyMap<string, boolean>;
}

/**
 * Decides whether `user` may use `key`, in the check order of SPEC §6:
 * 1. no user → denied; 2. super_admin → allowed; 3. unknown key → denied;
 * 4. an explicit per-user override (true or false) wins; 5. otherwise the role's grant.
 * Pure: used by the server guard (which decides) and by the admin menu (which only shows).
 */
export function hasPermission(
  user: PermissionSubject | null | undefined,
  key: string,
  facts: PermissionFacts,
): boolean {
  if (!user) return false;
  if (user.role === "super_admin") return true;
  if (!isPermissionKey(key)) return false;
  const override = facts.overrides.get(key);
  if (override !== undefined) return override;
  return facts.roleGrants.has(key);
}

/** The effective set of keys a user holds, in the same order of rules as `hasPermission`. */
export function effectivePermissions(user: PermissionSubject, facts: PermissionFacts, catalogue: readonly string[]) {
  return catalogue.filter((key) => hasPermission(user, key, facts));
}

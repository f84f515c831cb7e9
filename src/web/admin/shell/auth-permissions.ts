/**
 * Client-side permission checks, for the user's convenience only: the server decides (STYLE, bulletproof-react).
 */
import { hasPermission } from "#domain/permissions.ts";
import type { CurrentUser } from "~/shared/session/auth-store.ts";

/**
 * True when `user` holds `key` in the SPEC §6 order: no user → false; super_admin → true; unknown key → false;
 * else whether the effective permission list the server sent (role grants with overrides applied) contains it.
 */
export function userCan(user: Pick<CurrentUser, "role" | "permissions"> | null | undefined, key: string): boolean {
  return hasPermission(user, key, { roleGrants: new Set(user?.permissions ?? []), overrides: new Map() });
}

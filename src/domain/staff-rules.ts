/**
 * Who may manage whom (ARCHITECTURE resolution 7, SPEC §2.17, §2.18, §6): pure decisions, no I/O.
 * The server calls them after the route's own permission (users.create / users.edit / users.delete /
 * permissions.manage) has passed; the screens call them only to hide what would be refused.
 *
 * - A super_admin manages every account and every role but super_admin's own grants (always all, read-only).
 * - Only a super_admin creates, edits, deletes or assigns a super_admin.
 * - Anyone else manages only accounts they created (accountId = their id) whose role ranks below their own,
 *   assigns only roles below their own whose grants they hold themselves, grants only permissions they hold,
 *   and edits only the grants of roles below their own.
 * - The own account can never be deleted; the last super_admin can be neither deleted nor demoted.
 */
import { ROLE_RANK, type Role } from "./roles.ts";

/** The person acting: `holds(key)` is their effective permission (SPEC §6 order, overrides applied). */
export interface StaffActor {
  id: string;
  role: Role;
  holds(key: string): boolean;
}

/** The account being acted on. */
export interface StaffTarget {
  id: string;
  role: Role;
  accountId: string | null;
}

export type StaffDecision = { ok: true } | { ok: false; reason: string };

/** Arabic reasons the API sends with its 403 answers. */
export const STAFF_RULE_TEXTS = {
  ownAccountDelete: "لا يمكنك حذف حسابك الخاص",
  lastSuperAdmin: "لا يمكن حذف آخر مدير عام أو تغيير دوره",
  superAdminOnly: "إدارة حسابات المدير العام متاحة للمدير العام فقط",
  notCreatedByYou: "يمكنك إدارة الحسابات التي أنشأتها فقط",
  roleNotBelow: "يمكنك إدارة الأدوار الأدنى من دورك فقط",
  roleHasMore: "لا يمكنك تعيين دور يملك صلاحيات لا تملكها",
  ownRole: "لا يمكنك تغيير دورك بنفسك",
  grantLacking: "لا يمكنك منح صلاحية لا تملكها",
  superAdminGrantsFixed: "صلاحيات المدير العام كاملة دائمًا ولا يمكن تعديلها",
} as const;

const OK: StaffDecision = { ok: true };
const deny = (reason: string): StaffDecision => ({ ok: false, reason });

const isSuper = (who: { role: Role }) => who.role === "super_admin";

/**
 * Whether `actor` may manage the account `target` (edit, delete, change its permissions), the own account aside.
 * super_admin: anyone. Others: only accounts they created whose role ranks below their own; never a super_admin.
 */
export function canManageUser(actor: StaffActor, target: StaffTarget): StaffDecision {
  if (isSuper(actor)) return OK;
  if (isSuper(target)) return deny(STAFF_RULE_TEXTS.superAdminOnly);
  if (ROLE_RANK[target.role] >= ROLE_RANK[actor.role]) return deny(STAFF_RULE_TEXTS.roleNotBelow);
  if (target.accountId !== actor.id) return deny(STAFF_RULE_TEXTS.notCreatedByYou);
  return OK;
}

/**
 * Whether `actor` may give an account the role `role`, whose grants are `roleKeys`.
 * super_admin: any role. Others: a role below their own whose every grant they hold themselves.
 */
export function canAssignRole(actor: StaffActor, role: Role, roleKeys: Iterable<string>): StaffDecision {
  if (isSuper(actor)) return OK;
  if (role === "super_admin") return deny(STAFF_RULE_TEXTS.superAdminOnly);
  if (ROLE_RANK[role] >= ROLE_RANK[actor.role]) return deny(STAFF_RULE_TEXTS.roleNotBelow);
  for (const key of roleKeys) if (!actor.holds(key)) return deny(STAFF_RULE_TEXTS.roleHasMore);
  return OK;
}

/**
 * PUT /api/users/{id}: whether `actor` may save `target` with the role `nextRole` (grants `nextRoleKeys`).
 * The own account: name, username and password always; the role only by a super_admin (and not when that would
 * demote the last super_admin). `superAdminCount` is the number of super_admin accounts now.
 */
export function canUpdateUser(
  actor: StaffActor,
  target: StaffTarget,
  nextRole: Role,
  nextRoleKeys: Iterable<string>,
  superAdminCount: number,
): StaffDecision {
  const roleChanges = nextRole !== target.role;
  if (roleChanges && isSuper(target) && superAdminCount <= 1) return deny(STAFF_RULE_TEXTS.lastSuperAdmin);
  if (actor.id === target.id) {
    if (roleChanges && !isSuper(actor)) return deny(STAFF_RULE_TEXTS.ownRole);
    return OK;
  }
  const manage = canManageUser(actor, target);
  if (!manage.ok) return manage;
  return roleChanges ? canAssignRole(actor, nextRole, nextRoleKeys) : OK;
}

/** DELETE /api/users/{id}: never the own account, never the last super_admin, else `canManageUser`. */
export function canDeleteUser(actor: StaffActor, target: StaffTarget, superAdminCount: number): StaffDecision {
  if (actor.id === target.id) return deny(STAFF_RULE_TEXTS.ownAccountDelete);
  if (isSuper(target) && superAdminCount <= 1) return deny(STAFF_RULE_TEXTS.lastSuperAdmin);
  return canManageUser(actor, target);
}

/**
 * A per-user override change (PUT or DELETE /api/users/{id}/permissions): `effectiveAfter` is whether the target
 * will hold `key` once the change applies. Granting (effectiveAfter true) needs the actor to hold `key`.
 * Overrides on a super_admin change nothing (SPEC §6 step 2), so only a super_admin may set them.
 */
export function canChangeOverride(
  actor: StaffActor,
  target: StaffTarget,
  key: string,
  effectiveAfter: boolean,
): StaffDecision {
  if (isSuper(actor)) return OK;
  const manage = actor.id === target.id ? deny(STAFF_RULE_TEXTS.notCreatedByYou) : canManageUser(actor, target);
  if (!manage.ok) return manage;
  if (effectiveAfter && !actor.holds(key)) return deny(STAFF_RULE_TEXTS.grantLacking);
  return OK;
}

/**
 * PUT /api/roles/{role}/permissions: `addedKeys` are the keys the role gains. super_admin's grants are fixed;
 * a non-super_admin edits only roles below their own and adds only keys they hold.
 */
export function canEditRolePermissions(actor: StaffActor, role: Role, addedKeys: Iterable<string>): StaffDecision {
  if (role === "super_admin") return deny(STAFF_RULE_TEXTS.superAdminGrantsFixed);
  if (isSuper(actor)) return OK;
  if (ROLE_RANK[role] >= ROLE_RANK[actor.role]) return deny(STAFF_RULE_TEXTS.roleNotBelow);
  for (const key of addedKeys) if (!actor.holds(key)) return deny(STAFF_RULE_TEXTS.grantLacking);
  return OK;
}

/**
 * The users whose permissions `actor` sees on the user-permissions tab (SPEC §6): all for a super_admin,
 * otherwise those whose accountId is the actor's id.
 */
export function seesUserPermissions(actor: Pick<StaffActor, "id" | "role">, target: StaffTarget): boolean {
  return isSuper(actor) || target.accountId === actor.id;
}

/**
 * Staff accounts (SPEC §2.17, §5.7, §7.2; ARCHITECTURE resolution 7). Each mutation checks the staff rules of
 * domain/staff-rules.ts, runs in one transaction with its audit_logs row, and ends the target's sessions when its
 * password or role changes (deletion ends them through the sessions → users cascade).
 * Errors: 400 bad input (route schemas), 403 a staff rule refuses (Arabic reason), 404 unknown user or permission,
 * 409 username taken.
 */
import { and, asc, count, eq, gt, ilike, or } from "drizzle-orm";
import { isPermissionKey, type Role } from "#domain/roles.ts";
import type { UserPageQuery } from "#domain/schemas/paging.ts";
import type { UserPermissionOverride } from "#domain/schemas/permission.ts";
import type { UserCreate, UserUpdate } from "#domain/schemas/user.ts";
import {
  canAssignRole,
  canChangeOverride,
  canDeleteUser,
  canUpdateUser,
  type StaffDecision,
  type StaffTarget,
  seesUserPermissions,
} from "#domain/staff-rules.ts";
import type { PublicUser } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import { permissions, rolePermissions, userPermissions } from "../../db/tables/access.ts";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors.ts";
import { decodeCursor, encodeCursor, exactTime, timeCompare } from "../../lib/paging.ts";
import { escapeLike, isUniqueViolation } from "../../lib/sql.ts";
import type { Acting } from "../../plugins/auth.ts";
import { auditActor, recordAudit } from "../audit/service.ts";
import { hashPassword, revokeUserSessions, toPublicUser } from "../auth/service.ts";
import { loadPermissionFacts } from "../permissions/service.ts";

export const USERNAME_TAKEN = "اسم المستخدم مستخدم مسبقًا";
export const USER_NOT_FOUND = "الموظف غير موجود";
export const PERMISSION_NOT_FOUND = "الصلاحية غير موجودة";

function enforce(decision: StaffDecision): void {
  if (!decision.ok) throw forbidden(decision.reason);
}

/** The permission keys role `role` holds in role_permissions. */
export async function roleKeys(db: Db | Tx, role: Role): Promise<string[]> {
  const rows = await db
    .select({ key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.role, role));
  return rows.map((r) => r.key);
}

async function superAdminCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "super_admin"));
  return Number(row?.n ?? 0);
}

/** Inside a transaction: locks the super_admin rows (two demotions or deletions racing) and counts them. */
async function lockSuperAdmins(tx: Tx): Promise<number> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "super_admin")).for("update");
  return rows.length;
}

async function findUser(db: Db | Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

const asTarget = (row: typeof users.$inferSelect): StaffTarget => {
  const user = toPublicUser(row);
  return { id: user.id, role: user.role, accountId: user.accountId };
};

async function assertUsernameFree(db: Db | Tx, username: string, exceptId?: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (row && row.id !== exceptId) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
}

/**
 * GET /api/users/page (users.view): one page of staff accounts, oldest first (keyset on created_at, id), filtered by
 * role and a part of the username or name. Output: { items, nextCursor, total, roleCounts } — roleCounts: accounts
 * per role over all staff, whatever the filters (the screen's counters and staff rules). Errors: 400 {cursor}.
 */
export async function pageUsers(db: Db, query: UserPageQuery) {
  const like = query.search ? `%${escapeLike(query.search)}%` : null;
  const filters = and(
    query.role ? eq(users.role, query.role) : undefined,
    like ? or(ilike(users.username, like), ilike(users.name, like)) : undefined,
  );
  const key = query.cursor ? decodeCursor(query.cursor, { t: "time", i: "string" }) : null;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, at: exactTime(users.createdAt) })
      .from(users)
      .where(
        and(
          filters,
          key
            ? or(
                timeCompare(users.createdAt, ">", key.t as string),
                and(timeCompare(users.createdAt, "=", key.t as string), gt(users.id, key.i as string)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(users).where(filters),
  ]);
  const byRole = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    roleCounts: Object.fromEntries(byRole.map((r) => [r.role, Number(r.n)])),
    items: page.map((r) => toPublicUser(r.user)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.at, i: last.user.id }) : null,
    total: Number(total?.n ?? 0),
  };
}

/** GET /api/users: every account, oldest first, without password hashes. */
export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.username));
  return rows.map(toPublicUser);
}

/** POST /api/users → the new account (accountId = the creator, resolution 7). */
export async function createUser(db: Db, actor: Acting, input: UserCreate): Promise<PublicUser> {
  enforce(canAssignRole(actor, input.role, await roleKeys(db, input.role)));
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          name: input.name,
          role: input.role,
          email: input.email ?? null,
          passwordHash,
          accountId: actor.id,
        })
        .returning();
      const created = toPublicUser(row);
      await recordAudit(tx, auditActor(actor), {
        entityType: "user",
        entityId: row.id,
        action: "create",
        newState: created,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw error;
  }
}

/**
 * PUT /api/users/{id} → the saved account. A new password or role ends every session of that user at once
 * (the caller's own current session is kept when they change their own password).
 */
export async function updateUser(db: Db, actor: Acting, id: string, input: UserUpdate): Promise<PublicUser> {
  const row = await findUser(db, id);
  const target = asTarget(row);
  enforce(canUpdateUser(actor, target, input.role, await roleKeys(db, input.role), await superAdminCount(db)));
  await assertUsernameFree(db, input.username, id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      // Re-check the last-super_admin rule under a row lock (two demotions racing).
      if (target.role === "super_admin" && input.role !== "super_admin" && (await lockSuperAdmins(tx)) <= 1) {
        enforce(canUpdateUser(actor, target, input.role, [], 1));
      }
      const [saved] = await tx
        .update(users)
        .set({
          username: input.username,
          name: input.name,
          role: input.role,
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (passwordHash || input.role !== target.role) {
        await revokeUserSessions(tx, id, { exceptSessionId: actor.id === id ? actor.sessionId : undefined });
      }
      const before = toPublicUser(row);
      const after = toPublicUser(saved);
      await recordAudit(tx, auditActor(actor), {
        entityType: "user",
        entityId: id,
        action: "update",
        previousState: before,
        newState: { ...after, ...(passwordHash ? { passwordChanged: true } : {}) },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw error;
  }
}

/** DELETE /api/users/{id}: never the own account nor the last super_admin; the user's sessions go with it. */
export async function deleteUser(db: Db, actor: Acting, id: string): Promise<void> {
  const row = await findUser(db, id);
  enforce(canDeleteUser(actor, asTarget(row), await superAdminCount(db)));
  await db.transaction(async (tx) => {
    if (row.role === "super_admin" && (await lockSuperAdmins(tx)) <= 1) {
      enforce(canDeleteUser(actor, asTarget(row), 1));
    }
    await revokeUserSessions(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, auditActor(actor), {
      entityType: "user",
      entityId: id,
      action: "delete",
      previousState: toPublicUser(row),
    });
  });
}

/**
 * GET /api/users/{id}/permissions → the user's overrides, [{permissionId, key, granted}]. A viewer other than a
 * super_admin sees their own and those of the accounts they created (SPEC §6 user-permissions tab), else 403.
 */
export async function listUserOverrides(
  db: Db,
  viewer: { id: string; role: Role },
  id: string,
): Promise<{ permissionId: number; key: string; granted: boolean }[]> {
  const row = await findUser(db, id);
  if (row.id !== viewer.id && !seesUserPermissions(viewer, asTarget(row))) throw forbidden();
  return db
    .select({ permissionId: userPermissions.permissionId, key: permissions.key, granted: userPermissions.granted })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, id))
    .orderBy(asc(permissions.id));
}

async function findPermission(db: Db | Tx, permissionId: number) {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, permissionId)).limit(1);
  if (!row || !isPermissionKey(row.key)) throw notFound(PERMISSION_NOT_FOUND);
  return row;
}

/** PUT /api/users/{id}/permissions → the stored override {permissionId, key, granted}. */
export async function setUserOverride(
  db: Db,
  actor: Acting,
  id: string,
  input: UserPermissionOverride,
): Promise<{ permissionId: number; key: string; granted: boolean }> {
  const row = await findUser(db, id);
  const permission = await findPermission(db, input.permissionId);
  enforce(canChangeOverride(actor, asTarget(row), permission.key, input.granted));
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ granted: userPermissions.granted })
      .from(userPermissions)
      .where(and(eq(userPermissions.userId, id), eq(userPermissions.permissionId, permission.id)))
      .limit(1);
    await tx
      .insert(userPermissions)
      .values({ userId: id, permissionId: permission.id, granted: input.granted })
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionId],
        set: { granted: input.granted },
      });
    const result = { permissionId: permission.id, key: permission.key, granted: input.granted };
    await recordAudit(tx, auditActor(actor), {
      entityType: "user_permission",
      entityId: id,
      action: previous ? "update" : "create",
      previousState: previous ? { permissionId: permission.id, key: permission.key, granted: previous.granted } : null,
      newState: { userId: id, username: row.username, ...result },
    });
    return result;
  });
}

/** DELETE /api/users/{id}/permissions/{permissionId}: the user falls back to the role's grant (SPEC §4.11). */
export async function resetUserOverride(db: Db, actor: Acting, id: string, permissionId: number): Promise<void> {
  const row = await findUser(db, id);
  const permission = await findPermission(db, permissionId);
  const target = asTarget(row);
  const facts = await loadPermissionFacts(db, { id, role: target.role });
  enforce(canChangeOverride(actor, target, permission.key, facts.roleGrants.has(permission.key)));
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, id), eq(userPermissions.permissionId, permission.id)))
      .returning({ granted: userPermissions.granted });
    if (!removed) throw new HttpError(404, "لا يوجد تخصيص لهذه الصلاحية");
    await recordAudit(tx, auditActor(actor), {
      entityType: "user_permission",
      entityId: id,
      action: "delete",
      previousState: {
        userId: id,
        username: row.username,
        permissionId: permission.id,
        key: permission.key,
        granted: removed.granted,
      },
    });
  });
}

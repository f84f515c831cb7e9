/**
 * Permission facts and catalogue queries (SPEC §6). The decision itself is domain/permissions.ts.
 */
import { eq, sql } from "drizzle-orm";
import type { PermissionFacts } from "#domain/permissions.ts";
import { DEFAULT_ROLE_GRANTS, isPermissionKey, PERMISSION_CATALOGUE, type Role } from "#domain/roles.ts";
import { canEditRolePermissions, type StaffActor } from "#domain/staff-rules.ts";
import type { Permission } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { permissions, rolePermissions, userPermissions } from "../../db/tables/access.ts";
import { badRequest, forbidden } from "../../lib/http-errors.ts";
import { auditActor, recordAudit } from "../audit/service.ts";

/** The role grants and per-user overrides of one user, by key. */
export async function loadPermissionFacts(db: Db | Tx, user: { id: string; role: Role }): Promise<PermissionFacts> {
  const [grants, overrides] = await Promise.all([
    db
      .select({ key: permissions.key })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.role, user.role)),
    db
      .select({ key: permissions.key, granted: userPermissions.granted })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, user.id)),
  ]);
  return {
    roleGrants: new Set(grants.map((g) => g.key)),
    overrides: new Map(overrides.map((o) => [o.key, o.granted])),
  };
}

/** GET /api/permissions: the catalogue as stored, ordered by category then key. */
export async function listPermissions(db: Db): Promise<Permission[]> {
  const rows = await db
    .select({
      id: permissions.id,
      key: permissions.key,
      description: permissions.description,
      category: permissions.category,
    })
    .from(permissions);
  const order = new Map<string, number>(PERMISSION_CATALOGUE.map((p, i) => [p.key, i]));
  return rows.sort((a, b) => (order.get(a.key) ?? 999) - (order.get(b.key) ?? 999) || a.key.localeCompare(b.key));
}

/** GET /api/roles/permissions: role → list of {id, key} it holds. super_admin holds every key (SPEC §6). */
export async function rolePermissionMap(db: Db): Promise<Record<Role, { id: number; key: string }[]>> {
  const all = await listPermissions(db);
  const rows = await db
    .select({ role: rolePermissions.role, id: permissions.id, key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  const map: Record<Role, { id: number; key: string }[]> = {
    super_admin: all.map(({ id, key }) => ({ id, key })),
    manager: [],
    employee: [],
    sales_agent: [],
    photographer: [],
  };
  for (const row of rows) {
    if (row.role in map && row.role !== "super_admin") map[row.role as Role].push({ id: row.id, key: row.key });
  }
  return map;
}

/**
 * Brings the permissions table in line with the domain catalogue: inserts missing keys (and grants them to the
 * roles whose defaults hold them), refreshes descriptions. Keys already present keep the grants staff gave them.
 */
export async function syncPermissionCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = new Map((await tx.select().from(permissions)).map((p) => [p.key, p]));
    for (const def of PERMISSION_CATALOGUE) {
      const row = existing.get(def.key);
      if (row) {
        if (row.description !== def.description || row.category !== def.category) {
          await tx
            .update(permissions)
            .set({ description: def.description, category: def.category })
            .where(eq(permissions.id, row.id));
        }
        continue;
      }
      const [inserted] = await tx
        .insert(permissions)
        .values({ key: def.key, description: def.description, category: def.category })
        .returning({ id: permissions.id });
      const roles = (Object.entries(DEFAULT_ROLE_GRANTS) as [Role, readonly string[]][])
        .filter(([, keys]) => keys.includes(def.key))
        .map(([role]) => ({ role, permissionId: inserted.id }));
      if (roles.length) await tx.insert(rolePermissions).values(roles);
    }
  });
}

/**
 * PUT /api/roles/{role}/permissions: the role holds exactly `permissionIds` afterwards (one transaction, one audit
 * row with the keys before and after). Returns {permissions: [{id, key}]} (SPEC §7.2).
 * Concurrent saves of one role are serialised (each answers 200, the last one wins).
 * Errors: 400 an id that is not in the catalogue; 403 the staff rules refuse (super_admin's grants are fixed; a
 * non-super_admin edits only roles below their own and adds only keys they hold).
 */
export async function setRolePermissions(
  db: Db,
  actor: StaffActor & { ip: string | null },
  role: Role,
  permissionIds: readonly number[],
): Promise<{ permissions: { id: number; key: string }[] }> {
  const catalogue = await listPermissions(db);
  const byId = new Map(catalogue.filter((p) => isPermissionKey(p.key)).map((p) => [p.id, p]));
  const unknown = permissionIds.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest({ permissionIds: "صلاحية غير معروفة" });
  const wanted = [...new Set(permissionIds)];
  return db.transaction(async (tx) => {
    // Concurrent saves of one role run one after another (a transaction-scoped advisory lock on the role): each
    // replaces the whole set, so without it two could both delete and then insert the same rows (unique key race).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`role_permissions:${role}`}))`);
    const current = await tx
      .select({ id: permissions.id, key: permissions.key })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.role, role));
    const currentIds = new Set(current.map((c) => c.id));
    const added = wanted.filter((id) => !currentIds.has(id)).map((id) => byId.get(id)?.key ?? "");
    const decision = canEditRolePermissions(actor, role, added);
    if (!decision.ok) throw forbidden(decision.reason);
    await tx.delete(rolePermissions).where(eq(rolePermissions.role, role));
    if (wanted.length) await tx.insert(rolePermissions).values(wanted.map((permissionId) => ({ role, permissionId })));
    const next = wanted
      .map((id) => byId.get(id))
      .filter((p): p is Permission => p !== undefined)
      .map(({ id, key }) => ({ id, key }));
    await recordAudit(tx, auditActor(actor), {
      entityType: "role_permissions",
      entityId: role,
      action: "update",
      previousState: { role, keys: current.map((c) => c.key).sort() },
      newState: { role, keys: next.map((p) => p.key).sort() },
    });
    return { permissions: next };
  });
}

/**
 * Permission facts and catalogue queries (SPEC §6). The decision itself is domain/permissions.ts.
 */
import { eq } from "drizzle-orm";
import type { PermissionFacts } from "../../../domain/permissions.ts";
import { DEFAULT_ROLE_GRANTS, PERMISSION_CATALOGUE, type Role } from "../../../domain/roles.ts";
import type { Permission } from "../../../domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { permissions, rolePermissions, userPermissions } from "../../db/schema.ts";

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

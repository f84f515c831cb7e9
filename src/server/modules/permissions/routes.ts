/**
 * GET /api/permissions (signed-in), GET /api/roles/permissions and PUT /api/roles/{role}/permissions
 * (permissions.manage), SPEC §6, §7.2. Who may change which role is decided by domain/staff-rules.ts.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { permissionSchema, rolePermissionMapSchema, rolePermissionsResultSchema } from "#domain/schemas/api.ts";
import { roleParam, rolePermissionsSchema } from "#domain/schemas/permission.ts";
import { actingFrom, requireAuth } from "../../plugins/auth.ts";
import { listPermissions, rolePermissionMap, setRolePermissions } from "./service.ts";

export async function permissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/permissions",
    { config: { access: "signed-in" }, schema: { response: { 200: z.array(permissionSchema) } } },
    async () => listPermissions(app.db),
  );
  r.get(
    "/api/roles/permissions",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { response: { 200: rolePermissionMapSchema } },
    },
    async () => rolePermissionMap(app.db),
  );
  r.put(
    "/api/roles/:role/permissions",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { params: roleParam, body: rolePermissionsSchema, response: { 200: rolePermissionsResultSchema } },
    },
    async (request) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      return setRolePermissions(app.db, actor, request.params.role, request.body.permissionIds);
    },
  );
}

/** GET /api/permissions (signed-in) and GET /api/roles/permissions (permissions.manage), SPEC §6, §7.2. */
import type { FastifyInstance } from "fastify";
import { listPermissions, rolePermissionMap } from "./service.ts";

export async function permissionRoutes(app: FastifyInstance) {
  app.get("/api/permissions", { config: { access: "signed-in" } }, async () => listPermissions(app.db));
  app.get("/api/roles/permissions", { config: { access: { permission: "permissions.manage" } } }, async () =>
    rolePermissionMap(app.db),
  );
}

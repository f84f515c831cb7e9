/**
 * Staff accounts and their permission overrides (SPEC §7.2, §2.17, §2.18; ARCHITECTURE resolution 7).
 * GET /api/users (users.view), POST (users.create), PUT /{id} (users.edit), DELETE /{id} (users.delete);
 * GET/PUT /api/users/{id}/permissions and DELETE /api/users/{id}/permissions/{permissionId} (permissions.manage).
 * The route rule is checked by the auth guard; the staff rules (who may manage whom) by the service.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { uuidParam } from "../../../domain/schemas/common.ts";
import { userPermissionOverrideSchema, userPermissionParams } from "../../../domain/schemas/permission.ts";
import { userCreateSchema, userUpdateSchema } from "../../../domain/schemas/user.ts";
import { requireAuth } from "../../plugins/auth.ts";
import {
  actingFrom,
  createUser,
  deleteUser,
  listUserOverrides,
  listUsers,
  resetUserOverride,
  setUserOverride,
  updateUser,
} from "./service.ts";

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/users", { config: { access: { permission: "users.view" } } }, async () => listUsers(app.db));

  r.post(
    "/api/users",
    { config: { access: { permission: "users.create" } }, schema: { body: userCreateSchema } },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      reply.code(201);
      return createUser(app.db, actor, request.body);
    },
  );

  r.put(
    "/api/users/:id",
    { config: { access: { permission: "users.edit" } }, schema: { params: uuidParam, body: userUpdateSchema } },
    async (request) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      return updateUser(app.db, actor, request.params.id, request.body);
    },
  );

  r.delete(
    "/api/users/:id",
    { config: { access: { permission: "users.delete" } }, schema: { params: uuidParam } },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      await deleteUser(app.db, actor, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/users/:id/permissions",
    { config: { access: { permission: "permissions.manage" } }, schema: { params: uuidParam } },
    async (request) => {
      return listUserOverrides(app.db, requireAuth(request).user, request.params.id);
    },
  );

  r.put(
    "/api/users/:id/permissions",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { params: uuidParam, body: userPermissionOverrideSchema },
    },
    async (request) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      return setUserOverride(app.db, actor, request.params.id, request.body);
    },
  );

  r.delete(
    "/api/users/:id/permissions/:permissionId",
    { config: { access: { permission: "permissions.manage" } }, schema: { params: userPermissionParams } },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      await resetUserOverride(app.db, actor, request.params.id, request.params.permissionId);
      return reply.code(204).send();
    },
  );
}

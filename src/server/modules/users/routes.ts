/**
 * Staff accounts and their permission overrides (SPEC §7.2, §2.17, §2.18; ARCHITECTURE resolution 7).
 * GET /api/users (users.view), GET /api/users/page (users.view; paged, src/domain/schemas/paging.ts), POST (users.create), PUT /{id} (users.edit), DELETE /{id} (users.delete);
 * GET/PUT /api/users/{id}/permissions and DELETE /api/users/{id}/permissions/{permissionId} (permissions.manage).
 * The route rule is checked by the auth guard; the staff rules (who may manage whom) by the service.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContentSchema, publicUserSchema, userOverrideSchema } from "#domain/schemas/api.ts";
import { uuidParam } from "#domain/schemas/common.ts";
import { userPageQuerySchema, userPageSchema } from "#domain/schemas/paging.ts";
import { userPermissionOverrideSchema, userPermissionParams } from "#domain/schemas/permission.ts";
import { userCreateBodySchema, userReplaceSchema } from "#domain/schemas/user.ts";
import { actingFrom, requireAuth } from "../../plugins/auth.ts";
import {
  createUser,
  deleteUser,
  listUserOverrides,
  listUsers,
  pageUsers,
  resetUserOverride,
  setUserOverride,
  updateUser,
} from "./service.ts";

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/users",
    { config: { access: { permission: "users.view" } }, schema: { response: { 200: z.array(publicUserSchema) } } },
    async () => listUsers(app.db),
  );

  r.get(
    "/api/users/page",
    {
      config: { access: { permission: "users.view" } },
      schema: { querystring: userPageQuerySchema, response: { 200: userPageSchema(publicUserSchema) } },
    },
    async (request) => pageUsers(app.db, request.query),
  );

  r.post(
    "/api/users",
    {
      config: { access: { permission: "users.create" } },
      schema: { body: userCreateBodySchema, response: { 201: publicUserSchema } },
    },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      reply.code(201);
      return createUser(app.db, actor, request.body);
    },
  );

  r.put(
    "/api/users/:id",
    {
      config: { access: { permission: "users.edit" } },
      schema: { params: uuidParam, body: userReplaceSchema, response: { 200: publicUserSchema } },
    },
    async (request) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      return updateUser(app.db, actor, request.params.id, request.body);
    },
  );

  r.delete(
    "/api/users/:id",
    {
      config: { access: { permission: "users.delete" } },
      schema: { params: uuidParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      await deleteUser(app.db, actor, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/users/:id/permissions",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { params: uuidParam, response: { 200: z.array(userOverrideSchema) } },
    },
    async (request) => {
      return listUserOverrides(app.db, requireAuth(request).user, request.params.id);
    },
  );

  r.put(
    "/api/users/:id/permissions",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { params: uuidParam, body: userPermissionOverrideSchema, response: { 200: userOverrideSchema } },
    },
    async (request) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      return setUserOverride(app.db, actor, request.params.id, request.body);
    },
  );

  r.delete(
    "/api/users/:id/permissions/:permissionId",
    {
      config: { access: { permission: "permissions.manage" } },
      schema: { params: userPermissionParams, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const actor = await actingFrom(requireAuth(request), request.ip);
      await resetUserOverride(app.db, actor, request.params.id, request.params.permissionId);
      return reply.code(204).send();
    },
  );
}

/**
 * Progress update routes (SPEC §7.2). Public reads: GET /api/project-updates and /api/project-updates/{id}.
 * Staff list: GET /api/project-updates/page (updates.view; paged, drafts included; src/domain/schemas/paging.ts).
 * Writes (SPEC §2.13): POST /api/project-updates (updates.create), PUT /api/project-updates/{id} (updates.edit),
 * DELETE /api/project-updates/{id} (updates.delete), validated with the form's domain schema.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContentSchema, projectUpdateSchema } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { pageSchema, updatePageQuerySchema } from "#domain/schemas/paging.ts";
import { projectUpdateInputSchema, projectUpdateReplaceSchema } from "#domain/schemas/project-update.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { actorOf } from "../../plugins/auth.ts";
import { draftsVisible } from "../publishing/service.ts";
import { createUpdate, deleteUpdate, getUpdate, listUpdates, pageUpdates, updateUpdate } from "./service.ts";

export async function updateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Visitors see published updates of published projects; staff (updates.view) and a preview link see drafts too.
  r.get(
    "/api/project-updates",
    { config: { access: "public" }, schema: { response: { 200: z.array(projectUpdateSchema) } } },
    async (request, reply) => {
      const includeDrafts = await draftsVisible(app.db, request, reply, "update");
      return listUpdates(app.db, { includeDrafts, includeDraftProjects: includeDrafts });
    },
  );
  r.get(
    "/api/project-updates/page",
    {
      config: { access: { permission: "updates.view" } },
      schema: { querystring: updatePageQuerySchema, response: { 200: pageSchema(projectUpdateSchema) } },
    },
    async (request) => pageUpdates(app.db, request.query),
  );
  r.get(
    "/api/project-updates/:id",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: previewQuery, response: { 200: projectUpdateSchema } },
    },
    async (request, reply) =>
      getUpdate(app.db, request.params.id, {
        includeDrafts: await draftsVisible(app.db, request, reply, "update", request.params.id),
      }),
  );
  r.post(
    "/api/project-updates",
    {
      config: { access: { permission: "updates.create" }, changesPublicPages: true },
      schema: { body: projectUpdateInputSchema, response: { 201: projectUpdateSchema } },
    },
    async (request, reply) => reply.code(201).send(await createUpdate(app.db, request.body, actorOf(request))),
  );
  r.put(
    "/api/project-updates/:id",
    {
      config: { access: { permission: "updates.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: projectUpdateReplaceSchema, response: { 200: projectUpdateSchema } },
    },
    async (request) => updateUpdate(app.db, request.params.id, request.body, actorOf(request)),
  );
  r.delete(
    "/api/project-updates/:id",
    {
      config: { access: { permission: "updates.delete" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteUpdate(app.db, request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
}

/**
 * Progress update routes (SPEC §7.2). Public reads: GET /api/project-updates and /api/project-updates/{id}.
 * Writes (issue 4): POST /api/project-updates (updates.create), PUT /api/project-updates/{id} (updates.edit),
 * DELETE /api/project-updates/{id} (updates.delete), validated with the form's domain schema.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { previewQuery } from "../../../domain/publishing.ts";
import { idParam } from "../../../domain/schemas/common.ts";
import { projectUpdateInputSchema } from "../../../domain/schemas/project-update.ts";
import { actorOf } from "../projects/routes.ts";
import { draftsVisible } from "../publishing/service.ts";
import { createUpdate, deleteUpdate, getUpdate, listUpdates, updateUpdate } from "./service.ts";

export async function updateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Visitors see published updates of published projects; staff (updates.view) and a preview link see drafts too.
  r.get("/api/project-updates", { config: { access: "public" } }, async (request, reply) => {
    const includeDrafts = await draftsVisible(app.db, request, reply, "update");
    return listUpdates(app.db, { includeDrafts, includeDraftProjects: includeDrafts });
  });
  r.get(
    "/api/project-updates/:id",
    { config: { access: "public" }, schema: { params: idParam, querystring: previewQuery } },
    async (request, reply) =>
      getUpdate(app.db, request.params.id, {
        includeDrafts: await draftsVisible(app.db, request, reply, "update", request.params.id),
      }),
  );
  r.post(
    "/api/project-updates",
    { config: { access: { permission: "updates.create" } }, schema: { body: projectUpdateInputSchema } },
    async (request, reply) => reply.code(201).send(await createUpdate(app.db, request.body, actorOf(request))),
  );
  r.put(
    "/api/project-updates/:id",
    { config: { access: { permission: "updates.edit" } }, schema: { params: idParam, body: projectUpdateInputSchema } },
    async (request) => updateUpdate(app.db, request.params.id, request.body, actorOf(request)),
  );
  r.delete(
    "/api/project-updates/:id",
    { config: { access: { permission: "updates.delete" } }, schema: { params: idParam } },
    async (request, reply) => {
      await deleteUpdate(app.db, request.params.id, actorOf(request));
      return reply.code(204).send();
    },
  );
}

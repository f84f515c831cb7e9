/** Public project reads (SPEC §7.2): GET /api/projects, /api/projects/{id}, /{id}/units, /{id}/updates. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../domain/schemas/common.ts";
import { listUnitsOfProject } from "../units/service.ts";
import { listUpdates } from "../updates/service.ts";
import { assertProjectExists, getProject, listProjects } from "./service.ts";

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/projects",
    { config: { access: "public" }, schema: { querystring: z.object({ search: z.string().max(200).optional() }) } },
    async (request) => listProjects(app.db, { search: request.query.search }),
  );
  r.get("/api/projects/:id", { config: { access: "public" }, schema: { params: idParam } }, async (request) =>
    getProject(app.db, request.params.id),
  );
  r.get("/api/projects/:id/units", { config: { access: "public" }, schema: { params: idParam } }, async (request) => {
    await assertProjectExists(app.db, request.params.id);
    return listUnitsOfProject(app.db, request.params.id);
  });
  r.get("/api/projects/:id/updates", { config: { access: "public" }, schema: { params: idParam } }, async (request) => {
    await assertProjectExists(app.db, request.params.id);
    return listUpdates(app.db, { projectId: request.params.id });
  });
}

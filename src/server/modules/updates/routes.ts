/** Public update reads (SPEC §7.2): GET /api/project-updates and /api/project-updates/{id}. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParam } from "../../../domain/schemas/common.ts";
import { getUpdate, listUpdates } from "./service.ts";

export async function updateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/project-updates", { config: { access: "public" } }, async () => listUpdates(app.db));
  r.get("/api/project-updates/:id", { config: { access: "public" }, schema: { params: idParam } }, async (request) =>
    getUpdate(app.db, request.params.id),
  );
}

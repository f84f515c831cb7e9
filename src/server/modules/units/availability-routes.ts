/**
 * What visitors read of a project's inventory (docs/decisions/077-public-availability-and-unit-pages.md; the rows
 * come from modules/inventory availability.ts):
 * - GET /api/projects/{id}/inventory (public): `{ buildings: [{ name, floors: [{ number, label, units: [{ id,
 *   unitNumber, status, type, rooms, price, totalArea }] }] }] }`;
 * - GET /api/projects/{id}/units/{unitId}/public (public): one unit's page data (src/domain/inventory-public.ts).
 * A draft project answers 404 to visitors (staff and a preview link see it), like its units.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { projectInventorySchema, publicUnitSchema } from "#domain/inventory-public.ts";
import { idParam } from "#domain/schemas/common.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { projectInventory, publicUnit } from "../inventory/service.ts";
import { assertProjectExists } from "../projects/service.ts";
import { draftsVisible } from "../publishing/service.ts";

const unitParams = idParam.extend({ unitId: idParam.shape.id });

export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/projects/:id/inventory",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: previewQuery, response: { 200: projectInventorySchema } },
    },
    async (request, reply) => {
      const includeDrafts = await draftsVisible(app.db, request, reply, "project", request.params.id);
      await assertProjectExists(app.db, request.params.id, { includeDrafts });
      return projectInventory(app.db, request.params.id, app.clock());
    },
  );

  r.get(
    "/api/projects/:id/units/:unitId/public",
    {
      config: { access: "public" },
      schema: { params: unitParams, querystring: previewQuery, response: { 200: publicUnitSchema } },
    },
    async (request, reply) => {
      const includeDrafts = await draftsVisible(app.db, request, reply, "project", request.params.id);
      await assertProjectExists(app.db, request.params.id, { includeDrafts });
      return publicUnit(app.db, request.params.id, request.params.unitId, app.clock());
    },
  );
}

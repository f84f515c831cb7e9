/**
 * What visitors read of a project's inventory (docs/decisions/077-public-availability-and-unit-pages.md; the rows
 * come from modules/inventory availability.ts):
 * - GET /api/projects/{id}/inventory (public): `{ buildings: [{ name, floors: [{ number, label, units: [{ id,
 *   unitNumber, status, type, rooms, price, totalArea }] }] }] }`;
 * - GET /api/projects/{id}/units/{unitId}/public (public): one unit's page data (src/domain/inventory-public.ts).
 * A draft project answers 404 to visitors (staff and a preview link see it), like its units. A visitor never reads a
 * unit whose licence (its own, else the project's) does not allow advertising (docs/compliance.md): it is left out of
 * the inventory, and its page read answers 404 with the licence-offline header; both carry the content-expiry header.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { projectInventorySchema, publicUnitSchema } from "#domain/inventory-public.ts";
import { idParam } from "#domain/schemas/common.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { CONTENT_EXPIRES_HEADER, licenceContext } from "../../lib/compliance-rules.ts";
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
      const reader = { now: app.clock(), licence: await licenceContext(app), visitor: !includeDrafts };
      const { inventory, contentExpires } = await projectInventory(app.db, request.params.id, reader);
      if (contentExpires) reply.header(CONTENT_EXPIRES_HEADER, contentExpires);
      return inventory;
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
      const reader = { now: app.clock(), licence: await licenceContext(app), visitor: !includeDrafts };
      return publicUnit(app.db, request.params.id, request.params.unitId, reader, reply);
    },
  );
}

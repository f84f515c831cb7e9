/**
 * What visitors read of a project's inventory (docs/decisions/077-public-availability-and-unit-pages.md; the rows
 * come from modules/inventory availability.ts):
 * - GET /api/projects/{id}/inventory (public): `{ buildings: [{ name, floors: [{ number, label, units: [{ id,
 *   unitNumber, status, type, rooms, price, totalArea }] }] }] }`;
 * - GET /api/projects/{id}/units/{unitId}/public (public): one unit's page data (src/domain/inventory-public.ts).
 * A draft project answers 404 to visitors (staff and a preview link see it), like its units. A visitor never
 * reads a unit whose licence (its own, else the project's) does not allow advertising (docs/compliance.md): it is left
 * out of the inventory, and its page read answers 404 with the licence-offline header. Both answers carry the
 * content-expiry header at the earliest moment they change by themselves: a licence stops, a listed hold runs out
 * (docs/decisions/122-a-hold-ends-the-cached-page.md).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { projectInventorySchema, publicUnitSchema } from "#domain/inventory-public.ts";
import { idParam } from "#domain/schemas/common.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { projectInventory, publicUnit } from "../inventory/service.ts";
import { setContentExpires, unitsReader } from "./visitor-reads.ts";

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
      const reader = await unitsReader(app, request, reply, request.params.id);
      const { inventory, contentExpires } = await projectInventory(app.db, request.params.id, reader);
      setContentExpires(reply, [contentExpires]);
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
      const reader = await unitsReader(app, request, reply, request.params.id);
      const { unit, contentExpires } = await publicUnit(
        app.db,
        request.params.id,
        request.params.unitId,
        reader,
        reply,
      );
      setContentExpires(reply, [contentExpires]);
      return unit;
    },
  );
}

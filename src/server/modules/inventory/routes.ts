/**
 * Inventory routes (docs/decisions/076-unit-inventory-states-and-holds.md):
 * - POST /api/units/{id}/holds (inventory.hold): `{ leadId?, minutes? }` → 201 `{ id, unitId, expiresAt }`; 409
 *   `{ message, fields: { unit }, heldUntil }` when someone else holds it (holds.ts placeHold).
 * - DELETE /api/holds/{id} (inventory.hold) → 204 (an agent their own holds; inventory.manage any).
 * - GET /api/projects/{id}/stacking-plan (inventory.view), GET /api/units/{id}/history (inventory.view): grid.ts.
 * - POST /api/projects/{id}/units/generate (inventory.manage): preview, or apply in one transaction (generate.ts).
 * - GET /api/inventory/summary (inventory.view): units and value per project and state (the dashboard).
 * - POST /api/projects/{id}/prices (inventory.manage): bulk price change, preview or apply; GET
 *   /api/projects/{id}/price-list.xlsx (inventory.view): the available units' prices (prices.ts).
 * - POST /api/units/{id}/block `{ reason }` and DELETE /api/units/{id}/block (inventory.manage).
 * - POST /api/inventory/stream-ticket (inventory.view) → `{ ticket }`; GET /api/projects/{id}/inventory/events
 *   ?ticket= (public route, the ticket is the credential: 401 when it is not valid) → server-sent events (live.ts).
 * - Unit types: GET/POST /api/projects/{id}/unit-types, PUT/DELETE /api/unit-types/{id} (unit-types.ts).
 * And the expiry job: every minute, once across instances (jobs/engine.ts `every`), expired holds are released.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { holdRequestSchema } from "#domain/inventory.ts";
import {
  blockSchema,
  generationResultSchema,
  generationSchema,
  inventorySummarySchema,
  priceChangeResultSchema,
  priceChangeSchema,
  stackingPlanSchema,
  unitHistorySchema,
} from "#domain/inventory-admin.ts";
import { fileResponse, noContentSchema, XLSX_TYPE } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { text } from "#domain/schemas/text.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { generateUnits, setBlocked } from "./generate.ts";
import { inventorySummary, stackingPlan, unitHistory } from "./grid.ts";
import { type InventoryActor, placeHold, releaseExpiredHolds, releaseHold } from "./holds.ts";
import { inventoryLiveRoutes } from "./live-routes.ts";
import { changePrices, priceListXlsx } from "./prices.ts";
import { unitTypeRoutes } from "./unit-types.ts";

/** The timed job that releases expired holds, and its period (ms). */
export const HOLD_EXPIRY_JOB = "inventory_hold_expiry";
export const HOLD_EXPIRY_PERIOD_MS = 60_000;

async function inventoryActor(request: FastifyRequest): Promise<InventoryActor> {
  const auth = requireAuth(request);
  return {
    id: auth.user.id,
    ip: request.ip,
    manage: await auth.can("inventory.manage"),
    viewAllLeads: await auth.can("leads.view_all"),
  };
}

const holdSchema = z.object({ id: z.number(), unitId: z.number(), expiresAt: text() }).meta({ id: "UnitHold" });

/** Registers the inventory routes of this file's header, the unit types' and the live updates' (live-routes.ts). */
export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await unitTypeRoutes(app);
  await inventoryLiveRoutes(app);

  app.jobs.every(HOLD_EXPIRY_JOB, HOLD_EXPIRY_PERIOD_MS, async (tx, now) => {
    const released = await releaseExpiredHolds(tx, now);
    if (released) app.log.info({ job: HOLD_EXPIRY_JOB, released }, "expired unit holds released");
  });

  r.post(
    "/api/units/:id/holds",
    {
      config: { access: { permission: "inventory.hold" }, changesPublicPages: true },
      schema: { params: idParam, body: holdRequestSchema, response: { 201: holdSchema } },
    },
    async (request, reply) => {
      const hold = await placeHold(app.db, await inventoryActor(request), request.params.id, request.body, app.clock());
      return reply.code(201).send(hold);
    },
  );

  r.delete(
    "/api/holds/:id",
    {
      config: { access: { permission: "inventory.hold" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await releaseHold(app.db, await inventoryActor(request), request.params.id, app.clock());
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/projects/:id/stacking-plan",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { params: idParam, response: { 200: stackingPlanSchema } },
    },
    async (request) => stackingPlan(app.db, request.params.id, app.clock()),
  );

  r.get(
    "/api/inventory/summary",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { response: { 200: inventorySummarySchema } },
    },
    async () => inventorySummary(app.db, app.clock()),
  );

  r.get(
    "/api/units/:id/history",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { params: idParam, response: { 200: unitHistorySchema } },
    },
    async (request) => unitHistory(app.db, request.params.id),
  );

  r.post(
    "/api/projects/:id/units/generate",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: generationSchema, response: { 200: generationResultSchema } },
    },
    async (request) => generateUnits(app.db, await inventoryActor(request), request.params.id, request.body),
  );

  r.post(
    "/api/units/:id/block",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: blockSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const actor = await inventoryActor(request);
      await setBlocked(app.db, actor, request.params.id, true, request.body.reason, app.clock());
      return reply.code(204).send();
    },
  );

  r.delete(
    "/api/units/:id/block",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await setBlocked(app.db, await inventoryActor(request), request.params.id, false, "unblocked", app.clock());
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/projects/:id/prices",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: priceChangeSchema, response: { 200: priceChangeResultSchema } },
    },
    async (request) =>
      changePrices(app.db, await inventoryActor(request), request.params.id, request.body, app.clock()),
  );

  r.get(
    "/api/projects/:id/price-list.xlsx",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { params: idParam, response: { 200: fileResponse("The available units' price list", [XLSX_TYPE]) } },
    },
    async (request, reply) => {
      const { bytes, fileName } = await priceListXlsx(app.db, request.params.id, app.clock());
      return reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(bytes);
    },
  );
}

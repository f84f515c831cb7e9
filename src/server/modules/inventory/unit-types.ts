/**
 * A project's unit types and their defaults (docs/decisions/098-unit-type-admin.md):
 * - GET /api/projects/{id}/unit-types (inventory.view) → `UnitType[]` by name, each with `unitCount`; 404 project.
 * - POST /api/projects/{id}/unit-types (inventory.manage) → 201 `UnitType`; 400 `fields` (schemas in
 *   src/domain/unit-types.ts), 404 project, 409 `{ fields: { name } }` when the project has the name.
 * - PUT /api/unit-types/{id} (inventory.manage) → 200 `UnitType`; 404, 400, 409 as above. Units inherit the new
 *   defaults at once (they are read through coalesce(unit, type), inventory/availability.ts and grid.ts).
 * - DELETE /api/unit-types/{id} (inventory.manage) → 204; 409 `{ fields: { type } }` while units use it (a deleted
 *   type would silently strip their inherited values; SPEC §3 refuses deleting what others use).
 * Every write is audited (entity "unit_type") and in one transaction.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContentSchema } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import {
  UNIT_TYPE_TEXTS,
  type UnitType,
  type UnitTypeValues,
  unitTypeCreateSchema,
  unitTypeReplaceSchema,
  unitTypeSchema,
} from "#domain/unit-types.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects } from "#server/db/schema.ts";
import { unitTypes } from "#server/db/tables/inventory.ts";
import { conflict, notFound } from "#server/lib/http-errors.ts";
import { isUniqueViolation } from "#server/lib/sql.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { recordAudit } from "../audit/service.ts";

type Actor = { userId: string; ip: string };

// Qualified by hand: inside the sub-select drizzle would print the columns bare ("id" would be the unit's).
const unitCount = sql<number>`(select count(*)::int from "units" u where u."type_id" = "unit_types"."id")`;
const typeColumns = {
  id: unitTypes.id,
  projectId: unitTypes.projectId,
  name: unitTypes.name,
  rooms: unitTypes.rooms,
  privateArea: unitTypes.privateArea,
  totalArea: unitTypes.totalArea,
  direction: unitTypes.direction,
  view: unitTypes.view,
  price: unitTypes.price,
  floorPlanUrl: unitTypes.floorPlanUrl,
  unitCount,
};

async function readType(db: Db | Tx, id: number): Promise<UnitType | undefined> {
  const [row] = await db.select(typeColumns).from(unitTypes).where(eq(unitTypes.id, id));
  return row;
}

/** The types of project `projectId` by name. Errors: 404 project. */
export async function listUnitTypes(db: Db, projectId: number): Promise<UnitType[]> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(UNIT_TYPE_TEXTS.projectNotFound);
  return db.select(typeColumns).from(unitTypes).where(eq(unitTypes.projectId, projectId)).orderBy(asc(unitTypes.name));
}

/** Runs a write; a duplicate name in the project → 409 `{ name }`. */
async function nameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UNIT_TYPE_TEXTS.nameTaken, { name: UNIT_TYPE_TEXTS.nameTaken });
    throw error;
  }
}

export async function createUnitType(db: Db, actor: Actor, projectId: number, values: UnitTypeValues) {
  return nameGuard(() =>
    db.transaction(async (tx) => {
      const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (!project) throw notFound(UNIT_TYPE_TEXTS.projectNotFound);
      const [row] = await tx
        .insert(unitTypes)
        .values({ ...values, projectId })
        .returning({ id: unitTypes.id });
      await recordAudit(tx, actor, { entityType: "unit_type", entityId: row.id, action: "create", newState: values });
      return (await readType(tx, row.id)) as UnitType;
    }),
  );
}

export async function updateUnitType(db: Db, actor: Actor, id: number, values: UnitTypeValues) {
  return nameGuard(() =>
    db.transaction(async (tx) => {
      const before = await readType(tx, id);
      if (!before) throw notFound(UNIT_TYPE_TEXTS.notFound);
      await tx.update(unitTypes).set(values).where(eq(unitTypes.id, id));
      await recordAudit(tx, actor, {
        entityType: "unit_type",
        entityId: id,
        action: "update",
        previousState: before,
        newState: values,
      });
      return (await readType(tx, id)) as UnitType;
    }),
  );
}

export async function deleteUnitType(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select(typeColumns).from(unitTypes).where(eq(unitTypes.id, id)).for("update");
    if (!before) throw notFound(UNIT_TYPE_TEXTS.notFound);
    if (before.unitCount > 0) throw conflict(UNIT_TYPE_TEXTS.inUse, { type: UNIT_TYPE_TEXTS.inUse });
    await tx.delete(unitTypes).where(eq(unitTypes.id, id));
    await recordAudit(tx, actor, { entityType: "unit_type", entityId: id, action: "delete", previousState: before });
  });
}

export async function unitTypeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => ({ userId: requireAuth(request).user.id, ip: request.ip });

  r.get(
    "/api/projects/:id/unit-types",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { params: idParam, response: { 200: z.array(unitTypeSchema) } },
    },
    async (request) => listUnitTypes(app.db, request.params.id),
  );

  r.post(
    "/api/projects/:id/unit-types",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: unitTypeCreateSchema, response: { 201: unitTypeSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createUnitType(app.db, actorOf(request), request.params.id, request.body)),
  );

  r.put(
    "/api/unit-types/:id",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: unitTypeReplaceSchema, response: { 200: unitTypeSchema } },
    },
    async (request) => updateUnitType(app.db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/unit-types/:id",
    {
      config: { access: { permission: "inventory.manage" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteUnitType(app.db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}

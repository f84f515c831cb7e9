/**
 * What visitors read of the inventory (docs/decisions/077-public-availability-and-unit-pages.md): the shapes of
 * GET /api/projects/{id}/inventory and of one unit's page, checked as the routes' response schemas. No personal
 * data; `status` is SPEC's Arabic value (held and reserved units read محجوزة); `price` null: «السعر عند الطلب» or sold.
 */
import { z } from "zod";
import { UNIT_STATUSES } from "./project-rules.ts";
import { licenceViewSchema } from "./schemas/licence-view.ts";

/** What a unit page shows when there is no price. */
export const PRICE_ON_REQUEST = "السعر عند الطلب";

export const inventoryUnitSchema = z.object({
  id: z.number(),
  unitNumber: z.string(),
  status: z.enum(UNIT_STATUSES),
  type: z.string().nullable(),
  rooms: z.number().nullable(),
  price: z.number().nullable(),
  totalArea: z.number().nullable(),
});

export const projectInventorySchema = z
  .object({
    buildings: z.array(
      z.object({
        name: z.string(),
        floors: z.array(
          z.object({ number: z.number().nullable(), label: z.string(), units: z.array(inventoryUnitSchema) }),
        ),
      }),
    ),
  })
  .meta({ id: "ProjectInventory" });
export type ProjectInventory = z.infer<typeof projectInventorySchema>;
export type InventoryUnit = z.infer<typeof inventoryUnitSchema>;

/** One unit's public page data. `availability`: for JSON-LD (InStock, LimitedAvailability, SoldOut). */
export const publicUnitSchema = z
  .object({
    id: z.number(),
    projectId: z.number(),
    unitNumber: z.string(),
    building: z.string(),
    floor: z.number().nullable(),
    floorLabel: z.string(),
    status: z.enum(UNIT_STATUSES),
    availability: z.enum(["available", "reserved", "sold"]),
    type: z.string().nullable(),
    rooms: z.number().nullable(),
    price: z.number().nullable(),
    privateArea: z.number().nullable(),
    totalArea: z.number().nullable(),
    direction: z.array(z.string()),
    view: z.string().nullable(),
    floorPlanUrl: z.string().nullable(),
    /** The licence the unit is advertised under today: its own, else the project's (docs/compliance.md). */
    licence: licenceViewSchema,
  })
  .meta({ id: "PublicUnit" });
export type PublicUnit = z.infer<typeof publicUnitSchema>;

/** schema.org availability of a unit (held/reserved → LimitedAvailability). */
export const SCHEMA_AVAILABILITY: Record<PublicUnit["availability"], string> = {
  available: "https://schema.org/InStock",
  reserved: "https://schema.org/LimitedAvailability",
  sold: "https://schema.org/SoldOut",
};

/** Counts of a building's units by SPEC status (the project page's summary). */
export function statusCounts(floors: ProjectInventory["buildings"][number]["floors"]): Record<string, number> {
  const counts: Record<string, number> = { متاحة: 0, محجوزة: 0, مباعة: 0 };
  for (const floor of floors) for (const unit of floor.units) counts[unit.status] = (counts[unit.status] ?? 0) + 1;
  return counts;
}

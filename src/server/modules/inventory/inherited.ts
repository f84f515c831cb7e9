/**
 * A unit's values that its unit type supplies when the unit has none of its own (docs/decisions/098-unit-type-admin.md: a unit
 * inherits its type's rooms, price, areas, view and floor plan and may override each), as SQL columns to select from
 * `units` left-joined to `unit_types`. Price in SAR, areas in m² (numeric, read as text).
 */
import { sql } from "drizzle-orm";
import { units } from "#server/db/schema.ts";
import { unitTypes } from "#server/db/tables/inventory.ts";

export const inherited = {
  rooms: sql<number | null>`coalesce(${units.rooms}, ${unitTypes.rooms})`,
  price: sql<number | null>`coalesce(${units.price}, ${unitTypes.price})`,
  privateArea: sql<string | null>`coalesce(${units.privateArea}, ${unitTypes.privateArea})`,
  totalArea: sql<string | null>`coalesce(${units.totalArea}, ${unitTypes.totalArea})`,
  view: sql<string | null>`coalesce(${units.view}, ${unitTypes.view})`,
  floorPlanUrl: sql<string | null>`coalesce(${units.floorPlanUrl}, ${unitTypes.floorPlanUrl})`,
};

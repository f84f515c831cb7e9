/**
 * The live unit inventory's tables (docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE resolutions
 * 15, 25): buildings and unit types of a project, the holds and reservations of units (one active row per unit,
 * enforced by the unit_holds_active_key partial unique index), every state transition, and the price history.
 * Units carry building_id, type_id and inventory_state (db/schema.ts).
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { HoldKind, HoldReleaseReason, InventoryState } from "#domain/inventory.ts";
import { at, belongsTo } from "../columns.ts";
import { leads, projects, units, users } from "../schema.ts";

const area = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });

/** A building of a project: its name, its floors above ground (ground = 0 … floors − 1), its basements, a phase. */
export const buildings = pgTable(
  "buildings",
  {
    id: serial("id").primaryKey(),
    projectId: belongsTo("project_id", () => projects.id),
    name: text("name").notNull(),
    /** Floors from the ground floor up (ground included). */
    floors: integer("floors").notNull().default(1),
    /** Basement levels (−1 … −basements). */
    basements: integer("basements").notNull().default(0),
    phase: text("phase"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("buildings_project_name_key").on(t.projectId, t.name)],
);

/** A unit type of a project («نموذج أ»): defaults its units inherit where their own value is null. */
export const unitTypes = pgTable(
  "unit_types",
  {
    id: serial("id").primaryKey(),
    projectId: belongsTo("project_id", () => projects.id),
    name: text("name").notNull(),
    rooms: integer("rooms"),
    privateArea: area("private_area"),
    totalArea: area("total_area"),
    direction: jsonb("direction").$type<string[]>().notNull().default([]),
    view: text("view"),
    price: integer("price"),
    floorPlanUrl: text("floor_plan_url"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("unit_types_project_name_key").on(t.projectId, t.name)],
);

/**
 * Holds (kind "hold", with an expiry) and reservations (kind "reservation", none) of units. At most one active row
 * (released_at null) per unit: the partial unique index refuses a second one whatever the application does. `price`
 * is the unit's price frozen when the row was made. `leadId` null: a walk-in.
 */
export const unitHolds = pgTable(
  "unit_holds",
  {
    id: serial("id").primaryKey(),
    unitId: belongsTo("unit_id", () => units.id),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    kind: text("kind").$type<HoldKind>().notNull(),
    heldBy: uuid("held_by").references(() => users.id, { onDelete: "set null" }),
    price: integer("price"),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at"),
    releasedAt: at("released_at"),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "set null" }),
    releaseReason: text("release_reason").$type<HoldReleaseReason>(),
  },
  (t) => [
    uniqueIndex("unit_holds_active_key").on(t.unitId).where(sql`${t.releasedAt} is null`),
    index("unit_holds_lead_idx").on(t.leadId),
    index("unit_holds_expiry_idx").on(t.expiresAt).where(sql`${t.releasedAt} is null and ${t.kind} = 'hold'`),
  ],
);

/** Every change of a unit's inventory state: from → to, who (null: the system), when, why. */
export const unitTransitions = pgTable(
  "unit_transitions",
  {
    id: serial("id").primaryKey(),
    unitId: belongsTo("unit_id", () => units.id),
    fromState: text("from_state").$type<InventoryState>().notNull(),
    toState: text("to_state").$type<InventoryState>().notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    holdId: integer("hold_id").references(() => unitHolds.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    reason: text("reason"),
    at: at("at").notNull(),
  },
  (t) => [index("unit_transitions_unit_idx").on(t.unitId, t.at)],
);

/** The price history of units: who, when, old → new (SAR). */
export const unitPriceChanges = pgTable(
  "unit_price_changes",
  {
    id: serial("id").primaryKey(),
    unitId: belongsTo("unit_id", () => units.id),
    oldPrice: integer("old_price"),
    newPrice: integer("new_price"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    at: at("at").notNull(),
  },
  (t) => [index("unit_price_changes_unit_idx").on(t.unitId, t.at)],
);

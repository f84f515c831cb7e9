/**
 * The inventory's side of SPEC's unit writes (POST/PUT /api/units, the spreadsheet import;
 * docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE resolution 25):
 * - `checkUnitEdit`: while a lead holds, reserves or bought a unit (a lead at بيع linked to it), its status and price
 *   change only through that lead (409 naming `status`/`price` and the lead, with its `leadId`); otherwise the SPEC status written sets the inventory state (a
 *   transition) and a new price is kept in the price history.
 * - `placeUnits`: every unit of a project sits in the building its `building` name names (made when missing, tall
 *   and deep enough for its floors), and its inventory state agrees with a status written without one.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  heldByMessage,
  INVENTORY_TEXTS,
  type InventoryState,
  soldToMessage,
  stateOfStatus,
} from "#domain/inventory.ts";
import type { UnitStatus } from "#domain/project-rules.ts";
import type { Tx } from "#server/db/connection.ts";
import { contactMessages, leads, units } from "#server/db/schema.ts";
import { buildings, unitPriceChanges } from "#server/db/tables/inventory.ts";
import { HttpError } from "#server/lib/http-errors.ts";
import { notifyInventory } from "./live.ts";
import { dropExpiredHold, lockUnit, moveUnit } from "./state.ts";

export interface UnitEdit {
  unitId: number;
  status: UnitStatus;
  price: number | null;
  actorId: string | null;
  at: Date;
}

/** The 409 refusing a change of a unit bound to a lead: the message on each changed field, the lead's id beside. */
function boundConflict(message: string, leadId: number | null, changes: { status: boolean; price: boolean }) {
  const fields: Record<string, string> = {};
  if (changes.status) fields.status = message;
  if (changes.price) fields.price = message;
  return new HttpError(409, message, fields, { leadId });
}

/** The lead at بيع linked to the unit (its id and name), if any: the unit was sold through it. */
async function soldThrough(tx: Tx, unitId: number): Promise<{ id: number; name: string } | undefined> {
  const [lead] = await tx
    .select({ id: leads.id, name: contactMessages.name })
    .from(leads)
    .innerJoin(contactMessages, eq(contactMessages.id, leads.id))
    .where(and(eq(leads.unitId, unitId), eq(leads.stage, "sold")))
    .limit(1);
  return lead;
}

/**
 * Before PUT /api/units/{id} writes: refuses a change of status or price of a unit bound to a hold or reservation,
 * or sold through a lead (a lead at بيع linked to it), then moves the inventory state the new status means and
 * records a price change. Output: the state to store.
 * Errors: 404 is the caller's; 409 { fields: { status?, price? }, leadId } naming the holding or buying lead.
 */
export async function checkUnitEdit(tx: Tx, edit: UnitEdit): Promise<InventoryState | null> {
  const unit = await lockUnit(tx, edit.unitId);
  if (!unit) return null;
  const active = await dropExpiredHold(tx, unit, edit.at);
  const changes = {
    status: stateOfStatus(edit.status, unit.inventoryState) !== unit.inventoryState,
    price: edit.price !== unit.price,
  };
  if (active && (changes.status || changes.price)) {
    const [lead] =
      active.leadId === null
        ? []
        : await tx
            .select({ name: contactMessages.name })
            .from(contactMessages)
            .where(eq(contactMessages.id, active.leadId));
    const holder = heldByMessage(lead?.name ?? INVENTORY_TEXTS.walkIn, active.kind, null);
    throw boundConflict(`${INVENTORY_TEXTS.boundField} (${holder})`, active.leadId, changes);
  }
  const buyer = !active && (changes.status || changes.price) ? await soldThrough(tx, unit.id) : undefined;
  if (buyer) throw boundConflict(soldToMessage(buyer.name), buyer.id, changes);
  const state = stateOfStatus(edit.status, unit.inventoryState);
  await moveUnit(tx, unit, state, { actorId: edit.actorId, reason: "edit", at: edit.at });
  if (changes.price) {
    await notifyInventory(tx, unit.projectId);
    await tx
      .insert(unitPriceChanges)
      .values({ unitId: unit.id, oldPrice: unit.price, newPrice: edit.price, actorId: edit.actorId, at: edit.at });
  }
  return state;
}

/**
 * After units of `projectId` were written with SPEC's fields: creates the buildings their names call for (or makes
 * them taller/deeper), links each unit to its building, and sets the inventory state of units whose status was
 * written without it (a new unit, an imported row).
 */
export async function placeUnits(tx: Tx, projectId: number): Promise<void> {
  await notifyInventory(tx, projectId);
  await tx.execute(sql`
    insert into ${buildings} (project_id, name, floors, basements)
    select project_id, building, greatest(coalesce(max(floor), 0) + 1, 1), greatest(-coalesce(min(floor), 0), 0)
    from ${units} where project_id = ${projectId} group by project_id, building
    on conflict (project_id, name) do update
      set floors = greatest(${buildings.floors}, excluded.floors),
          basements = greatest(${buildings.basements}, excluded.basements)`);
  await tx.execute(sql`
    update ${units} set building_id = b.id from ${buildings} b
    where ${units.projectId} = ${projectId} and b.project_id = ${projectId} and b.name = ${units.building}
      and ${units.buildingId} is distinct from b.id`);
  await tx.execute(sql`
    update ${units} set inventory_state = case ${units.status} when 'مباعة' then 'sold' when 'محجوزة' then 'reserved'
      else 'available' end
    where ${units.projectId} = ${projectId} and ${units.status} <> case ${units.inventoryState}
      when 'available' then 'متاحة' when 'sold' then 'مباعة' else 'محجوزة' end`);
}

/**
 * The live unit inventory (docs/decisions/076-unit-inventory-states-and-holds.md; ARCHITECTURE resolutions 15, 25):
 * the one way into it from other modules. Holds (holds.ts), what a lead's stage does to its units (lead-stage.ts),
 * SPEC's unit writes (unit-writes.ts), the public availability (availability.ts) and what a unit read at a moment
 * shows (state.ts `stateAt`, `holdEndsAt`; availability.ts `unitLicenceColumns`, `advertisingOf`).
 */

export {
  type AvailabilityReader,
  advertisingOf,
  projectInventory,
  publicUnit,
  type UnitLicenceRow,
  unitLicenceColumns,
} from "./availability.ts";
export { type InventoryActor, placeHold, releaseExpiredHolds, releaseHold } from "./holds.ts";
export { applyLeadStageToUnits, type LeadStageUnits } from "./lead-stage.ts";
export {
  giveHoldToLead,
  type OnlineHold,
  type OnlineHoldRefusal,
  placeOnlineHold,
  releaseOnlineHold,
} from "./online-hold.ts";
export { holdEndsAt, stateAt } from "./state.ts";
export { checkUnitEdit, placeUnits, type UnitEdit } from "./unit-writes.ts";

/**
 * A unit named as a sales agent reads it (docs/decisions/074-a-clock-the-agent-sees.md; inventory of ARCHITECTURE
 * resolution 15): building and unit number (Latin digits, resolution 11: people type and copy them), then the floor,
 * the rooms and the price in Arabic-Indic digits — «A — 101 · الدور ٣ · ٣ غرف · ‏٩٠٠٬٠٠٠ ر.س.‏». Missing parts are left
 * out. Used by the stage dialog's unit picker, the lead page's header and its timeline.
 */
import { countNoun, formatFloor, formatSAR, NOUNS } from "./format.ts";

/** The parts of a unit the label shows; null or absent parts are left out. */
export interface UnitLabelParts {
  unitNumber: string;
  building?: string | null;
  floor?: number | null;
  rooms?: number | null;
  /** Whole SAR. */
  price?: number | null;
}

/** The unit's one-line label. */
export function unitLabel(unit: UnitLabelParts): string {
  const parts = [unit.building ? `${unit.building} — ${unit.unitNumber}` : unit.unitNumber];
  if (unit.floor !== null && unit.floor !== undefined) parts.push(`الدور ${formatFloor(unit.floor)}`);
  if (unit.rooms) parts.push(countNoun(unit.rooms, NOUNS.room));
  if (unit.price) parts.push(formatSAR(unit.price));
  return parts.join(" · ");
}

/**
 * Display texts of a project's features on the public pages (SPEC §2.6 "area display", rooms and area as a
 * single value or a range). Numbers use the Arabic-Saudi locale of SPEC §9.
 */
import { countNoun, formatNumber, NOUNS } from "#domain/format.ts";
import { updateThumbnail } from "#domain/project-rules.ts";
import type { Project, ProjectUpdate } from "#domain/types.ts";

function rangeText(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null)
    return min === max ? formatNumber(min) : `${formatNumber(min)} - ${formatNumber(max)}`;
  if (min !== null) return formatNumber(min);
  if (max !== null) return formatNumber(max);
  return null;
}

/** Rooms as "٤" or "٥ - ٧" (roomsType range), or null when not set. */
export function roomsText(p: Pick<Project, "rooms" | "roomsMin" | "roomsMax" | "roomsType">): string | null {
  if (p.roomsType === "range")
    return rangeText(p.roomsMin, p.roomsMax) ?? (p.rooms !== null ? formatNumber(p.rooms) : null);
  return p.rooms !== null ? formatNumber(p.rooms) : rangeText(p.roomsMin, p.roomsMax);
}

/** The unit symbol of an area: "م" for linear metres (areaUnit "m"), otherwise "م²". */
export function areaUnitSymbol(areaUnit: Project["areaUnit"]): string {
  return areaUnit === "m" ? "م" : "م²";
}

/** Area as "١٨٠ م²", "٣٠٠ - ٤٢٠ م²" or "٢٥ م", or null when not set. */
export function areaText(
  p: Pick<Project, "areaSize" | "areaSizeMin" | "areaSizeMax" | "areaType" | "areaUnit">,
): string | null {
  const value =
    p.areaType === "range"
      ? (rangeText(p.areaSizeMin, p.areaSizeMax) ?? (p.areaSize !== null ? formatNumber(p.areaSize) : null))
      : p.areaSize !== null
        ? formatNumber(p.areaSize)
        : rangeText(p.areaSizeMin, p.areaSizeMax);
  return value === null ? null : `${value} ${areaUnitSymbol(p.areaUnit)}`;
}

/** "جدة - الشاطئ", or the city alone, or null. */
export function placeText(p: Pick<Project, "city" | "district">): string | null {
  const parts = [p.city, p.district].filter((v): v is string => Boolean(v?.trim()));
  return parts.length ? parts.join(" - ") : null;
}

/** A number of years with the Arabic counted-noun agreement: "سنة واحدة", "سنتان", "٥ سنوات", "٢٠ سنة". */
export function yearsText(years: number): string {
  return countNoun(years, NOUNS.year);
}

/** The hero photos of an update page (SPEC §2.7): its thumbnail first, then interior and drone photos, no repeats. */
export function updateHeroPhotos(
  update: Pick<ProjectUpdate, "thumbnailUrl" | "interiorPhotos" | "dronePhotos">,
): string[] {
  const first = updateThumbnail(update);
  return [...new Set([...(first ? [first] : []), ...update.interiorPhotos, ...update.dronePhotos])];
}

/**
 * A file size in bytes as Arabic text with Arabic-Indic digits: "٨٠٠ كيلوبايت", "٢٫٤ ميغابايت" (one decimal from
 * 1 MB, 1 MB = 1,048,576 bytes; at least ١ كيلوبايت). Null for a missing or negative size.
 */
export function fileSizeText(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  const mb = bytes / 1_048_576;
  if (mb >= 1) return `${formatNumber(Math.round(mb * 10) / 10)} ميغابايت`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} كيلوبايت`;
}

import { SALES_RING_STEPS } from "./constants.ts";
import { formatNumber } from "./format.ts";

/** Unit status values as stored (SPEC §3 units). */
export const UNIT_STATUSES = ["متاحة", "محجوزة", "مباعة"] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
export const DEFAULT_UNIT_STATUS: UnitStatus = "متاحة";
/** Filter values of the public units list (SPEC §4.7) mapped to stored statuses. */
export const UNIT_FILTERS = { all: null, available: "متاحة", reserved: "محجوزة", sold: "مباعة" } as const;
export type UnitFilter = keyof typeof UNIT_FILTERS;

export interface UnitCounts {
  total: number;
  available: number;
  reserved: number;
  sold: number;
}

/** Counts units by status. Input: any list of objects with a `status`. */
export function countUnits(units: readonly { status: string }[]): UnitCounts {
  const counts: UnitCounts = { total: units.length, available: 0, reserved: 0, sold: 0 };
  for (const unit of units) {
    if (unit.status === "متاحة") counts.available++;
    else if (unit.status === "محجوزة") counts.reserved++;
    else if (unit.status === "مباعة") counts.sold++;
  }
  return counts;
}

/**
 * Sales percentage in % (0–100), ARCHITECTURE resolution 1 / SPEC §4.4:
 * the override when enabled and set; else round((sold + reserved) / total × 100), capped at 100; 0 without units.
 */
export function salesPercentage(
  counts: Pick<UnitCounts, "total" | "sold" | "reserved">,
  override: { salesOverrideEnabled: boolean; salesOverrideValue: number | null },
): number {
  if (override.salesOverrideEnabled && override.salesOverrideValue !== null) {
    return clampPercentage(override.salesOverrideValue);
  }
  if (counts.total <= 0) return 0;
  return Math.min(100, Math.round(((counts.sold + counts.reserved) / counts.total) * 100));
}

/** Clamps a value to 0–100 (the completion ring of SPEC §2.7); non-finite values become 0. */
export function clampPercentage(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export type ProjectStatus = "fully_booked" | "complete" | "under_construction" | "coming_soon";

/** Arabic badge text of each derived status (SPEC §4.3). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  fully_booked: "محجوز بالكامل",
  complete: "مكتمل",
  under_construction: "قيد الإنشاء",
  coming_soon: "قريباً",
};

/** Derived project status, SPEC §4.3, from completion and sales percentages (%). */
export function projectStatus(p: { completionPercentage: number; salesPercentage: number }): ProjectStatus {
  if (p.completionPercentage >= 100 && p.salesPercentage >= 100) return "fully_booked";
  if (p.completionPercentage >= 100) return "complete";
  if (p.completionPercentage > 0) return "under_construction";
  return "coming_soon";
}

/** Colour step of the sales ring (SPEC §2.4): 0 up to 25, 1 above 25, 2 above 50, 3 above 75. */
export function salesRingStep(percentage: number): 0 | 1 | 2 | 3 {
  let step = 0;
  for (const threshold of SALES_RING_STEPS) if (percentage > threshold) step++;
  return step as 0 | 1 | 2 | 3;
}

/** Featured badge text (SPEC §2.3): "مميز", followed by #rank when rank is above 1; null when not featured. */
export function featuredBadge(featuredRank: number | null | undefined): string | null {
  if (featuredRank === null || featuredRank === undefined) return null;
  return featuredRank > 1 ? `مميز #${formatNumber(featuredRank)}` : "مميز";
}

/** Featured projects first by ascending rank, then the rest by newest (SPEC §4.5). */
export function compareProjectsForListing(
  a: { featuredRank: number | null; createdAt: string },
  b: { featuredRank: number | null; createdAt: string },
): number {
  if (a.featuredRank !== null && b.featuredRank !== null) return a.featuredRank - b.featuredRank;
  if (a.featuredRank !== null) return -1;
  if (b.featuredRank !== null) return 1;
  return b.createdAt.localeCompare(a.createdAt);
}

/** Thumbnail of an update (SPEC §2.3): thumbnailUrl, then the first interior photo, then the first drone photo. */
export function updateThumbnail(u: {
  thumbnailUrl?: string | null;
  interiorPhotos?: readonly string[] | null;
  dronePhotos?: readonly string[] | null;
}): string | null {
  return u.thumbnailUrl || u.interiorPhotos?.[0] || u.dronePhotos?.[0] || null;
}

/** Guarantee types of SPEC §3; any other value is a custom type. */
export const GUARANTEE_TYPES = ["structural", "plumbing", "electrical_panels", "electrical_wiring"] as const;
export const GUARANTEE_LABELS: Record<(typeof GUARANTEE_TYPES)[number], string> = {
  structural: "الهيكل الإنشائي",
  plumbing: "السباكة",
  electrical_panels: "اللوحات الكهربائية",
  electrical_wiring: "التمديدات الكهربائية",
};

/**
 * Public label of a guarantee type: a known type's Arabic label; a custom type is shown by its own (trimmed) name
 * (ARCHITECTURE resolution 12, which replaces SPEC §3's "displayed as electrical wiring").
 */
export function guaranteeLabel(type: string): string {
  return (GUARANTEE_LABELS as Record<string, string>)[type] ?? type.trim();
}

/** Carousel cards per page at a viewport width in px (SPEC §2.3: 3 ≥1024, 2 ≥768, else 1). */
export function cardsPerPage(widthPx: number): 1 | 2 | 3 {
  if (widthPx >= 1024) return 3;
  if (widthPx >= 768) return 2;
  return 1;
}

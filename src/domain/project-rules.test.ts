import { describe, expect, it } from "vitest";
import {
  cardsPerPage,
  clampPercentage,
  compareProjectsForListing,
  countUnits,
  featuredBadge,
  guaranteeLabel,
  PROJECT_STATUS_LABELS,
  projectStatus,
  salesPercentage,
  salesRingStep,
  updateThumbnail,
} from "./project-rules.ts";

const noOverride = { salesOverrideEnabled: false, salesOverrideValue: null };

describe("project status badge (SPEC §4.3)", () => {
  it.each([
    [100, 100, "محجوز بالكامل"],
    [100, 99, "مكتمل"],
    [1, 100, "قيد الإنشاء"],
    [99, 0, "قيد الإنشاء"],
    [0, 100, "قريباً"],
    [0, 0, "قريباً"],
  ])("completion %i%% and sales %i%% → %s", (completionPercentage, sales, label) => {
    expect(PROJECT_STATUS_LABELS[projectStatus({ completionPercentage, salesPercentage: sales })]).toBe(label);
  });
});

describe("sales percentage (SPEC §4.4, ARCHITECTURE resolution 1)", () => {
  it("counts sold and reserved units over all units, rounded", () => {
    expect(salesPercentage({ total: 3, sold: 1, reserved: 0 }, noOverride)).toBe(33);
    expect(salesPercentage({ total: 3, sold: 1, reserved: 1 }, noOverride)).toBe(67);
    expect(salesPercentage({ total: 8, sold: 1, reserved: 0 }, noOverride)).toBe(13);
  });

  it("is 0 without units and capped at 100", () => {
    expect(salesPercentage({ total: 0, sold: 0, reserved: 0 }, noOverride)).toBe(0);
    expect(salesPercentage({ total: 2, sold: 2, reserved: 1 }, noOverride)).toBe(100);
  });

  it("uses the override only when it is enabled and set, clamped to 0–100", () => {
    const counts = { total: 4, sold: 1, reserved: 0 };
    expect(salesPercentage(counts, { salesOverrideEnabled: true, salesOverrideValue: 90 })).toBe(90);
    expect(salesPercentage(counts, { salesOverrideEnabled: true, salesOverrideValue: null })).toBe(25);
    expect(salesPercentage(counts, { salesOverrideEnabled: false, salesOverrideValue: 90 })).toBe(25);
    expect(salesPercentage(counts, { salesOverrideEnabled: true, salesOverrideValue: 140 })).toBe(100);
  });
});

describe("unit counts", () => {
  it("counts each stored status", () => {
    const counts = countUnits([{ status: "متاحة" }, { status: "محجوزة" }, { status: "مباعة" }, { status: "مباعة" }]);
    expect(counts).toEqual({ total: 4, available: 1, reserved: 1, sold: 2 });
  });
});

describe("display rules", () => {
  it("featured badge: 'مميز' for rank 1, '#rank' above 1, nothing when not featured (SPEC §2.3)", () => {
    expect(featuredBadge(1)).toBe("مميز");
    expect(featuredBadge(2)).toBe("مميز #٢");
    expect(featuredBadge(null)).toBeNull();
  });

  it("sales ring colour changes above 25, 50 and 75 (SPEC §2.4)", () => {
    expect([0, 25, 26, 50, 51, 75, 76, 100].map(salesRingStep)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it("completion ring is clamped to 0–100 (SPEC §2.7)", () => {
    expect([-5, 0, 55, 120, Number.NaN].map(clampPercentage)).toEqual([0, 0, 55, 100, 0]);
  });

  it("update thumbnail falls back to the first interior, then the first drone photo (SPEC §2.3)", () => {
    expect(updateThumbnail({ thumbnailUrl: "/t.webp", interiorPhotos: ["/i.webp"] })).toBe("/t.webp");
    expect(updateThumbnail({ thumbnailUrl: null, interiorPhotos: ["/i.webp"], dronePhotos: ["/d.webp"] })).toBe(
      "/i.webp",
    );
    expect(updateThumbnail({ interiorPhotos: [], dronePhotos: ["/d.webp"] })).toBe("/d.webp");
    expect(updateThumbnail({})).toBeNull();
  });

  it("cards per page: 3 from 1024 px, 2 from 768 px, else 1 (SPEC §2.3)", () => {
    expect([360, 767, 768, 1023, 1024, 1440].map(cardsPerPage)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("a custom guarantee type is shown by its own name, never as electrical wiring (ARCHITECTURE resolution 12)", () => {
    expect(guaranteeLabel("structural")).toBe("الهيكل الإنشائي");
    expect(guaranteeLabel("عزل الأسطح")).toBe("عزل الأسطح");
    expect(guaranteeLabel(" العزل المائي ")).toBe("العزل المائي");
  });

  it("lists featured projects first by rank, then the newest", () => {
    const list = [
      { id: 1, featuredRank: null, createdAt: "2026-01-01T00:00:00Z" },
      { id: 2, featuredRank: 2, createdAt: "2025-01-01T00:00:00Z" },
      { id: 3, featuredRank: null, createdAt: "2026-06-01T00:00:00Z" },
      { id: 4, featuredRank: 1, createdAt: "2024-01-01T00:00:00Z" },
    ];
    expect(list.sort(compareProjectsForListing).map((p) => p.id)).toEqual([4, 2, 3, 1]);
  });
});

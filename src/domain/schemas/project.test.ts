import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "./common.ts";
import {
  addCustomGuarantee,
  featuredRankSchema,
  missingComplianceFields,
  PROJECT_MESSAGES,
  parseFeaturedRankInput,
  projectInputSchema,
} from "./project.ts";
import { projectUpdateInputSchema, UPDATE_MESSAGES } from "./project-update.ts";

describe("project input (SPEC §5.3)", () => {
  it("converts numeric strings, rounds areas to 0.01 and applies the defaults of SPEC §9", () => {
    const parsed = projectInputSchema.parse({ name: " برج ", areaSize: "120.456", rooms: "3", price: "" });
    expect(parsed).toMatchObject({
      name: "برج",
      areaSize: 120.46,
      rooms: 3,
      price: 0,
      areaUnit: "m2",
      areaType: "single",
      roomsType: "single",
      completionPercentage: 0,
      guarantees: [],
      city: null,
    });
  });

  it("accepts its own output again (what the form sends is what the API returns)", () => {
    const once = projectInputSchema.parse({ name: "برج", description: "", guarantees: [{ type: "x", years: "2" }] });
    expect(projectInputSchema.parse(once)).toEqual(once);
  });

  it("gives 'يجب إدخال رقم صحيح' for a non-numeric area and refuses featuredRank", () => {
    const result = projectInputSchema.safeParse({ name: "برج", areaSize: "كبير", featuredRank: 1 });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain(PROJECT_MESSAGES.notANumber);
    expect(result.error?.issues.find((i) => i.path[0] === "featuredRank")?.message).toBe(FIELD_MESSAGES.readOnly);
  });
});

describe("guarantees", () => {
  it("adds a trimmed custom type with 1 year, refusing empty names and case-insensitive duplicates", () => {
    const list = [{ type: "structural", years: 20 }];
    expect(addCustomGuarantee(list, "  Pool ")).toEqual({
      ok: true,
      list: [...list, { type: "Pool", years: 1 }],
    });
    expect(addCustomGuarantee([{ type: "Pool", years: 1 }], "pool")).toEqual({
      ok: false,
      error: PROJECT_MESSAGES.guaranteeDuplicate,
    });
    expect(addCustomGuarantee(list, "   ")).toEqual({ ok: false, error: PROJECT_MESSAGES.guaranteeTypeRequired });
  });
});

describe("featured rank (SPEC §4.5, §5.3)", () => {
  it("is a positive integer or null", () => {
    expect(featuredRankSchema.parse({ rank: 3 })).toEqual({ rank: 3 });
    expect(featuredRankSchema.parse({ rank: null })).toEqual({ rank: null });
    expect(featuredRankSchema.safeParse({ rank: 0 }).error?.issues[0].message).toBe(PROJECT_MESSAGES.featuredRank);
  });

  it("turns empty or invalid dialog input into 1", () => {
    expect(parseFeaturedRankInput("2")).toBe(2);
    expect(parseFeaturedRankInput("")).toBe(1);
    expect(parseFeaturedRankInput("-4")).toBe(1);
    expect(parseFeaturedRankInput("1.5")).toBe(1);
    expect(parseFeaturedRankInput("abc")).toBe(1);
  });
});

describe("compliance fields", () => {
  it("lists the missing licence and deed numbers", () => {
    expect(missingComplianceFields({ advertisingLicenseNumber: "7200", wafiLicenseNumber: " " })).toHaveLength(2);
    expect(
      missingComplianceFields({ advertisingLicenseNumber: "1", wafiLicenseNumber: "2", titleDeedNumber: "3" }),
    ).toEqual([]);
  });
});

describe("progress update input (SPEC §2.13)", () => {
  it("takes a date or none, and requires a title and a project", () => {
    expect(projectUpdateInputSchema.parse({ projectId: "4", title: "t", lastVisitDate: "" }).lastVisitDate).toBeNull();
    expect(
      projectUpdateInputSchema.parse({ projectId: 4, title: "t", lastVisitDate: "2026-02-03" }).lastVisitDate,
    ).toBe("2026-02-03T00:00:00.000Z");
    const bad = projectUpdateInputSchema.safeParse({ projectId: "", title: " " });
    const fields = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(fields).toEqual({ projectId: UPDATE_MESSAGES.projectRequired, title: UPDATE_MESSAGES.titleRequired });
  });
});

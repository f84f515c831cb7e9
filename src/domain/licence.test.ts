/**
 * Which licence applies and whether it may be advertised (src/domain/licence.ts; docs/compliance.md): the override
 * order unit → campaign → project, the sale mode's licence, the last day in Asia/Riyadh, the states, and a missing
 * licence enforced only from `enforceFrom`.
 */
import { describe, expect, it } from "vitest";
import { effectiveLicence, type ProjectLicenceFields, publishBlocker, riyadhDay, unitAdvertising } from "./licence.ts";

const policy = { enforceFrom: null, expiringWithinDays: 30, verificationUrlPattern: "https://verify.example/{number}" };
const project: ProjectLicenceFields = {
  saleMode: "ready",
  advertisingLicenseNumber: "7200000001",
  advertisingLicenseExpiresOn: "2027-06-30",
  advertisingLicenseUrl: null,
  wafiLicenseNumber: null,
  offPlanLicenseExpiresOn: null,
};
const campaign = { advertisingLicenseNumber: "7300000002", advertisingLicenseExpiresOn: "2027-03-31" };
const unit = { advertisingLicenseNumber: "7400000003", advertisingLicenseExpiresOn: "2027-01-31" };

describe("effectiveLicence", () => {
  it("takes the unit's licence over the campaign's, and the campaign's over the project's", () => {
    const today = "2026-12-01";
    expect(effectiveLicence({ project, campaign, unit }, today, policy)).toMatchObject({
      source: "unit",
      number: "7400000003",
    });
    expect(effectiveLicence({ project, campaign }, today, policy)).toMatchObject({
      source: "campaign",
      number: "7300000002",
    });
    expect(effectiveLicence({ project }, today, policy)).toMatchObject({
      source: "project",
      number: "7200000001",
      verificationUrl: "https://verify.example/7200000001",
    });
    // An empty override is no override.
    const none = { advertisingLicenseNumber: null, advertisingLicenseExpiresOn: null };
    expect(effectiveLicence({ project, campaign: none, unit: none }, today, policy).source).toBe("project");
  });

  it("is valid through the last day in Asia/Riyadh, expiring within 30 days, expired the day after", () => {
    expect(riyadhDay(new Date("2027-06-30T20:59:59Z"))).toBe("2027-06-30");
    expect(riyadhDay(new Date("2027-06-30T21:00:00Z"))).toBe("2027-07-01");
    expect(effectiveLicence({ project }, "2027-05-30", policy)).toMatchObject({ state: "valid", daysLeft: 31 });
    expect(effectiveLicence({ project }, "2027-05-31", policy)).toMatchObject({ state: "expiring", daysLeft: 30 });
    expect(effectiveLicence({ project }, "2027-06-30", policy)).toMatchObject({
      state: "expiring",
      daysLeft: 0,
      advertisable: true,
      advertiseUntil: "2027-06-30T21:00:00.000Z",
    });
    expect(effectiveLicence({ project }, "2027-07-01", policy)).toMatchObject({
      state: "expired",
      advertisable: false,
      reason: "expired",
      field: "advertisingLicenseExpiresOn",
    });
  });

  it("advertises an off-plan project under its off-plan licence, and any expired recorded licence takes it off", () => {
    const offplan = {
      ...project,
      saleMode: "offplan" as const,
      wafiLicenseNumber: "1100000001",
      offPlanLicenseExpiresOn: "2028-01-01",
    };
    expect(effectiveLicence({ project: offplan }, "2027-01-01", policy)).toMatchObject({
      kind: "offplan",
      state: "valid",
    });
    // The QR: the off-plan licence has no URL of its own; the advertising licence's is the authority's check.
    const withUrl = { ...offplan, advertisingLicenseUrl: "https://rega.example/ad/7200000001" };
    expect(effectiveLicence({ project: withUrl }, "2027-01-01", policy).verificationUrl).toBe(
      "https://rega.example/ad/7200000001",
    );
    expect(effectiveLicence({ project: offplan }, "2027-01-01", policy).verificationUrl).toBe(
      "https://verify.example/7200000001",
    );
    const offplanOnly = { ...offplan, advertisingLicenseNumber: null, advertisingLicenseExpiresOn: null };
    expect(effectiveLicence({ project: offplanOnly }, "2027-01-01", policy).verificationUrl).toBe(
      "https://verify.example/1100000001",
    );
    expect(effectiveLicence({ project: offplan }, "2027-07-01", policy)).toMatchObject({
      kind: "advertising",
      state: "expired",
      advertisable: false,
    });
  });

  it("takes a missing licence offline only from enforceFrom, and says when", () => {
    const missing = { ...project, advertisingLicenseNumber: null };
    const grace = { ...policy, enforceFrom: "2026-12-15" };
    expect(effectiveLicence({ project: missing }, "2026-12-14", grace)).toMatchObject({
      state: "missing",
      advertisable: true,
      advertiseUntil: "2026-12-14T21:00:00.000Z",
      field: "advertisingLicenseNumber",
    });
    expect(effectiveLicence({ project: missing }, "2026-12-15", grace)).toMatchObject({
      advertisable: false,
      reason: "missing",
    });
    expect(effectiveLicence({ project: missing }, "2026-12-01", policy).advertisable).toBe(false);
  });
});

describe("publishBlocker", () => {
  it("names the first field the sale mode needs", () => {
    expect(publishBlocker(project, "2026-12-01")).toBeNull();
    expect(publishBlocker({ ...project, advertisingLicenseExpiresOn: "2026-11-30" }, "2026-12-01")?.field).toBe(
      "advertisingLicenseExpiresOn",
    );
    expect(publishBlocker({ ...project, saleMode: "offplan" }, "2026-12-01")?.field).toBe("wafiLicenseNumber");
  });
});

describe("unitAdvertising", () => {
  const own = { advertisingLicenseNumber: null, advertisingLicenseExpiresOn: null };
  it("stops advertising a sold unit (no price, no form) and follows the unit's own licence", () => {
    const sold = unitAdvertising({ project, unit: { ...own, status: "مباعة" } }, "2026-12-01", policy);
    expect(sold).toMatchObject({ sold: true, showPrice: false, showForm: false, advertisable: true });
    const available = unitAdvertising({ project, unit: { ...own, status: "متاحة" } }, "2026-12-01", policy);
    expect(available).toMatchObject({ sold: false, showPrice: true, showForm: true });
    const lapsed = unitAdvertising(
      {
        project,
        unit: { advertisingLicenseNumber: "7400000003", advertisingLicenseExpiresOn: "2026-11-30", status: "متاحة" },
      },
      "2026-12-01",
      policy,
    );
    expect(lapsed).toMatchObject({
      advertisable: false,
      showForm: false,
      licence: { source: "unit", state: "expired" },
    });
  });
});

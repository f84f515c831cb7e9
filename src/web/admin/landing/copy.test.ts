/** The campaigns' copy text for the ad platforms carries the licence number and its last day (docs/compliance.md). */
import { describe, expect, it } from "vitest";
import { campaignCopyText, campaignsCopyText } from "./copy.ts";

const licence = {
  source: "project" as const,
  kind: "advertising" as const,
  number: "7200145863",
  expiresOn: "2027-01-09",
  verificationUrl: null,
  state: "valid" as const,
  daysLeft: 300,
  advertisable: true,
  reason: null,
  field: null,
  advertiseUntil: "2027-01-09T21:00:00.000Z",
};

describe("campaign copy text", () => {
  it("puts the licence number and its Gregorian and Hijri last day under the link", () => {
    const lines = campaignCopyText({ urlSlug: "snapchat/al-waha", licence }).split("\n");
    expect(lines[0]).toMatch(/\/campaign\/snapchat\/al-waha$/);
    expect(lines[1]).toBe("رقم ترخيص الإعلان: 7200145863");
    expect(lines[2]).toMatch(/^ينتهي في: .*٢٠٢٧.*هـ\)$/);
  });

  it("keeps one link a line without licences, one block a campaign with them", () => {
    expect(campaignsCopyText([{ urlSlug: "x/a" }, { urlSlug: "x/b" }]).split("\n")).toHaveLength(2);
    expect(
      campaignsCopyText([
        { urlSlug: "x/a", licence },
        { urlSlug: "x/b", licence },
      ]),
    ).toContain("\n\n");
  });
});

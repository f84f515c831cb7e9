import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { CampaignFunnelLine } from "./campaign-funnel.tsx";

afterEach(cleanUpScreenTest);

const NOW = new Date("2026-11-23T09:00:00Z");
const REPORT_CALL = "GET /api/conversions/funnel?from=2026-10-25&to=2026-11-23";
const counts = { visits: 90, enquiries: 9, contacted: 5, qualified: 3, visit: 2, reserved: 1, sold: 0 };

describe("campaign card funnel line", () => {
  it("shows the campaign's reservations and cost per reservation of the last 30 days", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    mockApi({
      [REPORT_CALL]: () =>
        json({
          from: "2026-10-25",
          to: "2026-11-23",
          campaigns: [
            {
              campaignId: 7,
              platform: "snapchat",
              urlSlug: "snapchat/x",
              name: "x",
              projectName: null,
              counts,
              rates: {},
              spend: 750,
              costPerEnquiry: 83.33,
              costPerVisit: 375,
              costPerReservation: 750,
              online: { reservations: 0, depositsSar: 0 },
            },
          ],
        }),
    });
    renderScreen(<CampaignFunnelLine campaignId={7} now={NOW} />);
    const line = await screen.findByTestId("campaign-funnel");
    expect(line).toHaveTextContent("حجز (٣٠ يوماً)١");
    expect(line).toHaveTextContent("٧٥٠");
  });

  it("asks nothing and shows nothing without conversions.manage", () => {
    signInAs({ role: "employee", permissions: ["landing_pages.view"] });
    const calls = mockApi({});
    renderScreen(<CampaignFunnelLine campaignId={7} now={NOW} />);
    expect(screen.queryByTestId("campaign-funnel")).toBeNull();
    expect(calls).toEqual([]);
  });
});

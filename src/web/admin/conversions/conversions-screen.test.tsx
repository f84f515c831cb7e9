import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CampaignFunnel, type ConnectionView, DEFAULT_EVENT_MAPS } from "#domain/conversions.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { topCampaigns } from "./api.ts";
import { CampaignsReport } from "./campaigns-report.tsx";
import { ConnectionsPanel } from "./connections-panel.tsx";
import { ConversionsScreen } from "./conversions-screen.tsx";

const snap: ConnectionView = {
  platform: "snapchat",
  label: "سناب شات",
  enabled: true,
  ids: { pixelId: "px-1" },
  hasToken: true,
  eventMap: DEFAULT_EVENT_MAPS.snapchat,
  sendAnonymous: false,
  testEventCode: null,
  fields: [{ key: "pixelId", label: "معرّف بكسل سناب" }],
  counts: { pending: 1, delivered: 4, failed: 0 },
};

function funnel(
  id: number,
  fields: Partial<CampaignFunnel> & { reserved?: number; enquiries?: number },
): CampaignFunnel {
  return {
    campaignId: id,
    platform: "snapchat",
    urlSlug: `snapchat/c${id}`,
    name: `حملة ${id}`,
    projectId: 7,
    projectName: "مشروع",
    counts: {
      visits: 100,
      enquiries: fields.enquiries ?? 10,
      contacted: 5,
      qualified: 4,
      visit: 3,
      reserved: fields.reserved ?? 2,
      sold: 1,
    },
    rates: { enquiries: 0.1, contacted: 0.5, qualified: 0.8, visit: 0.75, reserved: 0.67, sold: 0.5 },
    spend: null,
    costPerEnquiry: null,
    costPerVisit: null,
    costPerReservation: null,
    online: { reservations: 0, depositsSar: 0 },
    ...fields,
  };
}

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("conversions admin", () => {
  it('shows "غير مصرح لك" without conversions.manage and asks nothing', async () => {
    signInAs({ role: "employee", permissions: ["dashboard.view"] });
    const calls = mockApi({});
    renderScreen(<ConversionsScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("غير مصرح لك");
    expect(calls).toEqual([]);
  });

  it("connections: the token field stays empty and is sent only when typed", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    const calls = mockApi({
      "GET /api/conversions/connections": () => json([snap]),
      "PUT /api/conversions/connections/snapchat": () => json(snap),
    });
    renderScreen(<ConnectionsPanel />);
    const card = await screen.findByTestId("connection-snapchat");
    // The platform switch says what it does and the state it is in.
    expect(within(card).getByRole("switch", { name: "إرسال الأحداث إلى سناب شات" })).toBeChecked();
    expect(within(card).getByText("مفعّل")).toBeInTheDocument();
    expect(within(card).getByRole("switch", { name: /^إرسال أحداث بدون بيانات شخصية/ })).not.toBeChecked();
    const token = within(card).getByLabelText("رمز الوصول");
    expect(token).toHaveValue("");
    expect(token).toHaveAttribute("placeholder", "محفوظ — اكتب رمزاً جديداً لاستبداله");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith("PUT"))).toBe(true));
    expect(calls.find((c) => c.key.startsWith("PUT"))?.body).not.toHaveProperty("accessToken");
    await userEvent.type(token, "new-token");
    await userEvent.click(within(card).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith("PUT"))).toHaveLength(2));
    expect(calls.filter((c) => c.key.startsWith("PUT"))[1].body).toMatchObject({
      accessToken: "new-token",
      ids: { pixelId: "px-1" },
    });
  });

  it("connections: a test event that did not reach the platform says so in Arabic, a refusal gives the platform's code", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    let answer = { ok: false, statusCode: null as number | null, error: "fetch failed" };
    mockApi({
      "GET /api/conversions/connections": () => json([snap]),
      "POST /api/conversions/connections/snapchat/test": () => json(answer),
    });
    renderScreen(<ConnectionsPanel />);
    const card = await screen.findByTestId("connection-snapchat");
    await userEvent.click(within(card).getByRole("button", { name: "إرسال حدث تجريبي" }));
    expect(await screen.findByText(/تعذّر الوصول إلى المنصة من الخادم/)).toBeInTheDocument();
    expect(screen.queryByText(/fetch failed/)).not.toBeInTheDocument();
    answer = { ok: false, statusCode: 401, error: "HTTP 401: Invalid token" };
    await userEvent.click(within(card).getByRole("button", { name: "إرسال حدث تجريبي" }));
    expect(await screen.findByText("رفضت المنصة الحدث التجريبي (رمز الاستجابة 401)")).toBeInTheDocument();
    expect(screen.queryByText(/Invalid token/)).not.toBeInTheDocument();
  });

  it("report: one card per campaign with the funnel and the costs of the last 30 days", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    const calls = mockApi({
      "GET /api/conversions/funnel?from=2026-10-25&to=2026-11-23": () =>
        json({
          from: "2026-10-25",
          to: "2026-11-23",
          campaigns: [funnel(1, { spend: 1000, costPerReservation: 500, costPerEnquiry: 100, costPerVisit: 333.33 })],
        }),
    });
    renderScreen(<CampaignsReport now={new Date("2026-11-23T09:00:00Z")} />);
    const card = await screen.findByTestId("campaign-1");
    expect(card.querySelector('[data-step="visits"]')).toHaveTextContent("١٠٠");
    expect(card.querySelector('[data-step="reserved"]')).toHaveTextContent("٢");
    expect(within(card).getByTestId("cost-per-reservation")).toHaveTextContent("٥٠٠");
    expect(calls.map((c) => c.key)).toContain("GET /api/conversions/funnel?from=2026-10-25&to=2026-11-23");
  });

  it("report: a campaign's online reservations and deposits, each linking to its list", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    mockApi({
      "GET /api/conversions/funnel?from=2026-10-25&to=2026-11-23": () =>
        json({
          from: "2026-10-25",
          to: "2026-11-23",
          campaigns: [funnel(1, { online: { reservations: 2, depositsSar: 10000 } })],
        }),
    });
    renderScreen(<CampaignsReport now={new Date("2026-11-23T09:00:00Z")} />);
    const card = await screen.findByTestId("campaign-1");
    const reservations = within(within(card).getByTestId("online-reservations")).getByRole("link");
    expect(reservations).toHaveTextContent("٢");
    expect(reservations).toHaveAttribute("href", "/admin/leads?campaignId=1&source=online_reservation");
    const deposits = within(within(card).getByTestId("online-deposits")).getByRole("link");
    expect(deposits).toHaveTextContent("١٠٬٠٠٠");
    expect(deposits).toHaveAttribute("href", "/admin/payments");
  });

  it("report: a campaign with booked visits shows booked → attended → reserved with the rates", async () => {
    signInAs({ role: "manager", permissions: ["conversions.manage"] });
    mockApi({
      "GET /api/conversions/funnel?from=2026-10-25&to=2026-11-23": () =>
        json({ from: "2026-10-25", to: "2026-11-23", campaigns: [funnel(1, {}), funnel(2, {})] }),
      "GET /api/visits/campaigns": () => json([{ campaignId: 1, booked: 8, attended: 4, reserved: 1 }]),
    });
    renderScreen(<CampaignsReport now={new Date("2026-11-23T09:00:00Z")} />);
    const card = await screen.findByTestId("campaign-1");
    const visits = await within(card).findByRole("list", { name: "زيارات الحملة" });
    expect(visits.querySelector('[data-visit-step="booked"]')).toHaveTextContent("٨");
    expect(visits.querySelector('[data-visit-step="attended"]')).toHaveTextContent("٤");
    expect(visits.querySelector('[data-visit-step="reserved"]')).toHaveTextContent("١");
    expect(within(visits).getAllByRole("listitem")[1]).toHaveTextContent("٥٠");
    expect(within(visits).getAllByRole("listitem")[2]).toHaveTextContent("٢٥");
    expect(within(screen.getByTestId("campaign-2")).queryByRole("list", { name: "زيارات الحملة" })).toBeNull();
  });

  it("dashboard ranking: by cost per reservation when known, else by enquiries", () => {
    const costed = topCampaigns([
      funnel(1, { costPerReservation: 900 }),
      funnel(2, { costPerReservation: 300 }),
      funnel(3, {}),
    ]);
    expect([costed.byCost, costed.rows.map((r) => r.campaignId)]).toEqual([true, [2, 1]]);
    const byEnquiries = topCampaigns([
      funnel(1, { enquiries: 3 }),
      funnel(2, { enquiries: 0 }),
      funnel(3, { enquiries: 8 }),
    ]);
    expect([byEnquiries.byCost, byEnquiries.rows.map((r) => r.campaignId)]).toEqual([false, [3, 1]]);
  });
});

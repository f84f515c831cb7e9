/**
 * The agent's day (docs/decisions/088-site-visits.md): after «حضر» the card offers to hold an available unit of the
 * visit's project for the lead (POST /api/units/{id}/holds with leadId, docs/decisions/076-unit-inventory-states-and-holds.md),
 * the unit the visit was booked from chosen first; without inventory.hold it offers none.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import type { DayVisit } from "./api.ts";
import VisitsDayScreen from "./visits-day.tsx";

const visit = (status: DayVisit["status"]): DayVisit => ({
  id: 3,
  leadId: 5,
  startsAt: "2026-11-27T17:00:00+03:00",
  endsAt: "2026-11-27T17:45:00+03:00",
  status,
  name: "ريم",
  phone: "+966501234567",
  projectId: 7,
  projectName: "أبراج الشاطئ",
  unitId: 12,
  agentId: "a",
  outcomeNote: null,
});

const plan = {
  buildings: [
    {
      name: "A",
      floors: [
        {
          units: [
            { id: 11, unitNumber: "101", state: "available", price: 800_000 },
            { id: 12, unitNumber: "102", state: "available", price: 900_000 },
            { id: 13, unitNumber: "103", state: "sold", price: null },
          ],
        },
      ],
    },
  ],
};
const dayList = (visits: DayVisit[]) => ({
  period: "day",
  today: "2026-11-27",
  from: "2026-11-27",
  to: "2026-11-27",
  status: null,
  visits,
});
const stats = { date: "2026-11-27", today: 1, week: 1, weekStart: "2026-11-21", attended: 0, noShow: 0, noShowRate: 0 };

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("the agent's day: «حضر» opens a unit hold", () => {
  it("after حضر the agent holds the unit the visit was booked from for the lead", async () => {
    signInAs({ id: "a", permissions: ["visits.work", "inventory.view", "inventory.hold", "leads.view_own"] });
    let status: DayVisit["status"] = "booked";
    const calls = mockApi({
      "GET /api/visits": () => json(dayList([visit(status)])),
      "GET /api/visits/stats": () => json(stats),
      "PATCH /api/visits/3/outcome": () => {
        status = "attended";
        return json({ id: 3, status, leadId: 5 });
      },
      "GET /api/projects/7/stacking-plan": () => json(plan),
      "POST /api/units/12/holds": () => json({ id: 1, expiresAt: "2026-11-28T17:00:00+03:00" }, 201),
    });
    renderScreen(<VisitsDayScreen />, "/admin/visits");
    const card = await screen.findByTestId("day-visit");
    expect(within(card).queryByRole("combobox")).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "حضر" }));
    const select = await within(card).findByRole("combobox", { name: "حجز وحدة مؤقتًا لهذا العميل" });
    expect(select).toHaveValue("12");
    expect(within(select).queryByRole("option", { name: /103/ })).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "حجز مؤقت" }));
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/units/12/holds")).toBe(true));
    expect(calls.find((c) => c.key === "POST /api/units/12/holds")?.body).toEqual({ leadId: 5 });
  });

  it("offers no hold without inventory.hold", async () => {
    signInAs({ id: "a", permissions: ["visits.work", "leads.view_own"] });
    const calls = mockApi({
      "GET /api/visits": () => json(dayList([visit("attended")])),
      "GET /api/visits/stats": () => json(stats),
      "GET /api/projects/7/stacking-plan": () => json(plan),
    });
    renderScreen(<VisitsDayScreen />, "/admin/visits");
    const card = await screen.findByTestId("day-visit");
    expect(within(card).getByText("حضر")).toBeInTheDocument();
    expect(within(card).queryByRole("combobox")).toBeNull();
    expect(calls.some((c) => c.key.includes("stacking-plan"))).toBe(false);
  });
});

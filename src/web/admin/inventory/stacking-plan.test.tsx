/**
 * The stacking plan's loading and drawing (docs/performance/inventory.md, docs/decisions/078-stacking-plan-and-bulk-generation.md):
 * the route's loader starts the plan's request before the screen renders, and the screen draws one building at a time
 * (the first building alone in the first commit, the others after it) while every unit stays reachable and opens.
 */
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GridUnit, StackingPlan } from "#domain/inventory-admin.ts";
import { getQueryClient } from "~/admin/shell/query-client.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import type { Route } from "./+types/inventory";
import { clientLoader } from "./inventory.tsx";
import { StackingPlanScreen } from "./stacking-plan.tsx";

const unit = (id: number, unitNumber: string): GridUnit => ({
  id,
  unitNumber,
  state: "available",
  typeId: null,
  type: null,
  rooms: 3,
  price: 800_000,
  totalArea: 120,
  direction: [],
  view: null,
  hold: null,
});

const plan: StackingPlan = {
  buildings: ["A", "B", "C"].map((name, b) => ({
    id: b + 1,
    name,
    floors: [
      { number: 1, label: "الدور ١", units: [unit(b * 10 + 1, `${name}-0101`), unit(b * 10 + 2, `${name}-0102`)] },
    ],
  })),
  types: [],
};

const loaderArgs = (url: string): Route.ClientLoaderArgs => {
  const request = new Request(url);
  return {
    request,
    url: new URL(url),
    pattern: "/admin/inventory",
    params: {},
    context: new RouterContextProvider(),
    serverLoader: async () => undefined,
  };
};

afterEach(() => {
  cleanup();
  resetSession();
  getQueryClient().clear();
  vi.unstubAllGlobals();
});

describe("stacking plan loading", () => {
  it("asks for the plan from the route's loader, without waiting for it, into the page's query cache", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = mockApi({
      "GET /api/projects/7/stacking-plan": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    signInAs({ role: "manager", permissions: ["inventory.view"] });
    await expect(clientLoader(loaderArgs("http://localhost/admin/inventory?project=7"))).resolves.toBeNull();
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(["GET /api/projects/7/stacking-plan"]));
    answer(json(plan));
    await vi.waitFor(() => expect(getQueryClient().getQueryData(["inventory", 7])).toEqual(plan));
  });

  it("asks for nothing without a project or a signed-in user", async () => {
    const calls = mockApi({});
    signInAs({ role: "manager", permissions: ["inventory.view"] });
    await clientLoader(loaderArgs("http://localhost/admin/inventory"));
    resetSession();
    await clientLoader(loaderArgs("http://localhost/admin/inventory?project=7"));
    expect(calls).toEqual([]);
  });
});

describe("stacking plan drawing", () => {
  it("draws the first building first, then the others, and every unit opens", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/projects/7/stacking-plan": () => json(plan),
      "GET /api/units/22/history": () => json({ transitions: [], prices: [] }),
    });
    signInAs({ role: "manager", permissions: ["inventory.view"] });
    renderScreen(<StackingPlanScreen projectId={7} />);
    const grid = await screen.findByTestId("stacking-plan");
    // The first commit holds the first building only.
    expect(
      within(grid)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(["المبنى A"]);
    expect(within(grid).getByText("A-0102")).toBeInTheDocument();
    await within(grid).findByText("المبنى C");
    expect(
      within(grid)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(["المبنى A", "المبنى B", "المبنى C"]);
    await user.click(within(grid).getByText("C-0102"));
    expect(await screen.findByRole("dialog")).toHaveTextContent("C-0102");
  });
});

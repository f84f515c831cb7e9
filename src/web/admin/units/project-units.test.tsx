/**
 * A project's units screen pages on the server (GET /api/units/page): the counters come from the project's counts
 * per status, the table shows the first page, «عرض المزيد» appends the next one.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { formatNumber } from "#domain/format.ts";
import type { Unit } from "#domain/types.ts";
import { LOAD_MORE_TEXTS } from "~/admin/common/load-more.tsx";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { ProjectUnits } from "./project-units.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

const unit = (id: number, unitNumber: string, status: Unit["status"]): Unit => ({
  id,
  projectId: 7,
  inventoryState: "available",
  buildingId: null,
  typeId: null,
  advertisingLicenseNumber: null,
  advertisingLicenseExpiresOn: null,
  unitNumber,
  building: "A",
  price: 900_000,
  status,
  rooms: 3,
  floor: 1,
  direction: [],
  privateArea: null,
  totalArea: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
});

afterEach(cleanUpScreenTest);

describe("project units: server-side pages", () => {
  it("shows the project's counters, the first page, and the next page on «عرض المزيد»", async () => {
    const statusCounts = { متاحة: 120, محجوزة: 30, مباعة: 50 };
    mockApi({
      "GET /api/projects": () => json([{ id: 7, name: "مشروع النخيل" }]),
      "GET /api/units/page?projectId=7&limit=100": () =>
        json({ items: [unit(1, "101", "متاحة"), unit(2, "102", "مباعة")], nextCursor: "c2", total: 200, statusCounts }),
      "GET /api/units/page?projectId=7&limit=100&cursor=c2": () =>
        json({ items: [unit(3, "103", "محجوزة")], nextCursor: null, total: 200, statusCounts }),
    });
    signInAs({ role: "manager", permissions: ["units.view"] });
    renderScreen(
      <ProjectUnits projectId={7} canCreate={false} canEdit={false} canDelete={false} canImport={false} />,
      "/admin/units",
    );
    expect(await screen.findByRole("row", { name: /101/ })).toBeInTheDocument();
    const counter = (label: string) => within(screen.getByRole("group", { name: label }));
    expect(counter(UNIT_TEXTS.total).getByText(formatNumber(200))).toBeInTheDocument();
    expect(counter(UNIT_TEXTS.sold).getByText(formatNumber(50))).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /103/ })).not.toBeInTheDocument();
    expect(screen.getByText(LOAD_MORE_TEXTS.shown(formatNumber(2), formatNumber(200)))).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: LOAD_MORE_TEXTS.more }));
    expect(await screen.findByRole("row", { name: /103/ })).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /101/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: LOAD_MORE_TEXTS.more })).not.toBeInTheDocument();
  });
});

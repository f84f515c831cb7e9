/**
 * The grace-period banner (docs/compliance.md): while missing licences are not yet enforced, compliance.view holders
 * see how many records go offline on the enforcement day, their names and the link to «الامتثال والتراخيص»; nothing
 * once enforcement has started, and nothing is requested for staff without compliance.view.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ComplianceReport, ComplianceRow } from "#domain/schemas/licence-view.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { EnforcementBanner } from "./enforcement-banner.tsx";

const licence = (advertisable: boolean): ComplianceRow["licence"] => ({
  source: "project",
  kind: "advertising",
  number: null,
  expiresOn: null,
  verificationUrl: null,
  state: "missing",
  daysLeft: null,
  advertisable,
  reason: advertisable ? null : "missing",
  field: "advertisingLicenseNumber",
  advertiseUntil: advertisable ? "2026-12-10T21:00:00.000Z" : null,
});

const row = (id: number, name: string, entityType: ComplianceRow["entityType"], willGoOffline: boolean) => ({
  entityType,
  id,
  name,
  projectId: 1,
  projectName: "برج الياسمين",
  editPath: "/admin/projects",
  licence: licence(willGoOffline),
  offline: [],
  willGoOffline,
});

const report = (today: string): ComplianceReport => ({
  rows: [
    row(1, "برج الياسمين", "project", true),
    row(4, "وحدة 0101 - A", "unit", true),
    row(2, "مجمع الريان", "project", false),
  ],
  enforceFrom: "2026-12-11",
  today,
  needsAction: 3,
});

beforeEach(() => localStorage.clear());
afterEach(cleanUpScreenTest);

describe("licence enforcement banner", () => {
  it("counts and names what goes offline on the enforcement day, with the link to the compliance screen", async () => {
    signInAs({ role: "manager", permissions: ["compliance.view"] });
    mockApi({ "GET /api/compliance": () => json(report("2026-11-27")) });
    renderScreen(<EnforcementBanner />);
    const banner = await screen.findByRole("region", { name: "تراخيص إعلان مفقودة" });
    expect(banner).toHaveTextContent(/^.*سجلان: سيتوقف عرضها للزوار ابتداءً من .+ إن لم يُسجّل ترخيص الإعلان\./);
    expect(
      within(banner)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["برج الياسمين", "وحدة 0101 - A (برج الياسمين)"]);
    expect(within(banner).getByRole("link", { name: "الامتثال والتراخيص" })).toHaveAttribute(
      "href",
      "/admin/compliance",
    );
  });

  it("shows nothing once enforcement has started", async () => {
    signInAs({ role: "manager", permissions: ["compliance.view"] });
    const calls = mockApi({ "GET /api/compliance": () => json(report("2026-12-11")) });
    renderScreen(<EnforcementBanner />);
    await vi.waitFor(() => expect(calls.some((c) => c.key === "GET /api/compliance")).toBe(true));
    await Promise.resolve();
    expect(screen.queryByRole("region", { name: "تراخيص إعلان مفقودة" })).toBeNull();
  });

  it("is not requested for staff without compliance.view", async () => {
    signInAs({ role: "employee", permissions: ["projects.view"] });
    const calls = mockApi({ "GET /api/compliance": () => json(report("2026-11-27")) });
    renderScreen(<EnforcementBanner />);
    await Promise.resolve();
    expect(screen.queryByRole("region", { name: "تراخيص إعلان مفقودة" })).toBeNull();
    expect(calls.some((c) => c.key === "GET /api/compliance")).toBe(false);
  });
});

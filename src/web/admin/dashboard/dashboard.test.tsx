import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Project, ProjectUpdate } from "#domain/types.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import Dashboard from "./dashboard.tsx";
import { computeDashboardStats } from "./dashboard-stats.ts";

function project(id: number, overrides: Partial<Project> = {}): Partial<Project> {
  return {
    id,
    name: `مشروع ${id}`,
    city: "جدة",
    price: 1_000_000,
    completionPercentage: 40,
    salesPercentage: 50,
    ...overrides,
  };
}
function update(id: number): Partial<ProjectUpdate> {
  return { id, projectId: 1, projectName: "مشروع 1", title: `تحديث ${id}`, createdAt: "2025-03-02T10:00:00.000Z" };
}

let routes: Record<string, () => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const answer = routes[String(input)] ?? routes[String(input).split("?")[0]];
  return answer ? answer() : json({ statusCode: 404, error: "Not Found", message: "غير موجود" }, 404);
});

const requested = (path: string) => fetchMock.mock.calls.some(([input]) => String(input) === path);
const card = (title: string) => screen.getByRole("heading", { name: title }).parentElement as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  routes = {
    "/api/projects": () => json([1, 2, 3, 4, 5, 6, 7].map((id) => project(id))),
    "/api/project-updates": () => json([1, 2, 3, 4, 5, 6].map(update)),
    "/api/units": () => json([{ id: 1 }, { id: 2 }, { id: 3 }]),
    "/api/contact/messages": () => json([{ id: 1 }, { id: 2 }]),
    "/api/users": () => json([{ id: "a" }, { id: "b" }]),
  };
});
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("dashboard (SPEC §2.11)", () => {
  it("shows the counts and the first 5 projects and updates", async () => {
    signInAs({ role: "super_admin", isAdmin: true });
    renderScreen(<Dashboard />, "/admin");

    expect(await within(card("إجمالي المشاريع")).findByText("٧")).toBeInTheDocument();
    expect(await within(card("إجمالي الوحدات")).findByText("٣")).toBeInTheDocument();
    expect(await within(card("رسائل التواصل")).findByText("٢")).toBeInTheDocument();

    const projects = within(
      screen.getByRole("heading", { name: "أحدث المشاريع" }).closest("[data-slot=card]") as HTMLElement,
    );
    expect(projects.getAllByRole("listitem")).toHaveLength(5);
    expect(projects.getByText("مشروع 1")).toBeInTheDocument();
    expect(projects.queryByText("مشروع 6")).not.toBeInTheDocument();
    expect(projects.getAllByRole("progressbar")[0]).toHaveAttribute("aria-valuenow", "40");

    const updates = within(
      screen.getByRole("heading", { name: "آخر التحديثات" }).closest("[data-slot=card]") as HTMLElement,
    );
    expect(updates.getAllByRole("listitem")).toHaveLength(5);
    expect(updates.getByText("تحديث 1")).toBeInTheDocument();
    expect(requested("/api/users")).toBe(true);
  });

  it("links every row to its item: projects, updates, campaigns, units by project, agents", async () => {
    const counts = { available: 4, held: 1, reserved: 2, sold: 3 };
    routes["/api/inventory/summary"] = () =>
      json([{ projectId: 4, projectName: "مشروع 4", counts, values: { available: 1, held: 1, reserved: 1, sold: 1 } }]);
    const funnelRow = (campaignId: number, projectId: number | null) => ({
      campaignId,
      platform: "snapchat",
      urlSlug: `snapchat/c${campaignId}`,
      name: `حملة ${campaignId}`,
      projectId,
      projectName: projectId === null ? null : `مشروع ${projectId}`,
      counts: { visits: 10, enquiries: 3, contacted: 2, qualified: 1, visit: 1, reserved: 1, sold: 0 },
      rates: {},
      spend: null,
      costPerEnquiry: null,
      costPerVisit: null,
      costPerReservation: null,
      online: { reservations: 0, depositsSar: 0 },
    });
    routes["/api/conversions/funnel"] = () =>
      json({ from: "2026-10-29", to: "2026-11-27", campaigns: [funnelRow(8, 2), funnelRow(9, null)] });
    routes["/api/leads/stats"] = () =>
      json({
        today: "2026-11-27",
        weekStart: "2026-11-21",
        newToday: 1,
        newThisWeek: 2,
        unassigned: 0,
        overdue: 0,
        agents: [{ ownerId: "a1", name: "سلمى", contacted: 2, medianSeconds: 60 }],
      });
    signInAs({ role: "super_admin", isAdmin: true });
    renderScreen(<Dashboard />, "/admin");

    const section = (title: string) =>
      within(screen.getByRole("heading", { name: title }).closest("[data-slot=card], section") as HTMLElement);
    await screen.findByRole("link", { name: "تحديث 2" });
    expect(section("أحدث المشاريع").getByRole("link", { name: "مشروع 1" })).toHaveAttribute(
      "href",
      "/admin/projects/1",
    );
    expect(section("آخر التحديثات").getByRole("link", { name: "تحديث 2" })).toHaveAttribute(
      "href",
      "/admin/project-updates?update=2",
    );
    const campaigns = within(await screen.findByTestId("top-campaigns"));
    expect(await campaigns.findByRole("link", { name: /حملة 8/ })).toHaveAttribute(
      "href",
      "/admin/projects/2?tab=campaigns&campaign=8",
    );
    expect(campaigns.getByRole("link", { name: /حملة 9/ })).toHaveAttribute("href", "/admin/conversions");
    for (const row of campaigns.getAllByRole("listitem")) expect(within(row).getAllByRole("link")).toHaveLength(1);
    const inventory = within(
      (await screen.findByRole("heading", { name: "توفر الوحدات" })).parentElement as HTMLElement,
    );
    expect(inventory.getByRole("link", { name: "مشروع 4" })).toHaveAttribute("href", "/admin/inventory?project=4");
    expect(await screen.findByRole("link", { name: /سلمى/ })).toHaveAttribute("href", "/admin/leads?ownerId=a1");
    // Every row of every list on the dashboard is (or holds) a link.
    for (const item of screen.getAllByRole("listitem"))
      expect(within(item).queryAllByRole("link").length).toBeGreaterThan(0);
  });

  it('shows "—" when the units list is refused (403), and requests no user list for non-admins', async () => {
    routes["/api/units"] = () => json({ statusCode: 403, error: "Forbidden", message: "لا تملك الصلاحية" }, 403);
    signInAs({
      role: "manager",
      isAdmin: false,
      permissions: ["dashboard.view", "units.view", "contact_messages.view"],
    });
    renderScreen(<Dashboard />, "/admin");

    expect(await within(card("إجمالي الوحدات")).findByText("—")).toBeInTheDocument();
    expect(await within(card("رسائل التواصل")).findByText("٢")).toBeInTheDocument();
    expect(requested("/api/users")).toBe(false);
  });

  it('shows "—" without asking when the user lacks the permission', async () => {
    signInAs({ permissions: ["dashboard.view", "projects.view"] });
    renderScreen(<Dashboard />, "/admin");

    expect(await within(card("إجمالي المشاريع")).findByText("٧")).toBeInTheDocument();
    expect(within(card("إجمالي الوحدات")).getByText("—")).toBeInTheDocument();
    expect(within(card("رسائل التواصل")).getByText("—")).toBeInTheDocument();
    expect(requested("/api/units")).toBe(false);
    expect(requested("/api/contact/messages")).toBe(false);
  });

  it("with visits.work: today's and this week's visits and the week's no-show rate, each a link to its list", async () => {
    routes["/api/visits/stats"] = () =>
      json({ date: "2026-11-27", today: 3, week: 12, weekStart: "2026-11-21", attended: 6, noShow: 2, noShowRate: 25 });
    signInAs({ permissions: ["dashboard.view", "visits.work"] });
    renderScreen(<Dashboard />, "/admin");

    const visits = within((await screen.findByRole("heading", { name: "الزيارات" })).parentElement as HTMLElement);
    expect(visits.getByRole("link", { name: /زيارات اليوم/ })).toHaveTextContent("٣");
    expect(visits.getByRole("link", { name: /زيارات اليوم/ })).toHaveAttribute("href", "/admin/visits");
    expect(visits.getByRole("link", { name: /زيارات هذا الأسبوع/ })).toHaveTextContent("١٢");
    expect(visits.getByRole("link", { name: /زيارات هذا الأسبوع/ })).toHaveAttribute(
      "href",
      "/admin/visits?period=week",
    );
    const rate = visits.getByRole("link", { name: /نسبة عدم الحضور هذا الأسبوع/ });
    expect(rate).toHaveTextContent("٢٥");
    expect(rate).toHaveAttribute("href", "/admin/visits?period=week&status=no_show");
  });

  it("with payments.view: the deposits received and the online reservations, each a link to its list", async () => {
    routes["/api/payments/summary"] = () =>
      json({ from: "2026-10-29", to: "2026-11-27", onlineReservations: 3, depositsSar: 15000, refundedSar: 0 });
    signInAs({ permissions: ["dashboard.view", "payments.view"] });
    renderScreen(<Dashboard />, "/admin");

    const online = within(
      (await screen.findByRole("heading", { name: "الدفع الإلكتروني" })).parentElement?.parentElement as HTMLElement,
    );
    const deposits = await online.findByRole("link", { name: /العرابين المستلمة/ });
    expect(deposits).toHaveTextContent("١٥٬٠٠٠");
    expect(deposits).toHaveAttribute("href", "/admin/payments");
    const reservations = online.getByRole("link", { name: /الحجوزات الإلكترونية/ });
    expect(reservations).toHaveTextContent("٣ حجوزات");
    expect(reservations).toHaveAttribute("href", "/admin/leads?source=online_reservation");
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith("/api/payments/summary?from="))).toBe(true);
  });

  it("without payments.view asks no payment figures", async () => {
    signInAs({ permissions: ["dashboard.view", "projects.view"] });
    renderScreen(<Dashboard />, "/admin");
    expect(await within(card("إجمالي المشاريع")).findByText("٧")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith("/api/payments/summary"))).toBe(false);
    expect(screen.queryByRole("heading", { name: "الدفع الإلكتروني" })).toBeNull();
  });

  it("without visits.work asks no visit figures", async () => {
    signInAs({ permissions: ["dashboard.view", "projects.view"] });
    renderScreen(<Dashboard />, "/admin");
    expect(await within(card("إجمالي المشاريع")).findByText("٧")).toBeInTheDocument();
    expect(requested("/api/visits/stats")).toBe(false);
    expect(screen.queryByRole("heading", { name: "الزيارات" })).toBeNull();
  });

  it("shows the empty texts", async () => {
    routes["/api/projects"] = () => json([]);
    routes["/api/project-updates"] = () => json([]);
    signInAs({ permissions: ["dashboard.view"] });
    renderScreen(<Dashboard />, "/admin");

    expect(await screen.findByText("لا توجد مشاريع")).toBeInTheDocument();
    expect(await screen.findByText("لا توجد تحديثات")).toBeInTheDocument();
  });
});

describe("hidden dashboard figures (SPEC §2.11)", () => {
  it("counts completed projects, averages the sales rate and counts employees", () => {
    const projects = [
      { completionPercentage: 100, salesPercentage: 100 },
      { completionPercentage: 100, salesPercentage: 50 },
      { completionPercentage: 30, salesPercentage: 0 },
    ];
    expect(computeDashboardStats(projects, [])).toEqual({
      completedProjects: 2,
      averageSalesRate: 50,
      employeeCount: 0,
    });
    expect(computeDashboardStats([], undefined)).toEqual({
      completedProjects: 0,
      averageSalesRate: 0,
      employeeCount: null,
    });
  });
});

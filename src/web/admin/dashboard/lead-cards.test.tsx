/**
 * The dashboard's lead cards (docs/product.md §2.11, §2.16 leads): each figure in Arabic-Indic digits links to the
 * leads list filtered to the leads behind it, and each agent's median time to first contact links to their leads.
 */
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { formatDuration, LeadCards } from "./lead-cards.tsx";

beforeEach(() => signInAs({ permissions: ["leads.view_all", "leads.view_own"] }));
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
});

it("links every figure and every agent to the filtered leads list", async () => {
  mockApi({
    "GET /api/leads/stats": () =>
      json({
        today: "2026-11-24",
        weekStart: "2026-11-22",
        newToday: 3,
        newThisWeek: 12,
        unassigned: 2,
        overdue: 5,
        agents: [{ ownerId: "a1b2", name: "سلمى", contacted: 4, medianSeconds: 185 }],
      }),
  });
  renderScreen(<LeadCards />);
  expect(await screen.findByRole("link", { name: "عملاء جدد اليوم: ٣" })).toHaveAttribute(
    "href",
    "/admin/leads?from=2026-11-24",
  );
  expect(screen.getByRole("link", { name: "عملاء جدد هذا الأسبوع: ١٢" })).toHaveAttribute(
    "href",
    "/admin/leads?from=2026-11-22",
  );
  expect(screen.getByRole("link", { name: "عملاء غير مسندين: ٢" })).toHaveAttribute(
    "href",
    "/admin/leads?ownerId=none",
  );
  expect(screen.getByRole("link", { name: "عملاء متأخرون: ٥" })).toHaveAttribute(
    "href",
    "/admin/leads?overdue=true&sort=urgency",
  );
  const agent = screen.getByRole("link", { name: /سلمى/ });
  expect(agent).toHaveAttribute("href", "/admin/leads?ownerId=a1b2");
  expect(agent).toHaveTextContent("٣:٠٥");
});

it("writes durations as minutes:seconds, and hours from an hour", () => {
  expect(formatDuration(7)).toBe("٠:٠٧");
  expect(formatDuration(3 * 3600 + 61)).toBe("٣:٠١:٠١");
});

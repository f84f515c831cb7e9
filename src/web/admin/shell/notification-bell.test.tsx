/**
 * The bell of the admin shell (docs/product.md §2.16 leads): the unread count in Arabic-Indic digits on the button,
 * the notifications each linking to its lead, following one marks it read, and "mark all read".
 */
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { NotificationBell } from "./notification-bell.tsx";

const ITEMS = [
  {
    id: 2,
    leadId: 7,
    kind: "sla_agent",
    text: "عميل جديد لم يتم التواصل معه منذ 5 دقائق",
    readAt: null,
    createdAt: "2026-11-23T09:05:00.000Z",
  },
  {
    id: 1,
    leadId: 6,
    kind: "assigned",
    text: "تم إسناد عميل جديد إليك",
    readAt: "2026-11-23T09:01:00.000Z",
    createdAt: "2026-11-23T09:00:00.000Z",
  },
];

beforeEach(() => signInAs({ permissions: ["leads.view_own"] }));
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
});

it("shows the unread count, links each notification to its lead and marks it read when followed", async () => {
  const calls = mockApi({
    "GET /api/notifications": () => json({ items: ITEMS, unread: 1 }),
    "POST /api/notifications/read": (body) =>
      json({
        items: ITEMS.map((n) => ((body as { ids?: number[] }).ids?.includes(n.id) ? { ...n, readAt: "x" } : n)),
        unread: 0,
      }),
  });
  const user = userEvent.setup();
  renderScreen(<NotificationBell />);
  const bell = await screen.findByRole("button", { name: "الإشعارات، غير المقروءة: ١" });
  expect(screen.getByTestId("bell-count")).toHaveTextContent("١");
  await user.click(bell);
  const link = await screen.findByRole("link", { name: /عميل جديد لم يتم التواصل معه/ });
  expect(link).toHaveAttribute("href", "/admin/leads/7");
  expect(screen.getByRole("link", { name: /تم إسناد عميل جديد إليك/ })).toHaveAttribute("href", "/admin/leads/6");
  // Stay on this screen (the stub has no lead route); the bell's own click handler still runs.
  link.addEventListener("click", (e) => e.preventDefault());
  await user.click(link);
  await waitFor(() => expect(calls.find((c) => c.key === "POST /api/notifications/read")?.body).toEqual({ ids: [2] }));
  expect(await screen.findByRole("button", { name: "الإشعارات" })).toBeInTheDocument();
});

it("marks every notification read at once", async () => {
  const calls = mockApi({
    "GET /api/notifications": () => json({ items: ITEMS, unread: 1 }),
    "POST /api/notifications/read": () => json({ items: ITEMS, unread: 0 }),
  });
  const user = userEvent.setup();
  renderScreen(<NotificationBell />);
  await user.click(await screen.findByRole("button", { name: "الإشعارات، غير المقروءة: ١" }));
  await user.click(await screen.findByRole("button", { name: "تعليم الكل كمقروء" }));
  await waitFor(() => expect(calls.find((c) => c.key === "POST /api/notifications/read")?.body).toEqual({}));
});

/**
 * The lead desk settings (leads.settings; docs/decisions/030-lead-desk-screens.md): the agents of a project's
 * round-robin list in turn order, an agent's away flag, the response-clock minutes (Arabic-Indic digits accepted) and a
 * new lost reason.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { sessionStore } from "~/shared/session/auth-store.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import DeskSettingsScreen from "./desk-settings.tsx";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

beforeEach(() => signInAs({ permissions: ["leads.settings", "leads.assign", "users.view", "projects.view"] }));
afterEach(() => {
  cleanup();
  act(() => sessionStore.signOut());
  vi.unstubAllGlobals();
});

function api() {
  return mockApi({
    "GET /api/projects": () => json([{ id: 4, name: "الواحة" }]),
    "GET /api/users": () =>
      json([
        { id: A, username: "a", name: "سلمى", role: "sales_agent", accountId: null, createdAt: "2026-01-01T00:00:00Z" },
        { id: B, username: "b", name: "ماجد", role: "sales_agent", accountId: null, createdAt: "2026-01-01T00:00:00Z" },
      ]),
    "GET /api/leads/agents": () => json([{ projectId: 4, agents: [{ userId: A, name: "سلمى", away: false }] }]),
    "PUT /api/leads/agents": (body) => json(body),
    [`PUT /api/leads/agents/${A}/away`]: () => json({ userId: A, away: true }),
    "GET /api/leads/settings": () =>
      json({ notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 30, retentionDays: 730 }),
    "PUT /api/leads/settings": (body) => json(body),
    "GET /api/leads/lost-reasons": () => json([{ id: 1, name: "السعر", active: true }]),
    "POST /api/leads/lost-reasons": () => json({ id: 2, name: "الموقع", active: true }, 201),
  });
}

it("saves a project's agents in turn order and marks an agent away", async () => {
  const calls = api();
  const user = userEvent.setup();
  renderScreen(<DeskSettingsScreen />);
  const list = await screen.findByLabelText("القائمة");
  await waitFor(() => expect(within(list).getByRole("option", { name: "الواحة" })).toBeInTheDocument());
  await user.selectOptions(list, "4");
  const salma = await screen.findByRole("checkbox", { name: /سلمى/ });
  await waitFor(() => expect(salma).toBeChecked());
  await user.click(screen.getByRole("checkbox", { name: /ماجد/ }));
  await user.click(screen.getByRole("button", { name: "حفظ القائمة" }));
  await waitFor(() =>
    expect(calls.find((c) => c.key === "PUT /api/leads/agents")?.body).toEqual({ projectId: 4, userIds: [A, B] }),
  );
  await user.click(screen.getByRole("switch", { name: "غائب: سلمى" }));
  await waitFor(() =>
    expect(calls.find((c) => c.key === `PUT /api/leads/agents/${A}/away`)?.body).toEqual({ away: true }),
  );
});

it("saves the response-clock minutes and the retention days, and adds a lost reason", async () => {
  const calls = api();
  const user = userEvent.setup();
  renderScreen(<DeskSettingsScreen />);
  const reassign = await screen.findByLabelText("إعادة الإسناد بعد (دقيقة)");
  // Latin digits in the inputs (ARCHITECTURE resolution 11), also when typed on an Arabic keyboard.
  await waitFor(() => expect(reassign).toHaveValue("30"));
  await user.clear(reassign);
  await user.type(reassign, "٤٥");
  expect(reassign).toHaveValue("45");
  const retention = screen.getByLabelText("إخفاء بيانات العملاء المغلقين بعد (يوم)");
  expect(retention).toHaveValue("730");
  await user.clear(retention);
  await user.type(retention, "٣٦٥");
  await user.click(within(reassign.closest("form") as HTMLElement).getByRole("button", { name: "حفظ" }));
  await waitFor(() =>
    expect(calls.find((c) => c.key === "PUT /api/leads/settings")?.body).toEqual({
      notifyAgentAfter: 5,
      notifyManagersAfter: 15,
      reassignAfter: 45,
      retentionDays: 365,
    }),
  );
  // A lost reason's switch says what it does: whether the reason is offered when a lead is marked lost.
  expect(screen.getByRole("switch", { name: "يُعرض عند تسجيل الفقد: السعر" })).toBeChecked();
  await user.type(screen.getByRole("textbox", { name: "سبب جديد" }), "الموقع");
  await user.click(screen.getByRole("button", { name: "إضافة" }));
  await waitFor(() =>
    expect(calls.find((c) => c.key === "POST /api/leads/lost-reasons")?.body).toEqual({ name: "الموقع", active: true }),
  );
});

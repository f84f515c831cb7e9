import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, mockApi, renderScreen, STAFF_USERS, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { AuditLogScreen } from "./audit-log-screen.tsx";

const users = STAFF_USERS;
const base = {
  "GET /api/users": () => json(users),
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("audit log (resolution 8)", () => {
  it('shows "غير مصرح لك" to non-admins', async () => {
    signInAs({ role: "manager", permissions: ["permissions.manage", "users.view"] });
    const calls = mockApi(base);
    renderScreen(<AuditLogScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("غير مصرح لك");
    expect(calls.some((c) => c.key.includes("/api/audit-logs"))).toBe(false);
  });

  it("lists entries, filters by entity type and shows previous and new state side by side", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const page = {
      items: [
        {
          id: 9,
          userId: "m1",
          username: "mgr",
          userName: "مدير المبيعات",
          entityType: "user_permission",
          entityId: "e1",
          action: "create",
          previousState: null,
          newState: { key: "projects.delete", granted: false },
          ipAddress: null,
          createdAt: "2025-05-01T10:00:00Z",
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
      entityTypes: ["user", "user_permission"],
      actions: ["create"],
    };
    const calls = mockApi({
      ...base,
      "GET /api/audit-logs?page=1": () => json(page),
      "GET /api/audit-logs?entityType=user_permission&page=1": () => json(page),
    });
    renderScreen(<AuditLogScreen />);
    const row = (await screen.findByText("مدير المبيعات")).closest("tr") as HTMLElement;
    expect(within(row).getByText("صلاحية مستخدم")).toBeInTheDocument();
    expect(within(row).getByText("إنشاء")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("نوع العنصر"), "user_permission");
    await waitFor(() =>
      expect(calls.some((c) => c.key === "GET /api/audit-logs?entityType=user_permission&page=1")).toBe(true),
    );
    await userEvent.click(screen.getByRole("button", { name: "عرض التغييرات" }));
    expect(screen.getByRole("heading", { name: "الحالة السابقة" })).toBeInTheDocument();
    expect(screen.getByText("لا يوجد")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "الحالة الجديدة" })).toBeInTheDocument();
    expect(screen.getByText(/"projects.delete"/)).toBeInTheDocument();
  });
});

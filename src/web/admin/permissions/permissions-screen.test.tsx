import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Permission } from "#domain/types.ts";
import { json, mockApi, renderScreen, resetSession, STAFF_USERS, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
import { PermissionsScreen } from "./permissions-screen.tsx";

const catalogue: Permission[] = [
  { id: 1, key: "projects.view", description: "عرض المشاريع", category: "المشاريع" },
  { id: 2, key: "projects.delete", description: "حذف المشاريع", category: "المشاريع" },
  { id: 3, key: "users.view", description: "عرض الموظفين", category: "الموظفون" },
];
const roleMap = {
  super_admin: catalogue.map(({ id, key }) => ({ id, key })),
  manager: catalogue.map(({ id, key }) => ({ id, key })),
  employee: [
    { id: 1, key: "projects.view" },
    { id: 2, key: "projects.delete" },
  ],
  photographer: [{ id: 1, key: "projects.view" }],
};
const users = STAFF_USERS;
const base = {
  "GET /api/permissions": () => json(catalogue),
  "GET /api/roles/permissions": () => json(roleMap),
  "GET /api/users": () => json(users),
};

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("permissions screen (SPEC §2.18, §4.11, §6)", () => {
  it('shows "غير مصرح لك" without permissions.manage', async () => {
    signInAs({ role: "employee", permissions: ["projects.view"] });
    mockApi(base);
    renderScreen(<PermissionsScreen />);
    expect(await screen.findByRole("alert")).toHaveTextContent("غير مصرح لك");
  });

  it("groups the role permissions by category and saves the checked ids", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      ...base,
      "PUT /api/roles/employee/permissions": (body) => json({ permissions: body }),
    });
    renderScreen(<PermissionsScreen />);
    await screen.findByRole("tab", { name: "صلاحيات الأدوار" });
    expect(screen.getByRole("link", { name: "سجل التدقيق" })).toHaveAttribute("href", "/admin/audit-log");
    await userEvent.selectOptions(screen.getByLabelText("الدور"), "employee");
    expect(screen.getByRole("heading", { name: "المشاريع" })).toBeInTheDocument();
    const remove = screen.getByRole("checkbox", { name: /حذف المشاريع/ });
    expect(remove).toBeChecked();
    await userEvent.click(remove);
    await userEvent.click(screen.getByRole("checkbox", { name: /عرض الموظفين/ }));
    await userEvent.click(screen.getByRole("button", { name: "حفظ الصلاحيات" }));
    await waitFor(() => expect(calls.some((c) => c.key === "PUT /api/roles/employee/permissions")).toBe(true));
    const sent = calls.find((c) => c.key === "PUT /api/roles/employee/permissions")?.body as {
      permissionIds: number[];
    };
    expect([...sent.permissionIds].sort()).toEqual([1, 3]);
  });

  it("asks before switching the role loses unsaved ticks; «البقاء في الصفحة» keeps them, «المغادرة دون حفظ» switches", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi(base);
    renderScreen(<PermissionsScreen />);
    const role = await screen.findByLabelText("الدور");
    await userEvent.selectOptions(role, "employee");
    // Switching without a change asks nothing.
    await userEvent.selectOptions(role, "photographer");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: /عرض الموظفين/ }));
    await userEvent.selectOptions(role, "employee");
    await screen.findByRole("alertdialog", { name: "لديك تغييرات غير محفوظة" });
    await userEvent.click(screen.getByRole("button", { name: "البقاء في الصفحة" }));
    expect(role).toHaveValue("photographer");
    expect(screen.getByRole("checkbox", { name: /عرض الموظفين/ })).toBeChecked();
    await userEvent.selectOptions(role, "employee");
    await userEvent.click(await screen.findByRole("button", { name: "المغادرة دون حفظ" }));
    expect(role).toHaveValue("employee");
    expect(screen.getByRole("checkbox", { name: /حذف المشاريع/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /عرض الموظفين/ })).not.toBeChecked();
  });

  it("shows staff the Arabic names only, never the internal permission keys, on both tabs", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ ...base, "GET /api/users/e1/permissions": () => json([]) });
    renderScreen(<PermissionsScreen />);
    await screen.findByRole("tab", { name: "صلاحيات الأدوار" });
    await userEvent.selectOptions(screen.getByLabelText("الدور"), "employee");
    const rawKey = /\b[a-z_]+\.[a-z_]+\b/;
    expect(screen.getByRole("checkbox", { name: "حذف المشاريع" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(rawKey);

    await userEvent.click(screen.getByRole("tab", { name: "صلاحيات المستخدمين" }));
    await userEvent.selectOptions(await screen.findByLabelText("المستخدم"), "e1");
    expect(await screen.findByRole("switch", { name: "عرض الموظفين" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(rawKey);
  });

  it("offers super_admin only to a super_admin, read-only", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi(base);
    renderScreen(<PermissionsScreen />);
    await userEvent.selectOptions(await screen.findByLabelText("الدور"), "super_admin");
    for (const box of screen.getAllByRole("checkbox")) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(screen.getByRole("button", { name: "حفظ الصلاحيات" })).toBeDisabled();
    cleanup();
    resetSession();
    signInAs({ id: "m1", role: "manager", permissions: ["permissions.manage", "users.view"] });
    mockApi(base);
    renderScreen(<PermissionsScreen />);
    const options = within(await screen.findByLabelText("الدور")).getAllByRole("option");
    expect(options.map((o) => o.getAttribute("value"))).not.toContain("super_admin");
  });

  it("lists only the accounts a manager created, with effective values, badges and an optimistic toggle reverted on failure", async () => {
    signInAs({ id: "m1", role: "manager", permissions: ["permissions.manage", "users.view", "projects.view"] });
    let release: (r: Response) => void = () => {};
    mockApi({
      ...base,
      "GET /api/users/e1/permissions": () => json([{ permissionId: 1, key: "projects.view", granted: false }]),
      "PUT /api/users/e1/permissions": () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderScreen(<PermissionsScreen />);
    await userEvent.click(await screen.findByRole("tab", { name: "صلاحيات المستخدمين" }));
    const picker = await screen.findByLabelText("المستخدم");
    const choices = within(picker)
      .getAllByRole("option")
      .map((o) => o.getAttribute("value"));
    expect(choices).toEqual(["", "e1"]);
    await userEvent.selectOptions(picker, "e1");

    const view = await screen.findByRole("switch", { name: /عرض المشاريع/ });
    expect(view).not.toBeChecked();
    const viewRow = view.closest("li") as HTMLElement;
    expect(within(viewRow).getByText("تخصيص مخصص")).toBeInTheDocument();
    expect(within(viewRow).getByRole("button", { name: /إعادة تعيين/ })).toBeInTheDocument();
    const del = screen.getByRole("switch", { name: /حذف المشاريع/ });
    expect(del).toBeChecked();
    expect(within(del.closest("li") as HTMLElement).getByText("مفعّلة حسب الدور")).toBeInTheDocument();
    const users = screen.getByRole("switch", { name: /عرض الموظفين/ });
    expect(within(users.closest("li") as HTMLElement).getByText("معطّلة حسب الدور")).toBeInTheDocument();

    await userEvent.click(del);
    expect(del).not.toBeChecked();
    expect(within(del.closest("li") as HTMLElement).getByText("تخصيص مخصص")).toBeInTheDocument();
    release(json({ statusCode: 403, error: "Forbidden", message: "لا يمكنك منح صلاحية لا تملكها" }, 403));
    await waitFor(() => expect(screen.getByRole("switch", { name: /حذف المشاريع/ })).toBeChecked());
    expect(await screen.findByText("خطأ في تحديث الصلاحية")).toBeInTheDocument();
    expect(screen.getByText("لا يمكنك منح صلاحية لا تملكها")).toBeInTheDocument();
  });
});

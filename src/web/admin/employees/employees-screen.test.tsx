import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "#domain/types.ts";
import { json, mockApi, renderScreen, resetSession, signInAs } from "~/test-utils/admin-harness.tsx";
import { EmployeesScreen, filterEmployees } from "./employees-screen.tsx";

const people: PublicUser[] = [
  {
    id: "me",
    username: "boss",
    name: "المدير العام",
    role: "super_admin",
    accountId: null,
    createdAt: "2025-03-01T10:00:00Z",
  },
  {
    id: "u2",
    username: "Sara.K",
    name: "سارة خالد",
    role: "employee",
    accountId: "me",
    createdAt: "2025-03-02T10:00:00Z",
  },
  { id: "u3", username: "omar", name: "عمر", role: "manager", accountId: "me", createdAt: "2025-03-03T10:00:00Z" },
  { id: "u4", username: "lina", name: "لينا", role: "employee", accountId: "me", createdAt: "" },
];

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("employees screen (SPEC §2.17)", () => {
  it("shows 5 skeleton rows while the list loads", () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ "GET /api/users": () => new Promise<Response>(() => {}) });
    renderScreen(<EmployeesScreen />);
    expect(screen.getAllByTestId("employee-skeleton-row")).toHaveLength(5);
  });

  it("shows the counters, the you marker, role badges, dates or '-', and no delete on the own row", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ "GET /api/users": () => json(people) });
    renderScreen(<EmployeesScreen />);
    const own = (await screen.findByRole("rowheader", { name: /المدير العام/ })).closest("tr") as HTMLElement;
    expect(within(own).getByText("أنت")).toBeInTheDocument();
    expect(within(own).queryByRole("button", { name: /حذف/ })).not.toBeInTheDocument();
    expect(within(own).getByRole("button", { name: "تعديل المدير العام" })).toBeInTheDocument();
    const sara = screen.getByRole("rowheader", { name: "سارة خالد" }).closest("tr") as HTMLElement;
    expect(within(sara).getByRole("button", { name: "حذف سارة خالد" })).toBeInTheDocument();
    expect(within(sara).getByText("موظف")).toBeInTheDocument();
    const lina = screen.getByRole("rowheader", { name: "لينا" }).closest("tr") as HTMLElement;
    expect(within(lina).getByText("-")).toBeInTheDocument();
    const counter = (label: string) => screen.getByRole("heading", { name: label }).parentElement as HTMLElement;
    expect(within(counter("إجمالي الموظفين")).getByText("٤")).toBeInTheDocument();
    expect(within(counter("الموظفون النشطون")).getByText("٢")).toBeInTheDocument();
    expect(within(counter("المدراء")).getByText("١")).toBeInTheDocument();
  });

  it("searches by name or username, ignoring case", async () => {
    expect(filterEmployees(people, "sara").map((u) => u.id)).toEqual(["u2"]);
    expect(filterEmployees(people, " عمر ").map((u) => u.id)).toEqual(["u3"]);
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ "GET /api/users": () => json(people) });
    renderScreen(<EmployeesScreen />);
    await screen.findByText("سارة خالد");
    await userEvent.type(screen.getByRole("searchbox", { name: "ابحث بالاسم أو اسم المستخدم" }), "SARA");
    expect(screen.getByText("سارة خالد")).toBeInTheDocument();
    expect(screen.queryByText("عمر")).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole("searchbox"));
    await userEvent.type(screen.getByRole("searchbox"), "zzz");
    // The no-match block names the query and clears the search (not the empty state's text).
    expect(screen.getByRole("status")).toHaveTextContent("لا توجد نتائج مطابقة لـ «zzz»");
    await userEvent.click(screen.getByRole("button", { name: "مسح البحث" }));
    expect(screen.getByRole("searchbox")).toHaveValue("");
    expect(screen.getByText("سارة خالد")).toBeInTheDocument();
  });

  it("shows the empty state with its add button", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ "GET /api/users": () => json([]) });
    renderScreen(<EmployeesScreen />);
    expect(await screen.findByText("لا يوجد موظفون")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "إضافة موظف" }));
    expect(await screen.findByRole("dialog", { name: "إضافة موظف جديد" })).toBeInTheDocument();
  });

  it("creates an employee with the default role after the password policy passes", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      "GET /api/users": () => json(people),
      "POST /api/users": (body) =>
        json({ ...(body as object), id: "new", accountId: "me", createdAt: "2025-04-01" }, 201),
    });
    renderScreen(<EmployeesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "موظف جديد" }));
    const dialog = await screen.findByRole("dialog", { name: "إضافة موظف جديد" });
    await userEvent.type(within(dialog).getByLabelText("الاسم"), "نورة");
    await userEvent.type(within(dialog).getByLabelText("اسم المستخدم"), "noura");
    expect(within(dialog).getByLabelText("الدور")).toHaveValue("employee");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(await within(dialog).findByText("كلمة المرور مطلوبة")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("كلمة المرور"), "short");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(await within(dialog).findByText("يجب أن تتكون كلمة المرور من ١٢ حرفًا على الأقل")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("كلمة المرور"), "-and-long-enough");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/users")).toBe(true));
    expect(calls.find((c) => c.key === "POST /api/users")?.body).toEqual({
      username: "noura",
      name: "نورة",
      role: "employee",
      password: "short-and-long-enough",
    });
    expect(await screen.findByText("تم إضافة الموظف بنجاح")).toBeInTheDocument();
  });

  it("asks for confirmation before deleting, then calls DELETE", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      "GET /api/users": () => json(people),
      "DELETE /api/users/u2": () => json(null, 204),
    });
    renderScreen(<EmployeesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "حذف سارة خالد" }));
    const confirm = await screen.findByRole("alertdialog", { name: "هل أنت متأكد؟" });
    expect(within(confirm).getByText(/سيتم حذف الموظف نهائيًا/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: "حذف" }));
    await waitFor(() => expect(calls.some((c) => c.key === "DELETE /api/users/u2")).toBe(true));
    expect(await screen.findByText("تم حذف الموظف بنجاح")).toBeInTheDocument();
  });

  it("offers a manager only the accounts they created below their role, and no super_admin role", async () => {
    signInAs({
      id: "m1",
      role: "manager",
      permissions: ["users.view", "users.create", "users.edit", "users.delete"],
    });
    mockApi({
      "GET /api/users": () =>
        json([
          ...people,
          { id: "m1", username: "mgr", name: "مدير", role: "manager", accountId: "me", createdAt: "2025-03-05" },
          { id: "e9", username: "mine", name: "موظفي", role: "employee", accountId: "m1", createdAt: "2025-03-06" },
        ]),
    });
    renderScreen(<EmployeesScreen />);
    const mine = (await screen.findByRole("rowheader", { name: "موظفي" })).closest("tr") as HTMLElement;
    expect(within(mine).getByRole("button", { name: "حذف موظفي" })).toBeInTheDocument();
    const sara = screen.getByRole("rowheader", { name: "سارة خالد" }).closest("tr") as HTMLElement;
    expect(within(sara).queryByRole("button")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "موظف جديد" }));
    const options = within(await screen.findByRole("dialog"))
      .getAllByRole("option")
      .map((o) => o.getAttribute("value"));
    expect(options).toEqual(["employee", "photographer", "sales_agent"]);
  });
});

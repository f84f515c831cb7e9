import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#domain/types.ts";
import { json, mockApi, renderScreen, signInAs } from "~/test-utils/admin-harness.tsx";
import { cleanUpScreenTest, quietScreenTest } from "~/test-utils/screen-lifecycle.ts";
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

/** The server's answer for one page holding `list` (counts per role over `all`). */
function page(list: PublicUser[], all: PublicUser[] = list) {
  const roleCounts: Record<string, number> = {};
  for (const u of all) roleCounts[u.role] = (roleCounts[u.role] ?? 0) + 1;
  return json({ items: list, nextCursor: null, total: list.length, roleCounts });
}
const FIRST_PAGE = "GET /api/users/page?limit=50";

beforeEach(quietScreenTest);
afterEach(cleanUpScreenTest);

describe("employees screen (SPEC §2.17)", () => {
  it("shows 5 skeleton rows while the list loads", () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ [FIRST_PAGE]: () => new Promise<Response>(() => {}) });
    renderScreen(<EmployeesScreen />);
    expect(screen.getAllByTestId("employee-skeleton-row")).toHaveLength(5);
  });

  it("shows the counters, the you marker, role badges, dates or '-', and no delete on the own row", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ [FIRST_PAGE]: () => page(people) });
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
    // The working staff of every role: two employees and a manager (not only role employee).
    expect(within(counter("الموظفون النشطون")).getByText("٣")).toBeInTheDocument();
    expect(within(counter("المدراء")).getByText("١")).toBeInTheDocument();
  });

  it("counts sales agents and photographers among the active staff (every role but the general manager)", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const team: PublicUser[] = [
      people[0],
      { id: "a1", username: "sara", name: "سارة", role: "sales_agent", accountId: "me", createdAt: "" },
      { id: "a2", username: "fahad", name: "فهد", role: "sales_agent", accountId: "me", createdAt: "" },
      { id: "p1", username: "photo", name: "نواف", role: "photographer", accountId: "me", createdAt: "" },
    ];
    mockApi({ [FIRST_PAGE]: () => page(team) });
    renderScreen(<EmployeesScreen />);
    await screen.findByRole("rowheader", { name: "فهد" });
    const counter = (label: string) => screen.getByRole("heading", { name: label }).parentElement as HTMLElement;
    expect(within(counter("الموظفون النشطون")).getByText("٣")).toBeInTheDocument();
    expect(within(counter("إجمالي الموظفين")).getByText("٤")).toBeInTheDocument();
  });

  it("searches by name or username, ignoring case", async () => {
    expect(filterEmployees(people, "sara").map((u) => u.id)).toEqual(["u2"]);
    expect(filterEmployees(people, " عمر ").map((u) => u.id)).toEqual(["u3"]);
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    // The search runs on the server once typing settles (GET /api/users/page?search=…).
    const calls = mockApi({
      [FIRST_PAGE]: () => page(people),
      [`${FIRST_PAGE}&search=SARA`]: () => page([people[1]], people),
      [`${FIRST_PAGE}&search=zzz`]: () => page([], people),
    });
    renderScreen(<EmployeesScreen />);
    await screen.findByText("سارة خالد");
    await userEvent.type(screen.getByRole("searchbox", { name: "ابحث بالاسم أو اسم المستخدم" }), "SARA");
    await waitFor(() => expect(screen.queryByText("عمر")).not.toBeInTheDocument());
    expect(screen.getByText("سارة خالد")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("searchbox"));
    await userEvent.type(screen.getByRole("searchbox"), "zzz");
    // The no-match block names the query and clears the search (not the empty state's text).
    expect(await screen.findByRole("status")).toHaveTextContent("لا توجد نتائج مطابقة لـ «zzz»");
    expect(calls.map((c) => c.key).filter((k) => k.includes("search="))).toEqual([
      `${FIRST_PAGE}&search=SARA`,
      `${FIRST_PAGE}&search=zzz`,
    ]);
    await userEvent.click(screen.getByRole("button", { name: "مسح البحث" }));
    expect(screen.getByRole("searchbox")).toHaveValue("");
    expect(await screen.findByText("سارة خالد")).toBeInTheDocument();
  });

  it("shows the empty state with its add button", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({ [FIRST_PAGE]: () => page([]) });
    renderScreen(<EmployeesScreen />);
    expect(await screen.findByText("لا يوجد موظفون")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "إضافة موظف" }));
    expect(await screen.findByRole("dialog", { name: "إضافة موظف جديد" })).toBeInTheDocument();
  });

  it("creates an employee with the default role after the password policy passes", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      [FIRST_PAGE]: () => page(people),
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

  it("saves the staff e-mail that notification e-mails go to", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      [FIRST_PAGE]: () => page(people),
      "PUT /api/users/u2": (body) => json({ ...people[1], ...(body as object) }),
    });
    renderScreen(<EmployeesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "تعديل سارة خالد" }));
    const dialog = await screen.findByRole("dialog", { name: "تعديل الموظف" });
    const email = within(dialog).getByLabelText("البريد الإلكتروني (اختياري)");
    await userEvent.type(email, "not-an-email");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    expect(await within(dialog).findByText("البريد الإلكتروني غير صالح")).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, "Sara@Example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(calls.some((c) => c.key === "PUT /api/users/u2")).toBe(true));
    expect(calls.find((c) => c.key === "PUT /api/users/u2")?.body).toMatchObject({ email: "sara@example.com" });
  });

  it("asks for confirmation before deleting, then calls DELETE", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    const calls = mockApi({
      [FIRST_PAGE]: () => page(people),
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

  it("loads the next page with «عرض المزيد»", async () => {
    signInAs({ id: "me", role: "super_admin", isAdmin: true });
    mockApi({
      [FIRST_PAGE]: () =>
        json({
          items: people.slice(0, 2),
          nextCursor: "c2",
          total: 4,
          roleCounts: { super_admin: 1, employee: 2, manager: 1 },
        }),
      [`${FIRST_PAGE}&cursor=c2`]: () =>
        json({
          items: people.slice(2),
          nextCursor: null,
          total: 4,
          roleCounts: { super_admin: 1, employee: 2, manager: 1 },
        }),
    });
    renderScreen(<EmployeesScreen />);
    await screen.findByText("سارة خالد");
    expect(screen.queryByText("لينا")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "عرض المزيد" }));
    expect(await screen.findByText("لينا")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "عرض المزيد" })).not.toBeInTheDocument();
  });

  it("offers a manager only the accounts they created below their role, and no super_admin role", async () => {
    signInAs({
      id: "m1",
      role: "manager",
      permissions: ["users.view", "users.create", "users.edit", "users.delete"],
    });
    mockApi({
      [FIRST_PAGE]: () =>
        page([
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

import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/shared/session/auth-store.ts";
import { TooltipProvider } from "~/shared/ui/tooltip.tsx";
import { ADMIN_MENU, visibleMenuItems } from "./admin-menu.ts";
import { AdminNav } from "./admin-nav.tsx";

const superAdmin: CurrentUser = {
  id: "1",
  username: "admin",
  name: "المدير العام",
  role: "super_admin",
  isAdmin: true,
  permissions: [],
};
const employee: CurrentUser = {
  id: "2",
  username: "emp",
  name: "موظف",
  role: "employee",
  isAdmin: false,
  permissions: ["dashboard.view", "projects.view"],
};

function renderNav(user: CurrentUser, path = "/admin", collapsed = false) {
  const Stub = createRoutesStub([
    {
      path: "/admin/*",
      Component: () => (
        <TooltipProvider>
          <AdminNav user={user} collapsed={collapsed} />
        </TooltipProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return within(screen.getByRole("navigation", { name: "القائمة الرئيسية" }));
}

describe("admin menu (SPEC §2.10)", () => {
  it("shows a super_admin SPEC §2.10's items (its messages as «العملاء»), the stacking plan, the desk's two, the campaigns report, visits, compliance, the platforms' forms, WhatsApp, the payments, the audit log and the account", () => {
    const nav = renderNav(superAdmin);
    const links = nav.getAllByRole("link");
    expect(links).toHaveLength(20);
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["الرئيسية", "/admin"],
      ["إدارة المشاريع", "/admin/projects"],
      ["تحديثات المشاريع", "/admin/project-updates"],
      ["إدارة الوحدات", "/admin/units"],
      ["مخطط الوحدات", "/admin/inventory"],
      ["صفحات الهبوط", "/admin/landing"],
      ["العملاء", "/admin/leads"],
      ["عملائي", "/admin/leads/mine"],
      ["إعدادات مكتب العملاء", "/admin/leads/settings"],
      ["زيارات اليوم", "/admin/visits"],
      ["مواعيد الزيارات", "/admin/visits/settings"],
      ["الحملات والتحويلات", "/admin/conversions"],
      ["الامتثال والتراخيص", "/admin/compliance"],
      ["نماذج المنصات", "/admin/lead-forms"],
      ["واتساب للأعمال", "/admin/whatsapp"],
      ["المدفوعات", "/admin/payments"],
      ["إدارة الموظفين", "/admin/employees"],
      ["إدارة الصلاحيات", "/admin/permissions"],
      ["سجل التدقيق", "/admin/audit-log"],
      ["حسابي", "/admin/account"],
    ]);
  });

  it("shows an employee with dashboard.view and projects.view only those two", () => {
    const nav = renderNav(employee);
    expect(nav.getAllByRole("link").map((a) => a.textContent)).toEqual(["الرئيسية", "إدارة المشاريع", "حسابي"]);
  });

  it("marks one item only: «عملائي» on its page, «العملاء» on a lead, «إدارة الوحدات» on a unit's form", () => {
    const current = (path: string) =>
      renderNav(superAdmin, path)
        .getAllByRole("link")
        .filter((a) => a.getAttribute("aria-current") === "page")
        .map((a) => a.textContent);
    expect(current("/admin/leads/mine")).toEqual(["عملائي"]);
    document.body.innerHTML = "";
    expect(current("/admin/leads/settings")).toEqual(["إعدادات مكتب العملاء"]);
    document.body.innerHTML = "";
    expect(current("/admin/leads/42")).toEqual(["العملاء"]);
    document.body.innerHTML = "";
    expect(current("/admin/units/7/edit")).toEqual(["إدارة الوحدات"]);
    document.body.innerHTML = "";
    expect(current("/admin/account")).toEqual(["حسابي"]);
  });

  it("marks the active item with aria-current=page, the dashboard only on /admin itself", () => {
    const nav = renderNav(superAdmin, "/admin/projects");
    expect(nav.getByRole("link", { name: "إدارة المشاريع" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "الرئيسية" })).not.toHaveAttribute("aria-current");
  });

  it("keeps Arabic accessible names when collapsed to icons", () => {
    const nav = renderNav(employee, "/admin", true);
    expect(nav.getByRole("link", { name: "الرئيسية" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "إدارة المشاريع" })).toBeInTheDocument();
  });

  it("hides everything from nobody, and all but «حسابي» from unknown keys", () => {
    expect(visibleMenuItems(null)).toEqual([]);
    expect(visibleMenuItems({ role: "manager", permissions: ["not.a.key"] }).map((i) => i.label)).toEqual(["حسابي"]);
    const keys = ADMIN_MENU.flatMap((i) => (i.permission ? [i.permission] : []));
    expect(visibleMenuItems({ role: "manager", permissions: keys })).toHaveLength(20);
  });
});

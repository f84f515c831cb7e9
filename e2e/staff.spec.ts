/**
 * The staff journey (docs/decisions/007-staff-rules-and-route-guard.md, SPEC §2.17, §2.18, §6; ARCHITECTURE resolutions
 * 7 and 8): the super_admin creates a manager; the manager creates an employee and removes projects.delete from that
 * employee by a user override; the employee signs in, the menu shows what they hold, and deleting a project is refused
 * (403 from the API, and the delete button of /admin/projects disabled with its tooltip "لا تملك صلاحية حذف المشروع");
 * the super_admin opens the audit log and finds those changes.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";
import { expectTooltip } from "./fixtures/tooltip.ts";

// The entrance animation of SPEC §1 is its own spec's subject (public.spec.ts); here it would only cover the page.
test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const MANAGER = { username: `mgr-${stamp}`, name: `مدير الفريق ${arabicLabel(stamp)}`, password: "manager-pass-2026" };
const EMPLOYEE = {
  username: `emp-${stamp}`,
  name: `موظفة المبيعات ${arabicLabel(stamp)}`,
  password: "employee-pass-2026",
};

async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto("/admin/login");
  await page.getByLabel("اسم المستخدم").fill(who.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

async function createEmployee(
  page: Page,
  who: { username: string; name: string; password: string },
  role: "manager" | "employee",
) {
  await page.goto("/admin/employees");
  await page.getByRole("button", { name: "موظف جديد" }).click();
  const dialog = page.getByRole("dialog", { name: "إضافة موظف جديد" });
  await dialog.getByLabel("الاسم").fill(who.name);
  await dialog.getByLabel("اسم المستخدم").fill(who.username);
  await dialog.getByLabel("الدور").selectOption(role);
  await dialog.getByLabel("كلمة المرور").fill(who.password);
  await dialog.getByRole("button", { name: "حفظ" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader", { name: who.name })).toBeVisible();
}

test("a manager created by the super_admin takes projects.delete from their employee, and the audit log shows it", async ({
  page,
  request,
}) => {
  // 1. The super_admin creates a manager.
  await signIn(page, E2E_ADMIN);
  await createEmployee(page, MANAGER, "manager");
  await signOut(page);

  // 2. The manager creates an employee, then removes projects.delete from them by a user override.
  await signIn(page, MANAGER);
  await createEmployee(page, EMPLOYEE, "employee");
  const own = page.getByRole("rowheader", { name: MANAGER.name });
  await expect(own.getByText("أنت")).toBeVisible();
  await expect(page.getByRole("button", { name: `حذف ${MANAGER.name}` })).toHaveCount(0);

  await page.getByRole("link", { name: "إدارة الصلاحيات" }).click();
  await page.getByRole("tab", { name: "صلاحيات المستخدمين" }).click();
  const picker = page.getByLabel("المستخدم", { exact: true });
  await expect(picker.locator("option")).toHaveCount(2);
  await picker.selectOption({ label: `${EMPLOYEE.name} (${EMPLOYEE.username}) - موظف` });
  const deleteSwitch = page.getByRole("switch", { name: /حذف المشاريع/ });
  const row = page.getByRole("listitem").filter({ has: deleteSwitch });
  await expect(deleteSwitch).not.toBeChecked();
  await expect(row.getByText("معطّلة حسب الدور")).toBeVisible();
  // Grant, then deny: an explicit override saying "no" whatever the role later holds.
  let saved = page.waitForResponse((r) => r.url().includes("/permissions") && r.request().method() === "PUT");
  await deleteSwitch.click();
  expect((await saved).status()).toBe(200);
  await expect(row.getByText("تخصيص مخصص")).toBeVisible();
  saved = page.waitForResponse((r) => r.url().includes("/permissions") && r.request().method() === "PUT");
  await deleteSwitch.click();
  expect((await saved).status()).toBe(200);
  await expect(deleteSwitch).not.toBeChecked();
  await expect(row.getByText("تخصيص مخصص")).toBeVisible();
  await signOut(page);

  // 3. The employee signs in: the menu shows projects but not employees or permissions; deleting is refused.
  await signIn(page, EMPLOYEE);
  const menu = page.getByRole("navigation").first();
  await expect(menu.getByRole("link", { name: "إدارة المشاريع" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "إدارة الصلاحيات" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "إدارة الموظفين" })).toHaveCount(0);

  const login = await request.post("/api/auth/login", { data: EMPLOYEE });
  const token = (await login.json()).token as string;
  const me = await (await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me.permissions).toContain("projects.view");
  expect(me.permissions).not.toContain("projects.delete");
  const projects: { id: number }[] = await (await request.get("/api/projects")).json();
  const refused = await request.delete(`/api/projects/${projects[0].id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);

  await page.goto("/admin/projects");
  await expect(page.getByRole("heading", { name: "إدارة المشاريع", level: 1 })).toBeVisible();
  // On the projects screen (SPEC §2.12) the delete button is disabled and its tooltip says why (SPEC §6).
  const deleteButton = page.getByRole("button", { name: "حذف", exact: true }).first();
  await expect(deleteButton).toBeDisabled();
  await expectTooltip(page, deleteButton, "لا تملك صلاحية حذف المشروع");
  await signOut(page);

  // 4. The super_admin opens the audit log and finds the manager's changes.
  await signIn(page, E2E_ADMIN);
  await page.goto("/admin/permissions");
  // The permissions screen's own link (the menu holds one too).
  await page.locator("#admin-main").getByRole("link", { name: "سجل التدقيق" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  const managerRows = page.getByRole("row").filter({ hasText: MANAGER.name });
  await expect(managerRows.filter({ hasText: "صلاحية مستخدم" }).first()).toBeVisible();
  await expect(managerRows.filter({ hasText: "موظف" }).filter({ hasText: "إنشاء" }).first()).toBeVisible();
  await page.getByLabel("نوع العنصر").selectOption("user_permission");
  const overrideRow = page.getByRole("row").filter({ hasText: MANAGER.name }).filter({ hasText: "تعديل" }).first();
  await overrideRow.getByRole("button", { name: "عرض التغييرات" }).click();
  await expect(page.getByRole("heading", { name: "الحالة السابقة" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "الحالة الجديدة" })).toBeVisible();
  await expect(page.getByText(/"granted": false/).first()).toBeVisible();
  await expect(page.getByText(/"projects\.delete"/).first()).toBeVisible();
});

/**
 * Projects back office (SPEC §2.12, §2.13, §4.5, §6, §8.2; drafts: docs/decisions/017-drafts-and-preview.md): a
 * manager creates a project with two uploaded images and a custom guarantee, previews the draft, publishes it and sees
 * it on the public site, sets featured rank 2 and sees "مميز #٢" on the home
 * carousel, edits it, creates and publishes a progress update with a photo that appears on /all-updates, then deletes the project.
 * An employee (whose role lacks projects.delete) sees the delete button disabled with its tooltip.
 * The manager and the employee are created through POST /api/users as the e2e admin; names carry Date.now().
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signInFrom } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";
import { expectTooltip } from "./fixtures/tooltip.ts";

// The entrance animation of SPEC §1 is its own spec's subject (public.spec.ts); here it would only cover the page.
test.beforeEach(({ page }) => skipEntrance(page));

const PASSWORD = "e2e-staff-pass-جدة-2026";

async function createStaff(request: APIRequestContext, role: "manager" | "employee"): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const username = `e2e-${role}-${Date.now()}`;
  const created = await request.post("/api/users", {
    data: { username, name: role === "manager" ? "مدير الاختبار" : "موظف الاختبار", role, password: PASSWORD },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  return username;
}

/** Signs the staff member `username` (password PASSWORD) in on the way to `next`. */
const signIn = (page: Page, username: string, next: string) => signInFrom(page, next, { username, password: PASSWORD });

async function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** The admin card of a project: the grid item holding its title link. */
const card = (page: Page, name: string) =>
  page.locator("li").filter({ has: page.getByRole("link", { name, exact: true }) });

test("a manager creates, features, edits, reports progress on and deletes a project", async ({ page, request }) => {
  const stamp = Date.now();
  const name = `مشروع الاختبار ${arabicLabel(stamp.toString(36))}`;
  const username = await createStaff(request, "manager");
  await signIn(page, username, "/admin/projects");
  await page.goto("/admin/projects");

  // Create with two uploaded images and a custom guarantee.
  await page.getByRole("button", { name: "مشروع جديد" }).click();
  const dialog = page.getByRole("dialog", { name: "مشروع جديد" });
  await dialog.getByLabel("اسم المشروع").fill(name);
  await dialog.getByLabel("المدينة").fill("جدة");
  await dialog.getByLabel("السعر (ريال سعودي)").fill("1250000");
  await expect(dialog.getByText("هذا المشروع موجود مسبقًا")).toHaveCount(0);
  await dialog.getByLabel("صور المشروع: اختيار صور").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png(10 + (stamp % 100)) },
    { name: "side.png", mimeType: "image/png", buffer: await png(150 + (stamp % 100)) },
  ]);
  await expect(dialog.getByRole("button", { name: "إزالة الصورة ٢" })).toBeVisible();
  await dialog.getByLabel("ضمان إضافي").fill("  المصاعد  ");
  await dialog.getByRole("button", { name: "إضافة", exact: true }).click();
  await expect(dialog.getByLabel("مدة ضمان المصاعد (سنوات)")).toHaveValue("1");
  await dialog.getByRole("button", { name: "إنشاء المشروع" }).click();
  await expect(page.getByText("تم إنشاء المشروع بنجاح", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const link = page.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  const id = Number(href?.split("/").pop());
  expect(id).toBeGreaterThan(0);

  // A draft: visitors get 404; "معاينة" opens its preview link in a new tab.
  await expect(card(page, name).getByText("مسودة", { exact: true })).toBeVisible();
  expect((await request.get(`/api/projects/${id}`)).status()).toBe(404);
  const popup = page.waitForEvent("popup");
  await card(page, name)
    .getByRole("button", { name: `معاينة ${name}`, exact: true })
    .click();
  const preview = await popup;
  await expect(preview).toHaveURL(new RegExp(`/project/${id}\\?preview=`));
  // The token of the link opens the draft for whoever holds it (the public page passes it to the API).
  const token = new URL(preview.url()).searchParams.get("preview") ?? "";
  expect((await request.get(`/api/projects/${id}?preview=${encodeURIComponent(token)}`)).status()).toBe(200);
  await preview.close();
  await page.bringToFront();
  await page.reload();

  // Published from its card: the public site shows it.
  await card(page, name)
    .getByRole("button", { name: `نشر ${name}`, exact: true })
    .click();
  await expect(page.getByText("تم نشر المشروع، وأصبح ظاهراً للزوار", { exact: true })).toBeVisible();
  await expect(card(page, name).getByText("منشور", { exact: true })).toBeVisible();
  expect((await request.get(`/api/projects/${id}`)).status()).toBe(200);
  await page.goto(`/project/${id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  // Featured rank 2 → "مميز #٢" on the home carousel.
  await page.goto("/admin/projects");
  await card(page, name).getByRole("button", { name: "ترتيب التمييز" }).click();
  const rank = page.getByRole("dialog", { name: "تعيين ترتيب المشروع المميز" });
  await rank.getByLabel("الترتيب").fill("2");
  await rank.getByRole("button", { name: "حفظ", exact: true }).click();
  await expect(page.getByText("تم تعيين المشروع بترتيب #2", { exact: true })).toBeVisible();
  await page.goto("/");
  await expect(page.locator(`a[href="/project/${id}"]`).first()).toContainText("مميز #٢");

  // Edit.
  const edited = `${name} المعدل`;
  await page.goto("/admin/projects");
  await card(page, name).getByRole("button", { name: "تعديل" }).click();
  const editDialog = page.getByRole("dialog", { name: "تعديل المشروع" });
  await expect(editDialog.getByLabel("اسم المشروع")).toHaveValue(name);
  await editDialog.getByLabel("اسم المشروع").fill(edited);
  await editDialog.getByRole("button", { name: "حفظ التغييرات" }).click();
  await expect(page.getByText("تم تحديث المشروع بنجاح", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: edited, exact: true })).toBeVisible();

  // A progress update with a photo, shown on /all-updates.
  const title = `تحديث الاختبار ${arabicLabel(stamp.toString(36))}`;
  await page.goto("/admin/project-updates");
  await page.getByRole("button", { name: "تحديث جديد" }).click();
  const updateDialog = page.getByRole("dialog", { name: "تحديث جديد" });
  await updateDialog.getByLabel("المشروع").selectOption(String(id));
  await updateDialog.getByLabel("عنوان التحديث").fill(title);
  await updateDialog
    .getByLabel("الصور الداخلية: اختيار صور")
    .setInputFiles([{ name: "inside.png", mimeType: "image/png", buffer: await png(90 + (stamp % 100)) }]);
  await expect(updateDialog.getByRole("button", { name: "إزالة الصورة ١" })).toBeVisible();
  await updateDialog.getByRole("button", { name: "إنشاء التحديث" }).click();
  await expect(page.getByText("تم إنشاء التحديث بنجاح", { exact: true })).toBeVisible();
  const updateCard = page.locator("li").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(updateCard.getByText("مسودة", { exact: true })).toBeVisible();
  await updateCard.getByRole("button", { name: `نشر ${title}`, exact: true }).click();
  await expect(page.getByText("تم نشر التحديث، وأصبح ظاهراً للزوار", { exact: true })).toBeVisible();
  await expect(updateCard.getByText("منشور", { exact: true })).toBeVisible();
  await page.goto("/all-updates");
  await expect(page.getByText(title).first()).toBeVisible();

  // Delete with confirmation.
  await page.goto("/admin/projects");
  await card(page, edited).getByRole("button", { name: "حذف" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "حذف", exact: true }).click();
  await expect(page.getByText("تم حذف المشروع بنجاح", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: edited, exact: true })).toHaveCount(0);
  const gone = await request.get(`/api/projects/${id}`);
  expect(gone.status()).toBe(404);
});

test("an employee without projects.delete sees the delete button disabled with its tooltip", async ({
  page,
  request,
}) => {
  const username = await createStaff(request, "employee");
  await signIn(page, username, "/admin/projects");
  await page.goto("/admin/projects");
  await expect(page.getByRole("heading", { name: "إدارة المشاريع", level: 1 })).toBeVisible();
  const remove = page.getByRole("button", { name: "حذف", exact: true }).first();
  await expect(remove).toBeDisabled();
  await expectTooltip(page, remove, "لا تملك صلاحية حذف المشروع");
  // The employee may still create and edit (default grants).
  await expect(page.getByRole("button", { name: "مشروع جديد" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "ترتيب التمييز" })).toHaveCount(0);
});

/**
 * Units back office (SPEC §2.14, §8.5): staff pick a project, add a unit, mark it sold and see the
 * counters and the public project page change; then download the template, fill it with 20 rows and a bad one,
 * upload it and read the result. Each test creates (and publishes) its own uniquely named project through the API.
 */
import { readFile } from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signInFrom } from "./fixtures/staff.ts";

// The entrance animation of SPEC §1 is its own spec's subject (public.spec.ts); here it would only cover the page.
test.beforeEach(({ page }) => skipEntrance(page));

const arabic = (n: number) => new Intl.NumberFormat("ar-SA").format(n);

async function createProject(request: APIRequestContext, name: string): Promise<number> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const created = await request.post("/api/projects", {
    data: { name, city: "جدة", price: 900000 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  // A new project is a draft (docs/decisions/017-drafts-and-preview.md); these tests look at its public page.
  const published = await request.post(`/api/projects/${id}/publish`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(published.status()).toBe(200);
  return id;
}

test("staff add a unit, mark it sold, and the counters and the public page follow", async ({ page, request }) => {
  const name = `مشروع وحدات ${Date.now()}`;
  const projectId = await createProject(request, name);

  await signInFrom(page, "/admin/units");
  await page.goto("/admin/units");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/units\\?project=${projectId}$`));
  await expect(page.getByText("لا توجد وحدات في هذا المشروع بعد")).toBeVisible();

  await page.getByRole("link", { name: "إضافة وحدة" }).click();
  await expect(page.getByLabel("المشروع")).toHaveValue(String(projectId));
  await page.getByLabel("رقم الوحدة").fill("E2E-1");
  await page.getByLabel("المبنى").fill("A");
  await page.getByLabel("السعر (ريال)").fill("820000");
  await page.getByLabel("عدد الغرف").fill("3");
  await page.getByLabel("الدور").fill("2");
  await page.getByLabel("المساحة الخاصة (م²)").fill("130.25");
  await page.getByRole("checkbox", { name: "شمال", exact: true }).check();
  await page.getByRole("button", { name: "حفظ" }).click();

  await expect(page.getByText("تمت إضافة الوحدة بنجاح", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`project=${projectId}$`));
  await expect(page.getByTestId("units-total")).toHaveText(arabic(1));
  await expect(page.getByTestId("units-available")).toHaveText(arabic(1));
  await expect(page.getByTestId("units-sold")).toHaveText(arabic(0));
  await expect(page.getByRole("row", { name: /E2E-1/ })).toContainText("متاحة");

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole("img", { name: `نسبة المبيعات ${arabic(0)}٪` })).toBeVisible();

  await page.goto(`/admin/units?project=${projectId}`);
  await page.getByRole("link", { name: "تعديل الوحدة E2E-1" }).click();
  await expect(page.getByLabel("رقم الوحدة")).toHaveValue("E2E-1");
  await page.getByLabel("الحالة").selectOption("مباعة");
  await page.getByRole("button", { name: "حفظ" }).click();

  await expect(page.getByText("تم تحديث الوحدة بنجاح", { exact: true })).toBeVisible();
  await expect(page.getByTestId("units-sold")).toHaveText(arabic(1));
  await expect(page.getByTestId("units-available")).toHaveText(arabic(0));
  await expect(page.getByRole("row", { name: /E2E-1/ })).toContainText("مباعة");

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole("img", { name: `نسبة المبيعات ${arabic(100)}٪` })).toBeVisible();
  const units = page.locator("#units");
  await expect(units.getByText("وحدة رقم E2E-1")).toBeVisible();
  await expect(units.locator("article", { hasText: "وحدة رقم E2E-1" })).toContainText("مباعة");
});

test("staff download the template, upload it with 20 rows and a bad one, and read the result", async ({
  page,
  request,
}) => {
  const name = `مشروع رفع ${Date.now()}`;
  const projectId = await createProject(request, name);

  await signInFrom(page, `/admin/units/upload?project=${projectId}`);
  await page.goto(`/admin/units/upload?project=${projectId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "تحميل قالب Excel" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("units-template.xlsx");
  const templatePath = await download.path();
  const template = XLSX.read(await readFile(templatePath), { type: "buffer" });
  const sheetName = template.SheetNames[0];
  const [headers] = XLSX.utils.sheet_to_json<string[]>(template.Sheets[sheetName], { header: 1 });
  expect(headers).toContain("رقم الوحدة");

  // Fill the template: the example row is replaced by 20 good rows and one with 11 rooms.
  const column = (header: string) => headers.indexOf(header);
  const rows: unknown[][] = [headers];
  for (let i = 1; i <= 21; i++) {
    const row: unknown[] = headers.map(() => "");
    row[column("رقم الوحدة")] = `R-${i}`;
    row[column("المبنى")] = "B";
    row[column("السعر")] = 500000 + i;
    row[column("الحالة")] = i % 2 ? "متاحة" : "محجوزة";
    row[column("عدد الغرف")] = i === 21 ? 11 : 3;
    row[column("الدور")] = i % 10;
    row[column("الاتجاه")] = "شمال، شرق";
    rows.push(row);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  const filled: Buffer = XLSX.write(book, { type: "buffer", bookType: "xlsx" });

  await page.getByLabel("اختر الملف").setInputFiles({
    name: "units-filled.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: filled,
  });
  await page.getByRole("button", { name: "رفع الملف" }).click();

  await expect(page.getByRole("status").filter({ hasText: "تم استيراد" })).toHaveText(
    "تم استيراد ٢٠ وحدة وتخطي صف واحد",
  );
  await expect(page.getByTestId("import-inserted")).toHaveText(arabic(20));
  await expect(page.getByTestId("import-skipped")).toHaveText(arabic(1));
  const errors = page.getByRole("list", { name: "أخطاء الصفوف" }).getByRole("listitem");
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText("الصف ٢٢");
  await expect(errors.first()).toContainText("خطأ في البيانات");
  await expect(errors.first()).toContainText("عدد الغرف");
  await expect(page.getByRole("list", { name: "الأعمدة المقروءة من الملف" })).toContainText("رقم الوحدة");

  await page.getByRole("link", { name: "العودة إلى الوحدات" }).click();
  await expect(page.getByTestId("units-total")).toHaveText(arabic(20));
});

/**
 * Staff accounts (docs/decisions/020-staff-sign-in-hardening.md): a staff member turns on two-factor sign-in from their
 * account page (QR code, key, first code, recovery codes shown once and downloaded as a .txt file), signs out, and signs in again with the
 * password and then a code from the authenticator; a wrong code is refused with its Arabic message. Then they
 * change their password from the same page and sign in with the new one.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const stamp = Date.now().toString(36);
const STAFF = { username: `tfa-${stamp}`, name: `موظف التحقق ${arabicLabel(stamp)}`, password: "two-factor-جدة-2026" };
const NEW_PASSWORD = "corniche-tower-جدة-2027";

async function passwordStep(page: Page, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("اسم المستخدم").fill(STAFF.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
}

test("two-factor sign-in: enrol on the account page, then sign in with the password and a code", async ({
  page,
  request,
}) => {
  const admin = await (
    await request.post("/api/auth/login", { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })
  ).json();
  const created = await request.post("/api/users", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username: STAFF.username, name: STAFF.name, role: "manager", password: STAFF.password },
  });
  expect(created.status()).toBe(201);

  // 1. Sign in with the password only, open the account page from the top bar.
  await passwordStep(page, STAFF.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: `حسابي: ${STAFF.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "حسابي" })).toBeVisible();

  // 2. Enrol: the QR code and the key appear; a wrong code is refused, the right one turns 2FA on.
  await page.getByRole("button", { name: "تفعيل التحقق بخطوتين" }).click();
  await expect(page.getByRole("img", { name: "رمز QR لإضافة الحساب إلى تطبيق المصادقة" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel("رمز التحقق").fill("000000");
  await page.getByRole("button", { name: "تأكيد التفعيل" }).click();
  await expect(page.getByText("رمز التحقق غير صحيح")).toBeVisible();
  await page.getByLabel("رمز التحقق").fill(await generate({ secret }));
  await page.getByRole("button", { name: "تأكيد التفعيل" }).click();
  await expect(page.getByRole("heading", { name: "رموز الاسترداد" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  // The codes can be kept as a text file: one code per line.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "تنزيل ملف نصي" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`رموز-الاسترداد-${STAFF.username}.txt`);
  const firstCode = (await page.getByTestId("recovery-codes").getByRole("listitem").first().textContent())?.trim();
  expect((await readFile(await download.path(), "utf8")).split("\n")).toContain(firstCode);
  await page.getByRole("button", { name: "حفظت الرموز" }).click();
  await expect(page.getByText("مفعل", { exact: true })).toBeVisible();

  // 3. Sign out; signing in now asks for a code after the password.
  await page.getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await passwordStep(page, STAFF.password);
  await expect(page.getByRole("heading", { name: "التحقق بخطوتين" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("رمز التحقق").fill("123456");
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(page.getByText("رمز التحقق غير صحيح")).toBeVisible();
  // The enrolment code's time step is spent: the authenticator's next code (within the ±30 s tolerance) signs in.
  await page.getByLabel("رمز التحقق").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // 4. Change the password from the account page; a common password is refused, a strong one saved.
  await page.goto("/admin/account");
  await page.getByLabel("كلمة المرور الحالية").fill(STAFF.password);
  await page.getByLabel("كلمة المرور الجديدة").fill("qwerty123456");
  await page.getByRole("button", { name: "حفظ كلمة المرور" }).click();
  await expect(page.getByText("كلمة المرور شائعة أو مسربة وسهلة التخمين، اختر كلمة مرور أخرى")).toBeVisible();
  await page.getByLabel("كلمة المرور الجديدة").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "حفظ كلمة المرور" }).click();
  await expect(page.getByText("تم تغيير كلمة المرور بنجاح").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "الجلسات النشطة" }).getByText("هذا الجهاز")).toBeVisible();
});

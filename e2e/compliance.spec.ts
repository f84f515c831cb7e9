/**
 * Advertising compliance (docs/compliance.md): a manager enters, in the project form, an advertising licence whose
 * last day is tomorrow → «الامتثال والتراخيص» shows the project «ينتهي قريبًا» and the alert arrives in the bell →
 * the server's clock moves two days → the project page and its Snapchat campaign page answer the Arabic 410 page and
 * the project is gone from the home page → a renewed licence brings them back. Screenshots: the project page's licence
 * block with its QR at 360 px, the compliance screen at 390 and 1280 px (e2e-output/compliance/).
 * The project, its landing page and the manager are created through the API as the e2e admin; names carry Date.now().
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { moveClock } from "./fixtures/clock.ts";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { pickDay } from "./fixtures/date-field.ts";
import { skipEntrance } from "./fixtures/entrance.ts";
import { signInFrom } from "./fixtures/staff.ts";
import { arabicLabel } from "./fixtures/stamp.ts";

test.beforeEach(({ page }) => skipEntrance(page));

const PASSWORD = "e2e-staff-pass-جدة-2026";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Asia/Riyadh day (YYYY-MM-DD) of an instant. */
const riyadhDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Riyadh",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

/** A published ready project with a licence valid for a year, its landing page published: ids and the Snapchat link. */
async function seedProject(request: APIRequestContext, token: string, name: string, today: string) {
  const headers = { authorization: `Bearer ${token}` };
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const created = await request.post("/api/projects", {
    headers,
    data: {
      name,
      city: "جدة",
      district: "أبحر الشمالية",
      price: 1_200_000,
      areaType: "single",
      areaSize: "200",
      roomsType: "single",
      rooms: 4,
      bathrooms: 3,
      advertisingLicenseNumber: "7200999001",
      advertisingLicenseExpiresOn: nextYear,
      advertisingLicenseUrl: "https://example.com/rega/licence/7200999001",
      titleDeedNumber: "320211009999",
      plotNumber: "1250",
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  expect((await request.post(`/api/projects/${id}/publish`, { headers })).status()).toBe(200);
  const slug = `licence-${Date.now().toString(36)}`;
  // A demo project's first photo as the poster.
  const demo = (await (await request.get("/api/projects")).json()) as { images: string[] }[];
  const poster = demo.find((p) => p.images.length)?.images[0];
  const page = await request.post(`/api/landing-pages/${id}`, { headers, data: { poster, slug } });
  expect(page.status()).toBe(201);
  expect((await request.post(`/api/landing-pages/${(await page.json()).id}/publish`, { headers })).status()).toBe(200);
  return { id, snapchat: `/campaign/snapchat/${slug}` };
}

async function createManager(request: APIRequestContext, token: string): Promise<string> {
  const username = `e2e-licence-${Date.now()}`;
  const created = await request.post("/api/users", {
    data: { username, name: "مدير التراخيص", role: "manager", password: PASSWORD },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  return username;
}

/** Signs the staff member `username` (password PASSWORD) in on the way to `next`. */
const signIn = (page: Page, username: string, next: string) => signInFrom(page, next, { username, password: PASSWORD });

/** Sets the project's advertising licence expiry in the admin project form. */
async function enterExpiry(page: Page, name: string, day: string) {
  await page.goto("/admin/projects");
  const card = page.locator("li").filter({ has: page.getByRole("link", { name, exact: true }) });
  await card.getByRole("button", { name: "تعديل" }).click();
  const dialog = page.getByRole("dialog", { name: "تعديل المشروع" });
  await pickDay(page, dialog.getByLabel("تاريخ انتهاء ترخيص الإعلان"), day);
  await dialog.getByRole("button", { name: "حفظ التغييرات" }).click();
  await expect(dialog).toBeHidden();
}

test("a licence expiring tomorrow is flagged, alerted, takes the pages offline the day after, and a renewal brings them back", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const serverNow = await moveClock(request, 0);
  const today = riyadhDay(serverNow);
  const tomorrow = riyadhDay(new Date(serverNow.getTime() + DAY_MS));
  const name = `مشروع الترخيص ${arabicLabel(Date.now().toString(36))}`;
  const project = await seedProject(request, token, name, today);

  // The licence block at 360 px: number in Latin digits, expiry with the Hijri date, the QR, the advertiser.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/project/${project.id}`);
  const block = page.locator('[data-widget="licence"]');
  await expect(block).toContainText("7200999001");
  await expect(block.getByRole("img", { name: "رمز QR للتحقق من الترخيص" })).toBeVisible();
  await expect(block).toContainText("المعلن:");
  await block.scrollIntoViewIfNeeded();
  await block.screenshot({ path: "e2e-output/compliance/licence-block-360.png" });

  // The manager enters a last day of tomorrow.
  await page.setViewportSize({ width: 1280, height: 900 });
  const username = await createManager(request, token);
  await signIn(page, username, "/admin/projects");
  await enterExpiry(page, name, tomorrow);

  await page.goto("/admin/compliance");
  const projectRow = () =>
    page.locator('[data-testid="compliance-row"][data-entity="project"]').filter({ hasText: name });
  const row = projectRow();
  await expect(row).toContainText("ينتهي قريبًا");
  await page.screenshot({ path: "e2e-output/compliance/compliance-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: "e2e-output/compliance/compliance-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The alert: the next pass of the licence-alerts queue (moving the clock a minute runs what is due).
  await moveClock(request, 60_000);
  await page.goto("/admin");
  await page.getByRole("button", { name: /الإشعارات/ }).click();
  await expect(page.getByText(new RegExp(`ترخيص إعلان مشروع «${name}»`))).toBeVisible();

  // Two days later the licence has lapsed: the Arabic 410 page, and gone from the home page.
  await moveClock(request, 2 * DAY_MS);
  for (const path of [`/project/${project.id}`, project.snapchat]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "انتهت صلاحية ترخيص الإعلان لهذا المشروع" })).toBeVisible();
    await expect(page.getByRole("link", { name: "العودة إلى الصفحة الرئيسية" })).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "مشاريعنا" })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await page.goto("/admin/compliance");
  await expect(projectRow()).toContainText("منتهٍ");

  // A renewed licence brings them back.
  const renewed = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  await enterExpiry(page, name, renewed);
  for (const path of [`/project/${project.id}`, project.snapchat]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
  }
  await expect(page.locator('[data-widget="licence"]')).toContainText("7200999001");
  await page.goto("/");
  await expect(page.getByText(name).first()).toBeAttached();
});

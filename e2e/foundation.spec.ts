/**
 * The two journeys of the foundation (docs/product.md §2.6, §4.6): a visitor goes home → project → sends an enquiry and sees the
 * success text of SPEC §8.4 (the home page's HTML already names the seeded projects before any script runs);
 * a staff member signs in and the dashboard counts the contact messages, that enquiry included.
 */
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";

// The entrance animation of SPEC §1 is its own spec's subject (public.spec.ts); here it would only cover the page.
test.beforeEach(({ page }) => skipEntrance(page));

const PROJECT_SUCCESS = "تم إرسال الرسالة بنجاح! سنقوم بالرد عليك في أقرب وقت ممكن.";

test("the home page HTML, fetched without JavaScript, already contains the seeded projects", async ({ request }) => {
  const projects: { name: string }[] = await (await request.get("/api/projects")).json();
  expect(projects.length).toBeGreaterThanOrEqual(6);
  const html = await (await request.get("/")).text();
  expect(html).toContain('lang="ar"');
  expect(html).toContain('dir="rtl"');
  for (const project of projects.slice(0, 3)) expect(html).toContain(project.name);
});

test("public pages are CDN-cacheable with an ETag (304 when unchanged); admin screens are never stored", async ({
  request,
}) => {
  const first = await request.get("/");
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  const etag = first.headers().etag;
  expect(etag).toMatch(/^W\/"/);
  const again = await request.get("/", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
  const draft = await request.get("/?preview=x");
  expect(draft.headers()["cache-control"]).toBe("private, no-store");
  const admin = await request.get("/admin/login");
  expect(admin.headers()["cache-control"]).toBe("private, no-store");
});

test("a public page is answered from memory, each copy with its own nonce, until staff change the content", async ({
  request,
}) => {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const [listed] = (await (await request.get("/api/projects?limit=1")).json()) as { id: number }[];
  const url = `/project/${listed.id}`;
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";

  await request.get(url);
  const cached = await request.get(url);
  expect(cached.headers()["x-page-cache"]).toBe("hit");
  const again = await request.get(url);
  expect(again.headers()["x-page-cache"]).toBe("hit");
  expect(again.headers().etag).toBe(cached.headers().etag);
  // Each answer's scripts carry the nonce of its own Content-Security-Policy.
  const [first, second] = [
    nonceOf(cached.headers()["content-security-policy"]),
    nonceOf(again.headers()["content-security-policy"]),
  ];
  expect(first).not.toBe(second);
  expect(await cached.text()).toContain(`nonce="${first}"`);
  expect(await again.text()).toContain(`nonce="${second}"`);
  expect(await again.text()).not.toContain(`nonce="${first}"`);

  // Staff rename the project: the next request renders again and shows the new name.
  const project = await (await request.get(`/api/projects/${listed.id}`, { headers: auth })).json();
  const renamed = `${project.name} – محدّث`;
  const saved = await request.put(`/api/projects/${listed.id}`, { data: { ...project, name: renamed }, headers: auth });
  expect(saved.status()).toBe(200);
  const after = await request.get(url);
  expect(after.headers()["x-page-cache"]).toBe("miss");
  expect(await after.text()).toContain(renamed);
  const restored = await request.put(`/api/projects/${listed.id}`, { data: project, headers: auth });
  expect(restored.status()).toBe(200);
});

test("a visitor opens a project from the home page and sends an enquiry", async ({ page, request }) => {
  const projects: { id: number; name: string }[] = await (await request.get("/api/projects")).json();
  const first = projects[0];
  await page.goto("/");
  await page.locator(`a[href="/project/${first.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/project/${first.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();

  const form = page
    .locator("form")
    .filter({ has: page.getByLabel("الرسالة") })
    .last();
  const visitor = `زائر ${Date.now()}`;
  await form.getByLabel("الاسم").fill(visitor);
  await form.getByLabel("رقم الجوال").fill("0551234567");
  await form.getByLabel("الرسالة").fill("أرغب في معرفة الوحدات المتاحة والأسعار");
  await form.getByRole("button", { name: "إرسال" }).click();
  await expect(page.getByText(PROJECT_SUCCESS)).toBeVisible();

  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const token = (await login.json()).token as string;
  const messages: { name: string; projectId: number | null }[] = await (
    await request.get("/api/contact/messages", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(messages.find((m) => m.name === visitor)).toMatchObject({ projectId: first.id });
});

test("staff sign in and the dashboard counts the contact messages", async ({ page, request }) => {
  await request.post("/api/contact", {
    data: { name: "عميل لوحة التحكم", email: "dash@example.com", phone: "0559876543", message: "طلب معاينة" },
  });
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const token = (await login.json()).token as string;
  const messages: unknown[] = await (
    await request.get("/api/contact/messages", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const expected = new Intl.NumberFormat("ar-SA").format(messages.length);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("اسم المستخدم").fill(E2E_ADMIN.username);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(page.getByText("تم تسجيل الدخول بنجاح", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  const card = page.locator("div", { has: page.getByRole("heading", { name: "رسائل التواصل", level: 2 }) }).last();
  await expect(card.getByText(expected, { exact: true })).toBeVisible();
});

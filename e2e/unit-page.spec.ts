/**
 * A page for every unit (docs/decisions/077-public-availability-and-unit-pages.md): a visitor on a 360 px phone reads
 * the unit's number, floor, areas, price and state; its JSON-LD offers the Apartment in SAR; a hold shows it محجوزة
 * (never who holds it); a sold unit says مباعة without a price and leaves the sitemap; the project page shows the
 * availability grid with colour and words; an enquiry sent from the unit page reaches the lead desk with the unit; a
 * unit whose own advertising licence has lapsed answers the Arabic 410 page and leaves the sitemap and the grid
 * (docs/compliance.md).
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { skipEntrance } from "./fixtures/entrance.ts";

test.beforeEach(({ page }) => skipEntrance(page));

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

test("a unit page shows the unit, its state and offer; sold leaves the sitemap; the enquiry carries the unit", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  // Arabic-Indic digits: the public pages' numeral rule (e2e/numerals.spec.ts) reads every project name shown.
  const name = `برج الوحدات ${new Intl.NumberFormat("ar-SA", { useGrouping: false }).format(Date.now())}`;
  const created = await request.post("/api/projects", { data: { name, city: "جدة", price: 900000 }, headers });
  const projectId = (await created.json()).id as number;
  expect((await request.post(`/api/projects/${projectId}/publish`, { headers })).status()).toBe(200);
  const unit = async (unitNumber: string, fields: Record<string, unknown>) => {
    const res = await request.post("/api/units", {
      data: { projectId, unitNumber, building: "A", rooms: 3, totalArea: "145.5", direction: ["شمال"], ...fields },
      headers,
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as number;
  };
  const free = await unit("0304", { floor: 3, price: 850000 });
  const held = await unit("0305", { floor: 3, price: 860000 });
  const sold = await unit("0101", { floor: 1, price: 700000, status: "مباعة" });
  const lapsed = await unit("0102", {
    floor: 1,
    price: 710000,
    advertisingLicenseNumber: "7300000009",
    advertisingLicenseExpiresOn: "2020-01-01",
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/project/${projectId}/unit/${free}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("الوحدة 0304");
  await expect(page.getByTestId("unit-price")).toContainText("٨٥٠٬٠٠٠");
  await expect(page.getByText("الدور ٣").first()).toBeVisible();
  await expect(page.locator("[data-unit-status]")).toHaveText("متاحة");
  const share = page.getByRole("link", { name: "مشاركة الوحدة عبر واتساب" });
  expect(decodeURIComponent((await share.getAttribute("href")) ?? "")).toContain("شاهد الوحدة 0304");
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const listing = ld.map((text) => JSON.parse(text)).find((item) => item["@type"] === "RealEstateListing");
  expect(listing).toMatchObject({
    about: { "@type": "Apartment", numberOfRooms: 3 },
    offers: { "@type": "Offer", price: 850000, priceCurrency: "SAR", availability: "https://schema.org/InStock" },
  });
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /الوحدة 0304/);
  await page.screenshot({ path: test.info().outputPath("unit-360.png"), fullPage: true });

  // An enquiry from the unit page: the lead desk shows the unit it is about.
  const contact = page.locator('form[data-island="contact-form"]');
  await contact.getByRole("textbox", { name: /الاسم/ }).fill("زائرة الوحدة");
  // A phone of its own: an enquiry from a known phone joins that person's lead (the desk's person rule).
  await contact.getByRole("textbox", { name: /رقم الجوال/ }).fill(`05${String(Date.now()).slice(-8)}`);
  await contact.getByRole("textbox", { name: /الرسالة/ }).fill("أرغب في هذه الوحدة");
  await contact.getByRole("button", { name: "إرسال" }).click();
  await expect(contact.getByText("تم إرسال الرسالة بنجاح").first()).toBeVisible();
  const leads = await (await request.get("/api/leads?search=زائرة الوحدة", { headers })).json();
  const detail = await (await request.get(`/api/leads/${leads.items[0].id}`, { headers })).json();
  expect(detail.lead.unitOfInterest).toEqual({ id: free, unitNumber: "0304" });

  // Held: visitors read محجوزة, never who holds it.
  expect((await request.post(`/api/units/${held}/holds`, { data: {}, headers })).status()).toBe(201);
  await page.goto(`/project/${projectId}/unit/${held}`);
  await expect(page.locator("[data-unit-status]")).toHaveText("محجوزة");

  // Sold: مباعة without a price, out of the sitemap.
  await page.goto(`/project/${projectId}/unit/${sold}`);
  await expect(page.getByTestId("unit-price")).toContainText("مباعة");
  await expect(page.getByText("٧٠٠٬٠٠٠")).toHaveCount(0);
  await expect(page.locator('form[data-island="contact-form"]')).toHaveCount(0);

  // Its own licence has lapsed: the Arabic 410 page for visitors.
  const gone = await page.goto(`/project/${projectId}/unit/${lapsed}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("انتهت صلاحية ترخيص الإعلان لهذا المشروع");

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/project/${projectId}/unit/${free}<`);
  expect(sitemap).not.toContain(`/project/${projectId}/unit/${sold}<`);
  expect(sitemap).not.toContain(`/project/${projectId}/unit/${lapsed}<`);

  // The project page: a summary per building and the first building's grid, each cell's state in words.
  await page.goto(`/project/${projectId}`);
  const availability = page.getByTestId("availability");
  await expect(availability.getByRole("link", { name: /0304/ })).toContainText("متاحة");
  await expect(availability.getByRole("link", { name: /0305/ })).toContainText("محجوزة");
  await expect(availability.getByRole("link", { name: /0102/ })).toHaveCount(0);
  await availability.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("project-availability-360.png") });
});

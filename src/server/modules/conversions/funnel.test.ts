/**
 * Funnel and cost per campaign (funnel.ts): a known set of leads moved through the lead desk's stages, page visits
 * on known days, spend typed in and imported from a platform's CSV export; every number of the report is checked,
 * the date range cuts at Jeddah midnight, and the XLSX export carries the same figures.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, units } from "../../db/schema.ts";
import { campaignDailyVisits } from "../../db/tables/conversions.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { parseSpendCsv } from "./funnel.ts";

let t: TestApp;
let manager: TestUser;
let now = new Date("2026-11-10T09:00:00Z");
let pageId: number;
let snapId: number;
let tiktokId: number;
let reefId: number;
const unitIds: number[] = [];
let phone = 0;

async function lead(campaignId: number, at: Date) {
  now = at;
  phone += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: "عميل",
      email: `c${phone}@example.com`,
      phone: `0551${String(100000 + phone)}`,
      landingPageId: pageId,
      campaignId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function move(id: number, stage: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/leads/${id}/stage`,
    payload: { stage, ...extra },
    headers: t.bearer(manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const report = async (from: string, to: string) => {
  const res = await t.app.inject({
    url: `/api/conversions/funnel?from=${from}&to=${to}`,
    headers: t.bearer(manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({
    env: { WEBHOOK_WORKER_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" },
    clock: () => now,
  });
  manager = await t.signIn("manager");
  await t.db.insert(projects).values({ name: "مشروع الندى", city: "جدة" });
  const [project] = await t.db.insert(projects).values({ name: "مشروع الريف", city: "جدة" }).returning();
  reefId = project.id;
  for (const n of ["1", "2", "3"]) {
    const [u] = await t.db.insert(units).values({ projectId: project.id, unitNumber: n, price: 800000 }).returning();
    unitIds.push(u.id);
  }
  const created = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${project.id}`,
    payload: { slug: "reef", poster: "/media/images/cccccccccccccccc.webp" },
    headers: t.bearer(manager.token),
  });
  pageId = created.json().id;
  const campaigns: { id: number; platformName: string }[] = created.json().campaigns;
  snapId = campaigns.find((c) => c.platformName === "snapchat")?.id ?? 0;
  tiktokId = campaigns.find((c) => c.platformName === "tiktok")?.id ?? 0;

  // Visits: 40 on Nov 10 and 60 on Nov 11 for Snapchat, 10 on Nov 12 (outside the range used below).
  await t.db.insert(campaignDailyVisits).values([
    { campaignId: snapId, day: "2026-11-10", visits: 40 },
    { campaignId: snapId, day: "2026-11-11", visits: 60 },
    { campaignId: snapId, day: "2026-11-12", visits: 10 },
    { campaignId: tiktokId, day: "2026-11-10", visits: 25 },
  ]);
  // Ten Snapchat enquiries on Nov 10–11 (Jeddah days), one at 23:30 Jeddah on Nov 11, one just after midnight.
  const ids: number[] = [];
  for (let i = 0; i < 9; i += 1) ids.push(await lead(snapId, new Date(`2026-11-10T0${i}:00:00Z`)));
  ids.push(await lead(snapId, new Date("2026-11-11T20:30:00Z"))); // 23:30 on Nov 11 in Jeddah
  await lead(snapId, new Date("2026-11-11T21:30:00Z")); // 00:30 on Nov 12 in Jeddah: outside
  await lead(tiktokId, new Date("2026-11-10T10:00:00Z"));
  now = new Date("2026-11-13T09:00:00Z");
  // 6 contacted, of which 4 qualified, of which 3 had a visit, of which 2 reserved, of which 1 sold.
  for (const id of ids.slice(0, 6)) await move(id, "contacted");
  for (const id of ids.slice(0, 4)) await move(id, "qualified");
  for (const id of ids.slice(0, 3)) await move(id, "visit");
  await move(ids[0], "reserved", { unitId: unitIds[0] });
  await move(ids[1], "reserved", { unitId: unitIds[1] });
  await move(ids[0], "sold");
  // A lead lost after its visit still counts as contacted, qualified and visit.
  await move(ids[2], "lost", { lostReason: "السعر" });
});

afterAll(async () => t.close());

describe("funnel", () => {
  it("counts every step of the range from the lead desk's stages, with rates", async () => {
    const { campaigns } = await report("2026-11-10", "2026-11-11");
    const snap = campaigns.find((c: { campaignId: number }) => c.campaignId === snapId);
    expect(snap.counts).toEqual({
      visits: 100,
      enquiries: 10,
      contacted: 6,
      qualified: 4,
      visit: 3,
      reserved: 2,
      sold: 1,
    });
    expect(snap.rates).toEqual({
      enquiries: 0.1,
      contacted: 0.6,
      qualified: 0.67,
      visit: 0.75,
      reserved: 0.67,
      sold: 0.5,
    });
    expect(snap).toMatchObject({ spend: null, costPerEnquiry: null, costPerReservation: null });
    // The campaign's project, so the back office can link a campaign row to its project's campaigns tab.
    expect(snap).toMatchObject({
      projectId: reefId,
      projectName: "مشروع الريف",
      urlSlug: expect.stringContaining("reef"),
    });
    const tiktok = campaigns.find((c: { campaignId: number }) => c.campaignId === tiktokId);
    expect(tiktok.counts).toMatchObject({ visits: 25, enquiries: 1, contacted: 0 });
    expect(tiktok.rates.contacted).toBe(0);
    expect(tiktok.rates.qualified).toBeNull();
  });

  it("costs from spend typed in and imported from a CSV export", async () => {
    const typed = await t.app.inject({
      method: "PUT",
      url: "/api/conversions/spend",
      payload: { campaignId: snapId, entries: [{ day: "2026-11-10", amount: 600.5 }] },
      headers: t.bearer(manager.token),
    });
    expect(typed.json()).toEqual({ days: 1, total: 600.5 });
    // Snapchat's export: "Start time" and "Spend"; the total row and a row outside the range are ignored.
    const csv = [
      "Campaign Name,Start time,Spend,Impressions",
      "Reef,2026-11-11,399.50,1000",
      "Reef,2026-11-12,1000,500",
      "Total,,1399.50,1500",
    ].join("\n");
    const imported = await t.app.inject({
      method: "POST",
      url: `/api/conversions/spend/import?campaignId=${snapId}`,
      payload: { csv },
      headers: t.bearer(manager.token),
    });
    expect(imported.json()).toEqual({ days: 2, total: 1399.5 });
    const { campaigns } = await report("2026-11-10", "2026-11-11");
    const snap = campaigns.find((c: { campaignId: number }) => c.campaignId === snapId);
    expect(snap).toMatchObject({ spend: 1000, costPerEnquiry: 100, costPerVisit: 333.33, costPerReservation: 500 });

    const bad = await t.app.inject({
      method: "POST",
      url: `/api/conversions/spend/import?campaignId=${snapId}`,
      payload: { csv: "a,b\n1,2" },
      headers: t.bearer(manager.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["csv"]);

    const xlsx = await t.app.inject({
      url: "/api/conversions/funnel/export?from=2026-11-10&to=2026-11-11",
      headers: t.bearer(manager.token),
    });
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.الحملات);
    expect(rows.find((r) => r.المنصة === "snapchat")).toMatchObject({ الزيارات: 100, حجز: 2, "تكلفة الحجز": 500 });
  });

  it("reads the platforms' export columns", () => {
    expect(parseSpendCsv("Day,Campaign name,Amount spent (SAR)\n2026-11-10,x,12.5\n2026-11-10,y,7.5")).toEqual([
      { day: "2026-11-10", amount: 20 },
    ]);
    expect(parseSpendCsv('Date,Cost\n"2026/11/09","1,200.00"')).toEqual([{ day: "2026-11-09", amount: 1200 }]);
    expect(parseSpendCsv("Time period,Spend\n11/08/2026,5")).toEqual([{ day: "2026-11-08", amount: 5 }]);
    expect(parseSpendCsv("التاريخ,الإنفاق\n2026-11-07,9")).toEqual([{ day: "2026-11-07", amount: 9 }]);
  });

  it("names the expected columns when a spend file has none of them", () => {
    let fields: Record<string, string> | undefined;
    try {
      parseSpendCsv("Campaign,Clicks\nx,3");
    } catch (error) {
      fields = (error as { fields?: Record<string, string> }).fields;
    }
    for (const column of ["«التاريخ»", "«اليوم»", "«التكلفة»", "«الإنفاق»", "«المبلغ الذي تم إنفاقه»"]) {
      expect(fields?.csv).toContain(column);
    }
  });

  it("refuses a range that ends before it starts, naming the field", async () => {
    const res = await t.app.inject({
      url: "/api/conversions/funnel?from=2026-11-12&to=2026-11-10",
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(["to"]);
  });
});

/**
 * A unit whose own advertising licence has lapsed leaves every read visitors make of units (docs/compliance.md;
 * docs/decisions/121-an-unlicensed-unit-leaves-every-public-read.md): the project's unit list (SPEC's
 * GET /api/projects/{id}/units, which the project page's units section and its filters read), the public inventory
 * (the availability grid and the sitemap's unit pages, src/web/public/routes/sitemap.ts) and the unit's page read (the
 * page answers 410). It is advertised through the whole of its licence's last day in Asia/Riyadh and is gone from the
 * first minute of the next; staff still read it, with the reason. Each visitor answer carries the content-expiry
 * header at the end of that last day.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_EXPIRES_HEADER, LICENCE_OFFLINE_HEADER, nextDay, riyadhDay, riyadhDayStart } from "#domain/licence.ts";
import { projects, units } from "../../db/schema.ts";
import { loadComplianceRules } from "../../lib/compliance-rules.ts";
import type { TestUser } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

/** 10:00 in Jeddah. */
const START = new Date("2026-12-01T07:00:00.000Z");
const TODAY = riyadhDay(START);
/** The licence's last day ends at midnight in Jeddah: 2026-12-01T21:00:00Z. */
const END_OF_LAST_DAY = riyadhDayStart(nextDay(TODAY)).toISOString();
let now = START;

const t = setUpTestApp({
  env: { JOBS_INTERVAL_MS: "0" },
  clock: () => now,
  // Missing licences are enforced at once: the project's own licence is what keeps its other units online.
  compliance: { ...loadComplianceRules(), enforceFrom: null },
});
const manager = signedIn(t, "manager");
let projectId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const [project] = await t.db
    .insert(projects)
    .values({
      name: "برج الوحدات المرخصة",
      city: "جدة",
      publishedAt: START,
      saleMode: "ready",
      advertisingLicenseNumber: "7200145863",
      advertisingLicenseExpiresOn: riyadhDay(new Date(START.getTime() + 365 * 86_400_000)),
    })
    .returning({ id: projects.id });
  projectId = project.id;
  const rows = await t.db
    .insert(units)
    .values([
      // Its own licence's last day is today.
      {
        projectId,
        building: "A",
        unitNumber: "0101",
        floor: 1,
        price: 700_000,
        advertisingLicenseNumber: "7300000001",
        advertisingLicenseExpiresOn: TODAY,
      },
      // Advertised under the project's licence.
      { projectId, building: "A", unitNumber: "0102", floor: 1, price: 710_000 },
    ])
    .returning({ id: units.id, unitNumber: units.unitNumber });
  for (const row of rows) ids[row.unitNumber] = row.id;
}, 120_000);

const read = (url: string, user: TestUser | null = null) =>
  t.app.inject({ method: "GET", url, headers: user ? t.bearer(user.token) : {} });

/** The unit numbers of GET /api/projects/{id}/units, and its content-expiry header. */
async function unitList(user: TestUser | null = null) {
  const res = await read(`/api/projects/${projectId}/units`, user);
  expect(res.statusCode).toBe(200);
  return {
    units: (res.json() as { unitNumber: string }[]).map((u) => u.unitNumber),
    expires: res.headers[CONTENT_EXPIRES_HEADER],
  };
}

/** The unit numbers of GET /api/projects/{id}/inventory. */
async function inventory(user: TestUser | null = null) {
  const res = await read(`/api/projects/${projectId}/inventory`, user);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { buildings: { floors: { units: { unitNumber: string }[] }[] }[] };
  return body.buildings.flatMap((b) => b.floors.flatMap((f) => f.units.map((u) => u.unitNumber)));
}

describe("a unit whose own licence ends today", () => {
  it("is in every visitor's read of units through the last minute of the day in Asia/Riyadh", async () => {
    // 23:59 in Jeddah.
    for (const at of [START, new Date(Date.parse(END_OF_LAST_DAY) - 60_000)]) {
      now = at;
      expect(await unitList()).toEqual({ units: ["0101", "0102"], expires: END_OF_LAST_DAY });
      expect(await inventory()).toEqual(["0101", "0102"]);
      const page = await read(`/api/projects/${projectId}/units/${ids["0101"]}/public`);
      expect(page.statusCode).toBe(200);
      expect(page.headers[CONTENT_EXPIRES_HEADER]).toBe(END_OF_LAST_DAY);
    }
  });

  it("is gone from every visitor's read from midnight, the project's other unit staying", async () => {
    now = new Date(END_OF_LAST_DAY);
    const list = await unitList();
    expect(list.units).toEqual(["0102"]);
    // What is still listed changes by itself only when the project's licence ends.
    expect(list.expires).not.toBe(END_OF_LAST_DAY);
    expect(await inventory()).toEqual(["0102"]);
    const page = await read(`/api/projects/${projectId}/units/${ids["0101"]}/public`);
    expect(page.statusCode).toBe(404);
    expect(page.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
  });

  it("is still read by staff after midnight, with the reason it is offline", async () => {
    now = new Date(END_OF_LAST_DAY);
    expect((await unitList(manager)).units).toEqual(["0101", "0102"]);
    expect(await inventory(manager)).toEqual(["0101", "0102"]);
    const page = await read(`/api/projects/${projectId}/units/${ids["0101"]}/public`, manager);
    expect(page.statusCode).toBe(200);
    expect(page.json().licence).toMatchObject({
      source: "unit",
      state: "expired",
      advertisable: false,
      reason: "expired",
    });
    const all = await read("/api/units", manager);
    expect((all.json() as { id: number }[]).map((u) => u.id)).toContain(ids["0101"]);
    const compliance = await read("/api/compliance", manager);
    expect(compliance.statusCode).toBe(200);
    const row = (
      compliance.json() as { rows: { entityType: string; id: number; offline: string[]; licence: object }[] }
    ).rows.find((r) => r.entityType === "unit" && r.id === ids["0101"]);
    expect(row?.licence).toMatchObject({ state: "expired", field: "advertisingLicenseExpiresOn" });
    expect(row?.offline).toEqual(["صفحة الوحدة", "قائمة وحدات المشروع وجدول التوفر وخريطة الموقع"]);
  });
});

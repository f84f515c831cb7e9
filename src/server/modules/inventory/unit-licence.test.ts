/**
 * A unit's licence on what visitors read (docs/compliance.md; docs/decisions/077-public-availability-and-unit-pages.md):
 * a unit is advertised under its own licence, else the project's; the moment that licence's last day ends in
 * Asia/Riyadh (or a missing one is enforced) the unit's page read answers 404 with the licence-offline header (the
 * page answers 410) and the unit leaves the public inventory (the project page's grid, counts and the sitemap), while
 * staff still read it; both answers carry the content-expiry header so no cached page outlives the licence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_EXPIRES_HEADER, LICENCE_OFFLINE_HEADER, nextDay, riyadhDay, riyadhDayStart } from "#domain/licence.ts";
import { projects, units } from "../../db/schema.ts";
import { loadComplianceRules } from "../../lib/compliance-rules.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

const DAY_MS = 86_400_000;
/** 10:00 in Jeddah. */
const START = new Date("2026-12-01T07:00:00.000Z");
let now = START;
const dayPlus = (days: number) => riyadhDay(new Date(START.getTime() + days * DAY_MS));

let t: TestApp;
let manager: TestUser;
let licensed: number;
let unlicensed: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0" },
    clock: () => now,
    // Missing licences are enforced from the third day (an upgraded install's grace period).
    compliance: { ...loadComplianceRules(), enforceFrom: dayPlus(2) },
  });
  manager = await t.signIn("manager");
  const [a, b] = await t.db
    .insert(projects)
    .values([
      {
        name: "برج الترخيص",
        city: "جدة",
        publishedAt: START,
        advertisingLicenseNumber: "7200145863",
        advertisingLicenseExpiresOn: dayPlus(365),
      },
      { name: "برج بلا ترخيص", city: "جدة", publishedAt: START },
    ])
    .returning({ id: projects.id });
  licensed = a.id;
  unlicensed = b.id;
  const rows = await t.db
    .insert(units)
    .values([
      // Its own licence ends today: advertised until midnight in Jeddah.
      {
        projectId: licensed,
        building: "A",
        unitNumber: "0101",
        floor: 1,
        price: 700_000,
        advertisingLicenseNumber: "7300000001",
        advertisingLicenseExpiresOn: dayPlus(0),
      },
      { projectId: licensed, building: "A", unitNumber: "0102", floor: 1, price: 710_000 },
      { projectId: unlicensed, building: "A", unitNumber: "0201", floor: 2, price: 720_000 },
    ])
    .returning({ id: units.id, unitNumber: units.unitNumber });
  for (const row of rows) ids[row.unitNumber] = row.id;
}, 120_000);
afterAll(async () => t.close());

const read = (url: string, user: TestUser | null = null) =>
  t.app.inject({ method: "GET", url, headers: user ? t.bearer(user.token) : {} });
const unitPage = (projectId: number, unitNumber: string, user: TestUser | null = null) =>
  read(`/api/projects/${projectId}/units/${ids[unitNumber]}/public`, user);
const listed = async (projectId: number, user: TestUser | null = null) => {
  const res = await read(`/api/projects/${projectId}/inventory`, user);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { buildings: { floors: { units: { unitNumber: string }[] }[] }[] };
  return {
    units: body.buildings.flatMap((b) => b.floors.flatMap((f) => f.units.map((u) => u.unitNumber))),
    expires: res.headers[CONTENT_EXPIRES_HEADER],
  };
};

describe("a unit's own licence", () => {
  it("is shown through its last day, then takes the unit's page and its place in the inventory offline", async () => {
    now = START;
    const page = await unitPage(licensed, "0101");
    expect(page.statusCode).toBe(200);
    expect(page.json().licence).toMatchObject({
      source: "unit",
      number: "7300000001",
      state: "expiring",
      daysLeft: 0,
      advertisable: true,
    });
    const endOfLastDay = riyadhDayStart(nextDay(dayPlus(0))).toISOString();
    expect(page.headers[CONTENT_EXPIRES_HEADER]).toBe(endOfLastDay);
    // The other unit reads the project's licence.
    expect((await unitPage(licensed, "0102")).json().licence).toMatchObject({
      source: "project",
      number: "7200145863",
    });
    expect(await listed(licensed)).toEqual({ units: ["0101", "0102"], expires: endOfLastDay });

    // One minute into the next day in Jeddah.
    now = new Date(Date.parse(endOfLastDay) + 60_000);
    const gone = await unitPage(licensed, "0101");
    expect(gone.statusCode).toBe(404);
    expect(gone.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect(gone.json().message).toBe("الوحدة غير موجودة");
    expect((await listed(licensed)).units).toEqual(["0102"]);
    expect((await unitPage(licensed, "0102")).statusCode).toBe(200);

    // Staff still read it, with the reason, so they can renew it.
    const staff = await unitPage(licensed, "0101", manager);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().licence).toMatchObject({ state: "expired", advertisable: false, reason: "expired" });
    expect((await listed(licensed, manager)).units).toEqual(["0101", "0102"]);
  });
});

describe("a unit without a licence of its own in an unlicensed project", () => {
  it("is shown until the enforcement day, then answers the licence-offline 404", async () => {
    now = START;
    const before = await unitPage(unlicensed, "0201");
    expect(before.statusCode).toBe(200);
    expect(before.json().licence).toMatchObject({ source: "project", state: "missing", advertisable: true });
    // It stops by itself on the enforcement day: the cache keeps it no longer.
    const enforced = riyadhDayStart(dayPlus(2)).toISOString();
    expect(before.headers[CONTENT_EXPIRES_HEADER]).toBe(enforced);
    expect(await listed(unlicensed)).toEqual({ units: ["0201"], expires: enforced });

    now = new Date(enforced);
    const after = await unitPage(unlicensed, "0201");
    expect(after.statusCode).toBe(404);
    expect(after.headers[LICENCE_OFFLINE_HEADER]).toBe("missing");
    expect((await listed(unlicensed)).units).toEqual([]);
  });
});

describe("a unit's licence entered through PUT /api/units/{id}", () => {
  it("keeps Latin digits, names a bad date, is kept by a body without it, and applies to the unit's page", async () => {
    now = START;
    const unitUrl = `/api/units/${ids["0201"]}`;
    const current = (await read(unitUrl, manager)).json() as Record<string, unknown>;
    expect(current).toMatchObject({ advertisingLicenseNumber: null, advertisingLicenseExpiresOn: null });
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: unitUrl, payload, headers: t.bearer(manager.token) });

    const bad = await put({ ...current, advertisingLicenseExpiresOn: "2026-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["advertisingLicenseExpiresOn"]);

    const saved = await put({
      ...current,
      advertisingLicenseNumber: "٧٣٠٠٠٠٠٠٠٢",
      advertisingLicenseExpiresOn: dayPlus(90),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      advertisingLicenseNumber: "7300000002",
      advertisingLicenseExpiresOn: dayPlus(90),
    });

    // SPEC's body has no licence fields: the unit's own licence stays.
    const {
      advertisingLicenseNumber: _n,
      advertisingLicenseExpiresOn: _e,
      ...spec
    } = saved.json() as Record<string, unknown>;
    const kept = await put({ ...spec, price: 730_000 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ price: 730_000, advertisingLicenseNumber: "7300000002" });

    // Its own licence now applies, past the project's enforcement day too.
    now = new Date(riyadhDayStart(dayPlus(3)).getTime());
    const page = await unitPage(unlicensed, "0201");
    expect(page.statusCode).toBe(200);
    expect(page.json().licence).toMatchObject({ source: "unit", number: "7300000002", state: "valid" });
  });
});

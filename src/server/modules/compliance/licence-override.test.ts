/**
 * The override order unit → campaign → project through the API, on a fake clock (docs/compliance.md;
 * docs/decisions/080-advertising-licences.md, 096-unit-licence-on-pages-and-conversions.md,
 * 121-an-unlicensed-unit-leaves-every-public-read.md). A unit or campaign with a licence of its own is advertised under
 * it alone: read through the public unit read, the project's unit list and a campaign page's data, each answers the
 * licence number that applies and leaves out what that licence takes offline; the compliance screen names the same
 * things as offline, and nothing more.
 * - The project's licence lapsed: the project read answers the licence-offline 404 (its page, and so its units' pages,
 *   answer 410), its units and campaigns without a licence of their own go with it, while a unit and a campaign with a
 *   valid licence of their own are still read under their own numbers.
 * - The reverse: the project is licensed, a unit's and a campaign's own licences lapsed: only those two are offline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LICENCE_OFFLINE_HEADER, riyadhDay } from "#domain/licence.ts";
import { projects, units } from "../../db/schema.ts";
import { loadComplianceRules } from "../../lib/compliance-rules.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

const DAY_MS = 86_400_000;
/** 10:00 in Jeddah. */
const NOW = new Date("2026-12-01T07:00:00.000Z");
const dayPlus = (days: number) => riyadhDay(new Date(NOW.getTime() + days * DAY_MS));

const PROJECT_NUMBER = "7200145863";
const UNIT_NUMBER = "7300000001";
const CAMPAIGN_NUMBER = "7400000002";

let t: TestApp;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0" },
    clock: () => NOW,
    // Missing licences are enforced at once: a unit or campaign without its own licence follows the project's.
    compliance: { ...loadComplianceRules(), enforceFrom: null },
  });
  manager = await t.signIn("manager");
}, 120_000);
afterAll(async () => t.close());

/** A phone browser's user agent: visits of bots are never counted. */
const BROWSER = {
  "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
};

const as = (user: TestUser | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user ? t.bearer(user.token) : BROWSER, ...(payload ? { payload } : {}) });

interface Fixture {
  projectId: number;
  /** The unit with a licence of its own, and the one advertised under the project's. */
  ownUnit: number;
  plainUnit: number;
  /** The Snapchat campaign (a licence of its own) and the TikTok one (the project's licence). */
  ownCampaign: { id: number; urlSlug: string };
  plainCampaign: { id: number; urlSlug: string };
}

/**
 * A published ready project whose advertising licence's last day is `projectLastDay`, with two units and a published
 * landing page (six platform campaigns); one unit and the Snapchat campaign carry their own licence ending on
 * `ownLastDay`.
 */
async function fixture(name: string, projectLastDay: string, ownLastDay: string): Promise<Fixture> {
  const [project] = await t.db
    .insert(projects)
    .values({
      name,
      city: "جدة",
      publishedAt: NOW,
      saleMode: "ready",
      advertisingLicenseNumber: PROJECT_NUMBER,
      advertisingLicenseExpiresOn: projectLastDay,
    })
    .returning({ id: projects.id });
  const [own, plain] = await t.db
    .insert(units)
    .values([
      {
        projectId: project.id,
        building: "A",
        unitNumber: "0101",
        floor: 1,
        price: 700_000,
        advertisingLicenseNumber: UNIT_NUMBER,
        advertisingLicenseExpiresOn: ownLastDay,
      },
      { projectId: project.id, building: "A", unitNumber: "0102", floor: 1, price: 710_000 },
    ])
    .returning({ id: units.id });
  const page = await as(manager, "POST", `/api/landing-pages/${project.id}`, {
    poster: "/media/images/0123456789abcdef0123456789abcdef.webp",
    slug: `override-${project.id}`,
  });
  expect(page.statusCode).toBe(201);
  expect((await as(manager, "POST", `/api/landing-pages/${page.json().id}/publish`)).statusCode).toBe(200);
  const campaigns = page.json().campaigns as { id: number; urlSlug: string; platformName: string }[];
  const pick = (platform: string) => {
    const found = campaigns.find((c) => c.platformName === platform);
    if (!found) throw new Error(`no ${platform} campaign`);
    return { id: found.id, urlSlug: found.urlSlug };
  };
  const ownCampaign = pick("snapchat");
  const set = await as(manager, "PUT", `/api/landing-campaigns/${ownCampaign.id}/licence`, {
    advertisingLicenseNumber: CAMPAIGN_NUMBER,
    advertisingLicenseExpiresOn: ownLastDay,
  });
  expect(set.statusCode).toBe(200);
  return { projectId: project.id, ownUnit: own.id, plainUnit: plain.id, ownCampaign, plainCampaign: pick("tiktok") };
}

const unitRead = (f: Fixture, unitId: number, user: TestUser | null = null) =>
  as(user, "GET", `/api/projects/${f.projectId}/units/${unitId}/public`);

async function listedUnits(f: Fixture): Promise<number[]> {
  const res = await as(null, "GET", `/api/projects/${f.projectId}/units`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).map((u) => u.id);
}

interface Row {
  entityType: string;
  id: number;
  name: string;
  offline: string[];
  licence: { source: string; number: string | null; state: string };
}

/** The compliance screen's rows of the fixture's project, keyed `project`, `unit:{id}`, `campaign:{id}`. */
async function complianceRows(f: Fixture): Promise<Map<string, Row>> {
  const res = await as(manager, "GET", "/api/compliance");
  expect(res.statusCode).toBe(200);
  const rows = (res.json().rows as (Row & { projectId: number })[]).filter((r) => r.projectId === f.projectId);
  return new Map(rows.map((r) => [r.entityType === "project" ? "project" : `${r.entityType}:${r.id}`, r]));
}

describe("a project whose licence lapsed, with a unit and a campaign licensed on their own", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture("برج الترخيص المنتهي", dayPlus(-1), dayPlus(90));
  });

  it("answers the licence-offline 404 for the project, so its pages answer 410", async () => {
    const project = await as(null, "GET", `/api/projects/${f.projectId}`);
    expect(project.statusCode).toBe(404);
    expect(project.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
  });

  it("still reads the unit under its own licence, and drops the unit that had only the project's", async () => {
    const own = await unitRead(f, f.ownUnit);
    expect(own.statusCode).toBe(200);
    expect(own.json().licence).toMatchObject({
      source: "unit",
      number: UNIT_NUMBER,
      expiresOn: dayPlus(90),
      state: "valid",
      advertisable: true,
    });
    const plain = await unitRead(f, f.plainUnit);
    expect(plain.statusCode).toBe(404);
    expect(plain.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect(await listedUnits(f)).toEqual([f.ownUnit]);
  });

  it("serves the campaign page under its own licence, and not the campaign that had only the project's", async () => {
    const own = await as(null, "GET", `/api/campaign/${f.ownCampaign.urlSlug}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().licence).toMatchObject({ source: "campaign", number: CAMPAIGN_NUMBER, advertisable: true });
    const plain = await as(null, "GET", `/api/campaign/${f.plainCampaign.urlSlug}`);
    expect(plain.statusCode).toBe(404);
    expect(plain.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
  });

  it("names on the compliance screen only what is offline: the project and its five campaigns under its licence", async () => {
    const rows = await complianceRows(f);
    expect(rows.get("project")).toMatchObject({
      licence: { source: "project", number: PROJECT_NUMBER, state: "expired" },
      offline: ["صفحة المشروع", "قوائم المشاريع والشريط المتحرك وخريطة الموقع", "صفحات الحملات (5)"],
    });
    expect(rows.get(`unit:${f.ownUnit}`)).toMatchObject({
      licence: { source: "unit", number: UNIT_NUMBER, state: "valid" },
      offline: [],
    });
    expect(rows.get(`campaign:${f.ownCampaign.id}`)).toMatchObject({
      licence: { source: "campaign", number: CAMPAIGN_NUMBER, state: "valid" },
      offline: [],
    });
    expect(rows.get(`campaign:${f.plainCampaign.id}`)).toMatchObject({
      licence: { source: "project", state: "expired" },
      offline: ["صفحة الحملة", "احتساب زيارات رابط الحملة"],
    });
  });
});

describe("a licensed project whose unit's and campaign's own licences lapsed", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture("برج الترخيص الساري", dayPlus(200), dayPlus(-1));
  });

  it("keeps the project and what it licenses advertised, under the project's number", async () => {
    const project = await as(null, "GET", `/api/projects/${f.projectId}`);
    expect(project.statusCode).toBe(200);
    expect(project.json().licence).toMatchObject({ source: "project", number: PROJECT_NUMBER, advertisable: true });
    const plain = await unitRead(f, f.plainUnit);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().licence).toMatchObject({ source: "project", number: PROJECT_NUMBER });
    const campaign = await as(null, "GET", `/api/campaign/${f.plainCampaign.urlSlug}`);
    expect(campaign.statusCode).toBe(200);
    expect(campaign.json().licence).toMatchObject({ source: "project", number: PROJECT_NUMBER });
  });

  it("takes the unit and the campaign with a lapsed licence of their own offline, though the project's is valid", async () => {
    const own = await unitRead(f, f.ownUnit);
    expect(own.statusCode).toBe(404);
    expect(own.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect(await listedUnits(f)).toEqual([f.plainUnit]);
    const campaign = await as(null, "GET", `/api/campaign/${f.ownCampaign.urlSlug}`);
    expect(campaign.statusCode).toBe(404);
    expect(campaign.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    // Staff still read the unit, with its own lapsed licence as the reason.
    const staff = await unitRead(f, f.ownUnit, manager);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().licence).toMatchObject({ source: "unit", number: UNIT_NUMBER, reason: "expired" });
  });

  it("names on the compliance screen the unit and the campaign as offline, and nothing of the project", async () => {
    const rows = await complianceRows(f);
    expect(rows.get("project")).toMatchObject({ licence: { state: "valid" }, offline: [] });
    expect(rows.get(`unit:${f.ownUnit}`)).toMatchObject({
      licence: { source: "unit", number: UNIT_NUMBER, state: "expired" },
      offline: ["صفحة الوحدة", "قائمة وحدات المشروع وجدول التوفر وخريطة الموقع"],
    });
    expect(rows.get(`campaign:${f.ownCampaign.id}`)).toMatchObject({
      licence: { source: "campaign", number: CAMPAIGN_NUMBER, state: "expired" },
      offline: ["صفحة الحملة", "احتساب زيارات رابط الحملة"],
    });
    expect(rows.get(`campaign:${f.plainCampaign.id}`)).toMatchObject({ offline: [] });
  });

  it("isolates the Latin link and unit number in the names, so they keep their place right to left", async () => {
    const rows = await complianceRows(f);
    // FSI … PDI, the text form of <bdi>.
    expect(rows.get(`campaign:${f.ownCampaign.id}`)?.name).toBe(`سناب شات (\u2068${f.ownCampaign.urlSlug}\u2069)`);
    expect(rows.get(`unit:${f.ownUnit}`)?.name).toBe("وحدة \u20680101\u2069 - \u2068A\u2069");
  });
});

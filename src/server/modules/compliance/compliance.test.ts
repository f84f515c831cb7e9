/**
 * Advertising compliance through the API (docs/compliance.md; ARCHITECTURE resolutions 16, 17, 24), on a fake clock:
 * a licence is valid through its last day in Asia/Riyadh and not a moment longer; an unlicensed project, or a campaign
 * whose own licence lapsed, is gone from every visitor read (404 with the licence-offline header the pages turn into
 * 410, lists, the carousel's limited list, units and updates) while staff see it with the reason; its campaign links
 * stop counting visits; publishing without the licence the sale mode needs is refused naming the field; the 30/7/1-day
 * alerts go once each with two instances on one database; and the SPEC's payload and the GET → PUT round trip keep
 * working with the new fields.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_EXPIRES_HEADER, LICENCE_OFFLINE_HEADER, nextDay, riyadhDay, riyadhDayStart } from "#domain/licence.ts";
import type { Database } from "../../db/connection.ts";
import { landingCampaigns } from "../../db/schema.ts";
import { notifications } from "../../db/tables/lead-desk.ts";
import { loadComplianceRules } from "../../lib/compliance-rules.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { projectBody as validProject } from "../../test-utils/project-body.ts";
import { LICENCE_ALERT_KIND, sendLicenceAlerts } from "./alerts.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 10:00 in Jeddah. */
let now = new Date("2026-12-01T07:00:00.000Z");
const today = () => riyadhDay(now);
const dayPlus = (days: number) => riyadhDay(new Date(now.getTime() + days * DAY_MS));

let t: TestApp;
let peer: Database;
let manager: TestUser;
let employee: TestUser;
let agent: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0" },
    clock: () => now,
    // The rules as shipped: enforced from the database's day, which a fresh database leaves empty (from the start).
    compliance: loadComplianceRules(),
  });
  peer = await t.openPeerDatabase();
  manager = await t.signIn("manager");
  employee = await t.signIn("employee");
  agent = await t.signIn("sales_agent");
}, 120_000);

afterAll(async () => {
  await peer.close();
  await t.close();
});

/** A phone browser's user agent: visits of bots are never counted. */
const BROWSER = {
  "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
};

const as = (user: TestUser | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user ? t.bearer(user.token) : BROWSER, ...(payload ? { payload } : {}) });

/** The SPEC's project payload (docs/product.md §5.3), with licence fields added. */
function projectBody(licence: Record<string, unknown> = {}) {
  counter += 1;
  return validProject({ name: `مشروع الترخيص ${counter}`, district: "الشاطئ", completionPercentage: 10, ...licence });
}

/** A published project whose advertising licence's last day is `expiresOn`. */
async function licensedProject(expiresOn: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await as(
    manager,
    "POST",
    "/api/projects",
    projectBody({ advertisingLicenseNumber: "7200145863", advertisingLicenseExpiresOn: expiresOn, ...extra }),
  );
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await as(manager, "POST", `/api/projects/${id}/publish`)).statusCode).toBe(200);
  return id;
}

const publicIds = async (url = "/api/projects") =>
  ((await as(null, "GET", url)).json() as { id: number }[]).map((p) => p.id);

describe("a licence's last day in Asia/Riyadh", () => {
  it("keeps the project advertised through its last day and takes it off at midnight, for visitors only", async () => {
    now = new Date("2026-12-01T07:00:00.000Z");
    const id = await licensedProject(today());
    const visitor = await as(null, "GET", `/api/projects/${id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().licence).toMatchObject({ state: "expiring", daysLeft: 0, advertisable: true });
    // The end of the last day, so a page built from it is never kept longer.
    expect(visitor.headers[CONTENT_EXPIRES_HEADER]).toBe(riyadhDayStart(nextDay(today())).toISOString());
    expect(await publicIds()).toContain(id);

    now = new Date("2026-12-01T20:59:59.999Z"); // 23:59:59.999 in Jeddah
    expect((await as(null, "GET", `/api/projects/${id}`)).statusCode).toBe(200);

    now = new Date("2026-12-01T21:00:00.000Z"); // midnight in Jeddah: the next day
    const gone = await as(null, "GET", `/api/projects/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect(await publicIds()).not.toContain(id);
    expect(await publicIds("/api/projects?limit=10")).not.toContain(id);
    expect((await as(null, "GET", `/api/projects/${id}/updates`)).statusCode).toBe(404);

    // Staff keep seeing and editing it, with the reason.
    const staff = await as(manager, "GET", `/api/projects/${id}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().licence).toMatchObject({
      state: "expired",
      reason: "expired",
      field: "advertisingLicenseExpiresOn",
    });
    const staffList = (await as(manager, "GET", "/api/projects")).json() as { id: number }[];
    expect(staffList.map((p) => p.id)).toContain(id);

    // A renewed licence brings it back at once.
    const body = { ...(staff.json() as object), advertisingLicenseExpiresOn: dayPlus(365) };
    expect((await as(manager, "PUT", `/api/projects/${id}`, body)).statusCode).toBe(200);
    expect((await as(null, "GET", `/api/projects/${id}`)).statusCode).toBe(200);
  });

  it("takes an off-plan project offline when either of its recorded licences has expired", async () => {
    now = new Date("2026-12-05T07:00:00.000Z");
    // Publishing needs only the licence of the sale mode (the off-plan one, valid); the recorded advertising licence
    // has expired all the same.
    const id = await licensedProject(dayPlus(-1), {
      saleMode: "offplan",
      wafiLicenseNumber: "1100023417",
      offPlanLicenseExpiresOn: dayPlus(300),
    });
    const res = await as(null, "GET", `/api/projects/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
  });
});

describe("publishing", () => {
  it("is refused with 409 naming the field the sale mode needs", async () => {
    now = new Date("2026-12-06T07:00:00.000Z");
    const cases: [Record<string, unknown>, string][] = [
      [{}, "advertisingLicenseNumber"],
      [{ advertisingLicenseNumber: "7200145863" }, "advertisingLicenseExpiresOn"],
      [
        { advertisingLicenseNumber: "7200145863", advertisingLicenseExpiresOn: dayPlus(-1) },
        "advertisingLicenseExpiresOn",
      ],
      [
        { saleMode: "offplan", advertisingLicenseNumber: "7200145863", advertisingLicenseExpiresOn: dayPlus(90) },
        "wafiLicenseNumber",
      ],
      [{ saleMode: "offplan", wafiLicenseNumber: "1100023417" }, "offPlanLicenseExpiresOn"],
    ];
    for (const [licence, field] of cases) {
      const created = await as(manager, "POST", "/api/projects", projectBody(licence));
      expect(created.statusCode).toBe(201);
      const res = await as(manager, "POST", `/api/projects/${created.json().id}/publish`);
      expect(res.statusCode).toBe(409);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      expect(res.json().message).toMatch(/لا يمكن نشر/);
    }
    const ok = await as(
      manager,
      "POST",
      "/api/projects",
      projectBody({ saleMode: "offplan", wafiLicenseNumber: "1100023417", offPlanLicenseExpiresOn: dayPlus(90) }),
    );
    expect((await as(manager, "POST", `/api/projects/${ok.json().id}/publish`)).statusCode).toBe(200);
  });
});

describe("project payload", () => {
  it("accepts the SPEC's payload as it is and round-trips GET → PUT with the licence fields", async () => {
    const created = await as(manager, "POST", "/api/projects", projectBody());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      saleMode: "ready",
      rightsAndRestrictions: "لا يوجد",
      licence: { state: "missing" },
    });
    const full = {
      ...(created.json() as object),
      advertisingLicenseNumber: "٧٢٠٠١٤٥٨٦٣",
      advertisingLicenseIssuedOn: "2026-01-10",
      advertisingLicenseExpiresOn: "2027-01-09",
      advertisingLicenseUrl: "https://example.com/rega/7200145863",
      escrowIban: "SA03 8000 0000 6080 1016 7519",
      falLicenseNumber: "1200000001",
      plotNumber: "123/ج",
    };
    const put = await as(manager, "PUT", `/api/projects/${created.json().id}`, full);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      advertisingLicenseExpiresOn: "2027-01-09",
      escrowIban: "SA0380000000608010167519",
    });
    const again = await as(manager, "PUT", `/api/projects/${created.json().id}`, put.json());
    expect(again.statusCode).toBe(200);
    expect(again.json().advertisingLicenseUrl).toBe("https://example.com/rega/7200145863");
  });

  it("refuses bad licence input with Arabic field messages", async () => {
    const res = await as(
      manager,
      "POST",
      "/api/projects",
      projectBody({
        saleMode: "rented",
        advertisingLicenseExpiresOn: "2026-02-30",
        advertisingLicenseUrl: "javascript:alert(1)",
        escrowIban: "SA0000",
        advertisingLicenseIssuedOn: "2027-01-01",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ["advertisingLicenseExpiresOn", "advertisingLicenseUrl", "escrowIban", "saleMode"].sort(),
    );
    for (const message of Object.values(res.json().fields)) expect(message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("campaign licences", () => {
  let projectId: number;
  let campaign: { id: number; urlSlug: string };

  beforeAll(async () => {
    now = new Date("2026-12-07T07:00:00.000Z");
    projectId = await licensedProject(dayPlus(200));
    const page = await as(manager, "POST", `/api/landing-pages/${projectId}`, {
      poster: "/media/images/0123456789abcdef0123456789abcdef.webp",
      slug: `licence-${counter}`,
    });
    expect(page.statusCode).toBe(201);
    expect((await as(manager, "POST", `/api/landing-pages/${page.json().id}/publish`)).statusCode).toBe(200);
    const snap = (page.json().campaigns as { id: number; urlSlug: string; platformName: string }[]).find(
      (c) => c.platformName === "snapchat",
    );
    if (!snap) throw new Error("no snapchat campaign");
    campaign = snap;
  });

  const visits = async () =>
    (await t.db.select().from(landingCampaigns).where(eq(landingCampaigns.id, campaign.id)))[0].visits;

  it("follows the campaign's own licence over the project's, and stops counting visits while it is offline", async () => {
    const first = await as(null, "GET", `/api/campaign/${campaign.urlSlug}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().licence).toMatchObject({ source: "project", number: "7200145863" });
    const counted = await visits();
    expect(counted).toBe(1);

    const refused = await as(employee, "PUT", `/api/landing-campaigns/${campaign.id}/licence`, {
      advertisingLicenseNumber: "7300000001",
      advertisingLicenseExpiresOn: dayPlus(-1),
    });
    expect(refused.statusCode).toBe(403);
    const set = await as(manager, "PUT", `/api/landing-campaigns/${campaign.id}/licence`, {
      advertisingLicenseNumber: "7300000001",
      advertisingLicenseExpiresOn: dayPlus(-1),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().licence).toMatchObject({ source: "campaign", state: "expired", advertisable: false });

    const gone = await as(null, "GET", `/api/campaign/${campaign.urlSlug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect(await visits()).toBe(counted);
    // The project itself is still advertised under its own licence.
    expect((await as(null, "GET", `/api/projects/${projectId}`)).statusCode).toBe(200);
    // Staff still open the campaign.
    expect((await as(manager, "GET", `/api/campaign/${campaign.urlSlug}`)).statusCode).toBe(200);

    const valid = await as(manager, "PUT", `/api/landing-campaigns/${campaign.id}/licence`, {
      advertisingLicenseNumber: "7300000001",
      advertisingLicenseExpiresOn: dayPlus(60),
    });
    expect(valid.json().licence).toMatchObject({ source: "campaign", number: "7300000001", state: "valid" });
    const back = await as(null, "GET", `/api/campaign/${campaign.urlSlug}`);
    expect(back.statusCode).toBe(200);
    expect(await visits()).toBe(counted + 1);

    // Both fields empty: no licence of its own, the project's applies again.
    const cleared = await as(manager, "PUT", `/api/landing-campaigns/${campaign.id}/licence`, {
      advertisingLicenseNumber: "",
      advertisingLicenseExpiresOn: null,
    });
    expect(cleared.json().licence.source).toBe("project");
  });

  it("goes offline with its project's licence, and the compliance screen lists both with what is offline", async () => {
    now = new Date(now.getTime() + 201 * DAY_MS);
    const res = await as(null, "GET", `/api/campaign/${campaign.urlSlug}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers[LICENCE_OFFLINE_HEADER]).toBe("expired");
    expect((await as(agent, "GET", "/api/compliance")).statusCode).toBe(403);
    const report = await as(employee, "GET", "/api/compliance");
    expect(report.statusCode).toBe(200);
    const rows = report.json().rows as {
      entityType: string;
      id: number;
      offline: string[];
      licence: { state: string };
    }[];
    const project = rows.find((r) => r.entityType === "project" && r.id === projectId);
    expect(project?.licence.state).toBe("expired");
    expect(project?.offline).toContain("صفحة المشروع");
    expect(rows.find((r) => r.entityType === "campaign" && r.id === campaign.id)?.offline).toContain("صفحة الحملة");
    expect(report.json().needsAction).toBeGreaterThan(0);
  });
});

describe("licence alerts", () => {
  it("sends the 30-, 7- and 1-day alerts once each, with two instances on one database", async () => {
    now = new Date("2027-09-01T07:00:00.000Z");
    const id = await licensedProject(dayPlus(30));
    const alertsFor = async (userId: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, LICENCE_ALERT_KIND)))
      ).filter((n) => n.text.includes(`مشروع الترخيص ${counter}`));
    const both = async () => {
      const [a, b] = await Promise.all([
        sendLicenceAlerts(t.db, today(), now, [30, 7, 1]),
        sendLicenceAlerts(peer.db, today(), now, [30, 7, 1]),
      ]);
      return { a, b };
    };
    await both();
    expect(await alertsFor(manager.id)).toHaveLength(1);
    expect((await alertsFor(manager.id))[0].text).toMatch(/ينتهي بعد ٣٠ يومًا/);
    expect(await alertsFor(employee.id)).toHaveLength(1);
    // The sales agent does not hold projects.edit.
    expect(await alertsFor(agent.id)).toHaveLength(0);
    await both();
    expect(await alertsFor(manager.id)).toHaveLength(1);

    now = new Date(now.getTime() + 23 * DAY_MS);
    await both();
    // Through the engine's queue as well: nothing more.
    await t.app.jobs.runDue();
    expect(await alertsFor(manager.id)).toHaveLength(2);

    now = new Date(now.getTime() + 6 * DAY_MS);
    await both();
    await both();
    const all = await alertsFor(manager.id);
    expect(all).toHaveLength(3);
    expect(all.map((n) => n.text).join(" ")).toMatch(/ينتهي بعد يوم واحد/);
    // The bell shows it.
    const bell = await as(manager, "GET", "/api/notifications");
    expect(JSON.stringify(bell.json())).toContain(`مشروع الترخيص ${counter}`);
    expect(id).toBeGreaterThan(0);
  });
});

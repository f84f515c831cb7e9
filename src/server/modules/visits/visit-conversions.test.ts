/**
 * A visit booking's `Schedule` event to the ad platforms (docs/conversions.md "What is sent, and when" and "Consent";
 * docs/decisions/088-site-visits.md): the booking moves the lead to زيارة inside its transaction, and the conversions
 * module's lead listener queues the stage's event in the conversions outbox. Local stand-ins of Meta's and TikTok's
 * endpoints (CONVERSIONS_*_URL), the job engine's timer off and the outbox drained by the test, a fake clock.
 * Asserted: with marketing consent the Schedule event leaves once per platform (not again on a second booking, a
 * move or an outcome) with the hashed phone and the click id of the campaign enquiry the lead came from, or of the
 * ad link the booking itself came from (kept on the booking's enquiry as a form enquiry keeps it); without
 * consent nothing leaves, or only an identifier-free event to a platform set to accept those; after the consent was
 * withdrawn nothing leaves.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_EVENT_MAPS } from "#domain/conversions.ts";
import { contactMessages, leads } from "#server/db/schema.ts";
import { conversionEvents } from "#server/db/tables/conversions.ts";
import { visits } from "#server/db/tables/visits.ts";
import { putAgents } from "#server/test-utils/agents.ts";
import { createTestApp, type TestApp, type TestUser } from "#server/test-utils/app.ts";
import { insertCampaign } from "#server/test-utils/landing.ts";
import { listenLocally, readBody, stopLocally } from "#server/test-utils/listen.ts";

interface Received {
  path: string;
  body: Record<string, unknown>;
}

/** A platform stand-in on 127.0.0.1: records each request's path and JSON body, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ path: req.url ?? "", body: JSON.parse(body) });
    res.statusCode = 200;
    res.end('{"code":0}');
  });
  const base = await listenLocally(server);
  return {
    received,
    base,
    close: () => stopLocally(server),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

interface MetaEvent {
  event_name: string;
  event_id: string;
  user_data: { ph?: string[]; em?: string[]; fbc?: string };
}
interface TikTokEvent {
  event: string;
  event_id: string;
  user?: { phone?: string; ttclid?: string };
}

let t: TestApp;
// Sunday 29 November 2026, 10:00 in Jeddah.
let now = new Date("2026-11-29T07:00:00Z");
let manager: TestUser;
let projectId: number;
let landingPageId: number;
let campaignId: number;
let meta: Receiver;
let tiktok: Receiver;
let phoneCounter = 0;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const auth = () => t.bearer(manager.token);
const drain = () => t.app.conversionOutbox.drain();
const metaEvents = () => meta.received.flatMap((r) => r.body.data as MetaEvent[]);
const tiktokEvents = () => tiktok.received.flatMap((r) => r.body.data as TikTokEvent[]);
const schedules = <E extends { event_id: string }>(events: E[], leadId: number) =>
  events.filter((e) => e.event_id === `lead${leadId}-Schedule`);

function newPhone() {
  phoneCounter += 1;
  const local = `05${String(70000000 + phoneCounter)}`;
  return { local, digits: `966${local.slice(1)}` };
}

async function connect(platform: "meta" | "tiktok", sendAnonymous = false) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/conversions/connections/${platform}`,
    payload: {
      enabled: true,
      ids: platform === "meta" ? { pixelId: "123456789" } : { pixelCode: "TTPIXEL1" },
      accessToken: `${platform}-token`,
      eventMap: DEFAULT_EVENT_MAPS[platform],
      sendAnonymous,
    },
    headers: auth(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** POST /api/visits from the campaign's page, with the ad link's attribution when given. */
async function book(phone: string, startsAt: string, consent: boolean, attribution?: Record<string, string>) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: {
      projectId,
      startsAt,
      name: "مها",
      phone,
      landingPageId,
      campaignId,
      ...(attribution ? { attribution } : {}),
      ...(consent ? { marketingConsent: true } : {}),
    },
    headers: { "user-agent": "Mozilla/5.0 (iPhone) test" },
    remoteAddress: "203.0.113.21",
  });
  expect(res.statusCode, res.body).toBe(201);
  const [visit] = await t.db.select().from(visits).where(eq(visits.id, res.json().id));
  return { ...visit, leadId: visit.leadId ?? 0, manageUrl: res.json().manageUrl as string };
}

const visitEventsOf = (leadId: number) =>
  t.db
    .select()
    .from(conversionEvents)
    .where(and(eq(conversionEvents.leadId, leadId), eq(conversionEvents.kind, "visit")));

/** مها posts the campaign's enquiry form from `remoteAddress` with marketing consent; returns the enquiry's id. */
async function enquire(phone: string, remoteAddress: string, attribution?: Record<string, string>) {
  const enquiry = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: "مها",
      phone,
      email: `maha.${phoneCounter}@example.com`,
      landingPageId,
      campaignId,
      ...(attribution ? { attribution } : {}),
      marketingConsent: true,
    },
    remoteAddress,
  });
  expect(enquiry.statusCode, enquiry.body).toBe(201);
  return enquiry.json().id as number;
}

beforeAll(async () => {
  meta = await startReceiver();
  tiktok = await startReceiver();
  t = await createTestApp({
    clock: () => now,
    env: {
      JOBS_INTERVAL_MS: "0",
      CONTACT_RATE_LIMIT_MAX: "1000",
      PUBLIC_URL: "https://example.sa",
      CONVERSIONS_META_URL: meta.base,
      CONVERSIONS_TIKTOK_URL: tiktok.base,
    },
  });
  manager = await t.signIn("manager");
  const agent = await t.signIn("sales_agent");
  ({ projectId, landingPageId, campaignId } = await insertCampaign(t.db, {
    name: "مشروع المرجان",
    slug: "marjan",
    platformName: "instagram",
    displayName: "إنستغرام",
    at: now,
  }));
  await putAgents(t, manager, projectId, [agent]);
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/visit-settings`,
    payload: { placeName: "مكتب المبيعات", capacity: 10 },
    headers: auth(),
  });
  expect(settings.statusCode).toBe(200);
  await connect("meta");
  await connect("tiktok");
}, 120_000);

afterAll(async () => {
  await t.close();
  await meta.close();
  await tiktok.close();
});

beforeEach(() => {
  meta.received.length = 0;
  tiktok.received.length = 0;
});

describe("a visit booking's Schedule event", () => {
  it("with marketing consent leaves once per platform, with the hashed phone, and not again", async () => {
    const phone = newPhone();
    const visit = await book(phone.local, "2026-11-30T17:30:00+03:00", true);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, visit.leadId));
    expect(lead.stage).toBe("visit");
    // Queued in the booking's own transaction, one per platform.
    expect((await visitEventsOf(visit.leadId)).map((e) => [e.platform, e.eventName]).sort()).toEqual([
      ["meta", "Schedule"],
      ["tiktok", "Schedule"],
    ]);
    await drain();
    const [metaSchedule, ...moreMeta] = schedules(metaEvents(), visit.leadId);
    expect(moreMeta).toEqual([]);
    expect(metaSchedule).toMatchObject({ event_name: "Schedule", user_data: { ph: [sha256(phone.digits)] } });
    const [tiktokSchedule, ...moreTiktok] = schedules(tiktokEvents(), visit.leadId);
    expect(moreTiktok).toEqual([]);
    expect(tiktokSchedule).toMatchObject({ event: "Schedule", user: { phone: sha256(`+${phone.digits}`) } });

    // The buyer moves the visit, books a second one, the agent marks it: no second Schedule.
    const token = new URL(visit.manageUrl).pathname.split("/").at(-1);
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/visits/manage/${token}/reschedule`,
      payload: { startsAt: "2026-11-30T19:00:00+03:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await book(phone.local, "2026-12-01T17:30:00+03:00", true);
    expect(again.leadId).toBe(visit.leadId);
    now = new Date("2026-11-30T16:05:00Z");
    const marked = await t.app.inject({
      method: "PATCH",
      url: `/api/visits/${visit.id}/outcome`,
      payload: { outcome: "attended" },
      headers: auth(),
    });
    expect(marked.statusCode).toBe(200);
    now = new Date("2026-11-29T07:00:00Z");
    await drain();
    expect(schedules(metaEvents(), visit.leadId)).toHaveLength(1);
    expect(schedules(tiktokEvents(), visit.leadId)).toHaveLength(1);
    expect(await visitEventsOf(visit.leadId)).toHaveLength(2);
  });

  it("for a lead from the campaign's enquiry form, carries the click id of that enquiry", async () => {
    const phone = newPhone();
    const leadId = await enquire(phone.local, "203.0.113.22", { fbclid: "fb-click-7", ttclid: "tt-click-7" });
    const openedAt = now.getTime();
    await drain();
    meta.received.length = 0;
    tiktok.received.length = 0;

    now = new Date("2026-11-29T09:00:00Z");
    const visit = await book(phone.local, "2026-12-01T18:15:00+03:00", true);
    expect(visit.leadId).toBe(leadId);
    await drain();
    expect(metaEvents().map((e) => e.event_name)).toEqual(["Schedule"]);
    expect(schedules(metaEvents(), leadId)[0].user_data.fbc).toBe(`fb.1.${openedAt}.fb-click-7`);
    expect(schedules(tiktokEvents(), leadId)[0].user).toMatchObject({ ttclid: "tt-click-7" });
    now = new Date("2026-11-29T07:00:00Z");
  });

  it("for a booking from an ad link, keeps its attribution on the enquiry and carries its click id", async () => {
    const phone = newPhone();
    const attribution = {
      fbclid: "fb-book-9",
      ttclid: "tt-book-9",
      utmSource: "instagram",
      utmMedium: "paid_social",
      utmCampaign: "marjan-winter",
      referrer: "https://l.instagram.com/",
    };
    const bookedAt = now.getTime();
    const visit = await book(phone.local, "2026-12-02T17:30:00+03:00", true, attribution);
    const [enquiry] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, visit.enquiryId ?? 0));
    expect(enquiry).toMatchObject({ source: "visit", leadId: visit.leadId, campaignId, attribution });
    await drain();
    const [metaSchedule] = schedules(metaEvents(), visit.leadId);
    expect(metaSchedule.user_data.fbc).toBe(`fb.1.${bookedAt}.fb-book-9`);
    expect(schedules(tiktokEvents(), visit.leadId)[0].user).toMatchObject({ ttclid: "tt-book-9" });
  });

  it("refuses a bad attribution value with 400 naming the field, as the enquiry form does", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/visits",
      payload: {
        projectId,
        startsAt: "2026-12-02T18:15:00+03:00",
        name: "مها",
        phone: newPhone().local,
        attribution: { fbclid: "x".repeat(501), utmSource: 7 },
      },
      remoteAddress: "203.0.113.24",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["attribution.fbclid", "attribution.utmSource"]);
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "مها", phone: newPhone().local, message: "?", attribution: { fbclid: "x".repeat(501) } },
      remoteAddress: "203.0.113.24",
    });
    expect(contact.json().fields["attribution.fbclid"]).toBe(res.json().fields["attribution.fbclid"]);
  });

  it("without marketing consent leaves nothing, or an identifier-free event where the platform accepts one", async () => {
    const silent = await book(newPhone().local, "2026-12-01T19:00:00+03:00", false);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, silent.leadId));
    expect(lead.stage).toBe("visit");
    await drain();
    expect(await visitEventsOf(silent.leadId)).toEqual([]);
    expect(schedules(metaEvents(), silent.leadId)).toEqual([]);
    expect(schedules(tiktokEvents(), silent.leadId)).toEqual([]);

    await connect("meta", true);
    const phone = newPhone();
    const anonymous = await book(phone.local, "2026-12-01T19:45:00+03:00", false);
    await drain();
    const [event, ...more] = schedules(metaEvents(), anonymous.leadId);
    expect(more).toEqual([]);
    expect(event.user_data).toEqual({});
    expect(JSON.stringify(meta.received)).not.toContain(sha256(phone.digits));
    expect(schedules(tiktokEvents(), anonymous.leadId)).toEqual([]);
    await connect("meta");
  });

  it("after the lead withdrew marketing consent leaves nothing", async () => {
    const phone = newPhone();
    const leadId = await enquire(phone.local, "203.0.113.23");
    const withdrawn = await t.app.inject({
      method: "DELETE",
      url: `/api/leads/${leadId}/marketing-consent`,
      headers: auth(),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    await drain();
    meta.received.length = 0;
    tiktok.received.length = 0;

    const visit = await book(phone.local, "2026-12-01T20:30:00+03:00", true);
    expect(visit.leadId).toBe(leadId);
    await drain();
    expect(await visitEventsOf(leadId)).toEqual([]);
    expect(meta.received).toEqual([]);
    expect(tiktok.received).toEqual([]);
  });
});

/**
 * Site visits through the API on a fake clock (docs/decisions/088-site-visits.md, 089-visit-capacity-in-the-database.md,
 * 090-visit-manage-links.md): availability (visits.manage), slots across the day boundary and around closed dates,
 * minimum notice and horizon, booking into a lead (consent, stage زيارة, never back from حجز), the agent on duty,
 * the capacity of one slot under 20 concurrent bookings, and the manage link (reschedule, cancel, foreign and
 * expired tokens refused).
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads, projects, units } from "#server/db/schema.ts";
import { leadEvents } from "#server/db/tables/lead-desk.ts";
import { visitMessages, visitSlotCounts, visits } from "#server/db/tables/visits.ts";
import { createSecretBox } from "#server/lib/secrets.ts";
import { putAgents } from "#server/test-utils/agents.ts";
import { createTestApp, type TestApp, type TestUser } from "#server/test-utils/app.ts";
import { moveLeadToVisit, visitAgent } from "./booking.ts";

let t: TestApp;
// Friday 27 November 2026, 10:00 in Jeddah (07:00 UTC): Friday is not a visiting day by default.
let now = new Date("2026-11-27T07:00:00Z");
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let agentC: TestUser;
let projectId: number;
let nightProjectId: number;
let draftProjectId: number;
let unitId: number;
let phoneCounter = 0;

const auth = (u: TestUser) => t.bearer(u.token);
const nextPhone = () => {
  phoneCounter += 1;
  return `05${String(50000000 + phoneCounter)}`;
};

function book(fields: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: { projectId, name: "زائر", phone: nextPhone(), ...fields },
    remoteAddress: "203.0.113.77",
  });
}

async function slots(id: number, from: string, to: string) {
  const res = await t.app.inject({ url: `/api/projects/${id}/visit-slots?from=${from}&to=${to}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { startsAt: string; endsAt: string; available: boolean }[];
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  manager = await t.signIn("manager");
  agentA = await t.signIn("sales_agent");
  agentB = await t.signIn("sales_agent");
  agentC = await t.signIn("sales_agent");
  const published = now;
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع الياقوت", city: "جدة", publishedAt: published })
    .returning();
  const [night] = await t.db
    .insert(projects)
    .values({ name: "مشروع الليل", city: "جدة", publishedAt: published })
    .returning();
  const [draft] = await t.db.insert(projects).values({ name: "مسودة", city: "جدة" }).returning();
  projectId = project.id;
  nightProjectId = night.id;
  draftProjectId = draft.id;
  const [unit] = await t.db.insert(units).values({ projectId, unitNumber: "101" }).returning();
  unitId = unit.id;
  await putAgents(t, manager, projectId, [agentA, agentB, agentC]);
}, 120_000);
afterAll(async () => t.close());

/** The hourly slot starts of a 20:00–02:00 night beginning on `day` (the last two on `next`, past midnight). */
/** Saves the night project's hours as the manager: 20:00 → 02:00 at the site, one-hour visits, one at a time. */
const putNightHours = (extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "PUT",
    url: `/api/projects/${nightProjectId}/visit-settings`,
    payload: {
      placeName: "الموقع",
      placeKind: "site",
      opensAt: "20:00",
      closesAt: "02:00",
      slotMinutes: 60,
      capacity: 1,
      ...extra,
    },
    headers: auth(manager),
  });
const nightStarts = (day: string, next: string) => [
  ...["20", "21", "22", "23"].map((h) => `${day}T${h}:00:00+03:00`),
  ...["00", "01"].map((h) => `${next}T${h}:00:00+03:00`),
];

describe("availability", () => {
  it("is kept by visits.manage: agents are refused, bad fields are named in Arabic, defaults fill the rest", async () => {
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}/visit-settings`,
      payload: { placeName: "مكتب المبيعات" },
      headers: auth(agentA),
    });
    expect(refused.statusCode).toBe(403);

    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}/visit-settings`,
      payload: { placeName: "", opensAt: "4pm", days: [], closedDates: ["2026-02-30"], mapUrl: "javascript:x" },
      headers: auth(manager),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["closedDates.0", "days", "mapUrl", "opensAt", "placeName"]);
    expect(bad.json().fields.opensAt).toBe("الوقت غير صالح، استخدم الصيغة HH:MM");

    const before = await t.app.inject({ url: `/api/projects/${projectId}/visit-settings`, headers: auth(manager) });
    expect(before.json()).toMatchObject({ configured: false, enabled: false, slotMinutes: 45, opensAt: "16:00" });

    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}/visit-settings`,
      // Sunday 29 November is a closed date (an Eid holiday, say).
      payload: {
        placeName: "مكتب المبيعات — حي الشاطئ",
        mapUrl: "https://maps.example/x",
        closedDates: ["2026-11-29"],
      },
      headers: auth(manager),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      configured: true,
      enabled: true,
      days: [0, 1, 2, 3, 4, 6],
      opensAt: "16:00",
      closesAt: "22:00",
      slotMinutes: 45,
      capacity: 2,
      minNoticeMinutes: 120,
      horizonDays: 21,
      closedDates: ["2026-11-29"],
    });
    // Hours past midnight for the second project: 20:00 → 02:00, one-hour visits, one at a time.
    const night = await putNightHours();
    expect(night.statusCode).toBe(200);
  });
});

describe("slots", () => {
  it("lists Saturday's 45-minute slots at +03:00, none on Friday or the closed Sunday, and refuses a bad range", async () => {
    const list = await slots(projectId, "2026-11-27", "2026-11-30");
    const days = [...new Set(list.map((s) => s.startsAt.slice(0, 10)))];
    expect(days).toEqual(["2026-11-28", "2026-11-30"]);
    const saturday = list.filter((s) => s.startsAt.startsWith("2026-11-28"));
    expect(saturday.map((s) => s.startsAt.slice(11, 16))).toEqual([
      "16:00",
      "16:45",
      "17:30",
      "18:15",
      "19:00",
      "19:45",
      "20:30",
      "21:15",
    ]);
    expect(saturday[0]).toEqual({
      startsAt: "2026-11-28T16:00:00+03:00",
      endsAt: "2026-11-28T16:45:00+03:00",
      available: true,
    });
    const bad = await t.app.inject({ url: `/api/projects/${projectId}/visit-slots?from=2026-11-30&to=2026-11-28` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.to).toBe("نطاق التواريخ غير صالح");
    const draft = await t.app.inject({
      url: `/api/projects/${draftProjectId}/visit-slots?from=2026-11-28&to=2026-11-28`,
    });
    expect(draft.statusCode).toBe(404);
  });

  it("carries hours past midnight into the next date, and a past-midnight slot can be booked", async () => {
    const list = await slots(nightProjectId, "2026-11-28", "2026-11-28");
    expect(list.map((s) => s.startsAt)).toEqual(nightStarts("2026-11-28", "2026-11-29"));
    const res = await book({ projectId: nightProjectId, startsAt: "2026-11-29T01:00:00+03:00" });
    expect(res.statusCode).toBe(201);
    const after = await slots(nightProjectId, "2026-11-28", "2026-11-28");
    expect(after.at(-1)).toMatchObject({ startsAt: "2026-11-29T01:00:00+03:00", available: false });
  });

  it("a closed date takes its night past midnight with it; the notice counts across midnight", async () => {
    // Monday 30 November closed: its 20:00 → 02:00 night (to 01:00 on 1 December) is not offered or booked.
    const closed = await putNightHours({ closedDates: ["2026-11-30"] });
    expect(closed.statusCode).toBe(200);
    const list = await slots(nightProjectId, "2026-11-30", "2026-12-01");
    expect(list.map((s) => s.startsAt)).toEqual(nightStarts("2026-12-01", "2026-12-02"));
    const ofClosedNight = await book({ projectId: nightProjectId, startsAt: "2026-12-01T01:00:00+03:00" });
    expect(ofClosedNight.statusCode).toBe(400);
    expect(ofClosedNight.json().fields.startsAt).toBe("موعد الزيارة غير صالح");

    // Tuesday 22:30: midnight is 90 minutes away (< 2 h), 01:00 is bookable.
    const before = now;
    now = new Date("2026-12-01T22:30:00+03:00");
    const late = await slots(nightProjectId, "2026-12-01", "2026-12-01");
    expect(late.slice(-2)).toEqual([
      { startsAt: "2026-12-02T00:00:00+03:00", endsAt: "2026-12-02T01:00:00+03:00", available: false },
      { startsAt: "2026-12-02T01:00:00+03:00", endsAt: "2026-12-02T02:00:00+03:00", available: true },
    ]);
    expect((await book({ projectId: nightProjectId, startsAt: "2026-12-02T00:00:00+03:00" })).statusCode).toBe(409);
    expect((await book({ projectId: nightProjectId, startsAt: "2026-12-02T01:00:00+03:00" })).statusCode).toBe(201);
    now = before;
  });

  it("keeps the minimum notice and the horizon on the app's clock", async () => {
    // Saturday 14:30 in Jeddah: 16:00 is 90 minutes away (< 2 h), 16:45 is bookable.
    now = new Date("2026-11-28T11:30:00Z");
    const list = await slots(projectId, "2026-11-28", "2026-11-28");
    expect(list[0]).toMatchObject({ startsAt: "2026-11-28T16:00:00+03:00", available: false });
    expect(list[1]).toMatchObject({ startsAt: "2026-11-28T16:45:00+03:00", available: true });
    const late = await book({ startsAt: "2026-11-28T16:00:00+03:00" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("هذا الموعد لم يعد متاحًا، اختر أحد المواعيد المتاحة التالية");
    expect(late.json().nextSlots[0]).toEqual({
      startsAt: "2026-11-28T16:45:00+03:00",
      endsAt: "2026-11-28T17:30:00+03:00",
      available: true,
    });
    // 21 days ahead: 19 December is the last date; nothing later is offered or booked.
    const far = await slots(projectId, "2026-12-18", "2026-12-31");
    expect(far.at(-1)?.startsAt.slice(0, 10)).toBe("2026-12-19");
    const tooFar = await book({ startsAt: "2026-12-20T16:00:00+03:00" });
    expect(tooFar.statusCode).toBe(409);
  });
});

describe("booking", () => {
  it("names bad fields in Arabic and refuses a time that is no slot", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/visits",
      payload: { projectId, startsAt: "tomorrow", name: "", phone: "123" },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["name", "phone", "startsAt"]);
    const odd = await book({ startsAt: "2026-11-30T16:10:00+03:00" });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fields.startsAt).toBe("موعد الزيارة غير صالح");
    const otherUnit = await book({ startsAt: "2026-11-30T16:00:00+03:00", unitId: 999_999 });
    expect(otherUnit.statusCode).toBe(400);
    expect(Object.keys(otherUnit.json().fields)).toEqual(["unitId"]);
  });

  it("opens a lead through intake at زيارة with consent and origin, assigns an agent on duty, and tells them", async () => {
    const res = await book({
      startsAt: "2026-11-30T17:30:00+03:00",
      email: "Buyer@Example.com",
      unitId,
      marketingConsent: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.startsAt).toBe("2026-11-30T17:30:00+03:00");
    expect(body.manageUrl).toMatch(new RegExp(`^${t.config.publicUrl}/visit/[A-Za-z0-9_:-]+$`));
    const [visit] = await t.db.select().from(visits).where(eq(visits.id, body.id));
    expect(visit).toMatchObject({ status: "booked", unitId, email: "buyer@example.com" });
    expect([agentA.id, agentB.id, agentC.id]).toContain(visit.agentId);
    const [lead] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.id, visit.leadId ?? 0));
    expect(lead.stage).toBe("visit");
    expect(lead.ownerId).toBe(visit.agentId);
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, lead.id));
    expect(enquiry).toMatchObject({ source: "visit", projectId, consentVersion: t.site.privacy.version });
    expect(enquiry.marketingConsentAt).not.toBeNull();
    const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["visit_booked", "stage_changed"]));
    expect(events.find((e) => e.kind === "stage_changed")).toMatchObject({ fromStage: "new", toStage: "visit" });
    const agent = [agentA, agentB, agentC].find((a) => a.id === visit.agentId) ?? agentA;
    const told = await t.app.inject({ url: "/api/notifications", headers: auth(agent) });
    expect(JSON.stringify(told.json())).toContain("حجز زيارة جديد");
    // The buyer's confirmation waits in the e-mail channel's outbox.
    const messages = await t.db.select().from(visitMessages).where(eq(visitMessages.visitId, visit.id));
    expect(messages).toMatchObject([{ channel: "email", kind: "confirmation", recipient: "buyer@example.com" }]);
  });

  it("deals visits by round robin among the agents on duty, skipping one who is away", async () => {
    const away = await t.app.inject({
      method: "PUT",
      url: `/api/leads/agents/${agentB.id}/away`,
      payload: { away: true },
      headers: auth(manager),
    });
    expect(away.statusCode).toBe(200);
    const agents: (string | null)[] = [];
    for (const time of ["18:15", "19:00", "19:45", "20:30"]) {
      const res = await book({ startsAt: `2026-11-30T${time}:00+03:00` });
      expect(res.statusCode).toBe(201);
      const [visit] = await t.db.select().from(visits).where(eq(visits.id, res.json().id));
      agents.push(visit.agentId);
    }
    expect(agents).not.toContain(agentB.id);
    expect(new Set(agents)).toEqual(new Set([agentA.id, agentC.id]));
    expect(agents[0]).not.toBe(agents[1]);
    // A lead whose owner is away goes to an agent on duty.
    const chosen = await t.db.transaction((tx) => visitAgent(tx, agentB.id, projectId, now));
    expect([agentA.id, agentC.id]).toContain(chosen);
    await t.app.inject({
      method: "PUT",
      url: `/api/leads/agents/${agentB.id}/away`,
      payload: { away: false },
      headers: auth(manager),
    });
  });

  it("never moves a lead back from حجز or بيع", async () => {
    const res = await book({ startsAt: "2026-11-30T21:15:00+03:00" });
    const [visit] = await t.db.select().from(visits).where(eq(visits.id, res.json().id));
    const leadId = visit.leadId ?? 0;
    await t.db.update(leads).set({ stage: "reserved" }).where(eq(leads.id, leadId));
    await t.db.transaction((tx) => moveLeadToVisit(tx, leadId, now, visit.id));
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead.stage).toBe("reserved");
  });

  it("keeps 20 concurrent bookings of one slot within its capacity", async () => {
    const settings = await t.app.inject({
      method: "PUT",
      url: `/api/projects/${projectId}/visit-settings`,
      payload: { placeName: "مكتب المبيعات", capacity: 3, closedDates: ["2026-11-29"] },
      headers: auth(manager),
    });
    expect(settings.statusCode).toBe(200);
    const startsAt = "2026-12-01T19:00:00+03:00";
    const answers = await Promise.all(Array.from({ length: 20 }, () => book({ startsAt })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    const stored = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.projectId, projectId), eq(visits.startsAt, new Date(startsAt))));
    expect(stored).toHaveLength(3);
    const [count] = await t.db
      .select()
      .from(visitSlotCounts)
      .where(and(eq(visitSlotCounts.projectId, projectId), eq(visitSlotCounts.startsAt, new Date(startsAt))));
    expect(count.booked).toBe(3);
    const list = await slots(projectId, "2026-12-01", "2026-12-01");
    expect(list.find((s) => s.startsAt === startsAt)?.available).toBe(false);
  });
});

describe("the manage link", () => {
  it("reschedules and cancels without signing in; foreign, altered and expired tokens open nothing", async () => {
    const res = await book({ startsAt: "2026-12-02T16:00:00+03:00" });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().manageUrl).pathname.split("/").at(-1) ?? "";
    const view = await t.app.inject({ url: `/api/visits/manage/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      status: "booked",
      startsAt: "2026-12-02T16:00:00+03:00",
      projectName: "مشروع الياقوت",
      placeName: "مكتب المبيعات",
    });

    const moved = await t.app.inject({
      method: "POST",
      url: `/api/visits/manage/${token}/reschedule`,
      payload: { startsAt: "2026-12-02T17:30:00+03:00" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().startsAt).toBe("2026-12-02T17:30:00+03:00");
    const counts = await t.db.select().from(visitSlotCounts).where(eq(visitSlotCounts.projectId, projectId));
    const seat = (iso: string) => counts.find((c) => c.startsAt.getTime() === Date.parse(iso))?.booked;
    expect(seat("2026-12-02T16:00:00+03:00")).toBe(0);
    expect(seat("2026-12-02T17:30:00+03:00")).toBe(1);

    const foreign = createSecretBox(randomBytes(32)).seal(
      JSON.stringify({ v: res.json().id, e: Date.parse("2030-01-01") }),
    );
    expect((await t.app.inject({ url: `/api/visits/manage/${foreign}` })).statusCode).toBe(404);
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await t.app.inject({ url: `/api/visits/manage/${altered}` })).statusCode).toBe(404);

    const cancelled = await t.app.inject({ method: "POST", url: `/api/visits/manage/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    const again = await t.app.inject({ method: "POST", url: `/api/visits/manage/${token}/cancel` });
    expect(again.statusCode).toBe(409);
    const [visit] = await t.db.select().from(visits).where(eq(visits.id, res.json().id));
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, visit.leadId ?? 0));
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["visit_rescheduled", "visit_cancelled"]));

    // A day after the visit's start the link has expired.
    now = new Date(Date.parse("2026-12-02T16:00:00+03:00") + 25 * 60 * 60 * 1000);
    const expired = await t.app.inject({ url: `/api/visits/manage/${token}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe("رابط إدارة الزيارة غير صالح أو انتهت صلاحيته");
  });
});

/**
 * The agent's day (docs/decisions/088-site-visits.md): today's visits in time order, each agent only their own
 * (visits.work granted to sales_agent); حضر / لم يحضر / أُعيد جدولته with a note, on the lead's timeline and in the
 * audit log; a no-show sets the lead's follow-up and its reminder; the dashboard's today / week / no-show rate and the
 * campaign funnel's booked → attended → reserved; the lists behind those figures, which count what the figures count
 * (docs/decisions/113-visit-lists-behind-the-figures.md).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leads } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { leadEvents, leadJobs } from "#server/db/tables/lead-desk.ts";
import { visits } from "#server/db/tables/visits.ts";
import { putAgents } from "#server/test-utils/agents.ts";
import { createTestApp, type TestApp, type TestUser } from "#server/test-utils/app.ts";
import { insertCampaign } from "#server/test-utils/landing.ts";

let t: TestApp;
// Sunday 29 November 2026, 10:00 in Jeddah.
let now = new Date("2026-11-29T07:00:00Z");
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let projectId: number;
let campaignId: number;
let landingPageId: number;
let phone = 0;

const auth = (u: TestUser) => t.bearer(u.token);

async function book(startsAt: string, origin: Record<string, number> = {}) {
  phone += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: { projectId, startsAt, name: `زائر ${phone}`, phone: `05${String(60000000 + phone)}`, ...origin },
  });
  expect(res.statusCode).toBe(201);
  const [visit] = await t.db.select().from(visits).where(eq(visits.id, res.json().id));
  return visit;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  manager = await t.signIn("manager");
  agentA = await t.signIn("sales_agent");
  agentB = await t.signIn("sales_agent");
  ({ projectId, landingPageId, campaignId } = await insertCampaign(t.db, {
    name: "مشروع المرجان",
    slug: "marjan",
    platformName: "snapchat",
    displayName: "سناب",
    at: now,
  }));
  await putAgents(t, manager, projectId, [agentA, agentB]);
  const settings = await t.app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/visit-settings`,
    payload: { placeName: "مكتب المبيعات", capacity: 4 },
    headers: auth(manager),
  });
  expect(settings.statusCode).toBe(200);
}, 120_000);
afterAll(async () => t.close());

it("lists each agent's visits of the day in time order and lets them mark the outcome of their own only", async () => {
  const late = await book("2026-11-29T20:30:00+03:00", { landingPageId, campaignId });
  const early = await book("2026-11-29T16:00:00+03:00", { landingPageId, campaignId });
  const third = await book("2026-11-29T18:15:00+03:00");
  const fourth = await book("2026-11-29T19:00:00+03:00");
  await book("2026-11-30T16:00:00+03:00");
  const mineA = [late, early, third, fourth].filter((v) => v.agentId === agentA.id);
  const mineB = [late, early, third, fourth].filter((v) => v.agentId === agentB.id);
  expect(mineA).toHaveLength(2);
  expect(mineB).toHaveLength(2);

  const day = await t.app.inject({ url: "/api/visits/day", headers: auth(agentA) });
  expect(day.statusCode).toBe(200);
  const list = day.json() as { id: number; startsAt: string; name: string }[];
  expect(list.map((v) => v.id)).toEqual(
    mineA.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((v) => v.id),
  );
  const all = await t.app.inject({ url: "/api/visits/day?date=2026-11-29", headers: auth(manager) });
  expect(all.json().map((v: { startsAt: string }) => v.startsAt.slice(11, 16))).toEqual([
    "16:00",
    "18:15",
    "19:00",
    "20:30",
  ]);
  const badDate = await t.app.inject({ url: "/api/visits/day?date=29-11-2026", headers: auth(agentA) });
  expect(badDate.statusCode).toBe(400);

  // Another agent's visit is not there for A.
  const foreign = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${mineB[0].id}/outcome`,
    payload: { outcome: "attended" },
    headers: auth(agentA),
  });
  expect(foreign.statusCode).toBe(404);
  const bad = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${mineA[0].id}/outcome`,
    payload: { outcome: "maybe" },
    headers: auth(agentA),
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fields.outcome).toBe("النتيجة غير صالحة");

  now = new Date("2026-11-29T17:00:00Z");
  const attended = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${mineA[0].id}/outcome`,
    payload: { outcome: "attended", note: "أعجبته الوحدة ١٠١" },
    headers: auth(agentA),
  });
  expect(attended.statusCode).toBe(200);
  expect(attended.json()).toMatchObject({ status: "attended", leadId: mineA[0].leadId });
  const noShow = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${mineA[1].id}/outcome`,
    payload: { outcome: "no_show" },
    headers: auth(agentA),
  });
  expect(noShow.statusCode).toBe(200);

  const leadId = mineA[1].leadId ?? 0;
  const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
  expect(lead.followUpAt?.getTime()).toBe(Math.max(mineA[1].startsAt.getTime(), now.getTime()) + 24 * 60 * 60 * 1000);
  const jobs = await t.db
    .select()
    .from(leadJobs)
    .where(and(eq(leadJobs.leadId, leadId), eq(leadJobs.kind, "follow_up")));
  expect(jobs).toHaveLength(1);
  const events = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId));
  expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(["visit_outcome", "follow_up_set"]));
  const audit = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "visit"), eq(auditLogs.action, "outcome")));
  expect(audit).toHaveLength(2);
  expect(audit[0].userId).toBe(agentA.id);

  // The dashboard: four today, five this week (Saturday 28 Nov – Friday 4 Dec), one no-show of two outcomes.
  const stats = await t.app.inject({ url: "/api/visits/stats", headers: auth(manager) });
  expect(stats.json()).toMatchObject({
    today: 4,
    week: 5,
    weekStart: "2026-11-28",
    attended: 1,
    noShow: 1,
    noShowRate: 50,
  });
  const own = await t.app.inject({ url: "/api/visits/stats", headers: auth(agentB) });
  expect(own.json()).toMatchObject({ today: 2 });

  // The funnel: the campaign's two bookings, the attended one's lead reserved later.
  const campaignVisits = [late, early].sort((a, b) => a.id - b.id);
  const attendedCampaign = campaignVisits.find((v) => v.id === mineA[0].id);
  if (attendedCampaign?.leadId) {
    await t.db.update(leads).set({ stage: "reserved" }).where(eq(leads.id, attendedCampaign.leadId));
  }
  const funnel = await t.app.inject({ url: "/api/visits/campaigns", headers: auth(manager) });
  expect(funnel.statusCode).toBe(200);
  const row = funnel.json().find((r: { campaignId: number }) => r.campaignId === campaignId);
  expect(row.booked).toBe(2);
  expect(row.attended).toBe(attendedCampaign ? 1 : 0);
  expect(row.reserved).toBe(attendedCampaign ? 1 : 0);
  const refused = await t.app.inject({ url: "/api/visits/campaigns", headers: auth(agentA) });
  expect(refused.statusCode).toBe(403);
});

it("lists the visits behind each figure — the day, the Saturday–Friday week, the week's no-shows — and they agree", async () => {
  // Sunday 29 November, 20:00 in Jeddah (the first test left the clock here): two more outcomes today.
  const today = (await t.app.inject({ url: "/api/visits/day", headers: auth(agentB) })).json() as {
    id: number;
    status: string;
  }[];
  const open = today.find((v) => v.status === "booked");
  expect(open).toBeDefined();
  const marked = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${open?.id}/outcome`,
    payload: { outcome: "no_show" },
    headers: auth(agentB),
  });
  expect(marked.statusCode).toBe(200);
  // This week: one cancelled by the buyer, one the agent rescheduled (neither takes place), one on Thursday night.
  const cancelled = await t.app.inject({
    method: "POST",
    url: "/api/visits",
    payload: { projectId, startsAt: "2026-12-01T17:30:00+03:00", name: "زائر ملغى", phone: "0561111111" },
  });
  expect(cancelled.statusCode).toBe(201);
  const token = new URL(cancelled.json().manageUrl).pathname.split("/").at(-1);
  expect((await t.app.inject({ method: "POST", url: `/api/visits/manage/${token}/cancel` })).statusCode).toBe(200);
  const rescheduled = await book("2026-12-02T16:00:00+03:00");
  const moved = await t.app.inject({
    method: "PATCH",
    url: `/api/visits/${rescheduled.id}/outcome`,
    payload: { outcome: "rescheduled" },
    headers: auth(manager),
  });
  expect(moved.statusCode).toBe(200);
  const thursday = await book("2026-12-03T21:15:00+03:00");
  // Outside this week: Saturday 5 December (next week) and last Friday's no-show.
  const nextWeek = await book("2026-12-05T16:00:00+03:00");
  const [lastWeek] = await t.db
    .insert(visits)
    .values({
      projectId,
      agentId: agentA.id,
      startsAt: new Date("2026-11-27T20:00:00+03:00"),
      endsAt: new Date("2026-11-27T20:45:00+03:00"),
      status: "no_show",
      name: "زائر الأسبوع الماضي",
      phone: "+966562222222",
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  type Listed = { id: number; status: string; startsAt: string };
  type List = { period: string; today: string; from: string; to: string; status: string | null; visits: Listed[] };
  const list = async (u: TestUser, query: string) => {
    const res = await t.app.inject({ url: `/api/visits${query}`, headers: auth(u) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as List;
  };
  const counted = (l: List) => l.visits.filter((v) => ["booked", "attended", "no_show"].includes(v.status));

  const stats = (await t.app.inject({ url: "/api/visits/stats", headers: auth(manager) })).json();
  expect(stats).toMatchObject({ today: 4, week: 6, attended: 1, noShow: 2, noShowRate: 67 });

  const week = await list(manager, "?period=week");
  expect(week).toMatchObject({
    period: "week",
    today: "2026-11-29",
    from: "2026-11-28",
    to: "2026-12-04",
    status: null,
  });
  const weekIds = week.visits.map((v) => v.id);
  expect(weekIds).toContain(rescheduled.id);
  expect(weekIds).toContain(cancelled.json().id);
  expect(weekIds).toContain(thursday.id);
  expect(weekIds).not.toContain(nextWeek.id);
  expect(weekIds).not.toContain(lastWeek.id);
  expect(week.visits.map((v) => v.startsAt)).toEqual([...week.visits.map((v) => v.startsAt)].sort());
  expect(counted(week)).toHaveLength(stats.week);

  const noShows = await list(manager, "?period=week&status=no_show");
  expect(noShows).toMatchObject({ from: "2026-11-28", to: "2026-12-04", status: "no_show" });
  expect(noShows.visits).toHaveLength(stats.noShow);
  expect(noShows.visits.every((v) => v.status === "no_show")).toBe(true);

  const day = await list(manager, "");
  expect(day).toMatchObject({ period: "day", from: "2026-11-29", to: "2026-11-29" });
  expect(counted(day)).toHaveLength(stats.today);

  // Each agent's figures and lists are their own, and agree too.
  for (const agent of [agentA, agentB]) {
    const own = (await t.app.inject({ url: "/api/visits/stats", headers: auth(agent) })).json();
    expect(counted(await list(agent, ""))).toHaveLength(own.today);
    expect(counted(await list(agent, "?period=week"))).toHaveLength(own.week);
    const ownNoShows = await list(agent, "?period=week&status=no_show");
    expect(ownNoShows.visits).toHaveLength(own.noShow);
    expect(ownNoShows.visits.length).toBeGreaterThan(0);
  }

  // Any date picks its own week: last week's no-show is there, not in this week's.
  const before = await list(manager, "?period=week&date=2026-11-27&status=no_show");
  expect(before).toMatchObject({ from: "2026-11-21", to: "2026-11-27" });
  expect(before.visits.map((v) => v.id)).toEqual([lastWeek.id]);

  const bad = await t.app.inject({ url: "/api/visits?period=month&status=maybe", headers: auth(manager) });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().fields).toEqual({ period: "الفترة غير صالحة", status: "حالة الزيارة غير صالحة" });
});

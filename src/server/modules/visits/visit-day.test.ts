/**
 * The agent's day (docs/decisions/088-site-visits.md): today's visits in time order, each agent only their own
 * (visits.work granted to sales_agent); حضر / لم يحضر / أُعيد جدولته with a note, on the lead's timeline and in the
 * audit log; a no-show sets the lead's follow-up and its reminder; the dashboard's today / week / no-show rate and the
 * campaign funnel's booked → attended → reserved.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { landingCampaigns, landingPages, leads, projects } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { leadEvents, leadJobs } from "#server/db/tables/lead-desk.ts";
import { visits } from "#server/db/tables/visits.ts";
import { createTestApp, type TestApp, type TestUser } from "#server/test-utils/app.ts";

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
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع المرجان", city: "جدة", publishedAt: now })
    .returning();
  projectId = project.id;
  const [page] = await t.db
    .insert(landingPages)
    .values({ projectId, slug: "marjan", poster: "/media/poster.webp", publishedAt: now })
    .returning();
  landingPageId = page.id;
  const [campaign] = await t.db
    .insert(landingCampaigns)
    .values({ landingPageId, platformName: "snapchat", displayName: "سناب", urlSlug: "snapchat/marjan" })
    .returning();
  campaignId = campaign.id;
  await t.app.inject({
    method: "PUT",
    url: "/api/leads/agents",
    payload: { projectId, userIds: [agentA.id, agentB.id] },
    headers: auth(manager),
  });
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

/**
 * The one leads list through the API (docs/decisions/070-one-leads-list.md): paging with the total matching the
 * filters, the filters done in SQL (stage, owner, project, source, campaign, landing page, dates, Arabic search,
 * webhook delivery), each lead's enquiries with their delivery and the retry of SPEC's call, the clock's next step
 * under the fake clock, and «إعادة الإسناد» of several leads in one transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_TOTAL_CAP } from "#domain/lead-list.ts";
import { landingCampaigns, landingPages, leads, projects } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { leadEvents, webhookDeliveries } from "#server/db/tables/lead-desk.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, stillClock } from "#server/test-utils/desk.ts";
import { insertLeads } from "#server/test-utils/leads.ts";

const clock = stillClock("2026-11-23T09:00:00Z");
let t: TestApp;
let manager: TestUser;
let employee: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let projectId: number;
let otherProjectId: number;
let pageId: number;
let campaignId: number;
/** Ids of the stored leads by a short name. */
const ids: Record<string, number> = {};

const auth = (u: TestUser) => t.bearer(u.token);
type Item = {
  id: number;
  name: string;
  total: number;
  enquiries: { id: number; delivery: { status: string } | null }[];
  enquiryCount: number;
  nextStep: { kind: string; at: string } | null;
};

async function list(query: string, user: TestUser = manager) {
  const res = await t.app.inject({ url: `/api/leads?${query}`, headers: auth(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Item[];
    nextCursor: string | null;
    total: number | null;
    totalCapped: boolean;
    now: string;
  };
}
const namesOf = async (query: string, user?: TestUser) => (await list(query, user)).items.map((i) => i.name).sort();

beforeAll(async () => {
  const env = { WEBHOOK_WORKER_INTERVAL_MS: "0" };
  const desk = await openDesk({ clock, env, agents: 2, projectName: "مشروع الياقوت" });
  ({ t, manager, projectId } = desk);
  [agentA, agentB] = desk.agents;
  employee = await t.signIn("employee");
  const [other] = await t.db.insert(projects).values({ name: "مشروع المرجان", city: "جدة" }).returning();
  otherProjectId = other.id;
  const [page] = await t.db
    .insert(landingPages)
    .values({
      projectId,
      slug: "yaqout",
      poster: "/media/p.webp",
      webhookUrl: "https://hooks.example.com/leads",
      webhookSecret: "whsec_dGVzdA==",
    })
    .returning();
  pageId = page.id;
  const [campaign] = await t.db
    .insert(landingCampaigns)
    .values({ landingPageId: pageId, platformName: "snapchat", urlSlug: "snapchat/yaqout", displayName: "سناب" })
    .returning();
  campaignId = campaign.id;
  const at = (day: string) => new Date(`${day}T08:00:00Z`);
  const stored = await insertLeads(t.db, [
    { name: "أحمد الغامدي", phone: "+966500000001", source: "home", createdAt: at("2026-11-01"), stage: "new" },
    {
      name: "سارة",
      phone: "+966500000002",
      source: "campaign",
      projectId,
      landingPageId: pageId,
      campaignId,
      createdAt: at("2026-11-10"),
      stage: "contacted",
      ownerId: agentA.id,
    },
    {
      name: "فهد",
      phone: "+966500000003",
      source: "project",
      projectId,
      createdAt: at("2026-11-15"),
      stage: "qualified",
      ownerId: agentA.id,
    },
    {
      name: "مريم",
      phone: "+966500000004",
      source: "project",
      projectId: otherProjectId,
      createdAt: at("2026-11-20"),
      stage: "new",
      ownerId: agentB.id,
    },
    {
      name: "هدى",
      email: "huda@example.com",
      source: "campaign",
      projectId,
      landingPageId: pageId,
      campaignId,
      createdAt: at("2026-11-22"),
      stage: "lost",
      lostReason: "السعر",
    },
  ]);
  for (const row of stored) ids[row.name] = row.id;
  // Sara's enquiry was delivered; Huda's failed after its retries.
  await t.db.insert(webhookDeliveries).values([
    {
      contactMessageId: ids.سارة,
      eventId: "evt-sara",
      targetUrl: "https://hooks.example.com/leads",
      secretRef: `landing_page:${pageId}`,
      payload: {},
      status: "delivered",
      attempts: 1,
      nextAttemptAt: at("2026-11-10"),
      deliveredAt: at("2026-11-10"),
    },
    {
      contactMessageId: ids.هدى,
      eventId: "evt-huda",
      targetUrl: "https://hooks.example.com/leads",
      secretRef: `landing_page:${pageId}`,
      payload: {},
      status: "failed",
      attempts: 8,
      lastError: "HTTP 500",
      nextAttemptAt: at("2026-11-22"),
    },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe("the leads list", () => {
  it("pages on the server with the total matching the filters, every lead once", async () => {
    const first = await list("limit=2");
    expect(first.total).toBe(5);
    expect(first.totalCapped).toBe(false);
    expect(first.now).toBe(clock.now().toISOString());
    expect(first.items.map((i) => i.name)).toEqual(["هدى", "مريم"]);
    const second = await list(`limit=2&cursor=${encodeURIComponent(String(first.nextCursor))}`);
    const third = await list(`limit=2&cursor=${encodeURIComponent(String(second.nextCursor))}`);
    // Later pages leave the count out; the first page's total holds.
    expect(second.total).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((i) => i.name)).toEqual([
      "هدى",
      "مريم",
      "فهد",
      "سارة",
      "أحمد الغامدي",
    ]);
    expect(third.nextCursor).toBeNull();
    expect((await list(`limit=1&projectId=${projectId}`)).total).toBe(3);
  });

  it("filters by stage, owner, project, source, campaign, landing page and date range in SQL", async () => {
    expect(await namesOf("stage=new")).toEqual(["أحمد الغامدي", "مريم"]);
    expect(await namesOf(`ownerId=${agentA.id}`)).toEqual(["سارة", "فهد"]);
    expect(await namesOf("ownerId=none")).toEqual(["أحمد الغامدي", "هدى"]);
    expect(await namesOf(`projectId=${otherProjectId}`)).toEqual(["مريم"]);
    expect(await namesOf("source=campaign")).toEqual(["سارة", "هدى"]);
    expect(await namesOf(`campaignId=${campaignId}&stage=contacted`)).toEqual(["سارة"]);
    expect(await namesOf(`landingPageId=${pageId}`)).toEqual(["سارة", "هدى"]);
    expect(await namesOf("from=2026-11-10&to=2026-11-15")).toEqual(["سارة", "فهد"]);
    const counted = await list("from=2026-11-10&to=2026-11-15&limit=1");
    expect(counted.total).toBe(2);
  });

  it("searches in the Arabic normal form (hamza, case) and by a phone typed in any form", async () => {
    expect(await namesOf(`search=${encodeURIComponent("احمد")}`)).toEqual(["أحمد الغامدي"]);
    expect(await namesOf(`search=${encodeURIComponent("0500000003")}`)).toEqual(["فهد"]);
    expect(await namesOf(`search=${encodeURIComponent("HUDA@")}`)).toEqual(["هدى"]);
  });

  it("shows each lead's enquiries with their webhook delivery, and filters by delivery state", async () => {
    const page = await list("limit=50");
    const byName = new Map(page.items.map((i) => [i.name, i]));
    expect(byName.get("سارة")?.enquiries).toEqual([
      expect.objectContaining({ id: ids.سارة, delivery: expect.objectContaining({ status: "delivered" }) }),
    ]);
    expect(byName.get("هدى")?.enquiries[0].delivery).toMatchObject({ status: "failed", lastError: "HTTP 500" });
    expect(byName.get("سارة")?.enquiries[0]).toMatchObject({ platform: "snapchat", campaignName: "سناب" });
    expect(byName.get("فهد")?.enquiries[0].delivery).toBeNull();
    expect(byName.get("فهد")?.enquiryCount).toBe(1);
    expect(await namesOf("delivery=failed")).toEqual(["هدى"]);
    expect(await namesOf("delivery=delivered")).toEqual(["سارة"]);
    expect(await namesOf("delivery=none")).toEqual(["أحمد الغامدي", "فهد", "مريم"]);
    expect((await list("delivery=failed&limit=1")).total).toBe(1);
  });

  it("answers 400 naming the field for a bad filter", async () => {
    const res = await t.app.inject({ url: "/api/leads?delivery=lost&stage=x", headers: auth(manager) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ delivery: "حالة الويب هوك غير صالحة", stage: "المرحلة غير صالحة" });
  });

  it("retries a failed delivery through SPEC's call (campaigns.manage), and the list shows it queued", async () => {
    const denied = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${ids.هدى}/webhook-retry`,
      headers: auth(employee),
    });
    expect(denied.statusCode).toBe(403);
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/contact/messages/${ids.هدى}/webhook-retry`,
      headers: auth(manager),
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ status: "pending" });
    expect(await namesOf("delivery=pending")).toEqual(["هدى"]);
    expect(await namesOf("delivery=failed")).toEqual([]);
    // SPEC's own list answers the same enquiry with the same state.
    const spec = await t.app.inject({ url: "/api/contact/messages?delivery=pending", headers: auth(manager) });
    expect(spec.json().map((m: { id: number }) => m.id)).toEqual([ids.هدى]);
  });
});

describe("the clock on the list", () => {
  it("names the next step of a new lead and when it is due, and none once it is contacted", async () => {
    const list1 = await t.app.inject({
      method: "PUT",
      url: "/api/leads/agents",
      payload: { projectId: null, userIds: [agentA.id] },
      headers: auth(manager),
    });
    expect(list1.statusCode).toBe(200);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "خالد", phone: "0500000009", email: "k@example.com", message: "أرغب في شقة" },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().leadId as number;
    const item = async () => (await list("limit=50")).items.find((i) => i.id === id);
    expect((await item())?.nextStep).toEqual({ kind: "notify_agent", at: "2026-11-23T09:05:00.000Z" });
    clock.advance(6);
    await t.app.leadDesk.runDue();
    expect((await item())?.nextStep).toEqual({ kind: "notify_managers", at: "2026-11-23T09:15:00.000Z" });
    const logged = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "call", followUpAt: "2026-11-24T07:00:00.000Z" },
      headers: auth(agentA),
    });
    expect(logged.statusCode).toBe(201);
    expect((await item())?.nextStep).toEqual({ kind: "follow_up", at: "2026-11-24T07:00:00.000Z" });
    // A closed lead has no next step.
    const lost = await list("stage=lost");
    expect(lost.items[0].nextStep).toBeNull();
  });
});

describe("«إعادة الإسناد» of several leads", () => {
  it("hands three leads to an agent in one call, audited per lead, and the agent then sees them", async () => {
    const chosen = [ids["أحمد الغامدي"], ids.مريم, ids.فهد];
    const before = await namesOf("limit=50", agentB);
    expect(before).toEqual(["مريم"]);
    // Only this call's audit rows are counted: earlier tests of the file may have assigned these leads before.
    const auditsBefore = await t.db.select({ id: auditLogs.id }).from(auditLogs);
    const seen = new Set(auditsBefore.map((a) => a.id));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/leads/reassign",
      payload: { ids: [...chosen, ids.مريم], ownerId: agentB.id, note: "توزيع يدوي" },
      headers: auth(manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ownerId: agentB.id,
      reassigned: [ids["أحمد الغامدي"], ids.فهد].sort((a, b) => a - b),
      unchanged: [ids.مريم],
    });
    expect(await namesOf("limit=50", agentB)).toEqual(["أحمد الغامدي", "فهد", "مريم"]);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "assign"), inArray(auditLogs.entityId, chosen.map(String))));
    expect(
      audits
        .filter((a) => !seen.has(a.id))
        .map((a) => a.entityId)
        .sort(),
    ).toEqual([ids["أحمد الغامدي"], ids.فهد].map(String).sort());
    const events = await t.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.kind, "assigned"), inArray(leadEvents.leadId, chosen)));
    expect(events.filter((e) => e.note === "توزيع يدوي")).toHaveLength(2);
  });

  it("changes nothing when one lead is unknown (one transaction), and refuses an owner who cannot hold leads", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/leads/reassign",
      payload: { ids: [ids.سارة, 2_000_000], ownerId: agentB.id },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(404);
    const [sara] = await t.db.select().from(leads).where(eq(leads.id, ids.سارة));
    expect(sara.ownerId).toBe(agentA.id);
    const photographer = await t.createUser("photographer");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/leads/reassign",
      payload: { ids: [ids.سارة], ownerId: photographer },
      headers: auth(manager),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ ownerId: "الموظف المختار لا يمكنه استلام العملاء" });
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/leads/reassign",
      payload: { ids: [], ownerId: agentB.id },
      headers: auth(manager),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ ids: "يرجى اختيار عميل واحد على الأقل" });
  });

  it("is refused without leads.assign (an agent)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/leads/reassign",
      payload: { ids: [ids.سارة], ownerId: agentA.id },
      headers: auth(agentA),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the total of a large list", () => {
  it("counts up to the cap and says there are more, without reading the whole table", async () => {
    // LEAD_TOTAL_CAP more enquiries, each opening its lead under its id (as insertLeads does), in three statements.
    await t.db.execute(
      sql`insert into contact_messages (name, source, created_at) select 'عميل كثير ' || g, 'home', timestamptz '2026-10-01' + g * interval '1 second' from generate_series(1, ${LEAD_TOTAL_CAP}) g`,
    );
    await t.db.execute(
      sql`insert into leads (id, created_at) select id, created_at from contact_messages where lead_id is null and name like 'عميل كثير %'`,
    );
    await t.db.execute(sql`update contact_messages set lead_id = id where lead_id is null and name like 'عميل كثير %'`);
    const page = await list("limit=1");
    expect(page).toMatchObject({ total: LEAD_TOTAL_CAP, totalCapped: true });
    expect((await list("limit=1&stage=lost")).totalCapped).toBe(false);
  });
});

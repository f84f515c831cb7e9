/**
 * Meta lead forms end to end through the API (docs/lead-forms.md): a manager connects Meta and maps a form, Meta's
 * signed webhook arrives, the job engine reads the lead from a local Graph stand-in (a real HTTP server on
 * 127.0.0.1, test-utils/meta-graph-stand-in.ts) and the lead enters the desk once, with the platform's ids as text,
 * its created_time as the clock's start, an any-country phone, its consent and the campaign matched by the platform
 * campaign id. Time is a fake clock; the engine's timer is off (`runDue`).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduledJobs } from "#server/db/tables/system.ts";
import { contactMessages, landingCampaigns, leads } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { notifications, webhookDeliveries } from "../../db/tables/lead-desk.ts";
import { leadFormArrivals, leadFormForms, leadFormLeads } from "../../db/tables/lead-forms.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { enquiryOf, projectWithAgent, putConnection } from "../../test-utils/lead-forms.ts";
import { sign, startMetaGraphStandIn } from "../../test-utils/meta-graph-stand-in.ts";
import { LEAD_FORMS_BACKFILL_JOB } from "./plugin.ts";
import { storePlatformLead } from "./store.ts";

const APP_SECRET = "app-secret-4c1f9e";
const VERIFY_TOKEN = "verify-token-77aa";
const PAGE_TOKEN = "EAAG-page-token-secret";
const PAGE_ID = "104857600123456789";
const FORM_ID = "987654321098765432";
const CAMPAIGN_ID = "120212345678901234";

let t: TestApp;
let manager: TestUser;
let agent: TestUser;
let graph: Awaited<ReturnType<typeof startMetaGraphStandIn>>;
let now = new Date("2026-11-27T09:00:00Z");
let projectId: number;
let campaignRowId: number;
let landingPageId: number;

const asManager = () => t.bearer(manager.token);

async function postWebhook(body: string, signature = sign(body, APP_SECRET)) {
  return t.app.inject({
    method: "POST",
    url: "/api/lead-forms/meta/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    payload: body,
  });
}

function newLead(fields: { created: Date; phone?: string; test?: boolean; campaign?: string }) {
  const value = (v: string) => (fields.test ? `<test lead: dummy data for ${v}>` : v);
  return graph.addLead({
    form_id: FORM_ID,
    created: fields.created,
    ad_id: "120200000000000001",
    adset_id: "120200000000000002",
    campaign_id: fields.campaign ?? CAMPAIGN_ID,
    field_data: [
      { name: "full_name", values: [value("سارة أحمد")] },
      { name: "phone_number", values: [fields.test ? value("phone") : (fields.phone ?? "+971501234567")] },
      { name: "email", values: [fields.test ? "test@fb.com" : "sara@example.com"] },
      { name: "budget", values: ["مليون ريال"] },
      { name: "when_to_buy", values: ["خلال ٣ أشهر"] },
    ],
    custom_disclaimer_responses: [{ checkbox_key: "marketing_optin", is_checked: "1" }],
  });
}

beforeAll(async () => {
  graph = await startMetaGraphStandIn({ token: PAGE_TOKEN, pageId: PAGE_ID });
  graph.addForm({
    id: FORM_ID,
    name: "نموذج مشروع الريف",
    status: "ACTIVE",
    questions: [
      { key: "full_name", label: "الاسم الكامل", type: "FULL_NAME" },
      { key: "phone_number", label: "رقم الهاتف", type: "PHONE" },
      { key: "budget", label: "الميزانية", type: "CUSTOM" },
    ],
  });
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0", LEAD_FORMS_META_GRAPH_URL: `${graph.url}/`, LEAD_FORMS_BACKFILL_MINUTES: "10" },
    clock: () => now,
  });
  ({ manager, agent, projectId } = await projectWithAgent(t, "مشروع الريف"));
  const page = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${projectId}`,
    payload: { slug: "reef", poster: "/media/images/cccccccccccccccc.webp" },
    headers: asManager(),
  });
  expect(page.statusCode, page.body).toBe(201);
  landingPageId = page.json().id;
  const campaigns: { id: number; platformName: string }[] = page.json().campaigns;
  campaignRowId = campaigns.find((c) => c.platformName === "instagram")?.id ?? 0;
  await t.db
    .update(landingCampaigns)
    .set({ webhookUrl: "https://crm.example.com/hooks/leads", webhookSecret: "whsec_x" })
    .where(eq(landingCampaigns.id, campaignRowId));
  // The Meta campaign id typed on the campaign card.
  const card = await t.app.inject({
    method: "PUT",
    url: `/api/landing-campaigns/${campaignRowId}/platform-campaign`,
    payload: { platformCampaignId: CAMPAIGN_ID },
    headers: asManager(),
  });
  expect(card.json()).toEqual({ id: campaignRowId, platformCampaignId: CAMPAIGN_ID });
});

afterAll(async () => {
  await t.close();
  await graph.close();
});

describe("the connection", () => {
  it("names each missing setting when switched on, in Arabic", async () => {
    const res = await putConnection(t, manager, "meta", { enabled: true });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["appSecret", "pageAccessToken", "pageId", "verifyToken"]);
    expect(res.json().fields.pageId).toBe("معرّف الصفحة مطلوب لتفعيل الربط");
  });

  it("refuses unknown fields by name and a page id that is not digits", async () => {
    const res = await putConnection(t, manager, "meta", { enabled: false, pageId: "abc", pixel: "1" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["pageId", "pixel"]);
  });

  it("keeps secrets write-only: answers say hasX, the database holds them sealed, the audit says changed", async () => {
    const res = await putConnection(t, manager, "meta", {
      enabled: true,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      pageId: PAGE_ID,
      pageAccessToken: PAGE_TOKEN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      pageId: PAGE_ID,
      hasAppSecret: true,
      hasVerifyToken: true,
      hasPageAccessToken: true,
    });
    const read = await t.app.inject({ url: "/api/lead-forms/meta", headers: asManager() });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "lead_form_connection"));
    const stored = await t.db.execute(sql`select secrets::text as s from lead_form_connections`);
    for (const text of [res.body, read.body, JSON.stringify(audits), JSON.stringify(stored)]) {
      for (const secret of [APP_SECRET, VERIFY_TOKEN, PAGE_TOKEN]) expect(text).not.toContain(secret);
    }
    expect(audits.at(-1)?.newState).toMatchObject({ appSecret: "changed", pageAccessToken: "changed" });
  });

  it("is refused to a user without lead_forms.manage", async () => {
    const agent = await t.signIn("sales_agent");
    const res = await t.app.inject({ url: "/api/lead-forms/meta", headers: t.bearer(agent.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe("the campaign card", () => {
  it("shows the platform campaign id it holds and refuses a malformed one by name", async () => {
    const campaigns = await t.app.inject({
      url: `/api/landing-pages/${landingPageId}/campaigns`,
      headers: asManager(),
    });
    const card = campaigns.json().find((c: { id: number }) => c.id === campaignRowId);
    expect(card?.platformCampaignId).toBe(CAMPAIGN_ID);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/landing-campaigns/${campaignRowId}/platform-campaign`,
      payload: { platformCampaignId: "12 34" },
      headers: asManager(),
    });
    expect(Object.keys(bad.json().fields)).toEqual(["platformCampaignId"]);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/landing-campaigns/999999/platform-campaign",
      payload: { platformCampaignId: null },
      headers: asManager(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("forms", () => {
  it("lists the page's forms from the account and keeps a project and field map per form", async () => {
    const list = await t.app.inject({ url: "/api/lead-forms/meta/forms", headers: asManager() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ formId: FORM_ID, name: "نموذج مشروع الريف", projectId: null, fieldMap: {} }),
    ]);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/lead-forms/meta/forms/${FORM_ID}`,
      payload: { projectId: 999_999, fieldMap: { budget: "salary" } },
      headers: asManager(),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["fieldMap.budget"]);
    const unknown = await t.app.inject({
      method: "PUT",
      url: `/api/lead-forms/meta/forms/${FORM_ID}`,
      payload: { projectId: 999_999, fieldMap: {} },
      headers: asManager(),
    });
    expect(unknown.json().fields).toEqual({ projectId: "المشروع غير موجود" });
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/lead-forms/meta/forms/${FORM_ID}`,
      payload: { projectId, fieldMap: { budget: "message" } },
      headers: asManager(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ projectId, fieldMap: { budget: "message" } });
  });
});

describe("the webhook", () => {
  it("answers the subscription check with the challenge only for the stored verify token", async () => {
    const ok = await t.app.inject({
      url: `/api/lead-forms/meta/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const wrong = await t.app.inject({
      url: "/api/lead-forms/meta/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain("1158201444");
  });

  it("refuses a body whose signature is not the app secret's HMAC of the raw bytes, storing nothing", async () => {
    const lead = newLead({ created: new Date("2026-11-27T08:59:00Z") });
    const body = graph.webhookBody(lead);
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const answers = [
      await postWebhook(body, ""),
      await postWebhook(body, sign(body, "another-secret")),
      await postWebhook(reformatted, sign(body, APP_SECRET)),
      await postWebhook(body, "sha256=zz"),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401]);
    const arrivals = await t.db.select().from(leadFormArrivals).where(eq(leadFormArrivals.platformLeadId, lead.id));
    expect(arrivals).toEqual([]);
    graph.leads.delete(lead.id);
  });

  it("stores a signed lead once, through the desk, with the platform's ids, clock, phone, answers and consent", async () => {
    const created = new Date("2026-11-27T08:58:00Z");
    const lead = newLead({ created });
    const body = graph.webhookBody(lead);
    // Five deliveries of one notification at once (Meta retries), then the engine's pass.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => postWebhook(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await t.app.jobs.runDue();

    const stored = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, lead.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      formId: FORM_ID,
      formName: "نموذج مشروع الريف",
      pageId: PAGE_ID,
      adId: "120200000000000001",
      adsetId: "120200000000000002",
      campaignId: CAMPAIGN_ID,
      isTest: false,
      via: "webhook",
      consentAnswers: [{ key: "marketing_optin", checked: true }],
    });
    const enquiry = await enquiryOf(t, stored[0].enquiryId);
    expect(enquiry).toMatchObject({
      source: "meta_lead_form",
      name: "سارة أحمد",
      phone: "+971501234567",
      email: "sara@example.com",
      projectId,
      campaignId: campaignRowId,
      isTest: false,
    });
    expect(enquiry.message).toBe("مليون ريال\nwhen_to_buy: خلال ٣ أشهر");
    const [desk] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.id, enquiry.leadId ?? 0));
    // The response clock starts at the platform's created_time; round robin gave it to the project's agent.
    expect(desk.createdAt.toISOString()).toBe(created.toISOString());
    expect(desk.ownerId).toBe(agent.id);
    // The agent's «عملائي» shows the platform, the form and the campaign.
    const mine = await t.app.inject({ url: "/api/leads?ownerId=me&sort=urgency", headers: t.bearer(agent.token) });
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        id: desk.id,
        source: "meta_lead_form",
        leadForm: { platform: "meta", formName: "نموذج مشروع الريف" },
        campaignName: "instagram/reef",
      }),
    ]);
    // It goes out by the campaign's lead webhook like a website enquiry.
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.contactMessageId, enquiry.id));
    expect(delivery.targetUrl).toBe("https://crm.example.com/hooks/leads");
    // The Graph was asked for exactly the documented fields, with the page token.
    const fetched = graph.requests.find((u) => u.pathname.endsWith(`/${lead.id}`));
    expect(fetched?.pathname).toBe(`/v24.0/${lead.id}`);
    expect(fetched?.searchParams.get("fields")).toBe(
      "id,created_time,field_data,ad_id,adset_id,campaign_id,form_id,is_organic,platform,custom_disclaimer_responses",
    );
  });

  it("stores one lead when two transactions store the same platform lead at once", async () => {
    const lead = newLead({ created: new Date("2026-11-27T08:57:00Z"), phone: "0551234567" });
    const platformLead = {
      platform: "meta" as const,
      platformLeadId: lead.id,
      formId: FORM_ID,
      pageId: PAGE_ID,
      adId: null,
      adsetId: null,
      campaignId: null,
      placement: "fb",
      isOrganic: false,
      isTest: false,
      createdTime: new Date("2026-11-27T08:57:00Z"),
      answers: { full_name: "خالد", phone_number: "0551234567" },
      consentAnswers: [],
    };
    const peer = await t.openPeerDatabase();
    const results = await Promise.all([
      t.db.transaction((tx) => storePlatformLead(tx, platformLead, "webhook", now)),
      peer.db.transaction((tx) => storePlatformLead(tx, platformLead, "backfill", now)),
    ]);
    await peer.close();
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, lead.id));
    expect(rows).toHaveLength(1);
    const enquiries = await t.db.select().from(contactMessages).where(eq(contactMessages.name, "خالد"));
    expect(enquiries.map((e) => e.phone)).toEqual(["+966551234567"]);
  });

  it("marks a lead of Meta's testing tool as a test and leaves it out of the campaign report", async () => {
    const lead = newLead({ created: new Date("2026-11-27T08:59:30Z"), test: true });
    expect((await postWebhook(graph.webhookBody(lead))).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, lead.id));
    expect(row.isTest).toBe(true);
    const enquiry = await enquiryOf(t, row.enquiryId);
    expect(enquiry.isTest).toBe(true);
    const report = await t.app.inject({
      url: "/api/conversions/funnel?from=2026-11-27&to=2026-11-27",
      headers: asManager(),
    });
    const campaign = report.json().campaigns.find((c: { campaignId: number }) => c.campaignId === campaignRowId);
    // The signed lead of the test above counts; the test lead does not.
    expect(campaign.counts.enquiries).toBe(1);
  });
});

describe("the backfill", () => {
  it("finds the leads whose webhooks were lost, once, within one period of the fake clock", async () => {
    now = new Date("2026-11-27T10:00:00Z");
    await t.app.jobs.runDue(); // the first pass reads the last day and sets each form's cursor
    const lost = [1, 2, 3].map((i) => newLead({ created: new Date(`2026-11-27T10:0${i}:00Z`) }));
    now = new Date("2026-11-27T10:05:00Z");
    await t.app.jobs.runDue(); // not yet due: a pass every 10 minutes less 60 s
    let stored = await t.db.select().from(leadFormLeads);
    expect(stored.filter((r) => lost.some((l) => l.id === r.platformLeadId))).toHaveLength(0);
    now = new Date("2026-11-27T10:10:00Z");
    await t.app.jobs.runDue();
    stored = await t.db.select().from(leadFormLeads);
    const found = stored.filter((r) => lost.some((l) => l.id === r.platformLeadId));
    expect(found.map((r) => r.via)).toEqual(["backfill", "backfill", "backfill"]);
    const [form] = await t.db
      .select()
      .from(leadFormForms)
      .where(and(eq(leadFormForms.platform, "meta"), eq(leadFormForms.formId, FORM_ID)));
    expect(form.backfillCursor?.toISOString()).toBe("2026-11-27T10:03:00.000Z");
    // The late webhook of one of them and the next backfill change nothing.
    await postWebhook(graph.webhookBody(lost[0]));
    now = new Date("2026-11-27T10:20:00Z");
    await t.app.jobs.runDue();
    const again = await t.db.select().from(leadFormLeads);
    expect(again.filter((r) => lost.some((l) => l.id === r.platformLeadId))).toHaveLength(3);
    const health = await t.app.inject({ url: "/api/lead-forms/meta", headers: asManager() });
    expect(health.json().health).toMatchObject({ lastBackfillAt: "2026-11-27T10:20:00.000Z", error: null });
  });

  it("shows a refused token on the health line in Arabic and tells the managers once", async () => {
    graph.setToken("another-token");
    const lead = newLead({ created: new Date("2026-11-27T10:21:00Z") });
    now = new Date("2026-11-27T10:21:30Z");
    await postWebhook(graph.webhookBody(lead));
    await t.app.jobs.runDue();
    now = new Date("2026-11-27T10:40:00Z");
    await t.app.jobs.runDue();
    const health = await t.app.inject({ url: "/api/lead-forms/meta", headers: asManager() });
    expect(health.json().health.error).toBe("رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا");
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, "lead_forms_token")));
    expect(told).toHaveLength(1);
    // A new token clears the error; the backfill then brings the lead.
    graph.setToken(PAGE_TOKEN);
    await putConnection(t, manager, "meta", { enabled: true, pageAccessToken: PAGE_TOKEN });
    now = new Date("2026-11-27T10:50:00Z");
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, lead.id));
    expect(row).toBeDefined();
  });

  it("stores a lead whose webhook was lost within one interval of its created_time, though each pass starts late", async () => {
    // The server's timer reaches a due pass up to one engine interval (2 s) late, and the forms are read a tick later.
    const lateMs = 4_000;
    now = new Date("2026-11-27T11:00:00Z");
    await t.app.jobs.runDue(); // a pass (the one before ran at 10:50)
    for (let period = 0; period < 3; period++) {
      const lead = newLead({ created: new Date(now.getTime() + 1000) }); // just after that pass read the form
      const [job] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, LEAD_FORMS_BACKFILL_JOB));
      now = new Date(job.nextRunAt.getTime() + lateMs);
      await t.app.jobs.runDue();
      const [row] = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, lead.id));
      expect(row?.via).toBe("backfill");
      expect(row.storedAt.getTime() - row.createdTime.getTime()).toBeLessThanOrEqual(10 * 60_000);
    }
  });
});

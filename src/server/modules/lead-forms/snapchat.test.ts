/**
 * Snapchat Lead Generation end to end through the API (docs/lead-forms.md "Set-up: Snapchat";
 * docs/decisions/119-snapchat-lead-forms-secret-webhook-path.md): a manager connects Snapchat (secrets write-only, the
 * webhook's secret path made by the server), the account's forms are read with their consent text, Snapchat's notice
 * arrives at the secret path, the job engine reads the lead from a local Marketing API stand-in
 * (test-utils/snapchat-lead-stand-in.ts) and the lead enters the desk once through the same store as the other
 * platforms'; a lost notice is found by the backfill. Time is a fake clock; the engine's timer is off.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads, projects } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { notifications } from "../../db/tables/lead-desk.ts";
import { leadFormArrivals, leadFormLeads } from "../../db/tables/lead-forms.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { startSnapchatLeadStandIn } from "../../test-utils/snapchat-lead-stand-in.ts";

const AD_ACCOUNT_ID = "8adc3db7-8148-4fbf-999c-8d2266369d74";
const CLIENT_ID = "snap-client-7f1e";
const CLIENT_SECRET = "snap-client-secret-52a9";
const REFRESH_TOKEN = "snap-refresh-token-c0ffee";
const FORM_ID = "a0bc123d-d4ab-4ecc-b4eb-1a23bc4567d2";
const CONSENT = "أوافق على أن تتواصل معي الشركة بخصوص المشروع";

let t: TestApp;
let manager: TestUser;
let agent: TestUser;
let api: Awaited<ReturnType<typeof startSnapchatLeadStandIn>>;
let now = new Date("2026-11-27T09:00:00Z");
let projectId: number;
let webhookPath = "";

const asManager = () => t.bearer(manager.token);

const postWebhook = (body: string, path = webhookPath) =>
  t.app.inject({ method: "POST", url: path, headers: { "content-type": "application/json" }, payload: body });

function newLead(created: Date, test = false) {
  return api.addLead({
    lead_generation_form_id: FORM_ID,
    created,
    campaign_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a01",
    ad_squad_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a02",
    ad_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a03",
    is_test: test,
    form_field_responses: [
      { type: "FIRST_NAME", value: "سارة" },
      { type: "LAST_NAME", value: "الغامدي" },
      { type: "PHONE_NUMBER", value: "+971 50 123 4567" },
      { type: "EMAIL", value: "Sara@Example.com" },
      { type: "CUSTOM", description: "ما ميزانيتك؟", value: "مليون ونصف" },
      { type: "CUSTOM", description: "متى تنوي الشراء؟", value: "خلال ٣ أشهر" },
    ],
    consent_field_responses: [{ consent_description: CONSENT, accepted: true }],
  });
}

const storedOf = (leadId: string) => t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, leadId));

beforeAll(async () => {
  api = await startSnapchatLeadStandIn({
    adAccountId: AD_ACCOUNT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    refreshToken: REFRESH_TOKEN,
  });
  t = await createTestApp({
    env: {
      JOBS_INTERVAL_MS: "0",
      LEAD_FORMS_SNAPCHAT_URL: `${api.url}/`,
      LEAD_FORMS_SNAPCHAT_AUTH_URL: api.url,
      LEAD_FORMS_BACKFILL_MINUTES: "10",
    },
    clock: () => now,
  });
  manager = await t.signIn("manager");
  const [project] = await t.db.insert(projects).values({ name: "مشروع المرسى", city: "جدة" }).returning();
  projectId = project.id;
  agent = await t.signIn("sales_agent");
  const agents = await t.app.inject({
    method: "PUT",
    url: "/api/leads/agents",
    payload: { projectId, userIds: [agent.id] },
    headers: asManager(),
  });
  expect(agents.statusCode, agents.body).toBe(200);
  api.forms.push({
    id: FORM_ID,
    name: "نموذج مشروع المرسى",
    status: "ACTIVE",
    form_fields: [
      { type: "FIRST_NAME" },
      { type: "LAST_NAME" },
      { type: "PHONE_NUMBER" },
      { type: "EMAIL" },
      { type: "CUSTOM", custom_form_field_properties: { type: "TEXT", description: "ما ميزانيتك؟" } },
      { type: "CUSTOM", custom_form_field_properties: { type: "TEXT", description: "متى تنوي الشراء؟" } },
    ],
    privacy_policy_url: "https://www.example.sa/privacy",
    legal_disclosures: { title: "الشروط", consent_form_fields: [{ consent_description: CONSENT, required: true }] },
  });
});

afterAll(async () => {
  await t.close();
  await api.close();
});

describe("the Snapchat connection", () => {
  it("names each missing setting when switched on, refuses ids that are not Snapchat's", async () => {
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/lead-forms/snapchat",
      payload: { enabled: true },
      headers: asManager(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      adAccountId: "معرّف الحساب الإعلاني مطلوب لتفعيل الربط",
      clientId: "معرّف تطبيق OAuth مطلوب لتفعيل الربط",
      clientSecret: "المفتاح السري لتطبيق OAuth مطلوب لتفعيل الربط",
      refreshToken: "رمز التجديد مطلوب لتفعيل الربط",
    });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/lead-forms/snapchat",
      payload: { enabled: false, adAccountId: "123", clientId: "a b" },
      headers: asManager(),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["adAccountId", "clientId"]);
    const before = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(before.json()).toMatchObject({ enabled: false, webhookPath: "", hasRefreshToken: false });
  });

  it("keeps secrets write-only, makes one secret webhook path on the first save and keeps it", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/lead-forms/snapchat",
      payload: {
        enabled: true,
        adAccountId: AD_ACCOUNT_ID,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        refreshToken: REFRESH_TOKEN,
      },
      headers: asManager(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      platform: "snapchat",
      enabled: true,
      adAccountId: AD_ACCOUNT_ID,
      clientId: CLIENT_ID,
      hasClientSecret: true,
      hasRefreshToken: true,
    });
    webhookPath = saved.json().webhookPath;
    expect(webhookPath).toMatch(/^\/api\/lead-forms\/snapchat\/webhook\/[A-Za-z0-9_-]{32}$/);
    const key = webhookPath.split("/").at(-1) ?? "";
    expect(saved.body).not.toContain(CLIENT_SECRET);
    expect(saved.body).not.toContain(REFRESH_TOKEN);

    const again = await t.app.inject({
      method: "PUT",
      url: "/api/lead-forms/snapchat",
      payload: { enabled: true },
      headers: asManager(),
    });
    expect(again.json()).toMatchObject({ webhookPath, hasClientSecret: true, hasRefreshToken: true });
    const audits = JSON.stringify(await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, "snapchat")));
    for (const secret of [CLIENT_SECRET, REFRESH_TOKEN, key]) expect(audits).not.toContain(secret);
    expect(audits).toContain('"webhookKey":"created"');
  });

  it("lists the account's forms with their questions and keeps their consent text; a form id is a UUID", async () => {
    const forms = await t.app.inject({ url: "/api/lead-forms/snapchat/forms", headers: asManager() });
    expect(forms.statusCode, forms.body).toBe(200);
    expect(forms.json()).toEqual([
      expect.objectContaining({
        formId: FORM_ID,
        name: "نموذج مشروع المرسى",
        questions: expect.arrayContaining([
          { key: "PHONE_NUMBER", label: "PHONE_NUMBER" },
          { key: "ما ميزانيتك؟", label: "ما ميزانيتك؟" },
        ]),
      }),
    ]);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/lead-forms/snapchat/forms/12345",
      payload: { projectId, fieldMap: {} },
      headers: asManager(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ formId: "معرّف النموذج غير صالح" });
    const form = await t.app.inject({
      method: "PUT",
      url: `/api/lead-forms/snapchat/forms/${FORM_ID}`,
      payload: { projectId, fieldMap: { "ما ميزانيتك؟": "message" } },
      headers: asManager(),
    });
    expect(form.statusCode, form.body).toBe(200);
  });
});

describe("Snapchat's webhook", () => {
  it("answers 404 at any other path and stores nothing", async () => {
    // A lead the platform does not hold, so only the webhook could bring it.
    const lead = newLead(new Date("2026-11-27T08:59:00Z"));
    api.leads.delete(lead.id);
    const body = api.webhookBody(lead);
    const key = webhookPath.split("/").at(-1) ?? "";
    const wrong = await postWebhook(body, `/api/lead-forms/snapchat/webhook/${key.slice(0, -1)}x`);
    const bare = await postWebhook(body, "/api/lead-forms/snapchat/webhook");
    const longer = await postWebhook(body, `${webhookPath}/more`);
    expect([wrong.statusCode, bare.statusCode, longer.statusCode]).toEqual([404, 404, 404]);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(leadFormArrivals).where(eq(leadFormArrivals.platform, "snapchat"))).toEqual([]);
  });

  it("stores a lead once under concurrent duplicates, mapped, at Snapchat's created time, with its consent", async () => {
    const created = new Date("2026-11-27T08:58:00Z");
    const lead = newLead(created);
    const body = api.webhookBody(lead);
    const answers = await Promise.all([1, 2, 3, 4].map(() => postWebhook(body)));
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(Array(4).fill([200, { received: 1 }]));
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    await postWebhook(body); // a late duplicate
    await t.app.jobs.runDue();

    const stored = await storedOf(lead.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      platform: "snapchat",
      formId: FORM_ID,
      formName: "نموذج مشروع المرسى",
      pageId: AD_ACCOUNT_ID,
      campaignId: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a01",
      adsetId: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a02",
      adId: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a03",
      isTest: false,
      via: "webhook",
      consentAnswers: [{ key: CONSENT, checked: true }],
    });
    expect(stored[0].consentText).toContain(CONSENT);
    expect(stored[0].createdTime.toISOString()).toBe(created.toISOString());
    const [enquiry] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, stored[0].enquiryId ?? 0));
    expect(enquiry).toMatchObject({
      source: "snapchat_lead_form",
      name: "سارة الغامدي",
      phone: "+971501234567",
      email: "sara@example.com",
      projectId,
      message: "مليون ونصف\nمتى تنوي الشراء؟: خلال ٣ أشهر",
      isTest: false,
    });
    const [desk] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.id, enquiry.leadId ?? 0));
    expect(desk.createdAt.toISOString()).toBe(created.toISOString());
    expect(desk.ownerId).toBe(agent.id);
    // One access token served every call.
    expect(api.tokensIssued()).toBe(1);
  });

  it("marks a lead of Snapchat's test delivery as a test", async () => {
    const lead = newLead(new Date("2026-11-27T08:59:30Z"), true);
    expect((await postWebhook(api.webhookBody(lead))).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [stored] = await storedOf(lead.id);
    expect(stored.isTest).toBe(true);
    const [enquiry] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, stored.enquiryId ?? 0));
    expect(enquiry.isTest).toBe(true);
  });

  it("renews an access token Snapchat stopped accepting, without calling it a refusal", async () => {
    api.revokeAccessTokens();
    const lead = newLead(new Date("2026-11-27T08:59:40Z"));
    expect((await postWebhook(api.webhookBody(lead))).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await storedOf(lead.id)).toHaveLength(1);
    expect(api.tokensIssued()).toBe(2);
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health.error).toBeNull();
  });
});

describe("Snapchat's backfill", () => {
  it("finds the leads whose notices were lost, once, within one period of the fake clock", async () => {
    now = new Date("2026-11-27T10:00:00Z");
    await t.app.jobs.runDue(); // the first pass reads the last day and sets the form's cursor
    const lost = [1, 2, 3].map((i) => newLead(new Date(`2026-11-27T10:0${i}:00Z`)));
    now = new Date("2026-11-27T10:05:00Z");
    await t.app.jobs.runDue(); // not yet due: the period is 10 minutes
    for (const l of lost) expect(await storedOf(l.id)).toEqual([]);
    now = new Date("2026-11-27T10:10:00Z");
    await t.app.jobs.runDue();
    const found = (await Promise.all(lost.map((l) => storedOf(l.id)))).flat();
    expect(found.map((r) => r.via)).toEqual(["backfill", "backfill", "backfill"]);
    expect(found.map((r) => r.createdTime.toISOString())).toEqual([
      "2026-11-27T10:01:00.000Z",
      "2026-11-27T10:02:00.000Z",
      "2026-11-27T10:03:00.000Z",
    ]);
    // A late notice of one of them and the next backfill change nothing.
    expect((await postWebhook(api.webhookBody(lost[0]))).statusCode).toBe(200);
    now = new Date("2026-11-27T10:20:00Z");
    await t.app.jobs.runDue();
    for (const l of lost) expect(await storedOf(l.id)).toHaveLength(1);
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health).toMatchObject({ lastBackfillAt: "2026-11-27T10:20:00.000Z", error: null });
  });

  it("puts a refused refresh token on the health line and tells the managers once", async () => {
    api.setRefreshToken("rotated-elsewhere");
    api.revokeAccessTokens();
    newLead(new Date("2026-11-27T10:25:00Z"));
    now = new Date("2026-11-27T10:30:00Z");
    await t.app.jobs.runDue();
    now = new Date("2026-11-27T10:40:00Z");
    await t.app.jobs.runDue();
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health.error).toBe("رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا");
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.kind, "lead_forms_token")));
    expect(told).toHaveLength(1);
  });
});

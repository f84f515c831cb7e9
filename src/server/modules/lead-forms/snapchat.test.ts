/**
 * Snapchat Lead Generation end to end through the API (docs/lead-forms.md "Set-up: Snapchat";
 * docs/decisions/119-snapchat-lead-forms-secret-webhook-path.md): a manager connects Snapchat (secrets write-only, the
 * webhook's secret path made by the server), the account's forms are read with their consent text from a local
 * Marketing API stand-in (test-utils/snapchat-lead-stand-in.ts), Snapchat's signed delivery arrives at the secret path
 * carrying the lead, and the lead enters the desk once through the same store as the other platforms'
 * (docs/decisions/140-snapchat-leads-from-the-signed-webhook.md); Snapchat has no backfill. Time is a fake clock; the
 * engine's timer is off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { leadFormArrivals, leadFormLeads } from "../../db/tables/lead-forms.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { enquiryOf, projectWithAgent, putConnection } from "../../test-utils/lead-forms.ts";
import {
  type SnapchatStandInLead,
  signSnapchat,
  startSnapchatLeadStandIn,
} from "../../test-utils/snapchat-lead-stand-in.ts";

const AD_ACCOUNT_ID = "8adc3db7-8148-4fbf-999c-8d2266369d74";
const CLIENT_ID = "snap-client-7f1e";
const CLIENT_SECRET = "snap-client-secret-52a9";
const REFRESH_TOKEN = "snap-refresh-token-c0ffee";
const HMAC_SECRET = "snap-hmac-secret-9d41";
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

/** Posts Snapchat's delivery of `lead` (signed now unless `headers` say otherwise) to `path`. */
const postWebhook = (
  lead: SnapchatStandInLead,
  options: { path?: string; headers?: Record<string, string>; body?: string } = {},
) => {
  const delivery = api.delivery(lead, now);
  return t.app.inject({
    method: "POST",
    url: options.path ?? webhookPath,
    headers: { "content-type": "application/json", ...(options.headers ?? delivery.headers) },
    payload: options.body ?? delivery.body,
  });
};

function newLead(created: Date, test = false) {
  return api.addLead(created, {
    form_id: FORM_ID,
    campaign_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a01",
    campaign_name: "حملة المرسى",
    ad_squad_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a02",
    ad_id: "5b1b6f5e-0c4e-4a53-a3a5-0f8e1f7c1a03",
    ...(test ? { is_test: true } : {}),
    first_name: "سارة",
    last_name: "الغامدي",
    phone_number: "+971 50 123 4567",
    email: "Sara@Example.com",
    "ما ميزانيتك؟": "مليون ونصف",
    "متى تنوي الشراء؟": "خلال ٣ أشهر",
  });
}

const storedOf = (leadId: string) => t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, leadId));

beforeAll(async () => {
  api = await startSnapchatLeadStandIn({
    adAccountId: AD_ACCOUNT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    refreshToken: REFRESH_TOKEN,
    hmacSecret: HMAC_SECRET,
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
  ({ manager, agent, projectId } = await projectWithAgent(t, "مشروع المرسى"));
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
    const missing = await putConnection(t, manager, "snapchat", { enabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      adAccountId: "معرّف الحساب الإعلاني مطلوب لتفعيل الربط",
      clientId: "معرّف تطبيق OAuth مطلوب لتفعيل الربط",
      clientSecret: "المفتاح السري لتطبيق OAuth مطلوب لتفعيل الربط",
      refreshToken: "رمز التجديد مطلوب لتفعيل الربط",
      hmacSecret: "المفتاح السري للتوقيع (HMAC) مطلوب لتفعيل الربط",
    });
    const bad = await putConnection(t, manager, "snapchat", { enabled: false, adAccountId: "123", clientId: "a b" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["adAccountId", "clientId"]);
    const before = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(before.json()).toMatchObject({ enabled: false, webhookPath: "", hasRefreshToken: false });
  });

  it("keeps secrets write-only, makes one secret webhook path on the first save and keeps it", async () => {
    const saved = await putConnection(t, manager, "snapchat", {
      enabled: true,
      adAccountId: AD_ACCOUNT_ID,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      refreshToken: REFRESH_TOKEN,
      hmacSecret: HMAC_SECRET,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      platform: "snapchat",
      enabled: true,
      adAccountId: AD_ACCOUNT_ID,
      clientId: CLIENT_ID,
      hasClientSecret: true,
      hasRefreshToken: true,
      hasHmacSecret: true,
    });
    webhookPath = saved.json().webhookPath;
    expect(webhookPath).toMatch(/^\/api\/lead-forms\/snapchat\/webhook\/[A-Za-z0-9_-]{32}$/);
    const key = webhookPath.split("/").at(-1) ?? "";
    expect(saved.body).not.toContain(CLIENT_SECRET);
    expect(saved.body).not.toContain(REFRESH_TOKEN);
    expect(saved.body).not.toContain(HMAC_SECRET);

    const again = await putConnection(t, manager, "snapchat", { enabled: true });
    expect(again.json()).toMatchObject({
      webhookPath,
      hasClientSecret: true,
      hasRefreshToken: true,
      hasHmacSecret: true,
    });
    const audits = JSON.stringify(await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, "snapchat")));
    for (const secret of [CLIENT_SECRET, REFRESH_TOKEN, HMAC_SECRET, key]) expect(audits).not.toContain(secret);
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
  it("answers 404 at any other path, 401 to a delivery not signed with the HMAC secret, and stores nothing", async () => {
    const lead = newLead(new Date("2026-11-27T08:59:00Z"));
    const key = webhookPath.split("/").at(-1) ?? "";
    const wrong = await postWebhook(lead, { path: `/api/lead-forms/snapchat/webhook/${key.slice(0, -1)}x` });
    const bare = await postWebhook(lead, { path: "/api/lead-forms/snapchat/webhook" });
    const longer = await postWebhook(lead, { path: `${webhookPath}/more` });
    expect([wrong.statusCode, bare.statusCode, longer.statusCode]).toEqual([404, 404, 404]);
    const { body, headers } = api.delivery(lead, now);
    const otherSecret = signSnapchat(body, "another-secret", Number(headers.t));
    const bodyOnly = { t: headers.t, signature: signSnapchat(body, HMAC_SECRET, 0).signature };
    const refused = await Promise.all([
      postWebhook(lead, { headers: otherSecret }),
      postWebhook(lead, { headers: bodyOnly }),
      postWebhook(lead, { headers: { signature: headers.signature } }),
      postWebhook(lead, { headers: { t: headers.t } }),
      postWebhook(lead, { headers, body: body.replace("سارة", "سلمى") }),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(leadFormArrivals).where(eq(leadFormArrivals.platform, "snapchat"))).toEqual([]);
  });

  it("stores the delivered lead once under concurrent duplicates, mapped, at Snapchat's create time", async () => {
    const created = new Date("2026-11-27T08:58:00Z");
    const lead = newLead(created);
    const answers = await Promise.all([1, 2, 3, 4].map(() => postWebhook(lead)));
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(Array(4).fill([200, { received: 1 }]));
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    await postWebhook(lead); // a late duplicate
    await t.app.jobs.runDue();

    const stored = await storedOf(lead.lead_id);
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
    });
    expect(stored[0].consentText).toContain(CONSENT);
    expect(stored[0].createdTime.toISOString()).toBe(created.toISOString());
    const enquiry = await enquiryOf(t, stored[0].enquiryId);
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
    // The lead came whole in the delivery: Snapchat was not called for it.
    expect(api.requests.filter((r) => r.url.pathname.includes("lead") && !r.url.pathname.endsWith("_forms"))).toEqual(
      [],
    );
  });

  it("marks a lead of Snapchat's test delivery as a test", async () => {
    const lead = newLead(new Date("2026-11-27T08:59:30Z"), true);
    expect((await postWebhook(lead)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [stored] = await storedOf(lead.lead_id);
    expect(stored.isTest).toBe(true);
    const enquiry = await enquiryOf(t, stored.enquiryId);
    expect(enquiry.isTest).toBe(true);
  });
});

describe("Snapchat's access token and backfill", () => {
  it("renews an access token Snapchat stopped accepting when listing forms, without calling it a refusal", async () => {
    const before = api.tokensIssued();
    api.revokeAccessTokens();
    const forms = await t.app.inject({ url: "/api/lead-forms/snapchat/forms", headers: asManager() });
    expect(forms.statusCode, forms.body).toBe(200);
    expect(api.tokensIssued()).toBe(before + 1);
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health.error).toBeNull();
  });

  it("has no backfill: the passes never call Snapchat and the health line shows none", async () => {
    const calls = api.requests.length;
    now = new Date("2026-11-27T10:00:00Z");
    await t.app.jobs.runDue();
    now = new Date("2026-11-27T10:10:00Z");
    await t.app.jobs.runDue();
    expect(api.requests.length).toBe(calls);
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health).toMatchObject({ lastBackfillAt: null, error: null });
  });

  it("puts a refused refresh token on the health line when the forms are read", async () => {
    api.setRefreshToken("rotated-elsewhere");
    api.revokeAccessTokens();
    const forms = await t.app.inject({ url: "/api/lead-forms/snapchat/forms", headers: asManager() });
    expect(forms.statusCode).toBe(502);
    const health = await t.app.inject({ url: "/api/lead-forms/snapchat", headers: asManager() });
    expect(health.json().health.error).toBe("رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا");
  });
});

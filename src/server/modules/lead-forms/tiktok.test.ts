/**
 * TikTok Instant Form leads end to end through the API (docs/lead-forms.md "Set-up: TikTok"): a manager connects
 * TikTok (secrets write-only), maps a form, TikTok's signed notification arrives, the job engine reads the lead from a
 * local Lead API stand-in (test-utils/tiktok-lead-stand-in.ts) and the lead enters the desk once through the same
 * store as Meta's; a lost notification is found by the backfill through TikTok's lead download task (started, polled
 * and downloaded in steps of the job engine: modules/lead-forms/tiktok-backfill.ts). Time is a fake clock; the
 * engine's timer is off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { leadFormArrivals, leadFormLeads } from "../../db/tables/lead-forms.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { enquiryOf, projectWithAgent, putConnection } from "../../test-utils/lead-forms.ts";
import { signTikTok, startTikTokLeadStandIn } from "../../test-utils/tiktok-lead-stand-in.ts";

const APP_SECRET = "tt-app-secret-91b2";
const TOKEN = "tt-access-token-secret";
const ADVERTISER_ID = "7012345678901234567";
const FORM_ID = "7298765432109876543";

let t: TestApp;
let manager: TestUser;
let agent: TestUser;
let api: Awaited<ReturnType<typeof startTikTokLeadStandIn>>;
let now = new Date("2026-11-27T09:00:00Z");
let projectId: number;

const asManager = () => t.bearer(manager.token);

async function postWebhook(body: string, signature: string | null = signTikTok(body, APP_SECRET, now)) {
  return t.app.inject({
    method: "POST",
    url: "/api/lead-forms/tiktok/webhook",
    headers: { "content-type": "application/json", ...(signature ? { "tiktok-signature": signature } : {}) },
    payload: body,
  });
}

function newLead(created: Date, test = false) {
  return api.addLead({
    form_id: FORM_ID,
    created,
    ad_id: "1790000000000000001",
    adgroup_id: "1790000000000000002",
    campaign_id: "1790000000000000003",
    is_test: test,
    fields: [
      { name: "name", value: "خالد العتيبي" },
      { name: "phone_number", value: "+966 50 123 4567" },
      { name: "budget", value: "مليونان" },
    ],
    consents: [{ key: "privacy_policy", checked: true }],
  });
}

/** The enquiry of `newLead`'s answers, mapped by the form's field map. */
const MAPPED_ENQUIRY = { source: "tiktok_lead_form", name: "خالد العتيبي", phone: "+966501234567", message: "مليونان" };

const storedOf = (leadId: string) => t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, leadId));

beforeAll(async () => {
  api = await startTikTokLeadStandIn({ token: TOKEN, advertiserId: ADVERTISER_ID });
  t = await createTestApp({
    env: { JOBS_INTERVAL_MS: "0", LEAD_FORMS_TIKTOK_URL: `${api.url}/`, LEAD_FORMS_BACKFILL_MINUTES: "10" },
    clock: () => now,
  });
  ({ manager, agent, projectId } = await projectWithAgent(t, "مشروع الواحة"));
});

afterAll(async () => {
  await t.close();
  await api.close();
});

describe("the TikTok connection", () => {
  it("names each missing setting when switched on, then keeps secrets write-only and out of the audit", async () => {
    const missing = await putConnection(t, manager, "tiktok", { enabled: true });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(["accessToken", "advertiserId", "appSecret"]);
    expect(missing.json().fields.advertiserId).toBe("معرّف المعلن مطلوب لتفعيل الربط");

    const saved = await putConnection(t, manager, "tiktok", {
      enabled: true,
      advertiserId: ADVERTISER_ID,
      appSecret: APP_SECRET,
      accessToken: TOKEN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      platform: "tiktok",
      enabled: true,
      advertiserId: ADVERTISER_ID,
      hasAppSecret: true,
      hasAccessToken: true,
      webhookPath: "/api/lead-forms/tiktok/webhook",
    });
    expect(saved.body).not.toContain(APP_SECRET);
    expect(saved.body).not.toContain(TOKEN);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, "tiktok"));
    expect(JSON.stringify(audits)).not.toContain(TOKEN);
    expect(JSON.stringify(audits)).not.toContain(APP_SECRET);

    const form = await t.app.inject({
      method: "PUT",
      url: `/api/lead-forms/tiktok/forms/${FORM_ID}`,
      payload: { projectId, fieldMap: { budget: "message" } },
      headers: asManager(),
    });
    expect(form.statusCode, form.body).toBe(200);
  });
});

describe("TikTok's webhook", () => {
  it("refuses a wrong, missing or stale signature with 401 and stores nothing", async () => {
    // A lead the platform does not hold, so only the webhook could bring it.
    const lead = newLead(new Date("2026-11-27T08:59:00Z"));
    api.leads.delete(lead.lead_id);
    const body = api.webhookBody(lead);
    const wrong = await postWebhook(body, signTikTok(body, "not-the-secret", now));
    const none = await postWebhook(body, null);
    const stale = await postWebhook(body, signTikTok(body, APP_SECRET, new Date(now.getTime() - 6 * 60_000)));
    const altered = await postWebhook(
      body.replace(lead.lead_id, "7300000000000000999"),
      signTikTok(body, APP_SECRET, now),
    );
    expect([wrong.statusCode, none.statusCode, stale.statusCode, altered.statusCode]).toEqual([401, 401, 401, 401]);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(leadFormArrivals).where(eq(leadFormArrivals.platform, "tiktok"))).toEqual([]);
    expect(await storedOf(lead.lead_id)).toEqual([]);
  });

  it("stores a signed lead once, through the desk, at TikTok's created time, with an any-country phone", async () => {
    const created = new Date("2026-11-27T08:58:00Z");
    const lead = newLead(created);
    const body = api.webhookBody(lead);
    const answers = await Promise.all([1, 2, 3].map(() => postWebhook(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await t.app.jobs.runDue();
    await postWebhook(body); // a late duplicate
    await t.app.jobs.runDue();

    const stored = await storedOf(lead.lead_id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      platform: "tiktok",
      formId: FORM_ID,
      pageId: ADVERTISER_ID,
      adId: "1790000000000000001",
      adsetId: "1790000000000000002",
      campaignId: "1790000000000000003",
      isTest: false,
      via: "webhook",
      consentAnswers: [{ key: "privacy_policy", checked: true }],
    });
    const enquiry = await enquiryOf(t, stored[0].enquiryId);
    expect(enquiry).toMatchObject({ ...MAPPED_ENQUIRY, projectId, isTest: false });
    const [desk] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.id, enquiry.leadId ?? 0));
    expect(desk.createdAt.toISOString()).toBe(created.toISOString());
    expect(desk.ownerId).toBe(agent.id);
  });

  it("marks a lead of TikTok's testing tool as a test", async () => {
    const lead = newLead(new Date("2026-11-27T08:59:30Z"), true);
    expect((await postWebhook(api.webhookBody(lead))).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [stored] = await storedOf(lead.lead_id);
    expect(stored.isTest).toBe(true);
    expect((await enquiryOf(t, stored.enquiryId)).isTest).toBe(true);
  });
});

/** Moves the fake clock to `at` and runs what is due (the timed backfill job, then each form's task step). */
async function at(time: string) {
  now = new Date(time);
  await t.app.jobs.runDue();
}

const healthOf = async () => {
  const res = await t.app.inject({ url: "/api/lead-forms/tiktok", headers: asManager() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().health;
};

describe("TikTok's backfill through the lead download task", () => {
  it("finds the leads whose notifications were lost, once, one poll after the task started", async () => {
    await at("2026-11-27T10:00:00Z"); // the first period: the form's task starts
    await at("2026-11-27T10:00:30Z"); // its poll finds it done: the last day is read and the cursor set
    const lost = [1, 2, 3].map((i) => newLead(new Date(`2026-11-27T10:0${i}:00Z`)));
    await at("2026-11-27T10:05:00Z"); // not yet due: a pass every 10 minutes less 60 s
    await at("2026-11-27T10:10:00Z"); // the task of the second period starts; nothing is read yet
    for (const l of lost) expect(await storedOf(l.lead_id)).toEqual([]);
    await at("2026-11-27T10:10:29Z"); // the poll is not due before 30 s
    expect(api.requests.filter((r) => r.pathname.endsWith("/task/download/"))).toHaveLength(1);
    await at("2026-11-27T10:10:30Z");
    const found = (await Promise.all(lost.map((l) => storedOf(l.lead_id)))).flat();
    expect(found.map((r) => r.via)).toEqual(["backfill", "backfill", "backfill"]);
    expect(found.map((r) => r.createdTime.toISOString())).toEqual([
      "2026-11-27T10:01:00.000Z",
      "2026-11-27T10:02:00.000Z",
      "2026-11-27T10:03:00.000Z",
    ]);
    expect(found[0]).toMatchObject({ formId: FORM_ID, pageId: ADVERTISER_ID, campaignId: "1790000000000000003" });
    const enquiry = await enquiryOf(t, found[0].enquiryId);
    expect(enquiry).toMatchObject({ ...MAPPED_ENQUIRY, projectId });
    // The same person's lead of 08:58 is joined; the enquiry is timed at TikTok's create_time.
    expect(enquiry.createdAt.toISOString()).toBe("2026-11-27T10:01:00.000Z");
    expect(enquiry.leadId).not.toBeNull();
    // A late notification of one of them and the next backfill change nothing.
    expect((await postWebhook(api.webhookBody(lost[0]))).statusCode).toBe(200);
    await at("2026-11-27T10:20:00Z");
    await at("2026-11-27T10:20:30Z");
    for (const l of lost) expect(await storedOf(l.lead_id)).toHaveLength(1);
    expect(await healthOf()).toMatchObject({ lastBackfillAt: "2026-11-27T10:20:00.000Z", error: null });
  });

  it("stores a lead that came by webhook and is in the next download once", async () => {
    const lead = newLead(new Date("2026-11-27T10:25:00Z"));
    expect((await postWebhook(api.webhookBody(lead))).statusCode).toBe(200);
    await t.app.jobs.runDue();
    await at("2026-11-27T10:30:00Z");
    await at("2026-11-27T10:30:30Z");
    const stored = await storedOf(lead.lead_id);
    expect(stored.map((r) => r.via)).toEqual(["webhook"]);
    const enquiries = await t.db.select().from(contactMessages).where(eq(contactMessages.source, "tiktok_lead_form"));
    expect(enquiries.filter((e) => e.id === stored[0].enquiryId)).toHaveLength(1);
  });

  it("skips and counts a row with neither a valid phone nor an e-mail, and stores the rest", async () => {
    const bad = api.addLead({
      form_id: FORM_ID,
      created: new Date("2026-11-27T10:35:00Z"),
      fields: [
        { name: "name", value: "رقم خاطئ" },
        { name: "phone_number", value: "12" },
      ],
    });
    const good = newLead(new Date("2026-11-27T10:36:00Z"));
    await at("2026-11-27T10:40:00Z");
    await at("2026-11-27T10:40:30Z");
    expect(await storedOf(bad.lead_id)).toEqual([]);
    expect(await storedOf(good.lead_id)).toHaveLength(1);
    expect((await healthOf()).error).toBe(
      "تعذّر حفظ صف واحد من ملف عملاء تيك توك (لا معرّف ولا وقت صالح، أو لا جوال ولا بريد صالح)",
    );
    // The next file holds the row again (within the overlap): it is not counted twice, and a clean file clears it.
    api.leads.delete(bad.lead_id);
    await at("2026-11-27T10:50:00Z");
    await at("2026-11-27T10:50:30Z");
    expect((await healthOf()).error).toBeNull();
  });

  it("reads the file zipped as TikTok sends it above 10 MB", async () => {
    api.settings.zip = true;
    const lead = newLead(new Date("2026-11-27T10:55:00Z"));
    await at("2026-11-27T11:00:00Z");
    await at("2026-11-27T11:00:30Z");
    api.settings.zip = false;
    expect((await storedOf(lead.lead_id)).map((r) => r.via)).toEqual(["backfill"]);
  });

  it("puts a failed task, and one still running after its polls, on the health line in Arabic", async () => {
    api.settings.failTasks = true;
    const lead = newLead(new Date("2026-11-27T11:05:00Z"));
    await at("2026-11-27T11:10:00Z");
    await at("2026-11-27T11:10:30Z");
    expect((await healthOf()).error).toBe("فشلت مهمة تنزيل عملاء تيك توك، ستعاد المحاولة في الاسترجاع التالي");
    api.settings.failTasks = false;

    api.settings.pollsToSucceed = Number.POSITIVE_INFINITY;
    await at("2026-11-27T11:20:00Z");
    for (let poll = 1; poll <= 10; poll++)
      await at(new Date(Date.parse("2026-11-27T11:20:00Z") + poll * 30_000).toISOString());
    expect((await healthOf()).error).toBe(
      "لم تكتمل مهمة تنزيل عملاء تيك توك في وقتها، ستعاد المحاولة في الاسترجاع التالي",
    );
    const polls = api.requests.length;
    await at("2026-11-27T11:28:30Z"); // given up: no further poll until the next pass at 11:29 (jobs.ts backfillPassPeriod)
    expect(api.requests.length).toBe(polls);
    expect(await storedOf(lead.lead_id)).toEqual([]);

    // The next period's task succeeds: the lead arrives and the error is cleared.
    api.settings.pollsToSucceed = 1;
    await at("2026-11-27T11:30:00Z");
    await at("2026-11-27T11:30:30Z");
    expect((await storedOf(lead.lead_id)).map((r) => r.via)).toEqual(["backfill"]);
    expect((await healthOf()).error).toBeNull();
  });

  it("puts a refused token on the health line", async () => {
    api.setToken("another");
    newLead(new Date("2026-11-27T11:35:00Z"));
    await at("2026-11-27T11:40:00Z");
    expect((await healthOf()).error).toBe("رفضت المنصة رمز الوصول (انتهت صلاحيته أو أُلغي)، أدخل رمزًا جديدًا");
    api.setToken(TOKEN);
  });
});

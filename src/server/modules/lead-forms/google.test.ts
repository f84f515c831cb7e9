/**
 * Google Ads lead-form assets through the API (docs/lead-forms.md "Google"): the webhook body is the lead itself, as
 * Google documents it ("Google Ads webhook — Implementation"), with the google_key set on the form. A wrong key is
 * refused with nothing stored; a right one is answered at once and stored once through intake, its 64-bit ids kept
 * exactly as text, its submit time as the clock's start, and Google's `is_test` leads marked.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leads, projects } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { leadFormArrivals, leadFormLeads } from "../../db/tables/lead-forms.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { enquiryOf, putConnection } from "../../test-utils/lead-forms.ts";

const GOOGLE_KEY = "google-key-5e2b91";
const CAMPAIGN_ID = "9223372036854775001"; // beyond Number.MAX_SAFE_INTEGER
const FORM_ID = "9223372036854770000";

let t: TestApp;
let manager: TestUser;
let projectId: number;
const now = new Date("2026-11-27T12:00:00Z");

/** A body as Google sends it: the int64 ids written as JSON numbers. */
function googleBody(leadId: string, fields: { key?: string; isTest?: boolean; submitted?: string } = {}) {
  return `{"lead_id":"${leadId}","api_version":"1.0","form_id":${FORM_ID},"campaign_id":${CAMPAIGN_ID},"adgroup_id":150000000001,"creative_id":650000000002,"google_key":"${fields.key ?? GOOGLE_KEY}","is_test":${fields.isTest ?? false},"gcl_id":"EAIaIQob-gcl","lead_submit_time":"${fields.submitted ?? "2026-11-27T11:59:20Z"}","user_column_data":[{"column_name":"Full Name","string_value":"فهد الشهري","column_id":"FULL_NAME"},{"column_name":"User Phone","string_value":"+966 55 123 4567","column_id":"PHONE_NUMBER"},{"column_name":"ما الميزانية؟","string_value":"800 ألف","column_id":"budget"}]}`;
}

const post = (body: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/lead-forms/google/webhook",
    headers: { "content-type": "application/json" },
    payload: body,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_INTERVAL_MS: "0" }, clock: () => now });
  manager = await t.signIn("manager");
  const [project] = await t.db.insert(projects).values({ name: "مشروع الشاطئ", city: "جدة" }).returning();
  projectId = project.id;
});

afterAll(async () => t.close());

it("keeps the google_key write-only and names it when switching on without one", async () => {
  const bare = await putConnection(t, manager, "google", { enabled: true });
  expect(bare.json().fields).toEqual({ googleKey: "مفتاح جوجل مطلوب لتفعيل الربط" });
  const saved = await putConnection(t, manager, "google", { enabled: true, googleKey: GOOGLE_KEY });
  expect(saved.json()).toMatchObject({
    enabled: true,
    hasGoogleKey: true,
    webhookPath: "/api/lead-forms/google/webhook",
  });
  const audits = JSON.stringify(await t.db.select().from(auditLogs));
  for (const text of [saved.body, audits]) expect(text).not.toContain(GOOGLE_KEY);
});

it("refuses a lead whose google_key is not the connection's, storing nothing", async () => {
  const res = await post(googleBody("lead-wrong-key", { key: "guess" }));
  expect(res.statusCode).toBe(401);
  const missing = await post(`{"lead_id":"lead-no-key","user_column_data":[]}`);
  expect(missing.statusCode).toBe(401);
  expect(await t.db.select().from(leadFormArrivals)).toEqual([]);
});

it("stores a lead once, with its ids as text, its submit time as the clock's start, through intake", async () => {
  const form = await t.app.inject({
    method: "PUT",
    url: `/api/lead-forms/google/forms/${FORM_ID}`,
    payload: { projectId, fieldMap: { budget: "message" } },
    headers: t.bearer(manager.token),
  });
  expect(form.statusCode, form.body).toBe(200);
  const body = googleBody("TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEeFf");
  const answers = await Promise.all([post(body), post(body), post(body)]);
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
  await t.app.jobs.runDue();
  const rows = await t.db.select().from(leadFormLeads);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    platform: "google",
    formId: FORM_ID,
    campaignId: CAMPAIGN_ID,
    adsetId: "150000000001",
    adId: "650000000002",
    isTest: false,
  });
  const enquiry = await enquiryOf(t, rows[0].enquiryId);
  expect(enquiry).toMatchObject({
    source: "google_lead_form",
    name: "فهد الشهري",
    phone: "+966551234567",
    projectId,
    message: "800 ألف\ngcl_id: EAIaIQob-gcl",
  });
  const [lead] = await t.db
    .select()
    .from(leads)
    .where(eq(leads.id, enquiry.leadId ?? 0));
  expect(lead.createdAt.toISOString()).toBe("2026-11-27T11:59:20.000Z");
  const listed = await t.app.inject({ url: "/api/lead-forms/google/forms", headers: t.bearer(manager.token) });
  expect(listed.json()).toEqual([expect.objectContaining({ formId: FORM_ID, projectId })]);
});

it("marks Google's test leads", async () => {
  expect((await post(googleBody("lead-test-1", { isTest: true }))).statusCode).toBe(200);
  await t.app.jobs.runDue();
  const [row] = await t.db.select().from(leadFormLeads).where(eq(leadFormLeads.platformLeadId, "lead-test-1"));
  expect(row.isTest).toBe(true);
  const enquiry = await enquiryOf(t, row.enquiryId);
  expect(enquiry.isTest).toBe(true);
});

/**
 * Leads through the API (SPEC §7.2 contact calls, §2.16 messages screen): a lead from each source (home, project,
 * update, campaign) with attribution and consent, the list for staff, the duplicate flag, the export (.xlsx, .csv
 * with formulas neutralised), malformed filters answering 400.
 */
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads, projects, projectUpdates } from "#server/db/schema.ts";
import { setUpTestApp } from "#server/test-utils/block-app.ts";
import { createOrJoinLead } from "./service.ts";

const t = setUpTestApp({ env: { WEBHOOK_WORKER_INTERVAL_MS: "0" } });
let manager: string;
let employee: string;
let projectId: number;
let pageId: number;

beforeAll(async () => {
  manager = (await t.signIn("manager")).token;
  employee = (await t.signIn("employee")).token;
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع الواحة", city: "جدة", description: "وصف مشروع الواحة" })
    .returning();
  projectId = project.id;
  const page = await t.app.inject({
    method: "POST",
    url: `/api/landing-pages/${projectId}`,
    payload: { slug: "al-waha", poster: "/media/images/aaaaaaaaaaaaaaaa.webp" },
    headers: t.bearer(manager),
  });
  expect(page.statusCode).toBe(201);
  pageId = page.json().id;
});

describe("leads from each source", () => {
  let updateId: number;
  let campaignId: number;
  beforeAll(async () => {
    const [update] = await t.db.insert(projectUpdates).values({ projectId, title: "تحديث الموقع" }).returning();
    updateId = update.id;
    const list = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(manager) });
    campaignId = list.json().find((c: { platformName: string }) => c.platformName === "tiktok").id;
  });

  const send = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: "203.0.113.7" });

  it("stores source, project, campaign, attribution and consent, and lists them for staff", async () => {
    const home = await send({ name: "سارة", email: "sara@example.com", phone: "0501111111", message: "أريد التواصل" });
    const project = await send({ name: "خالد", phone: "0502222222", message: "استفسار", projectReference: projectId });
    const update = await send({ name: "منى", email: "mona@example.com", message: "سؤال", updateReference: updateId });
    const campaign = await send({
      name: "فهد",
      email: "fahad@example.com",
      phone: "0503333333",
      landingPageId: pageId,
      campaignId,
      attribution: {
        utmSource: "tiktok",
        utmMedium: "paid",
        utmCampaign: "launch",
        ttclid: "tt-123",
        referrer: "https://www.tiktok.com/",
      },
    });
    for (const res of [home, project, update, campaign]) expect(res.statusCode).toBe(201);

    const list = await t.app.inject({ url: "/api/contact/messages", headers: t.bearer(employee) });
    expect(list.statusCode).toBe(200);
    const byName = Object.fromEntries(list.json().map((m: { name: string }) => [m.name, m]));
    expect(byName.سارة).toMatchObject({ source: "home", projectName: null, landingPageName: null });
    expect(byName.خالد).toMatchObject({ source: "project", projectName: "مشروع الواحة", phone: "+966502222222" });
    expect(byName.منى).toMatchObject({ source: "update", projectName: "مشروع الواحة" });
    expect(byName.فهد).toMatchObject({
      source: "campaign",
      campaignId,
      platform: "tiktok",
      campaignSlug: "tiktok/al-waha",
      landingPageName: "مشروع الواحة",
      attribution: { utmSource: "tiktok", ttclid: "tt-123", referrer: "https://www.tiktok.com/" },
      consentVersion: t.site.privacy.version,
      delivery: null,
    });
    expect(byName.فهد.consentAt).toEqual(expect.any(String));

    const stats = await t.app.inject({ url: `/api/landing-pages/${pageId}/campaigns`, headers: t.bearer(manager) });
    const tiktok = stats.json().find((c: { id: number }) => c.id === campaignId);
    expect(tiktok.leads).toBe(1);

    const filtered = await t.app.inject({ url: "/api/contact/messages?source=campaign", headers: t.bearer(manager) });
    expect(filtered.json().map((m: { name: string }) => m.name)).toEqual(["فهد"]);
  });

  it("answers 400 for references beyond the id range", async () => {
    const res = await send({ name: "كبير", email: "big@example.com", phone: "0501010101", landingPageId: 99999999999 });
    expect(res.statusCode).toBe(400);
  });

  it("requires email and phone on the campaign form, message optional", async () => {
    const res = await send({ name: "بدون", landingPageId: pageId });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["email", "phone"]);
  });

  it("flags the same phone or email within 30 days as duplicate", async () => {
    const first = await send({ name: "ريم", email: "reem@example.com", phone: "0504444444", landingPageId: pageId });
    expect(first.json().isDuplicate).toBe(false);
    const samePhone = await send({
      name: "ريم ٢",
      email: "other@example.com",
      phone: "+966504444444",
      landingPageId: pageId,
    });
    expect(samePhone.json().isDuplicate).toBe(true);
    const sameEmail = await send({
      name: "ريم ٣",
      email: "REEM@example.com",
      phone: "0505555555",
      landingPageId: pageId,
    });
    expect(sameEmail.json().isDuplicate).toBe(true);
    const dupes = await t.app.inject({ url: "/api/contact/messages?duplicate=true", headers: t.bearer(manager) });
    expect(
      dupes
        .json()
        .map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(["ريم ٢", "ريم ٣"].sort());
  });

  it("exports the filtered list as .xlsx and .csv for contact_messages.export only", async () => {
    const denied = await t.app.inject({ url: "/api/contact/messages/export", headers: t.bearer(employee) });
    expect(denied.statusCode).toBe(403);

    const xlsx = await t.app.inject({
      url: "/api/contact/messages/export?format=xlsx&source=campaign",
      headers: t.bearer(manager),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    const book = XLSX.read(xlsx.rawPayload, { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
    expect(rows.every((r) => r.المصدر === "حملة إعلانية")).toBe(true);
    const fahad = rows.find((r) => r.الاسم === "فهد");
    expect(fahad).toMatchObject({
      "رقم الجوال": "+966503333333",
      utmCampaign: "launch",
      "حالة الويب هوك": "بدون ويب هوك",
    });

    const csv = await t.app.inject({
      url: "/api/contact/messages/export?format=csv&search=%D8%B1%D9%8A%D9%85",
      headers: t.bearer(manager),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith("\ufeff")).toBe(true);
    const lines = csv.body.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain("+966504444444");
  });

  it("neutralises spreadsheet formulas in the CSV", async () => {
    await send({
      name: '=HYPERLINK("http://evil")',
      email: "f@example.com",
      phone: "0506666666",
      landingPageId: pageId,
    });
    const csv = await t.app.inject({ url: "/api/contact/messages/export?format=csv", headers: t.bearer(manager) });
    expect(csv.body).toContain("'=HYPERLINK");
  });

  it("answers 400, never 500, for malformed list filters", async () => {
    for (const query of [
      "from=2026-99-99",
      "to=yesterday",
      "source=fax",
      "delivery=lost",
      "duplicate=maybe",
      "projectId=99999999999",
    ]) {
      const res = await t.app.inject({ url: `/api/contact/messages?${query}`, headers: t.bearer(manager) });
      expect(res.statusCode, query).toBe(400);
    }
    const range = await t.app.inject({
      url: "/api/contact/messages?from=2000-01-01&to=2000-01-31",
      headers: t.bearer(manager),
    });
    expect(range.statusCode).toBe(200);
    expect(range.json()).toEqual([]);
  });

  it("opens a lead for each enquiry through createOrJoinLead: the lead answers under the enquiry's id", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "ليلى", phone: "0504444499", message: "أريد فيلا", projectReference: projectId },
      remoteAddress: "203.0.113.61",
    });
    expect(res.statusCode).toBe(201);
    const { id, leadId } = res.json();
    expect(leadId).toBe(id);
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(enquiry.leadId).toBe(leadId);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ stage: "new", createdAt: enquiry.createdAt });
    const desk = await t.app.inject({ url: `/api/leads/${leadId}`, headers: t.bearer(manager) });
    expect(desk.json().lead).toMatchObject({ id: leadId, name: "ليلى", projectId });

    const at = new Date("2026-11-27T10:00:00Z");
    const result = await t.db.transaction((tx) =>
      createOrJoinLead(
        tx,
        { name: "ماجد", phone: "+966505555599", email: null },
        {
          source: "home",
          message: null,
          refs: { projectId },
          attribution: { utm_source: "google", bogus: 5 },
          ip: null,
          userAgent: null,
          consentVersion: "v1",
          marketingConsentVersion: null,
          publicUrl: null,
          at,
        },
      ),
    );
    expect(result.joined).toBe(false);
    expect(result.lead.id).toBe(result.enquiry.id);
    expect(result.enquiry).toMatchObject({ leadId: result.lead.id, projectId, attribution: { utm_source: "google" } });
  });
});

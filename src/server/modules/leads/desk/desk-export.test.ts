/**
 * PDPL and export routes of the lead desk: one person's export as XLSX (desk-export.ts personToXlsx), the retention
 * job that anonymises leads closed longer than the configured period (desk-service.ts anonymiseExpiredLeads,
 * campaign counts kept, audited), and the streamed list export (GET /api/leads/export, CSV and XLSX, the list's
 * filters, across several read batches; an agent exports only their own leads).
 */
import * as XLSX from "@e965/xlsx";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_TEXTS } from "#domain/lead-desk.ts";
import { contactMessages, landingCampaigns, landingPages, leads } from "#server/db/schema.ts";
import { auditLogs, permissions, userPermissions } from "#server/db/tables/access.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, sendProjectEnquiry, stillClock } from "#server/test-utils/desk.ts";
import { insertLeads } from "#server/test-utils/leads.ts";
import { anonymiseExpiredLeads } from "../privacy/service.ts";
import { EXPORT_BATCH } from "./export.ts";
import { leadRow, openingEnquiry } from "./lead-row.ts";

const clock = stillClock("2026-11-23T09:00:00Z");
const advanceDays = (days: number) => clock.advance(days * 24 * 60);
let t: TestApp;
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let projectId: number;
let campaignId: number;
let phone = 0;

async function sendLead(name = "منى"): Promise<number> {
  phone += 1;
  const phoneNumber = `05700000${String(phone).padStart(2, "0")}`;
  return (
    await sendProjectEnquiry(t, { name, phone: phoneNumber, message: "أرغب في فيلا", projectId, ip: "203.0.113.40" })
  ).id;
}

const csvLines = (body: string) =>
  body
    .replace(/^\ufeff/, "")
    .trimEnd()
    .split("\r\n");

beforeAll(async () => {
  const env = { WEBHOOK_WORKER_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 2, projectName: "مشروع الواحة", assign: true });
  ({ t, manager, projectId } = desk);
  [agentA, agentB] = desk.agents;
  const [page] = await t.db
    .insert(landingPages)
    .values({ projectId, slug: "waha", poster: "/media/poster.webp" })
    .returning();
  const [campaign] = await t.db
    .insert(landingCampaigns)
    .values({ landingPageId: page.id, platformName: "snapchat", urlSlug: "snap" })
    .returning();
  campaignId = campaign.id;
}, 120_000);

afterAll(async () => t.close());

describe("PDPL export as XLSX", () => {
  it("gives everything stored about one person as a right-to-left workbook, audited; agents get 403", async () => {
    const id = await sendLead("ريم القحطاني");
    const [lead] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    const res = await t.app.inject({
      url: `/api/leads/person/xlsx?phone=${encodeURIComponent(lead.phone ?? "")}`,
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["cache-control"]).toBe("no-store");
    const book = XLSX.read(res.rawPayload, { type: "buffer" });
    expect(book.SheetNames).toEqual(["الاستفسارات", "السجل"]);
    expect(book.Workbook?.Views?.[0]?.RTL).toBe(true);
    const [enquiriesSheet, historySheet] = book.SheetNames;
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[enquiriesSheet]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ "رقم الاستفسار": String(id), الاسم: "ريم القحطاني", "رقم الجوال": lead.phone });
    const history = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[historySheet]);
    expect(history.map((h) => h.النوع)).toContain("assigned");
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "person"), eq(auditLogs.action, "export")));
    expect(audits.at(-1)?.newState).toMatchObject({ leadIds: [id], format: "xlsx" });

    const agent = await t.app.inject({
      url: `/api/leads/person/xlsx?phone=${encodeURIComponent(lead.phone ?? "")}`,
      headers: t.bearer(agentA.token),
    });
    expect(agent.statusCode).toBe(403);
    const empty = await t.app.inject({ url: "/api/leads/person/xlsx", headers: t.bearer(manager.token) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.phone).toBe(LEAD_TEXTS.personRequired);
  });
});

describe("retention job", () => {
  it("anonymises leads closed longer than the retention period, keeps campaign counts, audits, runs once a day", async () => {
    const set = await t.app.inject({
      method: "PUT",
      url: "/api/leads/settings",
      headers: t.bearer(manager.token),
      payload: { notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 30, retentionDays: 90 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().retentionDays).toBe(90);
    // A screen that does not know the period keeps it.
    const older = await t.app.inject({
      method: "PUT",
      url: "/api/leads/settings",
      headers: t.bearer(manager.token),
      payload: { notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 30 },
    });
    expect(older.json().retentionDays).toBe(90);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/leads/settings",
      headers: t.bearer(manager.token),
      payload: { notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 30, retentionDays: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.retentionDays).toBe(LEAD_TEXTS.retentionInvalid);

    const sold = await sendLead("عميل مباع");
    const lost = await sendLead("عميل مفقود");
    const open = await sendLead("عميل مفتوح");
    await t.db
      .update(contactMessages)
      .set({ campaignId })
      .where(inArray(contactMessages.id, [sold, lost, open]));
    for (const [id, body] of [
      [sold, { stage: "sold" }],
      [lost, { stage: "lost", lostReason: "التمويل" }],
    ] as const) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/leads/${id}/stage`,
        headers: t.bearer(manager.token),
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }

    advanceDays(89);
    expect(await t.db.transaction((tx) => anonymiseExpiredLeads(tx, clock.now()))).toBe(0);

    advanceDays(2);
    expect(await t.app.leadDesk.runRetention()).toBe(2);
    const rows = await t.db
      .select(leadRow)
      .from(leads)
      .innerJoin(contactMessages, openingEnquiry)
      .where(inArray(leads.id, [sold, lost, open]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [sold, lost]) {
      expect(byId.get(id)).toMatchObject({
        name: LEAD_TEXTS.erasedName,
        phone: null,
        email: null,
        message: null,
        ipAddress: null,
        campaignId,
        projectId,
      });
      expect(byId.get(id)?.anonymisedAt).not.toBeNull();
    }
    expect(byId.get(lost)?.stage).toBe("lost");
    expect(byId.get(open)?.name).toBe("عميل مفتوح");
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "person"), eq(auditLogs.action, "retention")));
    expect(audit.newState).toEqual({ leadIds: [sold, lost].sort((a, b) => a - b), retentionDays: 90 });
    // Its daily turn is taken: another instance's call now does nothing.
    expect(await t.app.leadDesk.runRetention()).toBeNull();
  });
});

describe("leads list export", () => {
  it("streams every filtered lead as CSV across several read batches", async () => {
    const base = clock.now().getTime();
    const total = EXPORT_BATCH * 2 + 5;
    const rows = Array.from({ length: total }, (_, i) => ({
      name: `=عميل دفعة ${i}`,
      phone: `+9665${String(10_000_000 + i)}`,
      source: "campaign",
      projectId,
      campaignId,
      ownerId: agentB.id,
      createdAt: new Date(base - i * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500) await insertLeads(t.db, rows.slice(i, i + 500));
    const res = await t.app.inject({
      url: `/api/leads/export?format=csv&source=campaign&ownerId=${agentB.id}`,
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("leads.csv");
    const lines = csvLines(res.body);
    expect(lines[0].split(",")).toContain("المرحلة");
    expect(lines).toHaveLength(total + 1);
    const ids = new Set(lines.slice(1).map((l) => l.split(",")[0]));
    expect(ids.size).toBe(total);
    // Formula-looking names are neutralised; E.164 phones stay as they are.
    expect(lines[1]).toContain("'=عميل دفعة 0");
    expect(lines[1]).toContain("+966510000000");
  });

  it("gives the same rows as XLSX (right to left), and 400 for a bad filter", async () => {
    const res = await t.app.inject({
      url: "/api/leads/export?format=xlsx&stage=lost",
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const book = XLSX.read(res.rawPayload, { type: "buffer" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ المرحلة: "مفقود", الاسم: LEAD_TEXTS.erasedName });
    const bad = await t.app.inject({ url: "/api/leads/export?stage=nope", headers: t.bearer(manager.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.stage).toBe(LEAD_TEXTS.stageInvalid);
  });

  it("lets an agent with leads.export export only their own leads; without it 403", async () => {
    const denied = await t.app.inject({ url: "/api/leads/export?format=csv", headers: t.bearer(agentA.token) });
    expect(denied.statusCode).toBe(403);
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.key, "leads.export"));
    await t.db.insert(userPermissions).values({ userId: agentA.id, permissionId: permission.id, granted: true });
    const res = await t.app.inject({ url: "/api/leads/export?format=csv", headers: t.bearer(agentA.token) });
    expect(res.statusCode).toBe(200);
    const ids = csvLines(res.body)
      .slice(1)
      .map((l) => Number(l.split(",")[0]));
    const own = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.ownerId, agentA.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.sort((a, b) => a - b)).toEqual(own.map((o) => o.id).sort((a, b) => a - b));
  });
});

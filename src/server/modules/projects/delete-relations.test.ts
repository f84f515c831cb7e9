/**
 * Deletes keep docs/product.md §3's relations and every lead's origin: one of everything is built with every relation
 * (project with a unit, an update, a landing page, a campaign, leads from the campaign, the project page and the
 * update, audit rows by a staff member), then each entity type is deleted in turn. No delete answers 5xx, and every
 * remaining lead still says where it came from.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landingCampaigns, landingPages, projects, projectUpdates, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

interface Graph {
  projectId: number;
  projectName: string;
  unitId: number;
  updateId: number;
  pageId: number;
  campaignId: number;
  leads: { campaign: string; project: string; update: string };
}

interface LeadView {
  id: number;
  name: string;
  source: string;
  projectName: string | null;
  landingPageName: string | null;
  platform: string | null;
}

describe("deleting related records", () => {
  let t: TestApp;
  let admin: TestUser;
  let built = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn("super_admin");
  });
  afterAll(async () => t.close());

  /** One project with every relation, and three leads pointing into it. */
  async function build(): Promise<Graph> {
    built += 1;
    const projectName = `مشروع الحذف ${built}`;
    const [project] = await t.db.insert(projects).values({ name: projectName, city: "جدة", price: 800000 }).returning();
    const [unit] = await t.db
      .insert(units)
      .values({ projectId: project.id, unitNumber: "101", floor: 1, status: "available" })
      .returning();
    const [update] = await t.db.insert(projectUpdates).values({ projectId: project.id, title: "تحديث" }).returning();
    const [page] = await t.db
      .insert(landingPages)
      .values({ projectId: project.id, slug: `hathf-${built}`, poster: "/media/p.webp" })
      .returning();
    const [campaign] = await t.db
      .insert(landingCampaigns)
      .values({ landingPageId: page.id, platformName: "snapchat", urlSlug: `snapchat/hathf-${built}` })
      .returning();
    const leads = {
      campaign: `عميل الحملة ${built}`,
      project: `عميل المشروع ${built}`,
      update: `عميل التحديث ${built}`,
    };
    const send = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: `203.0.113.${built}` });
    const phone = (n: number) => `05012${String(built).padStart(3, "0")}${n}${n}`;
    for (const res of [
      await send({
        name: leads.campaign,
        phone: phone(1),
        landingPageId: page.id,
        campaignId: campaign.id,
        email: "c@example.com",
      }),
      await send({ name: leads.project, phone: phone(2), message: "استفسار", projectReference: project.id }),
      await send({ name: leads.update, phone: phone(3), message: "سؤال", updateReference: update.id }),
    ]) {
      expect(res.statusCode).toBe(201);
    }
    return {
      projectId: project.id,
      projectName,
      unitId: unit.id,
      updateId: update.id,
      pageId: page.id,
      campaignId: campaign.id,
      leads,
    };
  }

  const del = (url: string, token = admin.token) => t.app.inject({ method: "DELETE", url, headers: t.bearer(token) });

  async function leadsOf(graph: Graph): Promise<Record<string, LeadView>> {
    const res = await t.app.inject({ url: "/api/contact/messages", headers: t.bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const names = Object.values(graph.leads);
    return Object.fromEntries((res.json() as LeadView[]).filter((m) => names.includes(m.name)).map((m) => [m.name, m]));
  }

  /** Every lead of the graph still names its project, and the campaign lead its platform and page. */
  async function expectOriginsKept(graph: Graph) {
    const leads = await leadsOf(graph);
    expect(leads[graph.leads.campaign]).toMatchObject({
      source: "campaign",
      projectName: graph.projectName,
      landingPageName: graph.projectName,
      platform: "snapchat",
    });
    expect(leads[graph.leads.project]).toMatchObject({ source: "project", projectName: graph.projectName });
    expect(leads[graph.leads.update]).toMatchObject({ source: "update", projectName: graph.projectName });
  }

  it("deletes a project whose campaign received a lead; its leads keep their origin", async () => {
    const graph = await build();
    expect((await del(`/api/projects/${graph.projectId}`)).statusCode).toBe(204);
    expect(await t.db.select().from(landingCampaigns).where(eq(landingCampaigns.id, graph.campaignId))).toHaveLength(0);
    expect(await t.db.select().from(units).where(eq(units.id, graph.unitId))).toHaveLength(0);
    await expectOriginsKept(graph);
  });

  it("deletes a landing page with its campaigns; the link stops working and its leads keep their origin", async () => {
    const graph = await build();
    expect((await del(`/api/landing-pages/${graph.pageId}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/campaign/snapchat/hathf-${built}` })).statusCode).toBe(404);
    expect((await del(`/api/landing-pages/${graph.pageId}`)).statusCode).toBe(404);
    await expectOriginsKept(graph);
  });

  it("refuses a landing-page delete to staff without landing_pages.delete", async () => {
    const graph = await build();
    const employee = await t.signIn("employee");
    expect((await del(`/api/landing-pages/${graph.pageId}`, employee.token)).statusCode).toBe(403);
  });

  it("deletes a campaign, an update and a unit; the leads keep their origin", async () => {
    const graph = await build();
    expect((await del(`/api/landing-campaigns/${graph.campaignId}`)).statusCode).toBe(204);
    expect((await del(`/api/project-updates/${graph.updateId}`)).statusCode).toBe(204);
    expect((await del(`/api/units/${graph.unitId}`)).statusCode).toBe(204);
    await expectOriginsKept(graph);
  });

  it("deletes a lead and a staff member who wrote audit rows; the other leads and the audit rows stay", async () => {
    const graph = await build();
    const leads = await leadsOf(graph);
    expect((await del(`/api/contact/messages/${leads[graph.leads.project].id}`)).statusCode).toBe(204);
    const manager = await t.signIn("manager", { username: `manager-${built}` });
    expect((await del(`/api/project-updates/${graph.updateId}`, manager.token)).statusCode).toBe(204);
    const before = await t.db.select().from(auditLogs).where(eq(auditLogs.userId, manager.id));
    expect(before.length).toBeGreaterThan(0);
    expect((await del(`/api/users/${manager.id}`)).statusCode).toBe(204);
    const after = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(graph.updateId)));
    expect(after.some((row) => row.action === "delete" && row.userId === null)).toBe(true);
    const remaining = await leadsOf(graph);
    expect(Object.keys(remaining).sort()).toEqual([graph.leads.campaign, graph.leads.update].sort());
    expect(remaining[graph.leads.update]).toMatchObject({ source: "update", projectName: graph.projectName });
  });
});

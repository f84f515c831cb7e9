/**
 * The lead desk through the API (src/domain/lead-desk.ts rules; desk-service.ts, desk-jobs.ts): round-robin
 * assignment skipping away agents, agent isolation, stage changes with the unit link (one lead per unit, also under
 * parallel requests), lost reasons, the response clock driven by the app's fake clock (5 → agent, 15 → managers,
 * reassign), the paginated and filtered list, the timeline with the person's other enquiries, and notifications.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, projects, units } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { webhookDeliveries } from "#server/db/tables/lead-desk.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, sendProjectEnquiry, stillClock } from "#server/test-utils/desk.ts";

const clock = stillClock("2026-11-23T09:00:00Z");
let t: TestApp;
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let agentC: TestUser;
let projectId: number;
let otherProjectId: number;
const unitIds: Record<string, number> = {};
let phoneCounter = 0;

const auth = (u: TestUser) => t.bearer(u.token);

/** Sends a project enquiry and returns its id. */
async function sendLead(fields: { phone?: string; name?: string; project?: number } = {}) {
  phoneCounter += 1;
  const enquiry = {
    name: fields.name ?? `عميل ${phoneCounter}`,
    phone: fields.phone ?? `05${String(10000000 + phoneCounter).slice(0, 8)}`,
    message: "أرغب في وحدة",
    projectId: fields.project ?? projectId,
    ip: "203.0.113.50",
  };
  return (await sendProjectEnquiry(t, enquiry)).id;
}

const ownerOf = async (id: number) => {
  const res = await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) });
  expect(res.statusCode).toBe(200);
  return res.json().lead.ownerId as string | null;
};

beforeAll(async () => {
  const env = { WEBHOOK_WORKER_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 3, projectName: "مشروع الياقوت", assign: true });
  ({ t, manager, projectId } = desk);
  [agentA, agentB, agentC] = desk.agents;
  const [other] = await t.db.insert(projects).values({ name: "مشروع آخر", city: "جدة" }).returning();
  otherProjectId = other.id;
  const rows = await t.db
    .insert(units)
    .values([
      { projectId, unitNumber: "101" },
      { projectId, unitNumber: "102" },
      { projectId, unitNumber: "103" },
      { projectId: otherProjectId, unitNumber: "201" },
    ])
    .returning();
  for (const u of rows) unitIds[u.unitNumber] = u.id;
  const away = await t.app.inject({
    method: "PUT",
    url: `/api/leads/agents/${agentC.id}/away`,
    payload: { away: true },
    headers: auth(manager),
  });
  expect(away.statusCode).toBe(200);
}, 120_000);

afterAll(async () => t.close());

describe("assignment", () => {
  it("assigns new leads by round robin among the project's agents, skipping the away agent", async () => {
    const owners = [];
    for (let i = 0; i < 4; i += 1) owners.push(await ownerOf(await sendLead()));
    expect(owners).toEqual([agentA.id, agentB.id, agentA.id, agentB.id]);
  });

  it("uses the site default list for a project without agents, and leaves a lead unassigned when there is none", async () => {
    expect(await ownerOf(await sendLead({ project: otherProjectId }))).toBeNull();
    const set = await t.app.inject({
      method: "PUT",
      url: "/api/leads/agents",
      payload: { projectId: null, userIds: [agentC.id, agentB.id] },
      headers: auth(manager),
    });
    expect(set.statusCode).toBe(200);
    // agentC is away: the default list gives agentB.
    expect(await ownerOf(await sendLead({ project: otherProjectId }))).toBe(agentB.id);
  });

  it("refuses a list with a user who cannot own leads, naming the field in Arabic", async () => {
    const photographer = await t.signIn("photographer");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/leads/agents",
      payload: { projectId, userIds: [photographer.id] },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.userIds).toBe("الموظف المختار لا يمكنه استلام العملاء");
  });

  it("lets a manager reassign by hand, kept in the history; an agent may not", async () => {
    const id = await sendLead();
    const owner = await ownerOf(id);
    const target = owner === agentA.id ? agentB : agentA;
    const byAgent = await t.app.inject({
      method: "PUT",
      url: `/api/leads/${id}/owner`,
      payload: { ownerId: target.id },
      headers: auth(agentA),
    });
    expect(byAgent.statusCode).toBe(403);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/leads/${id}/owner`,
      payload: { ownerId: target.id, note: "توزيع يدوي" },
      headers: auth(manager),
    });
    expect(res.statusCode).toBe(200);
    const detail = (await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) })).json();
    const assigned = detail.events.filter((e: { kind: string }) => e.kind === "assigned");
    expect(assigned).toHaveLength(2);
    expect(assigned[1]).toMatchObject({ actorId: manager.id, note: "توزيع يدوي", data: { ownerId: target.id } });
  });
});

describe("agent isolation", () => {
  it("shows an agent only their own leads and answers 404 for another agent's lead", async () => {
    const id = await sendLead();
    const owner = await ownerOf(id);
    const [mine, theirs] = owner === agentA.id ? [agentA, agentB] : [agentB, agentA];
    const list = (await t.app.inject({ url: "/api/leads?limit=200", headers: auth(theirs) })).json();
    expect(list.items.every((l: { ownerId: string }) => l.ownerId === theirs.id)).toBe(true);
    expect(list.items.some((l: { id: number }) => l.id === id)).toBe(false);
    for (const req of [
      { method: "GET" as const, url: `/api/leads/${id}` },
      { method: "PATCH" as const, url: `/api/leads/${id}/stage`, payload: { stage: "contacted" } },
      { method: "POST" as const, url: `/api/leads/${id}/activities`, payload: { kind: "call" } },
    ]) {
      const res = await t.app.inject({ ...req, headers: auth(theirs) });
      expect(res.statusCode).toBe(404);
    }
    const own = await t.app.inject({ url: `/api/leads/${id}`, headers: auth(mine) });
    expect(own.statusCode).toBe(200);
    // The employee sees every lead but may not work them.
    const employee = await t.signIn("employee");
    expect((await t.app.inject({ url: `/api/leads/${id}`, headers: auth(employee) })).statusCode).toBe(200);
    const work = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${id}/stage`,
      payload: { stage: "contacted" },
      headers: auth(employee),
    });
    expect(work.statusCode).toBe(403);
  });
});

describe("stages and units", () => {
  const unitStatus = async (n: string) => (await t.db.select().from(units).where(eq(units.id, unitIds[n])))[0].status;
  const stage = (id: number, payload: Record<string, unknown>, user: TestUser = manager) =>
    t.app.inject({ method: "PATCH", url: `/api/leads/${id}/stage`, payload, headers: auth(user) });

  it("links a unit at حجز (محجوزة), sells it (مباعة), frees it on مفقود, with history and audit", async () => {
    const id = await sendLead();
    expect((await stage(id, { stage: "visit", note: "زيارة الموقع" })).statusCode).toBe(200);
    const reserve = await stage(id, { stage: "reserved", unitId: unitIds["101"] });
    expect(reserve.json()).toEqual({ stage: "reserved", unitId: unitIds["101"] });
    expect(await unitStatus("101")).toBe("محجوزة");
    expect((await stage(id, { stage: "sold" })).json().unitId).toBe(unitIds["101"]);
    expect(await unitStatus("101")).toBe("مباعة");

    const noReason = await stage(id, { stage: "lost" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.lostReason).toBe("يرجى اختيار سبب الفقد");
    const unknown = await stage(id, { stage: "lost", lostReason: "سبب غير موجود" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.lostReason).toBe("سبب الفقد غير موجود في القائمة");
    const lost = await stage(id, { stage: "lost", lostReason: "السعر" });
    expect(lost.json()).toEqual({ stage: "lost", unitId: null });
    expect(await unitStatus("101")).toBe("متاحة");

    const detail = (await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) })).json();
    expect(detail.lead).toMatchObject({ stage: "lost", stageLabel: "مفقود", lostReason: "السعر" });
    const changes = detail.events
      .filter((e: { kind: string }) => e.kind === "stage_changed")
      .map((e: { fromStage: string; toStage: string }) => `${e.fromStage}>${e.toStage}`);
    expect(changes).toEqual(["new>visit", "visit>reserved", "reserved>sold", "sold>lost"]);
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(["unit_linked", "unit_unlinked"]),
    );
    expect(detail.events.find((e: { toStage: string }) => e.toStage === "visit").note).toBe("زيارة الموقع");
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)));
    expect(audits.filter((a) => a.action === "stage")).toHaveLength(4);

    // Any stage back to any other: the lost lead comes back.
    expect((await stage(id, { stage: "contacted" })).json()).toEqual({ stage: "contacted", unitId: null });
  });

  it("refuses a unit held by another lead (409 in Arabic), another project's unit and a unit outside حجز/بيع", async () => {
    const first = await sendLead();
    const second = await sendLead();
    expect((await stage(first, { stage: "reserved", unitId: unitIds["102"] })).statusCode).toBe(200);
    const taken = await stage(second, { stage: "reserved", unitId: unitIds["102"] });
    expect(taken.statusCode).toBe(409);
    // The 409 names who holds the unit (docs/decisions/076-unit-inventory-states-and-holds.md).
    expect(taken.json().message).toMatch(/^الوحدة محجوزة للعميل /);
    const other = await stage(second, { stage: "reserved", unitId: unitIds["201"] });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.unitId).toBe("الوحدة لا تتبع مشروع هذا العميل");
    const wrongStage = await stage(second, { stage: "visit", unitId: unitIds["103"] });
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json().fields.unitId).toBe("لا يمكن ربط وحدة إلا في مرحلة الحجز أو البيع");
    // Unlinking by null frees the unit.
    expect((await stage(first, { stage: "reserved", unitId: null })).json().unitId).toBeNull();
    expect(await unitStatus("102")).toBe("متاحة");
  });

  it("gives one unit to one lead when requests arrive in parallel", async () => {
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await sendLead());
    const results = await Promise.all(ids.map((id) => stage(id, { stage: "reserved", unitId: unitIds["103"] })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toMatch(/^الوحدة محجوزة للعميل /);
    }
    expect(await unitStatus("103")).toBe("محجوزة");
  });
});

describe("response clock", () => {
  const notificationsOf = async (u: TestUser) =>
    (await t.app.inject({ url: "/api/notifications", headers: auth(u) })).json();

  it("notifies the agent at 5 minutes, the managers at 15, reassigns at the configured time; each step in the history", async () => {
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/leads/settings",
      payload: { notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 20 },
      headers: auth(manager),
    });
    expect(settings.statusCode).toBe(200);
    await t.app.leadDesk.runDue();
    const id = await sendLead();
    const owner = await ownerOf(id);
    const ownerUser = owner === agentA.id ? agentA : agentB;

    clock.advance(4);
    await t.app.leadDesk.runDue();
    expect(
      (await notificationsOf(ownerUser)).items.filter(
        (n: { kind: string; leadId: number }) => n.leadId === id && n.kind === "sla_agent",
      ),
    ).toHaveLength(0);

    clock.advance(1);
    await t.app.leadDesk.runDue();
    const agentNotes = (await notificationsOf(ownerUser)).items.filter(
      (n: { kind: string; leadId: number }) => n.kind === "sla_agent" && n.leadId === id,
    );
    expect(agentNotes).toHaveLength(1);
    // The bell names the buyer, the project and the wait.
    expect(agentNotes[0].text).toMatch(/^لم يتم التواصل مع عميل \S+ \(مشروع الياقوت\) منذ ٥ دقائق$/);

    clock.advance(10);
    await t.app.leadDesk.runDue();
    const managerNotes = (await notificationsOf(manager)).items.filter(
      (n: { kind: string; leadId: number }) => n.kind === "sla_managers" && n.leadId === id,
    );
    expect(managerNotes).toHaveLength(1);

    clock.advance(5);
    await t.app.leadDesk.runDue();
    const newOwner = await ownerOf(id);
    expect(newOwner).not.toBe(owner);
    expect(newOwner).not.toBe(agentC.id);
    const kinds = (await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) }))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(["assigned", "sla_agent_notified", "sla_managers_notified", "sla_reassigned"]);
    // Run again at the same time: nothing runs twice.
    expect(await t.app.leadDesk.runDue()).toBe(0);
  });

  it("stops the clock at the first call and measures the time to first contact; a note does not", async () => {
    const id = await sendLead();
    const owner = (await ownerOf(id)) === agentA.id ? agentA : agentB;
    clock.advance(1);
    const note = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "note", note: "سأتصل لاحقًا" },
      headers: auth(owner),
    });
    expect(note.json().firstContactAt).toBeNull();
    clock.advance(2);
    const call = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "call", note: "تم الاتصال", followUpAt: "2026-11-30T10:00:00+03:00" },
      headers: auth(owner),
    });
    expect(call.statusCode).toBe(201);
    expect(call.json()).toMatchObject({ secondsToFirstContact: 180, followUpAt: "2026-11-30T07:00:00.000Z" });
    clock.advance(60);
    await t.app.leadDesk.runDue();
    const events = (await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) })).json().events;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(["assigned", "activity", "activity", "follow_up_set"]);
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "fax" },
      headers: auth(owner),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.kind).toBe("نوع النشاط غير صالح");
  });

  it("counts unread notifications and marks them read", async () => {
    const before = await notificationsOf(agentA);
    expect(before.unread).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read",
      payload: {},
      headers: auth(agentA),
    });
    expect(res.json().unread).toBe(0);
  });
});

describe("list and timeline", () => {
  it("pages with a cursor, filters by stage and owner, and finds a phone typed in any form", async () => {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/leads?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await t.app.inject({ url, headers: auth(manager) })).json();
      for (const item of page.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    const all = (await t.app.inject({ url: "/api/leads?limit=200", headers: auth(manager) })).json().items;
    expect(seen.size).toBe(all.length);
    expect(all.length).toBeGreaterThan(6);

    const lost = (await t.app.inject({ url: "/api/leads?stage=reserved", headers: auth(manager) })).json().items;
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((l: { stage: string }) => l.stage === "reserved")).toBe(true);
    const unassigned = (await t.app.inject({ url: "/api/leads?ownerId=none", headers: auth(manager) })).json().items;
    expect(unassigned.every((l: { ownerId: string | null }) => l.ownerId === null)).toBe(true);

    const id = await sendLead({ phone: "0559876543", name: "أحمد الزهراني" });
    for (const q of ["0559876543", "+966559876543", "٠٥٥٩٨٧٦٥٤٣", "احمد"]) {
      const found = (
        await t.app.inject({ url: `/api/leads?search=${encodeURIComponent(q)}`, headers: auth(manager) })
      ).json().items;
      expect(found.map((l: { id: number }) => l.id)).toContain(id);
    }
    const bad = await t.app.inject({ url: "/api/leads?cursor=not-a-cursor", headers: auth(manager) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.cursor).toBeDefined();
  });

  it("lists overdue leads first in the urgency order", async () => {
    const page = (await t.app.inject({ url: "/api/leads?sort=urgency&limit=200", headers: auth(manager) })).json();
    const flags = page.items.map((l: { overdue: boolean }) => l.overdue);
    expect(flags.indexOf(false)).toBeGreaterThan(-1);
    expect(flags.slice(flags.indexOf(false)).includes(true)).toBe(false);
    const overdue = (await t.app.inject({ url: "/api/leads?overdue=true", headers: auth(manager) })).json().items;
    expect(overdue.length).toBe(flags.filter(Boolean).length);

    // Small pages give the same order, across the step from the overdue leads to the others, with no repeats.
    const paged: { id: number }[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i += 1) {
      const url: string = `/api/leads?sort=urgency&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const next = (await t.app.inject({ url, headers: auth(manager) })).json();
      paged.push(...next.items);
      cursor = next.nextCursor;
      if (!cursor) break;
    }
    expect(paged.map((l) => l.id)).toEqual(page.items.map((l: { id: number }) => l.id));
  });

  it("shows the person's later enquiry (same phone) on the open lead's timeline, flagged as a duplicate", async () => {
    const first = await sendLead({ phone: "0561112233" });
    const second = await sendLead({ phone: "0561112233" });
    const detail = (await t.app.inject({ url: `/api/leads/${first}`, headers: auth(manager) })).json();
    expect(detail.related).toEqual([]);
    expect(detail.enquiries.map((e: { id: number; isDuplicate: boolean }) => [e.id, e.isDuplicate])).toEqual([
      [second, true],
    ]);
  });

  it("merges two leads of one person by hand: history kept, the merged enquiry leaves the list, audited", async () => {
    const target = await sendLead({ phone: "0571000001" });
    const other = await sendLead({ phone: "0571000002", name: "نفس الشخص برقم آخر" });
    await t.app.inject({
      method: "POST",
      url: `/api/leads/${other}/activities`,
      payload: { kind: "note", note: "ملاحظة على الطلب الثاني" },
      headers: auth(manager),
    });
    const byAgent = await t.app.inject({
      method: "POST",
      url: `/api/leads/${target}/merge`,
      payload: { otherId: other },
      headers: auth(agentA),
    });
    expect(byAgent.statusCode).toBe(403);
    const self = await t.app.inject({
      method: "POST",
      url: `/api/leads/${target}/merge`,
      payload: { otherId: target },
      headers: auth(manager),
    });
    expect(self.json().fields.otherId).toBe("لا يمكن دمج العميل مع نفسه");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/leads/${target}/merge`,
      payload: { otherId: other },
      headers: auth(manager),
    });
    expect(res.json()).toEqual({ id: target, mergedId: other });
    const detail = (await t.app.inject({ url: `/api/leads/${target}`, headers: auth(manager) })).json();
    expect(detail.related.map((l: { id: number; mergedIntoId: number }) => [l.id, l.mergedIntoId])).toEqual([
      [other, target],
    ]);
    const notes = detail.events.filter((e: { kind: string }) => e.kind === "activity");
    expect(notes.map((e: { note: string }) => e.note)).toEqual(["ملاحظة على الطلب الثاني"]);
    expect(detail.events.at(-1)).toMatchObject({ kind: "merged", data: { mergedId: other, phone: "+966571000002" } });
    const list = (await t.app.inject({ url: "/api/leads?limit=200", headers: auth(manager) })).json().items;
    expect(list.some((l: { id: number }) => l.id === other)).toBe(false);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/leads/${target}/merge`,
      payload: { otherId: other },
      headers: auth(manager),
    });
    expect(again.statusCode).toBe(409);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(target)));
    expect(audits.some((a) => a.action === "merge")).toBe(true);
  });

  it("queues a lead.stage_changed webhook for a lead from a page with a webhook", async () => {
    const page = await t.app.inject({
      method: "POST",
      url: `/api/landing-pages/${projectId}`,
      payload: {
        slug: "yaqoot",
        poster: "/media/images/aaaaaaaaaaaaaaaa.webp",
        webhookUrl: "https://crm.example.com/in",
      },
      headers: auth(manager),
    });
    expect(page.statusCode).toBe(201);
    const lead = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "عميل الحملة", email: "camp@example.com", phone: "0581234567", landingPageId: page.json().id },
      remoteAddress: "203.0.113.51",
    });
    const id = lead.json().id as number;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${id}/stage`,
      payload: { stage: "qualified" },
      headers: auth(manager),
    });
    expect(res.json()).toEqual({ stage: "qualified", unitId: null });
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.contactMessageId, id));
    expect(rows.map((r) => r.payload.type)).toEqual(["lead.created", "lead.stage_changed"]);
    expect(rows[1].payload.data).toMatchObject({ id, stage: "qualified", stageLabel: "مؤهل", previousStage: "new" });
  });

  it("exports everything about one person and erases it on request, keeping the campaign counts (PDPL)", async () => {
    const a = await sendLead({ phone: "0591234567", name: "نورة" });
    const b = await sendLead({ phone: "0591234567", name: "نورة" });
    await t.app.inject({
      method: "POST",
      url: `/api/leads/${a}/activities`,
      payload: { kind: "call", note: "رقمها الآخر 0500000000" },
      headers: auth(manager),
    });
    const missing = await t.app.inject({ url: "/api/leads/person", headers: auth(manager) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.phone).toBe("يرجى إدخال رقم الجوال أو البريد الإلكتروني");
    expect((await t.app.inject({ url: "/api/leads/person?phone=0591234567", headers: auth(agentA) })).statusCode).toBe(
      403,
    );
    const exported = await t.app.inject({
      url: `/api/leads/person?phone=${encodeURIComponent("+966591234567")}`,
      headers: auth(manager),
    });
    expect(exported.statusCode).toBe(200);
    const body = exported.json();
    expect(body.enquiries.map((e: { id: number }) => e.id)).toEqual([a, b]);
    expect(body.enquiries[0].history.map((h: { note: string | null }) => h.note)).toContain("رقمها الآخر 0500000000");

    const erase = await t.app.inject({
      method: "POST",
      url: "/api/leads/person/erase",
      payload: { phone: "٠٥٩١٢٣٤٥٦٧" },
      headers: auth(manager),
    });
    // Both enquiries are one lead (one open lead per person).
    expect(erase.json()).toEqual({ erased: 1 });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.id, a));
    expect(rows[0]).toMatchObject({ name: "بيانات محذوفة", phone: null, email: null, message: null, projectId });
    const detail = (await t.app.inject({ url: `/api/leads/${a}`, headers: auth(manager) })).json();
    expect(JSON.stringify(detail)).not.toContain("0500000000");
    expect((await t.app.inject({ url: "/api/leads/person?phone=0591234567", headers: auth(manager) })).statusCode).toBe(
      404,
    );
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityType, "person"))
      .orderBy(asc(auditLogs.id));
    expect(audits.map((x) => x.action)).toEqual(["export", "erase"]);
    expect(JSON.stringify(audits)).not.toContain("966591234567");
    // Each staff view of a lead's contact details is audited.
    const views = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(a)));
    expect(views.some((v) => v.action === "view")).toBe(true);
  });

  it("keeps the lost-reason list editable", async () => {
    const add = await t.app.inject({
      method: "POST",
      url: "/api/leads/lost-reasons",
      payload: { name: "تأخر التسليم" },
      headers: auth(manager),
    });
    expect(add.statusCode).toBe(201);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/leads/lost-reasons",
      payload: { name: "تأخر التسليم" },
      headers: auth(manager),
    });
    expect(again.statusCode).toBe(409);
    const list = (await t.app.inject({ url: "/api/leads/lost-reasons", headers: auth(agentA) })).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual([
      "السعر",
      "التمويل",
      "الموقع",
      "اشترى من منافس",
      "لا يرد",
      "تأخر التسليم",
    ]);
  });
});

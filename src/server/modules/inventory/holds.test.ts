/**
 * Timed holds of units (docs/decisions/076-unit-inventory-states-and-holds.md): the states and their stored
 * transitions, the frozen price, the 409 naming the holder, release rules, expiry at read time and by the job (a
 * fake clock), a hold turning into a reservation at حجز and freed at مفقود, and fifty concurrent holds on one unit
 * through two app instances (PGlite here; PostgreSQL when DATABASE_URL is set, each instance with its own pool).
 */
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { unitHolds, unitPriceChanges, unitTransitions } from "../../db/tables/inventory.ts";
import { leadLostReasons } from "../../db/tables/lead-desk.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import { insertLeads } from "../../test-utils/leads.ts";

const START = new Date("2026-12-01T09:00:00.000Z");
let now = START;
const clock = () => now;
const HOUR = 3_600_000;

let t: TestApp;
let peer: Database;
let second: FastifyInstance;
let manager: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let projectId: number;
let otherProjectId: number;
let counter = 0;

beforeAll(async () => {
  // No engine timer: the test runs the due jobs itself (app.jobs.runDue) at the fake clock's time.
  t = await createTestApp({ clock, env: { JOBS_INTERVAL_MS: "0" } });
  peer = await t.openPeerDatabase();
  second = await buildApp({ db: peer.db, config: t.config, site: t.site, storage: t.storage, logger: false, clock });
  await second.ready();
  manager = await t.signIn("manager");
  agent = await t.signIn("sales_agent");
  otherAgent = await t.signIn("sales_agent");
  const rows = await t.db
    .insert(projects)
    .values([
      { name: "برج الحجوزات", city: "جدة" },
      { name: "مشروع آخر للحجوزات", city: "جدة" },
    ])
    .returning({ id: projects.id });
  projectId = rows[0].id;
  otherProjectId = rows[1].id;
  await t.db.insert(leadLostReasons).values({ name: "السعر" }).onConflictDoNothing();
}, 120_000);

afterAll(async () => {
  await second.close();
  await peer.close();
  await t.close();
});

async function newUnit(price: number | null = 900_000, project = projectId): Promise<number> {
  counter += 1;
  const [row] = await t.db
    .insert(units)
    .values({ projectId: project, unitNumber: `H-${counter}`, building: "A", floor: 3, price })
    .returning({ id: units.id });
  return row.id;
}

async function newLead(ownerId: string, name = "سارة", project: number | null = projectId): Promise<number> {
  const [lead] = await insertLeads(t.db, [
    { source: "project", name, phone: "+966500000001", projectId: project, ownerId, stage: "qualified" },
  ]);
  return lead.id;
}

const hold = (user: TestUser, unitId: number, payload: Record<string, unknown> = {}, app = t.app) =>
  app.inject({ method: "POST", url: `/api/units/${unitId}/holds`, payload, headers: t.bearer(user.token) });
const release = (user: TestUser, holdId: number) =>
  t.app.inject({ method: "DELETE", url: `/api/holds/${holdId}`, headers: t.bearer(user.token) });
const stage = (user: TestUser, leadId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: `/api/leads/${leadId}/stage`, payload, headers: t.bearer(user.token) });
const unitOf = async (id: number) => (await t.db.select().from(units).where(eq(units.id, id)))[0];

describe("holding a unit", () => {
  it("holds for the project's 48 hours at the frozen price, stores the transition and audits it", async () => {
    now = START;
    const unitId = await newUnit(900_000);
    const leadId = await newLead(agent.id);
    const res = await hold(agent, unitId, { leadId });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      unitId,
      expiresAt: new Date(START.getTime() + 48 * HOUR).toISOString(),
    });
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "held", status: "محجوزة" });
    const [row] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, body.id));
    expect(row).toMatchObject({ leadId, kind: "hold", heldBy: agent.id, price: 900_000, releasedAt: null });
    const transitions = await t.db.select().from(unitTransitions).where(eq(unitTransitions.unitId, unitId));
    expect(transitions).toEqual([
      expect.objectContaining({ fromState: "available", toState: "held", actorId: agent.id, holdId: body.id, leadId }),
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "unit"), eq(auditLogs.entityId, String(unitId))));
    expect(audit).toMatchObject({ userId: agent.id, action: "hold" });
    // SPEC clients read محجوزة with the state beside it.
    const read = await t.app.inject({ method: "GET", url: `/api/units/${unitId}`, headers: t.bearer(agent.token) });
    expect(read.json()).toMatchObject({ status: "محجوزة", inventoryState: "held" });
  });

  it("refuses a second hold with 409 naming the lead and until when; visitors cannot hold at all", async () => {
    now = START;
    const unitId = await newUnit();
    const leadId = await newLead(agent.id, "نورة");
    expect((await hold(agent, unitId, { leadId })).statusCode).toBe(201);
    const res = await hold(otherAgent, unitId, {});
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.message).toContain("نورة");
    expect(body.message).toContain("محجوزة مؤقتًا");
    expect(body.fields.unit).toBe(body.message);
    expect(body.heldUntil).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
    const anonymous = await t.app.inject({ method: "POST", url: `/api/units/${unitId}/holds`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it("checks minutes, the project's maximum and the lead (the agent's own, of the unit's project)", async () => {
    now = START;
    const unitId = await newUnit();
    expect((await hold(agent, unitId, { minutes: 5 })).json().fields.minutes).toContain("مدة الحجز المؤقت");
    expect((await hold(agent, unitId, { minutes: 20_161 })).statusCode).toBe(400);
    expect((await hold(agent, unitId, { color: "red" })).json().fields.color).toBe("حقل غير مسموح");
    expect((await hold(agent, unitId, { minutes: 4_321 })).statusCode).toBe(403);
    const othersLead = await newLead(otherAgent.id);
    expect((await hold(agent, unitId, { leadId: othersLead })).json().fields.leadId).toBe("العميل غير موجود");
    const elsewhere = await newLead(agent.id, "سارة", otherProjectId);
    expect((await hold(agent, unitId, { leadId: elsewhere })).json().fields.leadId).toContain("مشروع آخر");
    expect((await hold(agent, 999_999, {})).statusCode).toBe(404);
    const long = await hold(manager, unitId, { minutes: 10_080 });
    expect(long.statusCode).toBe(201);
    expect(long.json().expiresAt).toBe(new Date(START.getTime() + 7 * 24 * HOUR).toISOString());
  });

  it("lets an agent release only their own hold, a manager any; the unit is available again", async () => {
    now = START;
    const unitId = await newUnit();
    const { id } = (await hold(agent, unitId, {})).json();
    expect((await release(otherAgent, id)).statusCode).toBe(403);
    expect((await release(agent, id)).statusCode).toBe(204);
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "available", status: "متاحة" });
    expect((await release(agent, id)).statusCode).toBe(404);
    const again = (await hold(agent, unitId, {})).json();
    expect((await release(manager, again.id)).statusCode).toBe(204);
    const [row] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, again.id));
    expect(row).toMatchObject({ releasedBy: manager.id, releaseReason: "released" });
  });

  it("gives no false 409 for an expired hold the job has not swept yet, and the job releases the rest", async () => {
    now = START;
    const first = await newUnit();
    const secondUnit = await newUnit();
    expect((await hold(agent, first, { minutes: 60 })).statusCode).toBe(201);
    const swept = (await hold(agent, secondUnit, { minutes: 60 })).json();
    now = new Date(START.getTime() + 59 * 60_000);
    expect((await hold(otherAgent, first, {})).statusCode).toBe(409);
    now = new Date(START.getTime() + HOUR);
    // Expired at read time: the other agent's hold succeeds at once.
    expect((await hold(otherAgent, first, {})).statusCode).toBe(201);
    expect(await unitOf(secondUnit)).toMatchObject({ inventoryState: "held" });
    await t.app.jobs.runDue();
    expect(await unitOf(secondUnit)).toMatchObject({ inventoryState: "available", status: "متاحة" });
    const [row] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, swept.id));
    expect(row).toMatchObject({ releaseReason: "expired", releasedBy: null });
    expect(row.releasedAt?.toISOString()).toBe(now.toISOString());
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, String(secondUnit)), eq(auditLogs.action, "hold_expired")));
    expect(audit).toMatchObject({ userId: null });
    // The other agent's live hold on the first unit stays.
    expect(await unitOf(first)).toMatchObject({ inventoryState: "held" });
  });
});

describe("holds and the lead's stage", () => {
  it("turns the hold into a reservation at حجز at the frozen price, and frees it at مفقود", async () => {
    now = START;
    const unitId = await newUnit(800_000);
    const leadId = await newLead(agent.id);
    const { id } = (await hold(agent, unitId, { leadId })).json();
    // Bound: status and price change only through the lead (409 naming the field); the same values round-trip.
    const current = (
      await t.app.inject({ method: "GET", url: `/api/units/${unitId}`, headers: t.bearer(manager.token) })
    ).json();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/units/${unitId}`, payload, headers: t.bearer(manager.token) });
    const priced = await put({ ...current, price: 850_000 });
    expect(priced.statusCode).toBe(409);
    expect(Object.keys(priced.json().fields)).toEqual(["price"]);
    expect(priced.json().message).toContain("سارة");
    expect((await put({ ...current, status: "متاحة" })).json().fields.status).toBeDefined();
    expect((await put({ ...current, rooms: 4 })).statusCode).toBe(200);

    const reserved = await stage(agent, leadId, { stage: "reserved" });
    expect(reserved.json()).toEqual({ stage: "reserved", unitId });
    const [row] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, id));
    expect(row).toMatchObject({ kind: "reservation", expiresAt: null, price: 800_000, releasedAt: null });
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "reserved", status: "محجوزة" });
    // A reservation never expires with time, and DELETE /api/holds leaves it to the lead's stage.
    now = new Date(START.getTime() + 30 * 24 * HOUR);
    await t.app.jobs.runDue();
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "reserved" });
    expect((await release(manager, id)).statusCode).toBe(409);

    const lost = await stage(agent, leadId, { stage: "lost", lostReason: "السعر" });
    expect(lost.statusCode).toBe(200);
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "available", status: "متاحة" });
    const [ended] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, id));
    expect(ended.releaseReason).toBe("lost");
    const [last] = await t.db
      .select()
      .from(unitTransitions)
      .where(eq(unitTransitions.unitId, unitId))
      .orderBy(desc(unitTransitions.id))
      .limit(1);
    expect(last).toMatchObject({ fromState: "reserved", toState: "available", reason: "lost", leadId });
  });

  it("refuses a status or price change of a unit sold through a lead, naming the lead; other fields still save", async () => {
    now = START;
    const unitId = await newUnit(820_000);
    const leadId = await newLead(agent.id, "مها");
    expect((await stage(agent, leadId, { stage: "sold", unitId })).json()).toEqual({ stage: "sold", unitId });
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "sold", status: "مباعة" });
    const current = (
      await t.app.inject({ method: "GET", url: `/api/units/${unitId}`, headers: t.bearer(manager.token) })
    ).json();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/units/${unitId}`, payload, headers: t.bearer(manager.token) });
    const reopened = await put({ ...current, status: "متاحة" });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ leadId, fields: { status: expect.stringContaining("مها") } });
    expect(reopened.json().message).toContain("بيعها للعميل مها");
    expect(Object.keys((await put({ ...current, price: 700_000 })).json().fields)).toEqual(["price"]);
    expect(await unitOf(unitId)).toMatchObject({ inventoryState: "sold", status: "مباعة", price: 820_000 });
    expect((await put({ ...current, rooms: 3 })).statusCode).toBe(200);
    // Once the lead leaves بيع through its page, the unit is free to edit again.
    expect((await stage(agent, leadId, { stage: "lost", lostReason: "السعر" })).statusCode).toBe(200);
    const freed = (
      await t.app.inject({ method: "GET", url: `/api/units/${unitId}`, headers: t.bearer(manager.token) })
    ).json();
    expect((await put({ ...freed, status: "مباعة" })).statusCode).toBe(200);
  });

  it("refuses another lead's reservation of a held unit with the 409 naming the holder", async () => {
    now = START;
    const unitId = await newUnit();
    const holder = await newLead(agent.id, "ريم");
    const other = await newLead(otherAgent.id, "هند");
    expect((await hold(agent, unitId, { leadId: holder })).statusCode).toBe(201);
    const res = await stage(otherAgent, other, { stage: "reserved", unitId });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.unitId).toContain("ريم");
    expect(res.json().heldUntil).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
  });

  it("takes the agent's own walk-in hold as the lead's reservation at حجز; another agent's stays refused", async () => {
    now = START;
    const unitId = await newUnit(750_000);
    const walkIn = (await hold(agent, unitId, {})).json();
    const others = await newLead(otherAgent.id, "هند");
    expect((await stage(otherAgent, others, { stage: "reserved", unitId })).statusCode).toBe(409);
    const mine = await newLead(agent.id, "ريم");
    expect((await stage(agent, mine, { stage: "reserved", unitId })).statusCode).toBe(200);
    const [row] = await t.db.select().from(unitHolds).where(eq(unitHolds.id, walkIn.id));
    expect(row).toMatchObject({ leadId: mine, kind: "reservation", price: 750_000, releasedAt: null });
  });

  it("records a price change of a free unit in the price history", async () => {
    now = START;
    const unitId = await newUnit(700_000);
    const current = (
      await t.app.inject({ method: "GET", url: `/api/units/${unitId}`, headers: t.bearer(manager.token) })
    ).json();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/units/${unitId}`,
      payload: { ...current, price: 720_000 },
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    const history = await t.db.select().from(unitPriceChanges).where(eq(unitPriceChanges.unitId, unitId));
    expect(history).toEqual([expect.objectContaining({ oldPrice: 700_000, newPrice: 720_000, actorId: manager.id })]);
  });
});

describe("fifty concurrent holds on one unit", () => {
  it("give exactly one 201 and 49 × 409 across two instances, enforced by the database", async () => {
    now = START;
    const unitId = await newUnit();
    const requests = Array.from({ length: 50 }, (_, i) =>
      hold(i % 2 === 0 ? agent : otherAgent, unitId, {}, i % 2 === 0 ? t.app : second),
    );
    const results = await Promise.all(requests);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const active = await t.db.select().from(unitHolds).where(eq(unitHolds.unitId, unitId));
    expect(active).toHaveLength(1);
  });
});

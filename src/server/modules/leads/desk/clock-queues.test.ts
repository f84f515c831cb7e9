/**
 * The clock the agent sees and the queues a lead leaves (docs/decisions/074-a-clock-the-agent-sees.md,
 * 075-merge-and-assign-by-what-people-know.md), on the app's fake clock: a lead past جديد never escalates as "not
 * contacted"; erased and merged leads leave the clock's jobs, the overdue and unassigned counts and the backlog; the
 * lead's detail gives its wait and next step; the unassigned backlog is dealt in turn when a list is set and when an
 * agent comes back (audited); a follow-up in the past is refused with the field named in Arabic.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "#server/db/tables/access.ts";
import { leadJobs } from "#server/db/tables/lead-desk.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, sendProjectEnquiry, stillClock } from "#server/test-utils/desk.ts";

const clock = stillClock("2026-11-27T09:00:00Z");
let t: TestApp;
let manager: TestUser;
let agentA: TestUser;
let agentB: TestUser;
let projectId: number;
let phone = 0;

const auth = (u: TestUser) => t.bearer(u.token);

async function sendLead(name = "عميل") {
  phone += 1;
  const phoneNumber = `0557${String(phone).padStart(6, "0")}`;
  return (await sendProjectEnquiry(t, { name, phone: phoneNumber, message: "سؤال", projectId, ip: "203.0.113.91" }))
    .leadId;
}

const detailOf = async (id: number) => {
  const res = await t.app.inject({ url: `/api/leads/${id}`, headers: auth(manager) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const bellOf = async (u: TestUser, leadId: number) =>
  (await t.app.inject({ url: "/api/notifications", headers: auth(u) }))
    .json()
    .items.filter((n: { leadId: number }) => n.leadId === leadId);
const stats = async () => (await t.app.inject({ url: "/api/leads/stats", headers: auth(manager) })).json();
const setList = (userIds: string[]) =>
  t.app.inject({ method: "PUT", url: "/api/leads/agents", payload: { projectId, userIds }, headers: auth(manager) });

beforeAll(async () => {
  const env = { JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 2, projectName: "مشروع النخيل" });
  ({ t, manager, projectId } = desk);
  [agentA, agentB] = desk.agents;
}, 120_000);

afterAll(async () => t.close());

describe("the unassigned backlog", () => {
  it("deals leads that arrived before any agent in turn when the list is set, audited", async () => {
    const early = [await sendLead("أول"), await sendLead("ثان"), await sendLead("ثالث")];
    for (const id of early) expect((await detailOf(id)).lead.ownerId).toBeNull();
    expect((await stats()).unassigned).toBe(3);
    clock.advance(30);
    const res = await setList([agentA.id, agentB.id]);
    expect(res.json()).toMatchObject({ assigned: 3 });
    const owners: (string | null)[] = [];
    for (const id of early) owners.push((await detailOf(id)).lead.ownerId);
    expect(owners).toEqual([agentA.id, agentB.id, agentA.id]);
    expect((await stats()).unassigned).toBe(0);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "contact_message"), eq(auditLogs.action, "assign")));
    expect(audits.map((a) => [Number(a.entityId), a.newState])).toEqual(
      early.map((id, i) => [id, { ownerId: owners[i], backlog: true }]),
    );
    // Each agent is told by the buyer's name and the project, and a fresh clock starts for them now.
    expect((await bellOf(agentA, early[0]))[0].text).toBe("أُسند إليك أول (مشروع النخيل)");
    expect((await detailOf(early[0])).clock.nextStep).toEqual({
      kind: "notify_agent",
      at: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
    });
  });

  it("deals the backlog again when an away agent comes back", async () => {
    for (const agent of [agentA, agentB]) {
      const away = await t.app.inject({
        method: "PUT",
        url: `/api/leads/agents/${agent.id}/away`,
        payload: { away: true },
        headers: auth(manager),
      });
      expect(away.json()).toMatchObject({ away: true, assigned: 0 });
    }
    const waiting = await sendLead("منتظر");
    expect((await detailOf(waiting)).lead.ownerId).toBeNull();
    const back = await t.app.inject({
      method: "PUT",
      url: `/api/leads/agents/${agentB.id}/away`,
      payload: { away: false },
      headers: auth(manager),
    });
    expect(back.json()).toMatchObject({ away: false, assigned: 1 });
    expect((await detailOf(waiting)).lead.ownerId).toBe(agentB.id);
    await t.app.inject({
      method: "PUT",
      url: `/api/leads/agents/${agentA.id}/away`,
      payload: { away: false },
      headers: auth(manager),
    });
  });
});

describe("the clock by stage", () => {
  it("shows the wait and the next step, and never escalates a lead moved past جديد without a call", async () => {
    const id = await sendLead("سالم");
    const created = clock.now().toISOString();
    clock.advance(2);
    const shown = (await detailOf(id)).clock;
    expect(shown).toEqual({
      waitingSince: created,
      nextStep: { kind: "notify_agent", at: new Date(Date.parse(created) + 5 * 60_000).toISOString() },
    });
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${id}/stage`,
      payload: { stage: "reserved" },
      headers: auth(manager),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.advance(60);
    await t.app.jobs.runDue();
    const owner = (await detailOf(id)).lead.ownerId;
    const ownerUser = owner === agentA.id ? agentA : agentB;
    expect((await bellOf(ownerUser, id)).map((n: { kind: string }) => n.kind)).toEqual(["assigned"]);
    expect((await bellOf(manager, id)).length).toBe(0);
    const detail = await detailOf(id);
    expect(detail.lead).toMatchObject({ ownerId: owner, overdue: false });
    expect(detail.clock).toEqual({ waitingSince: null, nextStep: null });
    const overdue = await t.app.inject({ url: "/api/leads?overdue=true&limit=200", headers: auth(manager) });
    expect(overdue.json().items.map((l: { id: number }) => l.id)).not.toContain(id);
  });

  it("skips a clock step of a lead already past جديد (a step queued before the stage rule)", async () => {
    const id = await sendLead("قديم");
    // A stage set without the desk's route (an older version): the pending steps are still queued.
    await t.db.execute(`update leads set stage = 'qualified' where id = ${id}`);
    clock.advance(60);
    await t.app.jobs.runDue();
    expect((await detailOf(id)).events.map((e: { kind: string }) => e.kind)).toEqual(["assigned"]);
  });

  it("refuses a follow-up in the past (400, the field in Arabic) and keeps one with its time", async () => {
    const id = await sendLead("موعد");
    const past = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "note", note: "x", followUpAt: new Date(clock.now().getTime() - 60_000).toISOString() },
      headers: auth(manager),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ followUpAt: "موعد المتابعة يجب أن يكون بعد الوقت الحالي" });
    const at = "2026-11-29T16:30:00+03:00";
    const ok = await t.app.inject({
      method: "POST",
      url: `/api/leads/${id}/activities`,
      payload: { kind: "note", note: "x", followUpAt: at },
      headers: auth(manager),
    });
    expect(ok.json().followUpAt).toBe("2026-11-29T13:30:00.000Z");
  });
});

describe("erased and merged leads leave every queue", () => {
  it("an erased lead: no clock step, not overdue, not unassigned, not in the backlog", async () => {
    await setList([]);
    const id = await sendLead("محذوف");
    const phoneOf = (await detailOf(id)).lead.phone as string;
    const before = await stats();
    const erase = await t.app.inject({
      method: "POST",
      url: "/api/leads/person/erase",
      payload: { phone: phoneOf },
      headers: auth(manager),
    });
    expect(erase.statusCode).toBe(200);
    clock.advance(60);
    expect(await stats()).toMatchObject({ unassigned: before.unassigned - 1 });
    const pending = await t.db.select().from(leadJobs).where(eq(leadJobs.leadId, id));
    expect(pending.every((j) => j.doneAt !== null)).toBe(true);
    await t.app.jobs.runDue();
    expect((await detailOf(id)).events.map((e: { kind: string }) => e.kind)).toEqual([]);
    expect((await setList([agentA.id])).json()).toMatchObject({ assigned: 0 });
    expect((await detailOf(id)).lead).toMatchObject({ ownerId: null, overdue: false });
  });

  it("a merged lead: out of the list, its page names the lead it joined, read-only, no clock", async () => {
    const target = await sendLead("هند");
    const other = await sendLead("هند برقم آخر");
    const merge = await t.app.inject({
      method: "POST",
      url: `/api/leads/${target}/merge`,
      payload: { otherId: other },
      headers: auth(manager),
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const detail = await detailOf(other);
    expect(detail.mergedInto).toEqual({ id: target, name: "هند" });
    expect(detail.clock).toEqual({ waitingSince: null, nextStep: null });
    expect(detail.lead.overdue).toBe(false);
    for (const [method, url, payload] of [
      ["PATCH", `/api/leads/${other}/stage`, { stage: "qualified" }],
      ["POST", `/api/leads/${other}/activities`, { kind: "call" }],
      ["PUT", `/api/leads/${other}/owner`, { ownerId: agentA.id }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: auth(manager) });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe("تم دمج هذا العميل في عميل آخر، ويُعمل عليه من هناك");
    }
    clock.advance(120);
    await t.app.jobs.runDue();
    expect((await detailOf(other)).events.filter((e: { kind: string }) => e.kind.startsWith("sla_")).length).toBe(0);
    // The merged lead's enquiry now belongs to the lead it joined.
    expect((await detailOf(target)).enquiries.map((e: { id: number }) => e.id)).toEqual([other]);
  });
});

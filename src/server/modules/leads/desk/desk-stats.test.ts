/**
 * GET /api/leads/stats (desk-stats.ts): new today / this week in Jeddah days, unassigned, overdue, and the median
 * time to first contact per agent; an agent's figures count only their own leads.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, sendProjectEnquiry, stillClock } from "#server/test-utils/desk.ts";

// Tuesday 2026-11-24 01:00 in Jeddah (UTC+3): the week started on Sunday 2026-11-22.
const clock = stillClock("2026-11-23T22:00:00Z");
let t: TestApp;
let manager: TestUser;
let agentA: TestUser;
let projectId: number;
let phone = 0;

const auth = (u: TestUser) => t.bearer(u.token);

async function sendLead() {
  phone += 1;
  const enquiry = { name: `عميل ${phone}`, phone: `05${String(20000000 + phone)}`, message: "أرغب في وحدة", projectId };
  return (await sendProjectEnquiry(t, { ...enquiry, ip: "203.0.113.60" })).id;
}

async function logCall(id: number, user: TestUser) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/leads/${id}/activities`,
    payload: { kind: "call" },
    headers: auth(user),
  });
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  const env = { WEBHOOK_WORKER_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 1, projectName: "مشروع الإحصاء" });
  ({ t, manager, projectId } = desk);
  [agentA] = desk.agents;
}, 120_000);
afterAll(async () => t.close());

it("counts the day, the week, unassigned and overdue leads, and the median time to first contact per agent; the timeline names the owner", async () => {
  // Sunday in Jeddah: one lead before any agent list (dealt to agent A when the list is set).
  clock.set("2026-11-22T10:00:00Z");
  await sendLead();
  const list = await t.app.inject({
    method: "PUT",
    url: "/api/leads/agents",
    payload: { projectId, userIds: [agentA.id] },
    headers: auth(manager),
  });
  expect(list.statusCode).toBe(200);
  // Today (Tuesday in Jeddah): three leads for agent A, contacted after 2, 4 and never minutes.
  clock.set("2026-11-23T22:00:00Z");
  const first = await sendLead();
  const second = await sendLead();
  await sendLead();
  clock.advance(2);
  await logCall(first, agentA);
  clock.advance(2);
  await logCall(second, agentA);
  clock.advance(10);

  const res = await t.app.inject({ url: "/api/leads/stats", headers: auth(manager) });
  expect(res.statusCode).toBe(200);
  const stats = res.json();
  expect(stats).toMatchObject({
    today: "2026-11-24",
    weekStart: "2026-11-22",
    newToday: 3,
    newThisWeek: 4,
    unassigned: 0,
    // The Sunday lead and the uncontacted one of today.
    overdue: 2,
  });
  expect(stats.agents).toEqual([{ ownerId: agentA.id, name: expect.any(String), contacted: 2, medianSeconds: 180 }]);

  const own = await t.app.inject({ url: "/api/leads/stats", headers: auth(agentA) });
  expect(own.json()).toMatchObject({ newToday: 3, newThisWeek: 4, unassigned: 0, overdue: 2 });

  // The timeline names the owner of an assignment beside its id.
  const detail = await t.app.inject({ url: `/api/leads/${first}`, headers: auth(manager) });
  const assigned = detail.json().events.find((e: { kind: string }) => e.kind === "assigned");
  expect(assigned.data).toMatchObject({ ownerId: agentA.id, ownerName: stats.agents[0].name, auto: true });
  expect(typeof assigned.data.ownerName).toBe("string");
});

/**
 * Follow-up reminders (stages.ts logLeadActivity, ../desk-jobs.ts "follow_up"): setting a follow-up date queues a
 * job that notifies the owner when it is due, on the app's fake clock; the job is a row (a restarted or another
 * instance runs it) and runs once even when two instances look at once; a changed date replaces the reminder and a
 * closed lead gets none.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_CLOCK_TEXTS } from "#domain/lead-clock.ts";
import type { Database } from "#server/db/connection.ts";
import { leadJobs, notifications } from "#server/db/tables/lead-desk.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { openDesk, sendProjectEnquiry, stillClock } from "#server/test-utils/desk.ts";
import { runDueLeadJobs } from "../desk-jobs.ts";

const clock = stillClock("2026-11-23T09:00:00Z");
let t: TestApp;
let peer: Database;
let agent: TestUser;
let projectId: number;
let phone = 0;

async function sendLead(): Promise<number> {
  phone += 1;
  const phoneNumber = `05600000${String(phone).padStart(2, "0")}`;
  return (
    await sendProjectEnquiry(t, {
      name: "خالد",
      phone: phoneNumber,
      message: "أرغب في زيارة",
      projectId,
      ip: "203.0.113.77",
    })
  ).id;
}

async function logActivity(leadId: number, followUpAt: Date) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/leads/${leadId}/activities`,
    headers: t.bearer(agent.token),
    payload: { kind: "call", note: "طلب الاتصال لاحقًا", followUpAt: followUpAt.toISOString() },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().followUpAt).toBe(followUpAt.toISOString());
}

const reminders = (leadId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.leadId, leadId), eq(notifications.kind, "follow_up")));

beforeAll(async () => {
  const env = { JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" };
  const desk = await openDesk({ clock, env, agents: 1, projectName: "مشروع اللؤلؤ", assign: true });
  ({ t, projectId } = desk);
  [agent] = desk.agents;
  peer = await t.openPeerDatabase();
}, 120_000);

afterAll(async () => {
  await peer.close();
  await t.close();
});

describe("follow-up reminders", () => {
  it("notifies the owner when the follow-up date comes, once, even with two instances looking", async () => {
    const leadId = await sendLead();
    const due = new Date(clock.now().getTime() + 3 * 60 * 60_000);
    await logActivity(leadId, due);
    clock.advance(179);
    await t.app.leadDesk.runDue();
    expect(await reminders(leadId)).toHaveLength(0);

    clock.advance(1);
    // Two instances on the same database at the same moment: the row is claimed by one of them.
    const [a, b] = await Promise.all([runDueLeadJobs(t.db, clock.now()), runDueLeadJobs(peer.db, clock.now())]);
    expect(a + b).toBe(1);
    const rows = await reminders(leadId);
    expect(rows).toHaveLength(1);
    const text = LEAD_CLOCK_TEXTS.followUpDue("خالد", "مشروع اللؤلؤ");
    expect(rows[0]).toMatchObject({ userId: agent.id, text });
    const bell = await t.app.inject({ url: "/api/notifications", headers: t.bearer(agent.token) });
    expect(bell.json().items[0]).toMatchObject({ leadId, kind: "follow_up", text });
    const detail = await t.app.inject({ url: `/api/leads/${leadId}`, headers: t.bearer(agent.token) });
    expect(detail.json().events.map((e: { kind: string }) => e.kind)).toContain("follow_up_due");

    clock.advance(60);
    expect(await t.app.leadDesk.runDue()).toBe(0);
    expect(await reminders(leadId)).toHaveLength(1);
  });

  it("survives a restart: the reminder is a row that a new instance runs when it is due", async () => {
    const leadId = await sendLead();
    const due = new Date(clock.now().getTime() + 24 * 60 * 60_000);
    await logActivity(leadId, due);
    const [job] = await t.db
      .select()
      .from(leadJobs)
      .where(and(eq(leadJobs.leadId, leadId), eq(leadJobs.kind, "follow_up")));
    expect(job.runAt.toISOString()).toBe(due.toISOString());
    expect(job.doneAt).toBeNull();
    // Another process (nothing shared in memory with this app) finds and runs it the next day.
    clock.advance(24 * 60);
    expect(await runDueLeadJobs(peer.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await reminders(leadId)).toHaveLength(1);
  });

  it("replaces the reminder when the date changes, and sends none for a closed lead", async () => {
    const leadId = await sendLead();
    await logActivity(leadId, new Date(clock.now().getTime() + 60 * 60_000));
    await logActivity(leadId, new Date(clock.now().getTime() + 120 * 60_000));
    clock.advance(60);
    await t.app.leadDesk.runDue();
    expect(await reminders(leadId)).toHaveLength(0);
    clock.advance(60);
    await t.app.leadDesk.runDue();
    expect(await reminders(leadId)).toHaveLength(1);

    const closed = await sendLead();
    await logActivity(closed, new Date(clock.now().getTime() + 30 * 60_000));
    const lost = await t.app.inject({
      method: "PATCH",
      url: `/api/leads/${closed}/stage`,
      headers: t.bearer(agent.token),
      payload: { stage: "lost", lostReason: "السعر" },
    });
    expect(lost.statusCode).toBe(200);
    clock.advance(30);
    await t.app.leadDesk.runDue();
    expect(await reminders(closed)).toHaveLength(0);
  });
});

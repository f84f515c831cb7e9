/**
 * E-mail copies of the lead desk's notifications (mail.ts) against a real SMTP server started here (smtp-server):
 * the assignment, 5-minute and 15-minute notifications reach the staff e-mails; a refusing or stopped server never
 * loses the lead or the in-app notification, and the e-mail is retried later on the app's fake clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_CLOCK_TEXTS } from "#domain/lead-clock.ts";
import { leads, users } from "../../db/schema.ts";
import { notifications } from "../../db/tables/lead-desk.ts";
import { putAgents } from "../../test-utils/agents.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openDesk, stillClock } from "../../test-utils/desk.ts";
import { type ReceivedMail, type SmtpCatcher, startSmtpCatcher } from "../../test-utils/smtp.ts";
import { MAIL_SUBJECT } from "./mail.ts";

let smtp: SmtpCatcher;

/** The text of a received message (mail.ts sends a single base64 text part). */
function decoded(message: ReceivedMail): string {
  const blank = message.raw.search(/\r?\n\r?\n/);
  return Buffer.from(message.raw.slice(blank).replace(/\s+/g, ""), "base64").toString("utf8");
}

const clock = stillClock("2026-11-23T09:00:00Z");
let t: TestApp;
let manager: TestUser;
let agent: TestUser;
let projectId: number;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const env = {
    JOBS_INTERVAL_MS: "0",
    CONTACT_RATE_LIMIT_MAX: "1000",
    SMTP_URL: smtp.url,
    SMTP_FROM: "desk@example.test",
  };
  const desk = await openDesk({ clock, env, agents: 1, projectName: "مشروع المرجان" });
  ({ t, manager, projectId } = desk);
  [agent] = desk.agents;
  const admin = await t.signIn("super_admin");
  // The agent's e-mail is set through the employees API; the manager's directly.
  const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
  const put = await t.app.inject({
    method: "PUT",
    url: `/api/users/${agent.id}`,
    headers: t.bearer(admin.token),
    payload: { username: row.username, name: row.name, role: row.role, email: "Agent@Example.test" },
  });
  expect(put.statusCode).toBe(200);
  expect(put.json().email).toBe("agent@example.test");
  await t.db.update(users).set({ email: "manager@example.test" }).where(eq(users.id, manager.id));
  await putAgents(t, manager, projectId, [agent]);
}, 120_000);

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe("notification e-mails", () => {
  let leadId: number;

  it("keeps the lead and the in-app notification when the SMTP server refuses, and retries later", async () => {
    smtp.mode = "refuse";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "سارة", phone: "0551234567", message: "أرغب في شقة", projectReference: projectId },
      remoteAddress: "203.0.113.9",
    });
    expect(res.statusCode).toBe(201);
    leadId = res.json().id;
    // The mail is one of the job engine's queues (other modules register their own beside it).
    expect(t.app.jobs.queues).toEqual(
      expect.arrayContaining(["lead-webhooks", "lead-clock", "lead-mail", "lead_retention", "conversions"]),
    );
    const first = await t.app.leadDesk.sendMails();
    expect(first).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead.ownerId).toBe(agent.id);
    const bell = await t.app.inject({ url: "/api/notifications", headers: t.bearer(agent.token) });
    expect(bell.json().items.map((n: { text: string }) => n.text)).toContain(
      LEAD_CLOCK_TEXTS.assigned("سارة", "مشروع المرجان"),
    );
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, agent.id));
    expect(row).toMatchObject({ emailStatus: "pending", emailAttempts: 1 });
    expect(row.emailError).toMatch(/451|busy/i);

    // Not due again before the retry delay.
    expect(await t.app.leadDesk.sendMails()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("retries while the server is down, then delivers once it is back", async () => {
    await smtp.stop();
    clock.advance(1);
    expect(await t.app.leadDesk.sendMails()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [down] = await t.db.select().from(notifications).where(eq(notifications.userId, agent.id));
    expect(down.emailAttempts).toBe(2);

    smtp.mode = "accept";
    await smtp.start();
    clock.advance(4);
    expect(await t.app.leadDesk.sendMails()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["agent@example.test"]);
    expect(smtp.received[0].raw).toContain("desk@example.test");
    expect(smtp.received[0].raw).toContain(
      `Subject: =?UTF-8?B?${Buffer.from(MAIL_SUBJECT).toString("base64").slice(0, 8)}`,
    );
    expect(decoded(smtp.received[0])).toContain(LEAD_CLOCK_TEXTS.assigned("سارة", "مشروع المرجان"));
    const [sent] = await t.db.select().from(notifications).where(eq(notifications.userId, agent.id));
    expect(sent.emailStatus).toBe("sent");
    expect(await t.app.leadDesk.sendMails()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("mails the 5-minute notification to the agent and the 15-minute one to managers with an e-mail", async () => {
    smtp.received.length = 0;
    clock.advance(1); // 6 minutes after the lead
    await t.app.leadDesk.runDue();
    expect(await t.app.leadDesk.sendMails()).toMatchObject({ sent: 1 });
    expect(smtp.received[0].to).toEqual(["agent@example.test"]);
    expect(decoded(smtp.received[0])).toContain(LEAD_CLOCK_TEXTS.notifyAgent("سارة", "مشروع المرجان", 6 * 60_000));

    smtp.received.length = 0;
    clock.advance(10); // 16 minutes
    await t.app.leadDesk.runDue();
    const summary = await t.app.leadDesk.sendMails();
    // Only the manager has an e-mail among the managers and general managers; the others' rows end as "none".
    expect(summary).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to[0])).toEqual(["manager@example.test"]);
    expect(decoded(smtp.received[0])).toContain("لم يتم التواصل مع سارة (مشروع المرجان) منذ ١٦ دقيقة · المسؤول: ");
    const rows = await t.db.select().from(notifications).where(eq(notifications.leadId, leadId));
    expect(rows.filter((r) => r.emailStatus === "pending")).toEqual([]);
  });

  it("mails the follow-up reminder to the owner when it is due", async () => {
    smtp.received.length = 0;
    const followUpAt = new Date(clock.now().getTime() + 2 * 60 * 60_000).toISOString();
    const logged = await t.app.inject({
      method: "POST",
      url: `/api/leads/${leadId}/activities`,
      headers: t.bearer(agent.token),
      payload: { kind: "whatsapp", followUpAt },
    });
    expect(logged.statusCode).toBe(201);
    clock.advance(120);
    await t.app.leadDesk.runDue();
    expect(await t.app.leadDesk.sendMails()).toMatchObject({ sent: 1 });
    expect(smtp.received[0].to).toEqual(["agent@example.test"]);
    expect(decoded(smtp.received[0])).toContain(LEAD_CLOCK_TEXTS.followUpDue("سارة", "مشروع المرجان"));
    expect(decoded(smtp.received[0])).toContain(`?lead=${leadId}`);
  });
});

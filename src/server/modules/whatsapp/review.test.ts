/**
 * Messages to check (docs/whatsapp.md "Messages to check"), against the Cloud API stand-in with a fake clock: a send
 * whose outcome is unknown («تحتاج مراجعة») is settled by a staff member holding whatsapp.send inside the lead scope —
 * as sent (a staff message then stops the response clock; an automated one never does) or as not sent — audited;
 * a message not sent is never resent by the server, and a person may send it again once, as a new message, under the
 * rules of a new message at that moment.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { leads, users } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import { putAgents } from "../../test-utils/agents.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";
import type { WhatsappCloud } from "../../test-utils/whatsapp-cloud.ts";
import { queueAutomatedTemplate } from "./service.ts";

const HOUR = 3_600_000;
let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
let now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let counter = 0;

async function buyerWrites(waId: string, text = "مرحبا"): Promise<number> {
  counter += 1;
  return w.buyerWrites(waId, `wamid.review${counter}`, text);
}

/** Queues free text from `user` and lets the send queue try it while Meta answers without its error shape. */
async function unknownMessage(leadId: number, text: string, user: TestUser = agent): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages`,
    payload: { kind: "text", text },
    headers: t.bearer(user.token),
  });
  expect(res.statusCode, res.body).toBe(202);
  cloud.answer(() => ({ status: 502, body: "bad gateway" }));
  await t.app.jobs.runDue();
  cloud.answer(() => "ok");
  expect(await statusOf(res.json().id)).toBe("unknown");
  return res.json().id;
}

async function statusOf(id: number) {
  const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
  return row.status;
}

const review = (leadId: number, id: number, payload: unknown, user: TestUser = agent) =>
  t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages/${id}/review`,
    payload: payload as Record<string, unknown>,
    headers: t.bearer(user.token),
  });

const resend = (leadId: number, id: number, user: TestUser = agent) =>
  t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages/${id}/resend`,
    headers: t.bearer(user.token),
  });

const firstContactOf = async (leadId: number) =>
  (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0].firstContactAt;

beforeAll(async () => {
  w = await openWhatsappTest("review", { clock: () => now });
  ({ t, cloud, manager } = w);
  agent = await t.signIn("sales_agent");
  otherAgent = await t.signIn("sales_agent");
  await putAgents(t, manager, null, [agent]);
}, 60_000);

afterAll(() => w.close());

it("settles an unknown outcome as sent: the agent's message then stops the clock; audited; only once", async () => {
  const leadId = await buyerWrites("966507770001");
  const id = await unknownMessage(leadId, "أهلًا بك");
  expect(await firstContactOf(leadId)).toBeNull();

  // Outside the lead scope: 404; a body that is neither outcome: 400 naming the field.
  expect((await review(leadId, id, { outcome: "sent" }, otherAgent)).statusCode).toBe(404);
  const bad = await review(leadId, id, { outcome: "maybe" });
  expect(bad.statusCode).toBe(400);
  expect(Object.keys(bad.json().fields)).toEqual(["outcome"]);
  expect((await review(leadId, id + 1000, { outcome: "sent" })).statusCode).toBe(404);

  now = new Date(now.getTime() + 5 * 60_000);
  const settled = await review(leadId, id, { outcome: "sent" });
  expect(settled.statusCode, settled.body).toBe(200);
  const [author] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, agent.id));
  expect(settled.json()).toMatchObject({ id, status: "sent", errorText: null, reviewedByName: author.name });
  expect((await firstContactOf(leadId))?.toISOString()).toBe(now.toISOString());
  const audits = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "whatsapp_review"), eq(auditLogs.entityId, String(leadId))));
  expect(audits).toEqual([
    expect.objectContaining({
      userId: agent.id,
      previousState: { messageId: id, status: "unknown" },
      newState: { messageId: id, status: "sent" },
    }),
  ]);
  // Settled: no second review, and a sent message is not sent again.
  expect((await review(leadId, id, { outcome: "not_sent" })).statusCode).toBe(409);
  expect((await resend(leadId, id)).statusCode).toBe(409);
});

it("settles an unknown outcome as not sent: never resent by the server, sent again once as a new message by hand", async () => {
  const leadId = await buyerWrites("966507770002");
  const id = await unknownMessage(leadId, "تفاصيل المشروع مرفقة");
  const settled = await review(leadId, id, { outcome: "not_sent" }, manager);
  expect(settled.statusCode, settled.body).toBe(200);
  expect(settled.json()).toMatchObject({ status: "not_sent" });
  expect(await firstContactOf(leadId)).toBeNull();
  const before = cloud.sent.length;
  now = new Date(now.getTime() + HOUR);
  await t.app.jobs.runDue();
  expect(cloud.sent.length).toBe(before);

  // Asked twice at once (a double click): one new message.
  const both = await Promise.all([resend(leadId, id), resend(leadId, id)]);
  expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
  const again = both.find((r) => r.statusCode === 202) ?? both[0];
  expect(both.find((r) => r.statusCode === 409)?.json().message).toBe("أُعيد إرسال هذه الرسالة من قبل");
  expect(again.json()).toMatchObject({ status: "queued", resentFromId: id, body: "تفاصيل المشروع مرفقة" });
  expect(again.json().id).not.toBe(id);
  await t.app.jobs.runDue();
  expect(cloud.sent.length).toBe(before + 1);
  expect(cloud.sent.at(-1)?.body).toMatchObject({ type: "text", text: { body: "تفاصيل المشروع مرفقة" } });
  expect(await statusOf(again.json().id)).toBe("sent");
  expect(await statusOf(id)).toBe("not_sent");
  // The resend is the agent's message: it stops the clock.
  expect(await firstContactOf(leadId)).not.toBeNull();
  expect((await resend(leadId, id)).statusCode).toBe(409);
  const copies = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.resentFromId, id));
  expect(copies).toHaveLength(1);
});

it("refuses a resend the rules of a new message refuse now (the window closed), with the reason", async () => {
  const leadId = await buyerWrites("966507770003");
  const id = await unknownMessage(leadId, "سأتصل بك");
  expect((await review(leadId, id, { outcome: "not_sent" })).statusCode).toBe(200);
  now = new Date(now.getTime() + 25 * HOUR);
  const refused = await resend(leadId, id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toContain("٢٤ ساعة");
});

it("settling an automated message as sent never stops the clock", async () => {
  const leadId = await buyerWrites("966507770004");
  const queued = await t.db.transaction((tx) =>
    queueAutomatedTemplate(tx, {
      leadId,
      phone: "+966507770004",
      templateName: "visit_confirmation",
      language: "ar",
      variables: ["هند", "أبراج الساحل", "الأحد"],
      automated: "تذكير بموعد الزيارة",
      at: now,
    }),
  );
  if (!queued.queued) throw new Error(queued.reason);
  cloud.answer(() => ({ status: 502, body: "bad gateway" }));
  await t.app.jobs.runDue();
  cloud.answer(() => "ok");
  expect(await statusOf(queued.id)).toBe("unknown");
  const settled = await review(leadId, queued.id, { outcome: "sent" });
  expect(settled.statusCode, settled.body).toBe(200);
  expect(settled.json()).toMatchObject({ status: "sent", automated: "تذكير بموعد الزيارة" });
  expect(await firstContactOf(leadId)).toBeNull();
});

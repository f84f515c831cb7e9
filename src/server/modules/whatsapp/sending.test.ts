/**
 * Writing to a buyer on WhatsApp from the lead page, against the local Cloud API stand-in (test-utils/whatsapp-cloud.ts)
 * with the job timer off and a fake clock: the 24-hour window (free text inside, only templates outside), consent of
 * templates, the outbox's retries on Meta's temporary codes only, the unknown outcome never resent, failures shown
 * with their code, statuses, the response clock stopped by the first staff message, the scope of an agent's own leads,
 * and one send across two instances on one database.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { leadJobs } from "../../db/tables/lead-desk.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import { putAgents } from "../../test-utils/agents.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openSecondInstance } from "../../test-utils/second-instance.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";
import { notification, statusUpdate, type WhatsappCloud } from "../../test-utils/whatsapp-cloud.ts";

const HOUR = 60 * 60 * 1000;

let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
let second: FastifyInstance;
let now = new Date("2026-11-27T09:00:00Z");
const clock = () => now;
let manager: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let counter = 0;

const deliver = (body: string) => w.deliver(body);

/** A buyer writes first from `waId`; returns the lead their message opened. */
async function buyerWrites(waId: string, text = "مرحبا، أريد تفاصيل المشروع"): Promise<number> {
  counter += 1;
  return w.buyerWrites(waId, `wamid.buyer${counter}`, text);
}

async function send(leadId: number, payload: Record<string, unknown>, user: TestUser = agent) {
  return t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages`,
    payload,
    headers: t.bearer(user.token),
  });
}

async function conversation(leadId: number, user: TestUser = agent) {
  return t.app.inject({
    method: "GET",
    url: `/api/whatsapp/leads/${leadId}/conversation`,
    headers: t.bearer(user.token),
  });
}

async function messageRow(id: number) {
  const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
  return row;
}

beforeAll(async () => {
  w = await openWhatsappTest("sending", { clock, env: { WHATSAPP_TIMEOUT_MS: "3000" } });
  ({ t, cloud, manager } = w);
  second = await openSecondInstance(t, clock);
  agent = await t.signIn("sales_agent");
  otherAgent = await t.signIn("sales_agent");
  await putAgents(t, manager, null, [agent]);
}, 60_000);

afterAll(async () => {
  await second.close();
  await w.close();
});

describe("the 24-hour window", () => {
  it("sends free text inside it, stops the response clock, follows statuses, and offers only templates 25 h later", async () => {
    const leadId = await buyerWrites("966502220001");
    const open = await conversation(leadId);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ enabled: true, windowOpen: true, closedReason: null, phone: "+966502220001" });
    expect(open.json().messages).toHaveLength(1);
    // Viewing a conversation is audited like viewing contact details.
    const views = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "whatsapp_view"));
    expect(views.some((v) => v.entityId === String(leadId) && v.userId === agent.id)).toBe(true);

    now = new Date(now.getTime() + 60_000);
    const res = await send(leadId, { kind: "text", text: "أهلًا بك، كيف أخدمك؟" });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: "queued", direction: "out", body: "أهلًا بك، كيف أخدمك؟" });
    const before = cloud.sent.length;
    await t.app.jobs.runDue();
    expect(cloud.sent.length).toBe(before + 1);
    const request = cloud.sent.at(-1);
    expect(request?.path).toBe("/v23.0/106540352242922/messages");
    expect(request?.authorization).toBe(`Bearer ${w.secrets.accessToken}`);
    expect(request?.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "966502220001",
      type: "text",
      text: { body: "أهلًا بك، كيف أخدمك؟" },
    });
    const sent = await messageRow(res.json().id);
    expect(sent.status).toBe("sent");
    expect(sent.waMessageId).toMatch(/^wamid\./);
    // The first staff message stops the response clock like a logged call.
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead.firstContactAt?.toISOString()).toBe(now.toISOString());
    const pending = (await t.db.select().from(leadJobs).where(eq(leadJobs.leadId, leadId))).filter((j) => !j.doneAt);
    expect(pending).toEqual([]);

    // Meta reports delivered, then read (a late "sent" does not move it back).
    const wamid = sent.waMessageId ?? "";
    await deliver(notification({ statuses: [statusUpdate(wamid, "delivered", "966502220001")] }));
    await deliver(notification({ statuses: [statusUpdate(wamid, "read", "966502220001")] }));
    await deliver(notification({ statuses: [statusUpdate(wamid, "sent", "966502220001")] }));
    expect((await messageRow(sent.id)).status).toBe("read");

    // 25 hours after the buyer's last message: free text is closed with the reason, templates still go.
    now = new Date(now.getTime() + 25 * HOUR);
    const closed = await conversation(leadId);
    expect(closed.json()).toMatchObject({ windowOpen: false });
    expect(closed.json().closedReason).toContain("٢٤ ساعة");
    const refused = await send(leadId, { kind: "text", text: "مرحبا مجددًا" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.text).toContain("قالب");
    const template = await send(leadId, {
      kind: "template",
      name: "visit_confirmation",
      language: "ar",
      variables: ["سارة", "أبراج الساحل", "الأحد ٥ م"],
    });
    expect(template.statusCode, template.body).toBe(202);
    await t.app.jobs.runDue();
    expect(cloud.sent.at(-1)?.body).toMatchObject({
      type: "template",
      template: {
        name: "visit_confirmation",
        language: { code: "ar" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "سارة" },
              { type: "text", text: "أبراج الساحل" },
              { type: "text", text: "الأحد ٥ م" },
            ],
          },
        ],
      },
    });
    const wrongCount = await send(leadId, {
      kind: "template",
      name: "visit_confirmation",
      language: "ar",
      variables: ["x"],
    });
    expect(wrongCount.statusCode).toBe(400);
    expect(Object.keys(wrongCount.json().fields)).toEqual(["variables"]);
  });

  it("keeps another agent's lead from an agent (404), and marketing templates from people without marketing consent", async () => {
    const leadId = await buyerWrites("966502220002");
    expect((await conversation(leadId, otherAgent)).statusCode).toBe(404);
    expect((await send(leadId, { kind: "text", text: "x" }, otherAgent)).statusCode).toBe(404);
    const marketing = await send(leadId, { kind: "template", name: "new_offer", language: "ar", variables: ["جدة"] });
    expect(marketing.statusCode).toBe(400);
    expect(marketing.json().fields.name).toContain("التسويقية");
  });
});

describe("the outbox", () => {
  it("retries Meta's temporary codes only, shows a final failure with its code, and never resends an unknown outcome", async () => {
    const leadId = await buyerWrites("966502220003");
    // 130429 (throughput limit): retried after the wait, then sent.
    let calls = 0;
    cloud.answer(() => {
      calls += 1;
      return calls === 1
        ? {
            status: 400,
            body: { error: { message: "(#130429) Rate limit hit", type: "OAuthException", code: 130429 } },
          }
        : "ok";
    });
    const first = (await send(leadId, { kind: "text", text: "رسالة ١" })).json();
    await t.app.jobs.runDue();
    expect(await messageRow(first.id)).toMatchObject({ status: "queued", errorCode: 130429, attempts: 1 });
    await t.app.jobs.runDue();
    expect(calls).toBe(1);
    now = new Date(now.getTime() + 31_000);
    await t.app.jobs.runDue();
    expect(await messageRow(first.id)).toMatchObject({ status: "sent", attempts: 2 });

    // 131047 (window closed by Meta's reckoning): final, shown with the code and its Arabic explanation.
    cloud.answer(() => ({
      status: 400,
      body: { error: { message: "(#131047) Re-engagement message", type: "OAuthException", code: 131047 } },
    }));
    const second131047 = (await send(leadId, { kind: "text", text: "رسالة ٢" })).json();
    await t.app.jobs.runDue();
    now = new Date(now.getTime() + HOUR);
    await t.app.jobs.runDue();
    expect(await messageRow(second131047.id)).toMatchObject({ status: "failed", errorCode: 131047, attempts: 1 });

    // A 500 without Meta's error shape: the message may have gone, so a person checks; never resent.
    cloud.answer(() => ({ status: 502, body: "bad gateway" }));
    const third = (await send(leadId, { kind: "text", text: "رسالة ٣" })).json();
    const sentBefore = cloud.sent.length;
    await t.app.jobs.runDue();
    now = new Date(now.getTime() + HOUR);
    await t.app.jobs.runDue();
    expect(cloud.sent.length).toBe(sentBefore + 1);
    expect(await messageRow(third.id)).toMatchObject({ status: "unknown", attempts: 1 });

    // A timeout after the request left: unknown too, never resent.
    cloud.answer(() => "hang");
    const fourth = (await send(leadId, { kind: "text", text: "رسالة ٤" })).json();
    const beforeHang = cloud.sent.length;
    await t.app.jobs.runDue();
    now = new Date(now.getTime() + HOUR);
    await t.app.jobs.runDue();
    expect(cloud.sent.length).toBe(beforeHang + 1);
    expect(await messageRow(fourth.id)).toMatchObject({ status: "unknown", attempts: 1 });
    cloud.answer(() => "ok");

    const view = (await conversation(leadId)).json();
    const failed = view.messages.find((m: { id: number }) => m.id === second131047.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 131047 });
    expect(failed.errorText).toContain("٢٤ ساعة");
    const unknown = view.messages.find((m: { id: number }) => m.id === fourth.id);
    expect(unknown.errorText).toContain("تحقّق");
  }, 30_000);

  it("sends each message once with two instances polling one database", async () => {
    now = new Date(now.getTime() + 2 * HOUR);
    const leadId = await buyerWrites("966502220004");
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push((await send(leadId, { kind: "text", text: `رسالة رقم ${i}` })).json().id);
    const before = cloud.sent.length;
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue(), t.app.jobs.runDue(), second.jobs.runDue()]);
    const bodies = cloud.sent.slice(before).map((s) => (s.body.text as { body: string }).body);
    expect(bodies.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `رسالة رقم ${i}`).sort());
    for (const id of ids) expect(await messageRow(id)).toMatchObject({ status: "sent", attempts: 1 });
  });
});

/**
 * A lead's WhatsApp messages on its timeline «سجل العميل» (GET /api/leads/{id} `messages`; docs/whatsapp.md "On the
 * lead's timeline"), against the Cloud API stand-in with a fake clock: every message in or out — the automatic
 * greeting, a visit reminder queued by another module, the buyer's message, a staff member's reply, a failed send —
 * with who or what sent it and its delivery state; only the staff member's message stops the response clock; the
 * messages of a lead merged into this one are on it too; a viewer without whatsapp.view sees none of them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LeadMessage } from "#domain/lead-messages.ts";
import { leads, projects, users } from "../../db/schema.ts";
import { permissions, userPermissions } from "../../db/tables/access.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import { putAgents } from "../../test-utils/agents.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";
import { notification, STAND_IN_TEMPLATES, statusUpdate, type WhatsappCloud } from "../../test-utils/whatsapp-cloud.ts";
import { queueAutomatedTemplate } from "./service.ts";

let w: WhatsappTest;
let cloud: WhatsappCloud;
let t: TestApp;
let now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let agent: TestUser;
let projectId: number;
let counter = 0;

const deliver = (body: string) => w.deliver(body);

async function buyerWrites(waId: string, text: string): Promise<number> {
  counter += 1;
  return w.buyerWrites(waId, `wamid.timeline${counter}`, text);
}

async function detail(leadId: number, user: TestUser = agent) {
  const res = await t.app.inject({ method: "GET", url: `/api/leads/${leadId}`, headers: t.bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { messages: LeadMessage[]; clock: { waitingSince: string | null } };
}

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  STAND_IN_TEMPLATES.push({
    name: "welcome",
    language: "ar",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "أهلًا {{1}}، شكرًا لاهتمامك بمشروع {{2}}." }],
  });
  w = await openWhatsappTest("timeline", { clock: () => now });
  ({ t, cloud, manager } = w);
  agent = await t.signIn("sales_agent");
  await putAgents(t, manager, null, [agent]);
  const [project] = await t.db.insert(projects).values({ name: "أبراج الساحل", city: "جدة" }).returning();
  projectId = project.id;
  const greeting = await w.putGreeting(projectId, "welcome");
  expect(greeting.statusCode, greeting.body).toBe(200);
}, 60_000);

afterAll(() => w.close());

it("shows every message in and out with its sender and state; only the staff member's message stops the clock", async () => {
  const form = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: "ريم",
      phone: "0506660001",
      message: "أرغب في زيارة",
      projectReference: projectId,
      whatsappOptIn: true,
    },
  });
  expect(form.statusCode, form.body).toBe(201);
  const leadId = form.json().leadId as number;
  // The greeting goes by itself; a visit reminder is queued by another module through the module's face.
  await t.app.jobs.runDue();
  later(60_000);
  const reminder = await t.db.transaction((tx) =>
    queueAutomatedTemplate(tx, {
      leadId,
      phone: "+966506660001",
      templateName: "visit_confirmation",
      language: "ar",
      variables: ["ريم", "أبراج الساحل", "الأحد"],
      automated: "تذكير بموعد الزيارة",
      at: now,
    }),
  );
  expect(reminder.queued).toBe(true);
  await t.app.jobs.runDue();

  let view = await detail(leadId);
  expect(view.messages).toEqual([
    expect.objectContaining({
      channel: "whatsapp",
      direction: "out",
      template: "welcome",
      text: "أهلًا ريم، شكرًا لاهتمامك بمشروع أبراج الساحل.",
      sender: "automated",
      senderName: "ترحيب آلي",
      status: "sent",
      statusLabel: "أُرسلت",
    }),
    expect.objectContaining({ sender: "automated", senderName: "تذكير بموعد الزيارة", status: "sent" }),
  ]);
  // Automated messages never stop the response clock.
  expect(view.clock.waitingSince).not.toBeNull();

  later(60_000);
  expect(await buyerWrites("966506660001", "متى أقرب موعد؟")).toBe(leadId);
  view = await detail(leadId);
  expect(view.messages.at(-1)).toMatchObject({
    direction: "in",
    text: "متى أقرب موعد؟",
    sender: "person",
    senderName: null,
    status: "received",
  });
  expect(view.clock.waitingSince).not.toBeNull();

  later(60_000);
  const reply = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages`,
    payload: { kind: "text", text: "غدًا الساعة الخامسة" },
    headers: t.bearer(agent.token),
  });
  expect(reply.statusCode, reply.body).toBe(202);
  await t.app.jobs.runDue();
  const [sent] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, reply.json().id));
  await deliver(notification({ statuses: [statusUpdate(sent.waMessageId ?? "", "delivered", "966506660001")] }));
  // A send Meta refuses for good is there too, with its code and why.
  cloud.answer(() => ({
    status: 400,
    body: { error: { message: "(#131026) Message undeliverable", type: "OAuthException", code: 131026 } },
  }));
  later(60_000);
  await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages`,
    payload: { kind: "text", text: "هل وصلتك رسالتي؟" },
    headers: t.bearer(agent.token),
  });
  await t.app.jobs.runDue();
  cloud.answer(() => "ok");

  view = await detail(leadId);
  const [, , , staff, failed] = view.messages;
  expect(staff).toMatchObject({
    direction: "out",
    text: "غدًا الساعة الخامسة",
    sender: "staff",
    status: "delivered",
    statusLabel: "وصلت",
    errorText: null,
  });
  const [author] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, agent.id));
  expect(staff.senderName).toBe(author.name);
  expect(failed).toMatchObject({ sender: "staff", status: "failed", statusLabel: "فشل الإرسال", errorCode: 131026 });
  expect(failed.errorText).toContain("غير مسجل في واتساب");
  expect(view.messages).toHaveLength(5);
  // Only the staff member's message stopped the clock, when Meta accepted it.
  expect(view.clock.waitingSince).toBeNull();
  const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
  expect(lead.firstContactAt?.toISOString()).toBe(new Date(now.getTime() - 60_000).toISOString());
});

it("keeps the messages of a lead merged into this one on its timeline", async () => {
  later(60_000);
  const kept = await buyerWrites("966506660002", "أنا من رقمي الأول");
  const other = await buyerWrites("971501234567", "وهذا رقمي في الإمارات");
  await w.mergeLeads(kept, other);
  const view = await detail(kept, manager);
  expect(view.messages.map((m) => m.text)).toEqual(["أنا من رقمي الأول", "وهذا رقمي في الإمارات"]);
});

it("lists no message for a viewer without whatsapp.view", async () => {
  later(60_000);
  const leadId = await buyerWrites("966506660003", "مرحبا");
  const reader = await t.signIn("manager");
  const [key] = await t.db.select().from(permissions).where(eq(permissions.key, "whatsapp.view"));
  await t.db.insert(userPermissions).values({ userId: reader.id, permissionId: key.id, granted: false });
  expect((await detail(leadId, reader)).messages).toEqual([]);
  expect((await detail(leadId, manager)).messages).toHaveLength(1);
});

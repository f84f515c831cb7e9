/**
 * A person's WhatsApp messages under PDPL (docs/whatsapp.md "Privacy"): in the person's access export, deleted by an
 * erasure request, and deleted by the lead desk's retention job once a closed lead passes the retention period; and
 * «إيقاف» withdrawing marketing consent so marketing templates stop while utility templates still go.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contactMessages } from "../../db/schema.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";
import {
  notification,
  sign,
  startWhatsappCloud,
  textMessage,
  type WhatsappCloud,
} from "../../test-utils/whatsapp-cloud.ts";

const TOKEN = "EAAG-token-privacy";
const APP_SECRET = "privacy-app-secret";
const DAY = 86_400_000;

let cloud: WhatsappCloud;
let t: TestApp;
let now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let counter = 0;

async function buyerWrites(waId: string, text: string): Promise<number> {
  counter += 1;
  const id = `wamid.privacy${counter}`;
  const body = notification({ messages: [textMessage(waId, id, text)] });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/whatsapp/webhook",
    payload: body,
    headers: { "content-type": "application/json", "x-hub-signature-256": sign(body, APP_SECRET) },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, id));
  return row.leadId ?? 0;
}

const messagesOf = (phone: string) => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.phone, phone));

beforeAll(async () => {
  cloud = await startWhatsappCloud({ token: TOKEN });
  t = await createTestApp({ env: { WHATSAPP_GRAPH_URL: cloud.graphUrl, JOBS_INTERVAL_MS: "0" }, clock: () => now });
  manager = await t.signIn("manager");
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/whatsapp",
    payload: {
      enabled: true,
      phoneNumberId: "106540352242922",
      businessAccountId: "102290129340398",
      appSecret: APP_SECRET,
      verifyToken: "verify-token-privacy",
      accessToken: TOKEN,
    },
    headers: t.bearer(manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t.close();
  await cloud.close();
});

it("lists the person's messages in the PDPL export and deletes them with the person on erasure", async () => {
  const leadId = await buyerWrites("966504440001", "رقم هويتي في الرسالة التالية");
  const reply = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${leadId}/messages`,
    payload: { kind: "text", text: "شكرًا، وصلت" },
    headers: t.bearer(manager.token),
  });
  expect(reply.statusCode).toBe(202);
  const exported = await t.app.inject({
    method: "GET",
    url: "/api/leads/person?phone=0504440001",
    headers: t.bearer(manager.token),
  });
  expect(exported.statusCode, exported.body).toBe(200);
  expect(exported.json().channels.whatsapp).toEqual([
    expect.objectContaining({ direction: "in", body: "رقم هويتي في الرسالة التالية", phone: "+966504440001" }),
    expect.objectContaining({ direction: "out", body: "شكرًا، وصلت" }),
  ]);

  const erased = await t.app.inject({
    method: "POST",
    url: "/api/leads/person/erase",
    payload: { phone: "0504440001" },
    headers: t.bearer(manager.token),
  });
  expect(erased.statusCode, erased.body).toBe(200);
  expect(await messagesOf("+966504440001")).toEqual([]);
});

it("deletes a closed lead's messages with the lead desk's retention job after the retention period", async () => {
  const leadId = await buyerWrites("966504440002", "لم أعد مهتمًا");
  const lost = await t.app.inject({
    method: "PATCH",
    url: `/api/leads/${leadId}/stage`,
    payload: { stage: "lost", lostReason: "السعر" },
    headers: t.bearer(manager.token),
  });
  expect(lost.statusCode, lost.body).toBe(200);
  await t.app.jobs.runDue();
  expect(await messagesOf("+966504440002")).toHaveLength(1);
  now = new Date(now.getTime() + 731 * DAY);
  await t.app.jobs.runDue();
  expect(await messagesOf("+966504440002")).toEqual([]);
});

it("stops marketing templates after «إيقاف», while a utility template still goes", async () => {
  const form = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "هند", phone: "0504440003", email: "hind@example.com", message: "عروض", marketingConsent: true },
  });
  expect(form.statusCode, form.body).toBe(201);
  const leadId = await buyerWrites("966504440003", "مرحبا");
  const send = (name: string, variables: string[]) =>
    t.app.inject({
      method: "POST",
      url: `/api/whatsapp/leads/${leadId}/messages`,
      payload: { kind: "template", name, language: "ar", variables },
      headers: t.bearer(manager.token),
    });
  expect((await send("new_offer", ["جدة"])).statusCode).toBe(202);
  await buyerWrites("966504440003", " إيقاف ");
  const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, "+966504440003"));
  expect(enquiry.marketingConsentWithdrawnAt).not.toBeNull();
  const refused = await send("new_offer", ["جدة"]);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().fields.name).toContain("التسويقية");
  expect((await send("visit_confirmation", ["هند", "أبراج الساحل", "الأحد"])).statusCode).toBe(202);
});

/**
 * A person's WhatsApp messages under PDPL (docs/whatsapp.md "Privacy"): in the person's access export (JSON and the
 * spreadsheet's «رسائل واتساب» sheet), found by a phone of any country typed with or without "+" / "00" (ARCHITECTURE
 * resolution 26), deleted by an erasure request (with the messages of a lead merged into the person's), and deleted by
 * the lead desk's retention job once a closed lead passes the retention period; and «إيقاف» withdrawing marketing
 * consent so marketing templates stop while utility templates still go.
 */
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contactMessages } from "../../db/schema.ts";
import { whatsappMessages } from "../../db/tables/whatsapp.ts";
import type { TestApp, TestUser } from "../../test-utils/app.ts";
import { openWhatsappTest, type WhatsappTest } from "../../test-utils/whatsapp-app.ts";

const DAY = 86_400_000;

let w: WhatsappTest;
let t: TestApp;
let now = new Date("2026-11-27T09:00:00Z");
let manager: TestUser;
let counter = 0;

async function buyerWrites(waId: string, text: string): Promise<number> {
  counter += 1;
  return w.buyerWrites(waId, `wamid.privacy${counter}`, text);
}

const messagesOf = (phone: string) => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.phone, phone));

beforeAll(async () => {
  w = await openWhatsappTest("privacy", { clock: () => now });
  ({ t, manager } = w);
}, 60_000);

afterAll(() => w.close());

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

it("finds a foreign WhatsApp sender by their number typed in any form, lists the messages in the spreadsheet, erases them", async () => {
  const emirati = await buyerWrites("971501234567", "أسكن في دبي وأريد شقة في جدة");
  const egyptian = await buyerWrites("201001234567", "السلام عليكم");
  expect(emirati).not.toBe(egyptian);
  const reply = await t.app.inject({
    method: "POST",
    url: `/api/whatsapp/leads/${emirati}/messages`,
    payload: { kind: "text", text: "أهلًا بك، سأرسل التفاصيل" },
    headers: t.bearer(manager.token),
  });
  expect(reply.statusCode).toBe(202);
  await t.app.jobs.runDue();
  const find = (phone: string, path = "/api/leads/person") =>
    t.app.inject({
      method: "GET",
      url: `${path}?phone=${encodeURIComponent(phone)}`,
      headers: t.bearer(manager.token),
    });
  for (const typed of ["+971501234567", "971501234567", "00971501234567", "+971 50 123 4567"]) {
    const found = await find(typed);
    expect(found.statusCode, `${typed}: ${found.body}`).toBe(200);
    expect(found.json().person.phone).toBe("+971501234567");
    expect(found.json().channels.whatsapp.map((m: { body: string }) => m.body)).toEqual([
      "أسكن في دبي وأريد شقة في جدة",
      "أهلًا بك، سأرسل التفاصيل",
    ]);
  }
  for (const typed of ["+201001234567", "201001234567", "00201001234567"]) {
    const found = await find(typed);
    expect(found.statusCode, `${typed}: ${found.body}`).toBe(200);
    expect(found.json().enquiries[0].phone).toBe("+201001234567");
  }
  const invalid = await find("12345");
  expect(invalid.statusCode).toBe(400);
  expect(Object.keys(invalid.json().fields)).toEqual(["phone"]);

  const sheet = await find("00971501234567", "/api/leads/person/xlsx");
  expect(sheet.statusCode).toBe(200);
  const book = XLSX.read(sheet.rawPayload, { type: "buffer" });
  expect(book.SheetNames).toEqual(["الاستفسارات", "السجل", "رسائل واتساب"]);
  const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets["رسائل واتساب"]);
  expect(rows).toEqual([
    expect.objectContaining({
      الاتجاه: "واردة من العميل",
      "رقم الجوال": "+971501234567",
      النص: "أسكن في دبي وأريد شقة في جدة",
      الحالة: "مستلمة",
      المرسل: "العميل",
    }),
    expect.objectContaining({ الاتجاه: "صادرة إلى العميل", النص: "أهلًا بك، سأرسل التفاصيل", الحالة: "أُرسلت" }),
  ]);
  expect(rows[0].التاريخ).toMatch(/2026/);

  const erased = await t.app.inject({
    method: "POST",
    url: "/api/leads/person/erase",
    payload: { phone: "00201001234567" },
    headers: t.bearer(manager.token),
  });
  expect(erased.statusCode, erased.body).toBe(200);
  expect(await messagesOf("+201001234567")).toEqual([]);
  expect(await messagesOf("+971501234567")).toHaveLength(2);
});

it("erases the messages of a lead merged into the person's lead with the person", async () => {
  const kept = await buyerWrites("966504440005", "رقمي الأول");
  const other = await buyerWrites("966504440006", "ورقمي الثاني");
  await w.mergeLeads(kept, other);
  const exported = await t.app.inject({
    method: "GET",
    url: "/api/leads/person?phone=0504440005",
    headers: t.bearer(manager.token),
  });
  expect(exported.json().channels.whatsapp.map((m: { body: string }) => m.body)).toEqual([
    "رقمي الأول",
    "ورقمي الثاني",
  ]);
  const erased = await t.app.inject({
    method: "POST",
    url: "/api/leads/person/erase",
    payload: { phone: "0504440005" },
    headers: t.bearer(manager.token),
  });
  expect(erased.statusCode, erased.body).toBe(200);
  expect(await messagesOf("+966504440005")).toEqual([]);
  expect(await messagesOf("+966504440006")).toEqual([]);
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

/**
 * The buyer's e-mails about an online deposit (docs/payments.md "E-mails"; docs/decisions/125-receipt-pdf-and-mail.md)
 * with two app instances on one database, a fake clock, the local Moyasar stand-in and a real SMTP server started here
 * (smtp-server), as the visit e-mails are tested: the reservation's confirmation carries the receipt PDF; a payment
 * after the hold ended is refunded and the buyer told why; each goes once although both instances run their jobs at
 * the same moments and the webhook comes twice.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import type { Database } from "#server/db/connection.ts";
import type { TestApp } from "#server/test-utils/app.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest } from "#server/test-utils/payments.ts";
import { pdfLines } from "#server/test-utils/pdf-text.ts";
import { type ReceivedMail, type SmtpCatcher, startSmtpCatcher } from "#server/test-utils/smtp.ts";
import { buildApp } from "../../app.ts";

let smtp: SmtpCatcher;
let p: PaymentsTest;
let t: TestApp;
let peer: Database;
let second: FastifyInstance;
let now = new Date("2026-12-01T09:00:00.000Z");
const clock = () => now;
let projectId = 0;

/** The base64 parts of a message: its text and, when `type` is given, the part of that content type. */
function part(message: ReceivedMail, type: string): Buffer | null {
  const pattern = new RegExp(
    `Content-Type: ${type.replace("/", "\\/")}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
  );
  const found = pattern.exec(message.raw);
  return found ? Buffer.from(found[1].replace(/\s+/g, ""), "base64") : null;
}
const textOf = (message: ReceivedMail) => part(message, "text/plain")?.toString("utf8") ?? "";
const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const bothRun = () => Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  p = await startPaymentsTest({ name: "mail", clock, env: { SMTP_URL: smtp.url } });
  t = p.t;
  peer = await t.openPeerDatabase();
  second = await buildApp({ db: peer.db, config: t.config, site: t.site, storage: t.storage, logger: false, clock });
  await second.ready();
  projectId = await p.depositProject({ name: "مشروع المرجان", city: "جدة" }, 3000);
}, 120_000);

afterAll(async () => {
  await second.close();
  await peer.close();
  await p.close();
  await smtp.stop();
});

async function startCheckout(unitNumber: string, email: string, phone: string, nationalId: string) {
  const unitId = await p.newUnit(projectId, { unitNumber, building: "M", price: 800_000 });
  const res = await p.checkout(
    { unitId, name: "خالد الزهراني", phone, email, nationalId, acceptTerms: true },
    { ip: "203.0.113.70" },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; url: string };
}

it("mails the buyer the confirmation with the receipt PDF attached, once across two instances", async () => {
  const started = await startCheckout("M-1", "paid@example.com", "0550001001", "1000000008");
  const { webhook: paid, payment } = p.standIn.pay(invoiceOf(started.url));
  expect((await p.webhook(paid)).statusCode).toBe(200);
  expect((await p.webhook(paid)).statusCode).toBe(200);
  await bothRun();
  await bothRun();
  const mails = to("paid@example.com");
  expect(mails).toHaveLength(1);
  const text = textOf(mails[0]);
  expect(text).toContain("تم حجز الوحدة");
  expect(text).toContain("مشروع المرجان");
  expect(text).toContain(`${t.config.publicUrl}/checkout/done/${started.token}`);
  expect(text).not.toContain("1000000008");
  const pdf = part(mails[0], "application/pdf");
  expect(pdf).not.toBeNull();
  const lines = await pdfLines(new Uint8Array(pdf ?? []));
  expect(lines[0]).toBe("إيصال دفع العربون");
  expect(lines.join("\n")).toContain(payment.id);
});

it("mails the buyer why a payment after the hold's end was refunded, once", async () => {
  const started = await startCheckout("M-2", "late@example.com", "0550001002", "1000000016");
  now = new Date(now.getTime() + 16 * 60_000);
  await bothRun();
  const { webhook: paid } = p.standIn.pay(invoiceOf(started.url));
  expect((await p.webhook(paid)).statusCode).toBe(200);
  expect((await p.webhook(paid)).statusCode).toBe(200);
  await bothRun();
  await bothRun();
  const mails = to("late@example.com");
  expect(mails).toHaveLength(1);
  const text = textOf(mails[0]);
  expect(text).toContain(CHECKOUT_TEXTS.lateRefunded);
  expect(text).toContain("٣٬٠٠٠");
  expect(part(mails[0], "application/pdf")).toBeNull();
});

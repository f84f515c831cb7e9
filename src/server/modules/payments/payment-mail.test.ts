/**
 * The buyer's e-mails about an online deposit (docs/payments.md "E-mails"; docs/decisions/125-receipt-pdf-and-mail.md)
 * with two app instances on one database, a fake clock, the local Moyasar stand-in and a real SMTP server started here
 * (smtp-server), as the visit e-mails are tested: the reservation's confirmation carries the receipt PDF; a payment
 * after the hold ended is refunded and the buyer told why; each goes once although both instances run their jobs at
 * the same moments and the webhook comes twice.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import type { Database } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#server/test-utils/app.ts";
import { pdfLines } from "#server/test-utils/pdf-text.ts";
import { buildApp } from "../../app.ts";
import { type MoyasarStandIn, startMoyasarStandIn } from "./moyasar-stand-in.ts";

const SECRET_KEY = "sk_test_mail";
const WEBHOOK_SECRET = "whsec_mail";
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let standIn: MoyasarStandIn;
let t: TestApp;
let peer: Database;
let second: FastifyInstance;
let now = new Date("2026-12-01T09:00:00.000Z");
const clock = () => now;
let projectId = 0;

/** The base64 parts of a message: its text and, when `type` is given, the part of that content type. */
function part(message: Received, type: string): Buffer | null {
  const pattern = new RegExp(
    `Content-Type: ${type.replace("/", "\\/")}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
  );
  const found = pattern.exec(message.raw);
  return found ? Buffer.from(found[1].replace(/\s+/g, ""), "base64") : null;
}
const textOf = (message: Received) => part(message, "text/plain")?.toString("utf8") ?? "";
const to = (address: string) => received.filter((m) => m.to.includes(address));
const bothRun = () => Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  standIn = await startMoyasarStandIn(SECRET_KEY, WEBHOOK_SECRET);
  t = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PAYMENTS_MOYASAR_URL: standIn.url, JOBS_INTERVAL_MS: "0" },
  });
  peer = await t.openPeerDatabase();
  second = await buildApp({ db: peer.db, config: t.config, site: t.site, storage: t.storage, logger: false, clock });
  await second.ready();
  const manager = await t.signIn("manager");
  const [project] = await t.db.insert(projects).values({ name: "مشروع المرجان", city: "جدة" }).returning();
  projectId = project.id;
  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/payment-settings`,
    headers: t.bearer(manager.token),
    payload: {
      enabled: true,
      depositSar: 3000,
      termsText: "يسترد العربون خلال ٧ أيام.",
      refundWindowDays: 7,
      daysToSign: 14,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    },
  });
  expect(saved.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await second.close();
  await peer.close();
  await t.close();
  await standIn.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function startCheckout(unitNumber: string, email: string, phone: string, nationalId: string) {
  const [unit] = await t.db.insert(units).values({ projectId, unitNumber, building: "M", price: 800_000 }).returning();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkout",
    remoteAddress: "203.0.113.70",
    payload: { unitId: unit.id, name: "خالد الزهراني", phone, email, nationalId, acceptTerms: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; url: string };
}
const webhook = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/payments/webhooks/moyasar", payload: payload as object });

it("mails the buyer the confirmation with the receipt PDF attached, once across two instances", async () => {
  const started = await startCheckout("M-1", "paid@example.com", "0550001001", "1000000008");
  const { webhook: paid, payment } = standIn.pay(started.url.split("/i/")[1]);
  expect((await webhook(paid)).statusCode).toBe(200);
  expect((await webhook(paid)).statusCode).toBe(200);
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
  const { webhook: paid } = standIn.pay(started.url.split("/i/")[1]);
  expect((await webhook(paid)).statusCode).toBe(200);
  expect((await webhook(paid)).statusCode).toBe(200);
  await bothRun();
  await bothRun();
  const mails = to("late@example.com");
  expect(mails).toHaveLength(1);
  const text = textOf(mails[0]);
  expect(text).toContain(CHECKOUT_TEXTS.lateRefunded);
  expect(text).toContain("٣٬٠٠٠");
  expect(part(mails[0], "application/pdf")).toBeNull();
});

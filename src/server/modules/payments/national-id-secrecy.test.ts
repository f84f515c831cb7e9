/**
 * The buyer's national ID never reaches the server's log (docs/payments.md "Checkout"; the national ID is encrypted at
 * rest and shown to staff only masked): through a checkout's whole life — a refused start (400 on another field), the
 * start, the gateway's webhook twice, the buyer's return, the payments list, the receipt and a manager's refund — no
 * log line at the most detailed level (trace) holds the number, and staff's answers hold only its last four digits.
 */
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projects, units } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#server/test-utils/app.ts";
import { buildApp } from "../../app.ts";
import { type MoyasarStandIn, startMoyasarStandIn } from "./moyasar-stand-in.ts";

const SECRET_KEY = "sk_test_secrecy";
const WEBHOOK_SECRET = "whsec_secrecy";
const NATIONAL_ID = "2000000006";

let t: TestApp;
let app: FastifyInstance;
let standIn: MoyasarStandIn;
const lines: string[] = [];
const now = new Date("2026-12-01T09:00:00.000Z");

beforeAll(async () => {
  standIn = await startMoyasarStandIn(SECRET_KEY, WEBHOOK_SECRET);
  t = await createTestApp({ clock: () => now, env: { PAYMENTS_MOYASAR_URL: standIn.url, JOBS_INTERVAL_MS: "0" } });
  // The same database and configuration, with a log written where the test reads it.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    db: t.db,
    config: t.config,
    site: t.site,
    storage: t.storage,
    logger: { level: "trace", stream },
    clock: () => now,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app.close();
  await t.close();
  await standIn.close();
});

it("never writes the buyer's national ID into a log line, from the checkout to the refund", async () => {
  const manager = await t.signIn("manager");
  const [project] = await t.db.insert(projects).values({ name: "مشروع اللؤلؤ", city: "جدة" }).returning();
  const [unit] = await t.db
    .insert(units)
    .values({ projectId: project.id, unitNumber: "L-1", price: 700_000 })
    .returning();
  const settings = await app.inject({
    method: "PUT",
    url: `/api/projects/${project.id}/payment-settings`,
    headers: t.bearer(manager.token),
    payload: {
      enabled: true,
      depositSar: 2000,
      termsText: "يسترد العربون خلال ٧ أيام.",
      refundWindowDays: 7,
      daysToSign: 14,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    },
  });
  expect(settings.statusCode).toBe(200);
  const buyer = {
    unitId: unit.id,
    name: "سارة القحطاني",
    phone: "0550002001",
    email: "s@example.com",
    acceptTerms: true,
  };
  const refused = await app.inject({
    method: "POST",
    url: "/api/checkout",
    payload: { ...buyer, email: "no", nationalId: NATIONAL_ID },
  });
  expect(refused.statusCode).toBe(400);
  const started = await app.inject({
    method: "POST",
    url: "/api/checkout",
    payload: { ...buyer, nationalId: NATIONAL_ID },
  });
  expect(started.statusCode).toBe(201);
  const { token, url } = started.json();
  const { webhook } = standIn.pay(url.split("/i/")[1]);
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ method: "POST", url: "/api/payments/webhooks/moyasar", payload: webhook });
    expect(res.statusCode).toBe(200);
  }
  expect((await app.inject({ method: "POST", url: `/api/checkout/${token}/confirm` })).json().state).toBe("paid");
  const list = await app.inject({ method: "GET", url: "/api/payments", headers: t.bearer(manager.token) });
  const row = list.json().items.find((p: { unitId: number }) => p.unitId === unit.id);
  expect(row.nationalIdMasked).toBe("••••••0006");
  expect(list.body).not.toContain(NATIONAL_ID);
  expect((await app.inject({ method: "GET", url: `/api/checkout/${token}/receipt.pdf` })).statusCode).toBe(200);
  const refund = await app.inject({
    method: "POST",
    url: `/api/payments/${row.id}/refund`,
    headers: t.bearer(manager.token),
    payload: { reason: "طلب العميل" },
  });
  expect(refund.statusCode).toBe(200);

  // The log was written at trace level throughout (requests, answers), and never holds the number.
  expect(app.log.level).toBe("trace");
  expect(lines.filter((line) => line.includes("/api/checkout")).length).toBeGreaterThan(2);
  expect(lines.filter((line) => line.includes(NATIONAL_ID))).toEqual([]);
});

/**
 * The buyer's national ID never reaches the server's log (docs/payments.md "Checkout"; the national ID is encrypted at
 * rest and shown to staff only masked): through a checkout's whole life — a refused start (400 on another field), the
 * start, the gateway's webhook twice, the buyer's return, the payments list, the receipt and a manager's refund — no
 * log line at the most detailed level (trace) holds the number, and staff's answers hold only its last four digits.
 */
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "#server/test-utils/app.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest } from "#server/test-utils/payments.ts";
import { buildApp } from "../../app.ts";

const NATIONAL_ID = "2000000006";

let p: PaymentsTest;
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
const now = new Date("2026-12-01T09:00:00.000Z");

beforeAll(async () => {
  p = await startPaymentsTest({ name: "secrecy", clock: () => now });
  t = p.t;
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
  await p.close();
});

it("never writes the buyer's national ID into a log line, from the checkout to the refund", async () => {
  const { manager } = p;
  const projectId = await p.depositProject({ name: "مشروع اللؤلؤ", city: "جدة" }, 2000);
  const unitId = await p.newUnit(projectId, { unitNumber: "L-1", price: 700_000 });
  const buyer = {
    unitId,
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
  const { webhook } = p.standIn.pay(invoiceOf(url));
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ method: "POST", url: "/api/payments/webhooks/moyasar", payload: webhook });
    expect(res.statusCode).toBe(200);
  }
  // The logging instance's queues settle the stored webhook (the gateway fetched, the lead reserved).
  await app.jobs.runDue();
  expect((await app.inject({ method: "POST", url: `/api/checkout/${token}/confirm` })).json().state).toBe("paid");
  const list = await app.inject({ method: "GET", url: "/api/payments", headers: t.bearer(manager.token) });
  const row = list.json().items.find((p: { unitId: number }) => p.unitId === unitId);
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

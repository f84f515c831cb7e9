/**
 * Buying online (docs/payments.md "Checkout"; docs/decisions/123-online-checkout-and-holds.md), through the API on a
 * fresh database with the local Moyasar stand-in and a fake clock: the checkout's online hold and hosted page, two
 * buyers on one unit, one pending checkout per phone / national ID / e-mail, the webhook (verified, fetched,
 * idempotent) and the buyer's return turning the hold into the lead's reservation, failure and expiry releasing the
 * hold, a payment after the hold's end refunded automatically, the national ID sealed and masked, and refunds by
 * payments.refund (audited).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads, projects, units } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { unitHolds } from "#server/db/tables/inventory.ts";
import { paymentWebhookEvents } from "#server/db/tables/payment-webhooks.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest, validNationalId } from "#server/test-utils/payments.ts";
import { openSecondInstance } from "#server/test-utils/second-instance.ts";
import type { MoyasarStandIn } from "./moyasar-stand-in.ts";

const START = new Date("2026-12-01T09:00:00.000Z");
const MINUTE = 60_000;
let now = START;
const clock = () => now;

let p: PaymentsTest;
let t: TestApp;
let standIn: MoyasarStandIn;
let manager: TestUser;
let projectId: number;
let counter = 0;

beforeAll(async () => {
  p = await startPaymentsTest({ name: "checkout", clock });
  ({ t, standIn, manager } = p);
  projectId = await p.depositProject({ name: "أبراج الكورنيش", city: "جدة" }, 5000);
}, 120_000);

afterAll(() => p.close());

async function newUnit(): Promise<number> {
  counter += 1;
  return p.newUnit(projectId, { unitNumber: `C-${counter}`, building: "A", floor: 2, price: 950_000 });
}

let buyers = 0;
function buyer(overrides: Record<string, unknown> = {}) {
  buyers += 1;
  return {
    name: "نورة العتيبي",
    phone: `05${String(50_000_000 + buyers)}`,
    email: `buyer${buyers}@example.com`,
    nationalId: validNationalId(buyers * 7),
    acceptTerms: true,
    ...overrides,
  };
}

const checkout = (payload: Record<string, unknown>) => p.checkout(payload);
const webhook = (payload: unknown) => p.webhookSettled(payload);
const confirm = (token: string) => p.confirm(token);

async function unitState(unitId: number) {
  const [unit] = await t.db.select().from(units).where(eq(units.id, unitId));
  return unit.inventoryState;
}
async function checkoutOf(token: string) {
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.token, token));
  return row;
}

describe("starting a checkout", () => {
  it("holds the unit online, stores the checkout with the ID sealed, and creates a hosted page expiring with the hold", async () => {
    const unitId = await newUnit();
    const body = buyer();
    const res = await checkout({ unitId, ...body });
    expect(res.statusCode).toBe(201);
    const { token, url, expiresAt } = res.json();
    expect(expiresAt).toBe(new Date(now.getTime() + 15 * MINUTE).toISOString());
    const invoice = standIn.invoices.get(invoiceOf(url));
    expect(invoice).toMatchObject({ amount: 500_000, currency: "SAR", expired_at: expiresAt });
    expect(invoice?.success_url).toContain(`/checkout/done/${token}`);
    expect(await unitState(unitId)).toBe("held");
    const row = await checkoutOf(token);
    expect(row).toMatchObject({ state: "pending", amountSar: 5000, nationalIdLast4: body.nationalId.slice(-4) });
    expect(row.nationalIdSealed).not.toContain(body.nationalId);
    expect(t.app.secrets.open(row.nationalIdSealed)).toBe(body.nationalId);
    // Never to the gateway, never to the audit log.
    expect(JSON.stringify(standIn.requests)).not.toContain(body.nationalId);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityType, "checkout"));
    expect(JSON.stringify(audits)).not.toContain(body.nationalId);
  });

  it("tells a second buyer of the same unit «محجوزة حتى …» with the hold's end", async () => {
    const unitId = await newUnit();
    const first = await checkout({ unitId, ...buyer() });
    expect(first.statusCode).toBe(201);
    const second = await checkout({ unitId, ...buyer() });
    expect(second.statusCode).toBe(409);
    expect(second.json().fields.unitId).toMatch(/^محجوزة حتى /);
    expect(second.json().heldUntil).toBe(first.json().expiresAt);
  });

  it("gives one of eight simultaneous buyers of one unit the hold, the others 409, enforced by the database", async () => {
    const unitId = await newUnit();
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout({ unitId, ...buyer() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const active = await t.db
      .select()
      .from(unitHolds)
      .where(and(eq(unitHolds.unitId, unitId)));
    expect(active.filter((h) => h.releasedAt === null).length).toBe(1);
  });

  it("keeps one pending checkout per phone, per national ID and per e-mail", async () => {
    const base = buyer();
    expect((await checkout({ unitId: await newUnit(), ...base })).statusCode).toBe(201);
    const samePhone = await checkout({ unitId: await newUnit(), ...buyer({ phone: base.phone }) });
    expect(samePhone.statusCode).toBe(409);
    expect(Object.keys(samePhone.json().fields)).toEqual(["phone"]);
    const sameId = await checkout({ unitId: await newUnit(), ...buyer({ nationalId: base.nationalId }) });
    expect(Object.keys(sameId.json().fields)).toEqual(["nationalId"]);
    const sameEmail = await checkout({ unitId: await newUnit(), ...buyer({ email: base.email.toUpperCase() }) });
    expect(Object.keys(sameEmail.json().fields)).toEqual(["email"]);
    // The refused attempts held nothing.
    const held = await t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.phone, `+966${base.phone.slice(1)}`));
    expect(held.length).toBe(1);
  });

  it("answers bad input with 400 naming each field in Arabic", async () => {
    const res = await checkout({
      unitId: await newUnit(),
      name: "",
      phone: "12345",
      email: "no",
      nationalId: "1000000007",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["acceptTerms", "email", "name", "nationalId", "phone"]);
    expect(res.json().fields.nationalId).toContain("الهوية");
    expect((await checkout({ unitId: 2_000_000, ...buyer() })).statusCode).toBe(400);
  });

  it("refuses a unit whose project does not offer deposits", async () => {
    const [other] = await t.db.insert(projects).values({ name: "مشروع بلا عربون", city: "جدة" }).returning();
    const [unit] = await t.db.insert(units).values({ projectId: other.id, unitNumber: "X-1" }).returning();
    const res = await checkout({ unitId: unit.id, ...buyer() });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().fields)).toEqual(["unitId"]);
  });
});

describe("the payment", () => {
  it("payment → webhook → the lead's reservation at حجز; a duplicate webhook and the return change nothing twice", async () => {
    const unitId = await newUnit();
    const body = buyer();
    const { token, url } = (await checkout({ unitId, ...body })).json();
    const { payment, webhook: paid } = standIn.pay(invoiceOf(url));
    const first = await webhook(paid);
    expect(first.statusCode).toBe(200);
    const row = await checkoutOf(token);
    expect(row.state).toBe("paid");
    expect(row.leadId).not.toBeNull();
    const [lead] = await t.db
      .select()
      .from(leads)
      .where(eq(leads.id, row.leadId ?? 0));
    expect(lead).toMatchObject({ stage: "reserved", unitId });
    const [enquiry] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, lead.id));
    expect(enquiry).toMatchObject({ source: "online_reservation", projectId, phone: row.phone });
    expect(JSON.stringify(enquiry)).not.toContain(body.nationalId);
    expect(await unitState(unitId)).toBe("reserved");
    const [reservation] = await t.db
      .select()
      .from(unitHolds)
      .where(eq(unitHolds.id, row.holdId ?? 0));
    expect(reservation).toMatchObject({ kind: "reservation", leadId: lead.id, releasedAt: null });

    expect((await webhook(paid)).statusCode).toBe(200);
    const view = await confirm(token);
    expect(view.json()).toMatchObject({ state: "paid", amountSar: 5000, unitId });
    // Exactly one reservation, nothing refunded: the repeated webhook and the return found the work done.
    const audits = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "checkout"), eq(auditLogs.entityId, String(row.id))));
    expect(audits.map((a) => a.action)).toEqual(["create", "paid"]);
    expect(standIn.requests.some((r) => r.path === `/v1/payments/${payment.id}/refund`)).toBe(false);
    expect((await checkoutOf(token)).state).toBe("paid");
    const leadsOfPerson = await t.db.select().from(contactMessages).where(eq(contactMessages.phone, row.phone));
    expect(leadsOfPerson.length).toBe(1);
  });

  it("answers the webhook at once without asking the gateway; the queue settles it once across two instances", async () => {
    const unitId = await newUnit();
    const { token, url } = (await checkout({ unitId, ...buyer() })).json();
    const { payment, webhook: paid } = standIn.pay(invoiceOf(url));
    const fetches = () => standIn.requests.filter((r) => r.path === `/v1/payments/${payment.id}`).length;
    const second = await openSecondInstance(t, clock);
    try {
      for (let i = 0; i < 2; i += 1) {
        const answer = await p.webhook(paid);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ received: true });
      }
      // Answered with the event stored once, nothing fetched nor changed yet.
      expect(fetches()).toBe(0);
      expect((await checkoutOf(token)).state).toBe("pending");
      const events = await t.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.gatewayPaymentId, payment.id));
      expect(events).toMatchObject([{ status: "pending", eventType: "payment_paid" }]);
      await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
      await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
    } finally {
      await second.close();
    }
    expect(fetches()).toBe(1);
    const row = await checkoutOf(token);
    expect(row).toMatchObject({ state: "paid", gatewayPaymentId: payment.id });
    expect(await unitState(unitId)).toBe("reserved");
    const [event] = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.gatewayPaymentId, payment.id));
    expect(event).toMatchObject({ status: "sent", attempts: 1, sentAt: now });
  });

  it("reserves on the buyer's return before the webhook, and the webhook then changes nothing", async () => {
    const unitId = await newUnit();
    const { token, url } = (await checkout({ unitId, ...buyer() })).json();
    const { webhook: paid } = standIn.pay(invoiceOf(url));
    const view = await confirm(token);
    expect(view.statusCode).toBe(200);
    expect(view.json().state).toBe("paid");
    const leadId = (await checkoutOf(token)).leadId;
    expect((await webhook(paid)).statusCode).toBe(200);
    expect((await checkoutOf(token)).leadId).toBe(leadId);
    expect(await unitState(unitId)).toBe("reserved");
  });

  it("refuses a forged webhook: a wrong secret token changes nothing, and a claimed status is never trusted", async () => {
    const unitId = await newUnit();
    const { token, url } = (await checkout({ unitId, ...buyer() })).json();
    const hostedId = invoiceOf(url);
    const forged = { type: "payment_paid", secret_token: "guess", data: { id: "pay_forged", invoice_id: hostedId } };
    expect((await webhook(forged)).statusCode).toBe(401);
    expect((await webhook({ nonsense: true })).statusCode).toBe(404);
    // The right secret but a payment the gateway does not know: nothing is reserved.
    const unknown = { ...forged, secret_token: p.webhookSecret };
    expect((await webhook(unknown)).statusCode).toBe(200);
    expect((await checkoutOf(token)).state).toBe("pending");
    const [event] = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.gatewayPaymentId, "pay_forged"));
    expect(event).toMatchObject({ status: "failed", attempts: 1 });
    expect(await unitState(unitId)).toBe("held");
  });

  it("a failed payment fails the checkout and releases the hold", async () => {
    const unitId = await newUnit();
    const { token, url } = (await checkout({ unitId, ...buyer() })).json();
    const { webhook: failed } = standIn.pay(invoiceOf(url), "failed");
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await checkoutOf(token)).state).toBe("failed");
    expect(await unitState(unitId)).toBe("available");
    expect((await confirm(token)).json().state).toBe("failed");
  });

  it("expiry through the job engine releases the hold; a payment after it is refunded and the buyer told why", async () => {
    const unitId = await newUnit();
    const body = buyer();
    const { token, url } = (await checkout({ unitId, ...body })).json();
    now = new Date(now.getTime() + 14 * MINUTE);
    await t.app.jobs.runDue();
    expect((await checkoutOf(token)).state).toBe("pending");
    now = new Date(now.getTime() + 2 * MINUTE);
    await t.app.jobs.runDue();
    expect((await checkoutOf(token)).state).toBe("expired");
    expect(await unitState(unitId)).toBe("available");
    // The same person may start again once theirs ran out.
    const again = await checkout({ unitId: await newUnit(), ...body, email: "again@example.com" });
    expect(again.statusCode).toBe(201);

    const { payment, webhook: late } = standIn.pay(invoiceOf(url));
    expect((await webhook(late)).statusCode).toBe(200);
    expect(standIn.payments.get(payment.id)).toMatchObject({ status: "refunded", refunded: 500_000 });
    const row = await checkoutOf(token);
    expect(row).toMatchObject({ state: "refunded", refundedSar: 5000, leadId: null });
    expect(await unitState(unitId)).toBe("available");
    const view = (await confirm(token)).json();
    expect(view.state).toBe("refunded");
    expect(view.message).toContain("بعد انتهاء مهلة الحجز");
    // A repeated late webhook refunds nothing twice.
    const refundCalls = () => standIn.requests.filter((r) => r.path.endsWith("/refund")).length;
    const before = refundCalls();
    expect((await webhook(late)).statusCode).toBe(200);
    expect(refundCalls()).toBe(before);
  });
});

describe("the payments screen", () => {
  it("lists payments with the national ID masked, and refunds a paid deposit with payments.refund, audited", async () => {
    const unitId = await newUnit();
    const body = buyer();
    const { token, url } = (await checkout({ unitId, ...body })).json();
    const { payment, webhook: paid } = standIn.pay(invoiceOf(url));
    await webhook(paid);
    const id = (await checkoutOf(token)).id;

    const list = await t.app.inject({ url: "/api/payments", headers: t.bearer(manager.token) });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((p: { id: number }) => p.id === id);
    expect(item).toMatchObject({ state: "paid", unitId, gatewayPaymentId: payment.id, amountSar: 5000 });
    expect(item.nationalIdMasked).toBe(`••••••${body.nationalId.slice(-4)}`);
    expect(list.body).not.toContain(body.nationalId);

    const agent = await t.signIn("sales_agent");
    expect((await t.app.inject({ url: "/api/payments", headers: t.bearer(agent.token) })).statusCode).toBe(403);
    const refund = (token: string, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: `/api/payments/${id}/refund`,
        headers: t.bearer(token),
        payload: payload as object,
      });
    expect((await refund(agent.token, { reason: "طلب العميل" })).statusCode).toBe(403);
    const bad = await refund(manager.token, { reason: "" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["reason"]);
    // Two managers at once: one refund at the gateway, the other 409.
    const both = await Promise.all([
      refund(manager.token, { reason: "ألغى العميل خلال مدة الاسترداد" }),
      refund(manager.token, { reason: "ألغى العميل خلال مدة الاسترداد" }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((r) => r.statusCode === 200) ?? both[0];
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${payment.id}/refund`).length).toBe(1);
    expect(done.json()).toMatchObject({ state: "refunded", refundedSar: 5000 });
    expect(standIn.payments.get(payment.id)?.status).toBe("refunded");
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entityType, "checkout"), eq(auditLogs.entityId, String(id)), eq(auditLogs.action, "refund")),
      );
    expect(audit.userId).toBe(manager.id);
    expect((await refund(manager.token, { reason: "مرة أخرى" })).statusCode).toBe(409);
  });
});

describe("the deposit offer of the unit pages", () => {
  it("answers the project's deposit and terms when deposits are enabled, else 404", async () => {
    const offer = await t.app.inject({ url: `/api/projects/${projectId}/deposit-offer` });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({ depositSar: 5000, refundWindowDays: 7, daysToSign: 14 });
    expect(offer.body).not.toContain("sk_test_checkout");
    const [other] = await t.db.insert(projects).values({ name: "مشروع بلا عرض", city: "جدة" }).returning();
    expect((await t.app.inject({ url: `/api/projects/${other.id}/deposit-offer` })).statusCode).toBe(404);
  });
});

/**
 * Online deposits, settings and the gateway (docs/payments.md): the project's deposit settings with write-only
 * credentials sealed with SECRETS_KEY and audited without them; the off-plan escrow rule (409 naming the missing
 * field); the Moyasar adapter against the local stand-in written from Moyasar's documentation (halalas, HTTP Basic,
 * hosted invoice expiring with the hold, fetch, refund, webhook authenticated by its secret_token).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "#server/db/schema.ts";
import { auditLogs } from "#server/db/tables/access.ts";
import { projectPaymentSettings } from "#server/db/tables/payments.ts";
import { createTestApp, type TestApp } from "#server/test-utils/app.ts";
import { GatewayError } from "./gateway.ts";
import { moyasarGateway } from "./moyasar.ts";
import { type MoyasarStandIn, startMoyasarStandIn } from "./moyasar-stand-in.ts";

const SECRET_KEY = "sk_test_escrow_account";
const WEBHOOK_SECRET = "whsec_escrow_account";

let t: TestApp;
let manager: string;
let standIn: MoyasarStandIn;

beforeAll(async () => {
  standIn = await startMoyasarStandIn(SECRET_KEY, WEBHOOK_SECRET);
  t = await createTestApp({ env: { PAYMENTS_MOYASAR_URL: `${standIn.url}/` } });
  manager = (await t.signIn("manager")).token;
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

let projectCount = 0;
async function project(values: Partial<typeof projects.$inferInsert> = {}) {
  projectCount += 1;
  const [row] = await t.db
    .insert(projects)
    .values({ name: `أبراج الشاطئ ${projectCount}`, city: "جدة", description: "وصف", ...values })
    .returning();
  return row.id;
}

const settings = {
  enabled: true,
  depositSar: 5000,
  termsText: "يسترد العربون كاملًا خلال ٧ أيام إن لم يوقع العقد.",
  refundWindowDays: 7,
  daysToSign: 14,
};

const put = (projectId: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/payment-settings`,
    headers: t.bearer(manager),
    payload,
  });

describe("a project's deposit settings", () => {
  it("keeps the credentials sealed and write-only, answers hasX, and audits without them", async () => {
    const id = await project();
    const saved = await put(id, { ...settings, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      projectId: id,
      ...settings,
      gateway: "moyasar",
      hasSecretKey: true,
      hasWebhookSecret: true,
    });
    expect(saved.body).not.toContain(SECRET_KEY);
    const [row] = await t.db.select().from(projectPaymentSettings).where(eq(projectPaymentSettings.projectId, id));
    expect(row.secretKeySealed).not.toContain(SECRET_KEY);
    expect(t.app.secrets.open(row.secretKeySealed ?? "")).toBe(SECRET_KEY);
    const read = await t.app.inject({ url: `/api/projects/${id}/payment-settings`, headers: t.bearer(manager) });
    expect(read.json()).toMatchObject({ enabled: true, hasSecretKey: true });
    expect(read.body).not.toContain(SECRET_KEY);
    // An absent key keeps the stored one; "" removes it (then enabling is refused).
    expect((await put(id, { ...settings, enabled: false })).json().hasSecretKey).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "project_payment_settings"), eq(auditLogs.entityId, String(id))));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(audits)).not.toContain(WEBHOOK_SECRET);
    const removed = await put(id, { ...settings, secretKey: "" });
    expect(removed.statusCode).toBe(409);
    expect(Object.keys(removed.json().fields)).toEqual(["secretKey"]);
  });

  it("enables an off-plan project only with its escrow account and gateway credentials: 409 naming the field", async () => {
    const id = await project({ saleMode: "offplan", escrowBank: "البنك الأهلي", escrowAccountName: null });
    const noEscrow = await put(id, { ...settings, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(noEscrow.statusCode).toBe(409);
    expect(Object.keys(noEscrow.json().fields)).toEqual(["escrowAccountName"]);
    expect(noEscrow.json().message).toContain("حساب الضمان");
    await t.db
      .update(projects)
      .set({ escrowAccountName: "حساب ضمان أبراج الشاطئ", escrowIban: "SA0380000000608010167519" })
      .where(eq(projects.id, id));
    // The refused save stored nothing, so the credentials are still missing.
    const noKeys = await put(id, settings);
    expect(noKeys.statusCode).toBe(409);
    expect(noKeys.json().fields).toEqual({ secretKey: expect.any(String) });
    expect((await put(id, { ...settings, secretKey: SECRET_KEY })).json().fields).toEqual({
      webhookSecret: expect.any(String),
    });
    const ok = await put(id, { ...settings, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(ok.statusCode).toBe(200);
    // Switched off, nothing is required.
    const other = await project({ saleMode: "offplan" });
    expect((await put(other, { ...settings, enabled: false })).statusCode).toBe(200);
  });

  it("answers bad input with 400 naming each field, and an unknown project 404", async () => {
    const id = await project();
    const bad = await put(id, { ...settings, depositSar: -1, refundWindowDays: 1000, termsText: 5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["depositSar", "refundWindowDays", "termsText"]);
    const zero = await put(id, { ...settings, depositSar: 0, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().fields)).toEqual(["depositSar"]);
    expect((await put(2_000_000, settings)).statusCode).toBe(404);
  });
});

describe("the Moyasar adapter against the stand-in", () => {
  const credentials = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET };

  it("creates a hosted invoice in halalas expiring with the hold, fetches and refunds the payment", async () => {
    const gateway = moyasarGateway(t.app.config.payments.moyasarUrl);
    const expiresAt = new Date("2026-11-27T18:15:00.000Z");
    const hosted = await gateway.createHostedPayment(credentials, {
      amountHalalas: 500_000,
      description: "عربون الوحدة A-101",
      successUrl: "https://example.test/checkout/1/done",
      backUrl: "https://example.test/project/1/unit/1",
      callbackUrl: "https://example.test/api/payments/webhooks/moyasar",
      expiresAt,
      metadata: { checkoutId: "1" },
    });
    expect(hosted.url).toBe(`${standIn.url}/i/${hosted.id}`);
    expect(standIn.invoices.get(hosted.id)).toMatchObject({
      amount: 500_000,
      currency: "SAR",
      expired_at: expiresAt.toISOString(),
    });
    const { payment, webhook } = standIn.pay(hosted.id);
    expect(gateway.verifyWebhook(credentials, webhook)).toEqual({ type: "payment_paid", paymentId: payment.id });
    const fetched = await gateway.fetchPayment(credentials, payment.id);
    expect(fetched).toMatchObject({ status: "paid", amountHalalas: 500_000, hostedId: hosted.id });
    const refunded = await gateway.refund(credentials, payment.id, 500_000);
    expect(refunded).toMatchObject({ status: "refunded", refundedHalalas: 500_000 });
  });

  it("refuses a forged webhook and reports the gateway's refusals as GatewayError", async () => {
    const gateway = moyasarGateway(t.app.config.payments.moyasarUrl);
    const forged = { type: "payment_paid", secret_token: "guess", data: { id: "pay_1" } };
    expect(gateway.verifyWebhook(credentials, forged)).toBeNull();
    expect(gateway.verifyWebhook(credentials, { type: "payment_paid" })).toBeNull();
    expect(gateway.webhookPaymentId(forged)).toBe("pay_1");
    const wrongKey = { ...credentials, secretKey: "sk_test_other" };
    await expect(gateway.fetchPayment(wrongKey, "pay_1")).rejects.toMatchObject({ status: 401 });
    await expect(gateway.fetchPayment(credentials, "missing")).rejects.toBeInstanceOf(GatewayError);
  });
});

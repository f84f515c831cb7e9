/**
 * The shared scaffolding of the payments API tests (server/modules/payments/*.test.ts; docs/payments.md): a test app
 * on a fresh database with the local Moyasar stand-in (server/modules/payments/moyasar-stand-in.ts) as its gateway,
 * the engine's timer off (tests run the queues with `app.jobs.runDue()`), a project's deposits enabled through the
 * API, valid national IDs, and the public calls (checkout, webhook, return) a buyer and the gateway make.
 */
import { expect } from "vitest";
import { projects, units } from "#server/db/schema.ts";
import { type MoyasarStandIn, startMoyasarStandIn } from "../modules/payments/moyasar-stand-in.ts";
import { createTestApp, type TestApp, type TestUser } from "./app.ts";

/** The deposit settings every test project uses (whole SAR, days), less the deposit and the credentials. */
export const DEPOSIT_TERMS = {
  enabled: true,
  termsText: "يسترد العربون خلال ٧ أيام.",
  refundWindowDays: 7,
  daysToSign: 14,
} as const;

/**
 * A valid Saudi national ID (first digit 1) or iqama number (2) distinct per `n`: the first digit, `n` on eight
 * digits, and the Luhn check digit the checkout's schema verifies (#domain/checkout.ts).
 */
export function validNationalId(n: number, first: "1" | "2" = "1"): string {
  const body = `${first}${String(n).padStart(8, "0")}`;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    const d = Number(body[i]) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The gateway URL of a hosted page → the stand-in's invoice id. */
export const invoiceOf = (url: string) => url.split("/i/")[1];

/** What `app.inject` answers. */
type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;

export interface PaymentsTest {
  t: TestApp;
  standIn: MoyasarStandIn;
  manager: TestUser;
  /** The stand-in's webhook secret (Moyasar's `secret_token`). */
  webhookSecret: string;
  /** Enables deposits of `depositSar` (SAR) on project `projectId` with the stand-in's credentials, through the API. */
  enableDeposits(projectId: number, depositSar: number): Promise<void>;
  /** Inserts a project with deposits of `depositSar` enabled; `values` as the projects table takes them. */
  depositProject(values: typeof projects.$inferInsert, depositSar: number): Promise<number>;
  /** Inserts a unit of `projectId` (`values` as the units table takes them). Output: its id. */
  newUnit(projectId: number, values: Omit<typeof units.$inferInsert, "projectId">): Promise<number>;
  /** POST /api/checkout as a buyer at `ip` with `headers`. */
  checkout(
    payload: Record<string, unknown>,
    init?: { ip?: string; headers?: Record<string, string> },
  ): Promise<Injected>;
  /** POST /api/payments/webhooks/moyasar with `payload` (the stand-in's webhook body, or a forged one). */
  webhook(payload: unknown): Promise<Injected>;
  /** The webhook, then the engine's queues (the settling of the event stored): the gateway's post, carried out. */
  webhookSettled(payload: unknown): Promise<Injected>;
  /** POST /api/checkout/{token}/confirm (the buyer's return). */
  confirm(token: string): Promise<Injected>;
  close(): Promise<void>;
}

/**
 * Starts the stand-in (credentials named after `name`) and a test app using it, and signs a manager in. `env` is
 * added to the app's environment; `clock` is the app's clock.
 */
export async function startPaymentsTest(options: {
  name: string;
  clock?: () => Date;
  env?: Record<string, string>;
}): Promise<PaymentsTest> {
  const secretKey = `sk_test_${options.name}`;
  const webhookSecret = `whsec_${options.name}`;
  const standIn = await startMoyasarStandIn(secretKey, webhookSecret);
  const t = await createTestApp({
    clock: options.clock,
    env: { PAYMENTS_MOYASAR_URL: standIn.url, JOBS_INTERVAL_MS: "0", ...options.env },
  });
  const manager = await t.signIn("manager");
  const inject = t.app.inject.bind(t.app);
  const fixture: PaymentsTest = {
    t,
    standIn,
    manager,
    webhookSecret,
    async enableDeposits(projectId, depositSar) {
      const saved = await inject({
        method: "PUT",
        url: `/api/projects/${projectId}/payment-settings`,
        headers: t.bearer(manager.token),
        payload: { ...DEPOSIT_TERMS, depositSar, secretKey, webhookSecret },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    },
    async depositProject(values, depositSar) {
      const [project] = await t.db.insert(projects).values(values).returning({ id: projects.id });
      await fixture.enableDeposits(project.id, depositSar);
      return project.id;
    },
    async newUnit(projectId, values) {
      const [unit] = await t.db
        .insert(units)
        .values({ ...values, projectId })
        .returning({ id: units.id });
      return unit.id;
    },
    checkout: (payload, init = {}) =>
      inject({
        method: "POST",
        url: "/api/checkout",
        payload,
        headers: init.headers,
        remoteAddress: init.ip ?? "203.0.113.50",
      }),
    webhook: (payload) =>
      inject({ method: "POST", url: "/api/payments/webhooks/moyasar", payload: payload as Record<string, unknown> }),
    async webhookSettled(payload) {
      const res = await fixture.webhook(payload);
      await t.app.jobs.runDue();
      return res;
    },
    confirm: (token) => inject({ method: "POST", url: `/api/checkout/${token}/confirm` }),
    async close() {
      await t.close();
      await standIn.close();
    },
  };
  return fixture;
}

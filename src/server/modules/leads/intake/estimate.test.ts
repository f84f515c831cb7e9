/**
 * The buyer's affordability estimate kept with an enquiry (docs/affordability.md "Kept with an enquiry"): the
 * calculator's inputs sent with POST /api/contact are computed again by the server's rules and shown, marked as the
 * buyer's estimate, on the lead's page (GET /api/leads/{id}); a bad estimate never refuses the enquiry.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { projects } from "#server/db/schema.ts";
import { setUpTestApp } from "#server/test-utils/block-app.ts";

const t = setUpTestApp({ env: { WEBHOOK_WORKER_INTERVAL_MS: "0" } });
let manager: string;
let projectId: number;

beforeAll(async () => {
  manager = (await t.signIn("manager")).token;
  const [project] = await t.db
    .insert(projects)
    .values({ name: "مشروع المرجان", city: "جدة", description: "وصف مشروع المرجان" })
    .returning();
  projectId = project.id;
});

const estimate = {
  price: "850000",
  salary: "18000",
  otherIncome: "2000",
  obligations: "1500",
  sector: "government",
  firstHome: "yes",
  redf: "yes",
  years: "25",
  rate: "5",
};

async function enquire(phone: string, extra: Record<string, unknown>) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: { name: "سارة", phone, message: "أرغب في الوحدة", projectReference: projectId, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json().leadId as number;
}

async function detail(leadId: number) {
  const res = await t.app.inject({ url: `/api/leads/${leadId}`, headers: t.bearer(manager) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("the buyer's estimate on the lead", () => {
  it("keeps the inputs and the server's own result, marked as the buyer's, for the agent", async () => {
    const leadId = await enquire("0551000001", { estimate });
    const expected = await t.app.inject({ url: `/api/affordability?${new URLSearchParams(estimate)}` });
    expect(expected.statusCode).toBe(200);
    const calc = expected.json();
    const { estimates } = await detail(leadId);
    expect(estimates).toHaveLength(1);
    expect(estimates[0]).toMatchObject({
      kind: "buyer",
      enquiryId: leadId,
      rulesVersion: calc.rulesVersion,
      input: {
        price: 850_000,
        salary: 18_000,
        otherIncome: 2000,
        obligations: 1500,
        sector: "government",
        firstHome: true,
        redf: true,
        years: 25,
        rate: 5,
      },
      result: {
        maxFinancing: calc.maxFinancing,
        downPayment: calc.downPayment,
        monthlyInstalment: calc.monthlyInstalment,
        redfSupport: calc.redfSupport,
        transactionTax: calc.transactionTax,
      },
    });
  });

  it("ignores amounts a client sends as the result: the server computes them", async () => {
    const leadId = await enquire("0551000002", { estimate: { ...estimate, maxFinancing: "1" } });
    const { estimates } = await detail(leadId);
    expect(estimates[0].result.maxFinancing).toBeGreaterThan(1);
  });

  it("takes the enquiry without an estimate when the calculator's inputs are not valid, and none without one", async () => {
    const bad = await enquire("0551000003", { estimate: { ...estimate, salary: "كثير" } });
    expect((await detail(bad)).estimates).toEqual([]);
    const none = await enquire("0551000004", {});
    expect((await detail(none)).estimates).toEqual([]);
  });

  it("shows the estimate of a later enquiry that joined the person's open lead", async () => {
    const leadId = await enquire("0551000005", {});
    const joined = await enquire("0551000005", { estimate: { ...estimate, price: "1200000" } });
    expect(joined).toBe(leadId);
    const { estimates } = await detail(leadId);
    expect(estimates.map((e: { input: { price: number } }) => e.input.price)).toEqual([1_200_000]);
  });
});

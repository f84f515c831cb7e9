import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFORDABILITY_TEXTS } from "#domain/schemas/affordability.ts";
import { loadAffordabilityRules } from "../../lib/affordability-rules.ts";
import { setUpTestApp } from "../../test-utils/block-app.ts";

describe("GET /api/affordability", () => {
  const t = setUpTestApp();

  it("answers anonymous callers with the five amounts in SAR, their details and the rules' version", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/affordability?price=900000&salary=8000&obligations=2000&sector=private&firstHome=yes&redf=no&years=25&rate=5.5",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 8,000 × 55 % − 2,000 = 2,400 a month → 2,400 × 162.8432 = 390,823 (hand-worked in domain/affordability.test.ts).
    expect(body).toMatchObject({
      maxFinancing: 390_823,
      downPayment: 509_177,
      monthlyInstalment: 2_400,
      redfSupport: 0,
      transactionTax: 0,
      years: 25,
      rate: 5.5,
      rulesVersion: t.app.affordability.version,
    });
    expect(body.details.maxFinancing.sourceUrl).toMatch(/^https:\/\//);
    expect(body.details.transactionTax.explanation).toContain("المسكن الأول");
    expect(res.headers["cache-control"]).toContain("public");
  });

  it("takes years and rate from the rules when absent, and reads Arabic-Indic digits and separators", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/affordability?price=${encodeURIComponent("٩٠٠٬٠٠٠")}&salary=12,000&sector=government&firstHome=yes`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maxFinancing: 810_000,
      years: t.app.affordability.defaults.years.value,
      rate: t.app.affordability.defaults.annualRate.value,
    });
  });

  it("answers bad input with 400 naming each field in Arabic", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/affordability?price=0&salary=abc&sector=pilot&firstHome=maybe&years=40&rate=-1&otherIncome=1.5",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      price: AFFORDABILITY_TEXTS.price,
      salary: AFFORDABILITY_TEXTS.salary,
      sector: AFFORDABILITY_TEXTS.sector,
      firstHome: AFFORDABILITY_TEXTS.firstHome,
      years: AFFORDABILITY_TEXTS.years,
      rate: AFFORDABILITY_TEXTS.rate,
      otherIncome: AFFORDABILITY_TEXTS.otherIncome,
    });
  });

  it("requires price, salary and sector", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/affordability" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["price", "salary", "sector"]);
  });

  it("serves the rules file as loaded, for the page's form and its island", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/affordability/rules" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(loadAffordabilityRules());
  });

  it("is documented in the OpenAPI document as public, with its query parameters", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/affordability"].get;
    expect(op.tags).toEqual(["affordability"]);
    expect(op.description).toContain("public");
    const names = op.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "price",
        "salary",
        "otherIncome",
        "obligations",
        "sector",
        "firstHome",
        "redf",
        "years",
        "rate",
      ]),
    );
  });
});

describe("loading config/affordability.json", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "affordability-rules-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("stops with a message naming the file and each bad key", async () => {
    const file = path.join(dir, "bad.json");
    const raw = structuredClone(loadAffordabilityRules()) as Record<string, unknown>;
    raw.version = "";
    (raw.ltv as { citizenFirstHome: { value: number } }).citizenFirstHome.value = 120;
    await writeFile(file, JSON.stringify(raw));
    expect(() => loadAffordabilityRules(file)).toThrow(
      /Invalid affordability rules in .*bad\.json:\n {2}version: .*\n {2}ltv\.citizenFirstHome/,
    );
  });

  it("stops with the JSON error for a file that is not JSON", async () => {
    const file = path.join(dir, "broken.json");
    await writeFile(file, "{ not json");
    expect(() => loadAffordabilityRules(file)).toThrow(/Invalid affordability rules in .*broken\.json: /);
  });
});

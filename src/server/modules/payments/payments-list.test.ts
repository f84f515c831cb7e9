/**
 * The payments screen's list and export (docs/payments.md "Payments screen"), through the API on a fresh database with
 * the local Moyasar stand-in and a fake clock: filtered by state and by Asia/Riyadh days (both included), paged newest
 * first by cursor with the total; bad filters → 400 naming the field; the same filters as a right-to-left .xlsx with
 * amounts in SAR and the national ID masked, for payments.view only.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "#server/db/schema.ts";
import type { TestApp, TestUser } from "#server/test-utils/app.ts";
import { invoiceOf, type PaymentsTest, startPaymentsTest } from "#server/test-utils/payments.ts";

let now = new Date("2026-12-01T20:30:00.000Z"); // 23:30 on 1 December in Riyadh
let p: PaymentsTest;
let t: TestApp;
let manager: TestUser;
const ids: Record<string, number> = {};

async function checkout(key: string, n: number) {
  const [project] = await t.db.select().from(projects).limit(1);
  const unitId = await p.newUnit(project.id, { unitNumber: `P-${n}`, price: 600_000 });
  const res = await p.checkout(
    {
      unitId,
      name: `مشترٍ ${n}`,
      phone: `05500030${n}0`,
      email: `list${n}@example.com`,
      nationalId: ["1000000008", "1000000016", "1000000024"][n - 1],
      acceptTerms: true,
    },
    { ip: "203.0.113.80" },
  );
  expect(res.statusCode).toBe(201);
  const rows = await list("?limit=200");
  ids[key] = rows.json().items[0].id;
  return res.json() as { token: string; url: string };
}
const list = (query: string) =>
  t.app.inject({ method: "GET", url: `/api/payments${query}`, headers: t.bearer(manager.token) });
const idsOf = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((p) => p.id);

beforeAll(async () => {
  p = await startPaymentsTest({ name: "list", clock: () => now });
  ({ t, manager } = p);
  await p.depositProject({ name: "مشروع الفيروز", city: "جدة" }, 12_500);
  await checkout("late1", 1);
  now = new Date("2026-12-01T21:30:00.000Z"); // 00:30 on 2 December in Riyadh
  const paid = await checkout("paid2", 2);
  // Paid, and settled by the buyer's return (the engine's queues would also expire the first checkout).
  p.standIn.pay(invoiceOf(paid.url));
  expect((await p.confirm(paid.token)).json().state).toBe("paid");
  now = new Date("2026-12-03T09:00:00.000Z");
  await checkout("later3", 3);
}, 120_000);

afterAll(() => p.close());

describe("GET /api/payments", () => {
  it("filters by state and by Riyadh days, both included", async () => {
    expect(idsOf(await list("?state=paid"))).toEqual([ids.paid2]);
    expect(idsOf(await list("?from=2026-12-02&to=2026-12-02"))).toEqual([ids.paid2]);
    expect(idsOf(await list("?to=2026-12-01"))).toEqual([ids.late1]);
    expect(idsOf(await list("?from=2026-12-02"))).toEqual([ids.later3, ids.paid2]);
    const pending = await list("?state=pending&from=2026-12-01&to=2026-12-03");
    expect(idsOf(pending)).toEqual([ids.later3, ids.late1]);
    expect(pending.json().total).toBe(2);
  });

  it("pages newest first by cursor with the total", async () => {
    const first = await list("?limit=2");
    expect(idsOf(first)).toEqual([ids.later3, ids.paid2]);
    expect(first.json().total).toBe(3);
    const second = await list(`?limit=2&cursor=${first.json().nextCursor}`);
    expect(idsOf(second)).toEqual([ids.late1]);
    expect(second.json().nextCursor).toBeNull();
  });

  it("answers bad filters with 400 naming each field in Arabic", async () => {
    const bad = await list("?state=lost&from=2026-13-01&limit=0");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["from", "limit", "state"]);
    const backwards = await list("?from=2026-12-03&to=2026-12-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.to).toBe("تاريخ النهاية يجب ألا يسبق تاريخ البداية");
    expect((await list("?cursor=not-a-cursor")).json().fields.cursor).toBeDefined();
  });
});

describe("GET /api/payments/export", () => {
  it("gives the filtered payments as a right-to-left workbook with SAR amounts, for payments.view only", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/payments/export?from=2026-12-02",
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="payments-2026-12-03.xlsx"');
    const book = XLSX.read(res.rawPayload, { type: "buffer", cellNF: true });
    expect(book.Workbook?.Views?.[0]?.RTL).toBe(true);
    expect(book.SheetNames).toEqual(["المدفوعات"]);
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows.map((r) => r["رقم الدفعة"])).toEqual([ids.later3, ids.paid2]);
    expect(rows[1]).toMatchObject({ الحالة: "مدفوع", "المبلغ (ر.س.)": 12_500, الهوية: "••••••0016" });
    expect(String(rows[1]["مرجع بوابة الدفع"])).not.toBe("");
    expect(sheet.J2.z).toBe('#,##0 "ر.س."');
    expect(JSON.stringify(rows)).not.toContain("1000000016");
    const agent = await t.signIn("sales_agent");
    const refused = await t.app.inject({ method: "GET", url: "/api/payments/export", headers: t.bearer(agent.token) });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/payments/export?state=x",
      headers: t.bearer(manager.token),
    });
    expect(bad.json().fields.state).toBe("حالة الدفعة غير صالحة");
  });
});

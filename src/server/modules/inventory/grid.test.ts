/**
 * The stacking plan, bulk generation and blocking (docs/decisions/078-stacking-plan-and-bulk-generation.md): a
 * preview answers exactly the units applying writes (types per position, a price step per floor rounded to 1,000
 * SAR), nothing is written on a clash, the plan shows states and holders to staff, and a blocked unit is left out
 * of what visitors read.
 */
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projects, units } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { buildings, unitTypes } from "../../db/tables/inventory.ts";
import type { TestUser } from "../../test-utils/app.ts";
import { setUpTestApp, signedIn } from "../../test-utils/block-app.ts";

const t = setUpTestApp({ env: { JOBS_INTERVAL_MS: "0" } });
const manager = signedIn(t, "manager");
const agent = signedIn(t, "sales_agent");
let projectId: number;
let typeA: number;

beforeAll(async () => {
  const [project] = await t.db
    .insert(projects)
    .values({ name: "برج المخطط", city: "جدة", publishedAt: new Date() })
    .returning({ id: projects.id });
  projectId = project.id;
  const [type] = await t.db
    .insert(unitTypes)
    .values({ projectId, name: "نموذج أ", rooms: 3 })
    .returning({ id: unitTypes.id });
  typeA = type.id;
}, 120_000);

const generate = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/units/generate`,
    payload,
    headers: t.bearer(user.token),
  });

describe("bulk generation", () => {
  // A function: the type's id exists only once beforeAll has run.
  const body = () => ({
    buildings: ["A", "B"],
    floors: 3,
    firstFloor: 1,
    unitsPerFloor: 4,
    types: [typeA, null, typeA],
    basePrice: 800_400,
    priceStep: { kind: "percent", value: 2.5 },
  });

  it("previews every unit with its type and floor price, writes nothing, and applies exactly the preview", async () => {
    const request = body();
    expect((await generate(agent, request)).statusCode).toBe(403);
    const preview = await generate(manager, request);
    expect(preview.statusCode).toBe(200);
    const planned = preview.json();
    expect(planned.created).toBe(0);
    expect(planned.units).toHaveLength(24);
    expect(planned.units.slice(0, 5)).toEqual([
      { building: "A", floor: 1, unitNumber: "0101", typeId: typeA, price: 800_000 },
      { building: "A", floor: 1, unitNumber: "0102", typeId: null, price: 800_000 },
      { building: "A", floor: 1, unitNumber: "0103", typeId: typeA, price: 800_000 },
      { building: "A", floor: 1, unitNumber: "0104", typeId: null, price: 800_000 },
      // 800,400 × 1.025 = 820,410 → 820,000.
      { building: "A", floor: 2, unitNumber: "0201", typeId: typeA, price: 820_000 },
    ]);
    expect(await t.db.select().from(units).where(eq(units.projectId, projectId))).toHaveLength(0);

    const applied = await generate(manager, { ...request, apply: true });
    expect(applied.json().created).toBe(24);
    const stored = await t.db
      .select({
        building: units.building,
        floor: units.floor,
        unitNumber: units.unitNumber,
        typeId: units.typeId,
        price: units.price,
      })
      .from(units)
      .where(eq(units.projectId, projectId))
      .orderBy(units.building, units.floor, units.unitNumber);
    expect(stored).toEqual(planned.units);
    const made = await t.db.select().from(buildings).where(eq(buildings.projectId, projectId));
    expect(made.map((b) => [b.name, b.floors])).toEqual([
      ["A", 4],
      ["B", 4],
    ]);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "units_generated"));
    expect(audits).toHaveLength(1);
  });

  it("lists the numbers that exist and writes nothing when applied over them; refuses a type of another project", async () => {
    const request = body();
    const again = await generate(manager, { ...request, buildings: ["A"], floors: 1 });
    expect(again.json().clashes).toEqual(["0101", "0102", "0103", "0104"]);
    expect((await generate(manager, { ...request, buildings: ["A"], floors: 1, apply: true })).statusCode).toBe(409);
    const wrongType = await generate(manager, { ...request, types: [999_999] });
    expect(wrongType.json().fields.types).toBe("النموذج غير موجود في هذا المشروع");
    expect((await generate(manager, { ...request, floors: 0 })).json().fields.floors).toContain("عدد الأدوار");
  });
});

describe("the stacking plan and blocking", () => {
  it("shows each unit's state and its holder to staff; a blocked unit leaves the public inventory", async () => {
    const plan = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/projects/${projectId}/stacking-plan`,
          headers: t.bearer(agent.token),
        })
      ).json();
    const first = (await plan()).buildings[0];
    expect(first.name).toBe("A");
    expect(first.floors.map((f: { label: string }) => f.label)).toEqual(["الدور ٣", "الدور ٢", "الدور ١"]);
    const unit = first.floors[2].units[0];
    expect(unit).toMatchObject({ unitNumber: "0101", state: "available", type: "نموذج أ", rooms: 3, hold: null });

    const held = await t.app.inject({
      method: "POST",
      url: `/api/units/${unit.id}/holds`,
      payload: {},
      headers: t.bearer(agent.token),
    });
    expect(held.statusCode).toBe(201);
    const after = (await plan()).buildings[0].floors[2].units[0];
    expect(after).toMatchObject({ state: "held", hold: { kind: "hold", heldBy: agent.id, price: 800_000 } });

    const other = first.floors[2].units[1];
    const block = (method: "POST" | "DELETE", user: TestUser) =>
      t.app.inject({
        method,
        url: `/api/units/${other.id}/block`,
        payload: method === "POST" ? { reason: "للإدارة" } : undefined,
        headers: t.bearer(user.token),
      });
    expect((await block("POST", agent)).statusCode).toBe(403);
    expect((await block("POST", manager)).statusCode).toBe(204);
    expect((await block("POST", manager)).statusCode).toBe(409);
    const publicView = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/inventory` });
    const ids = publicView
      .json()
      .buildings.flatMap((b: { floors: { units: { id: number }[] }[] }) => b.floors.flatMap((f) => f.units))
      .map((u: { id: number }) => u.id);
    expect(ids).not.toContain(other.id);
    const spec = await t.app.inject({ method: "GET", url: `/api/units/${other.id}`, headers: t.bearer(agent.token) });
    expect(spec.json()).toMatchObject({ status: "محجوزة", inventoryState: "blocked" });
    expect((await block("DELETE", manager)).statusCode).toBe(204);
    const history = await t.app.inject({
      method: "GET",
      url: `/api/units/${other.id}/history`,
      headers: t.bearer(agent.token),
    });
    expect(history.json().transitions.map((x: { toState: string }) => x.toState)).toEqual(["available", "blocked"]);
  });
});

describe("bulk price change and the price list", () => {
  it("previews old → new prices rounded to 1,000 SAR, leaves held units out, applies exactly the preview", async () => {
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/prices`,
        payload,
        headers: t.bearer(manager.token),
      });
    expect((await change({ kind: "percent", amount: 5 })).json().fields.building).toBe(
      "اختر مبنى أو نطاق أدوار أو نموذجًا",
    );
    const scope = { building: "B", floorFrom: 1, floorTo: 1, kind: "percent", amount: 3.3 };
    const [held] = await t.db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.unitNumber, "0102"))
      .orderBy(units.building)
      .limit(2)
      .then((rows) => rows.slice(-1));
    const hold = await t.app.inject({
      method: "POST",
      url: `/api/units/${held.id}/holds`,
      payload: {},
      headers: t.bearer(agent.token),
    });
    expect(hold.statusCode).toBe(201);
    const preview = (await change(scope)).json();
    expect(preview.applied).toBe(false);
    // 800,000 × 1.033 = 826,400 → 826,000; B 0102 is held: left out and listed.
    expect(preview.changes.map((c: { unitNumber: string; newPrice: number }) => [c.unitNumber, c.newPrice])).toEqual([
      ["0101", 826_000],
      ["0103", 826_000],
      ["0104", 826_000],
    ]);
    expect(preview.leftOut).toEqual([expect.objectContaining({ unitNumber: "0102", state: "held" })]);
    const applied = (await change({ ...scope, apply: true })).json();
    expect(applied).toEqual({ ...preview, applied: true });
    const after = await t.db.select({ price: units.price }).from(units).where(eq(units.id, held.id));
    expect(after[0].price).toBe(800_000);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "prices_changed"));
    expect(audits).toHaveLength(1);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/price-list.xlsx`,
      headers: t.bearer(agent.token),
    });
    expect(list.statusCode).toBe(200);
    const book = XLSX.read(list.rawPayload, { type: "buffer" });
    expect(book.Workbook?.Views?.[0]?.RTL).toBe(true);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    const b0101 = rows.find((r) => r.المبنى === "B" && r["رقم الوحدة"] === "0101");
    expect(b0101?.["السعر (ريال سعودي)"]).toBe(826_000);
    expect(rows.some((r) => r.المبنى === "B" && r["رقم الوحدة"] === "0102")).toBe(false);
  });
});

describe("the dashboard's summary", () => {
  it("counts the project's units and their value in SAR by state", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/inventory/summary", headers: t.bearer(agent.token) });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().find((r: { projectId: number }) => r.projectId === projectId);
    const plan = (
      await t.app.inject({
        method: "GET",
        url: `/api/projects/${projectId}/stacking-plan`,
        headers: t.bearer(agent.token),
      })
    ).json();
    const all = plan.buildings.flatMap((b: { floors: { units: { state: string; price: number }[] }[] }) =>
      b.floors.flatMap((f) => f.units),
    );
    const held = all.filter((u: { state: string }) => u.state === "held");
    expect(row.counts.held).toBe(held.length);
    expect(row.values.held).toBe(held.reduce((sum: number, u: { price: number }) => sum + u.price, 0));
    expect(row.counts.available + row.counts.held + row.counts.reserved + row.counts.sold + row.counts.blocked).toBe(
      all.length,
    );
  });
});

/**
 * Public availability (docs/decisions/077-public-availability-and-unit-pages.md): GET /api/projects/{id}/inventory
 * answers the exact shape visitors read — buildings, floors top to bottom with their labels, SPEC's status (held
 * and reserved read محجوزة, an expired hold متاحة before the job sweeps it), the type's name and defaults, no price
 * for sold units, blocked units left out, no personal data — and a draft project answers 404 to visitors.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, units } from "../../db/schema.ts";
import { unitTypes } from "../../db/tables/inventory.ts";
import { createTestApp, type TestApp, type TestUser } from "../../test-utils/app.ts";

const START = new Date("2026-12-01T09:00:00.000Z");
let now = START;
let t: TestApp;
let agent: TestUser;
let projectId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { JOBS_INTERVAL_MS: "0" } });
  agent = await t.signIn("sales_agent");
  const [project] = await t.db
    .insert(projects)
    .values({ name: "برج التوفر", city: "جدة", publishedAt: START })
    .returning({ id: projects.id });
  projectId = project.id;
  const [type] = await t.db
    .insert(unitTypes)
    .values({ projectId, name: "نموذج أ", rooms: 3, totalArea: 140.5, price: 990_000 })
    .returning({ id: unitTypes.id });
  const rows = await t.db
    .insert(units)
    .values([
      { projectId, building: "A", unitNumber: "0001", floor: 0, price: 700_000, rooms: 2, totalArea: 100 },
      { projectId, building: "A", unitNumber: "0301", floor: 3, typeId: type.id },
      { projectId, building: "A", unitNumber: "0302", floor: 3, price: 800_000, typeId: type.id, rooms: 4 },
      { projectId, building: "A", unitNumber: "0303", floor: 3, price: 810_000 },
      { projectId, building: "A", unitNumber: "0304", floor: 3, price: 820_000 },
      { projectId, building: "A", unitNumber: "B01", floor: -1, price: null },
      {
        projectId,
        building: "B",
        unitNumber: "0101",
        floor: 1,
        price: 600_000,
        status: "مباعة",
        inventoryState: "sold",
      },
      {
        projectId,
        building: "B",
        unitNumber: "0102",
        floor: 1,
        price: 600_000,
        status: "محجوزة",
        inventoryState: "blocked",
      },
    ])
    .returning({ id: units.id, unitNumber: units.unitNumber });
  for (const row of rows) ids[row.unitNumber] = row.id;
  const hold = (unitId: number, minutes: number) =>
    t.app.inject({
      method: "POST",
      url: `/api/units/${unitId}/holds`,
      payload: { minutes },
      headers: t.bearer(agent.token),
    });
  expect((await hold(ids["0303"], 60)).statusCode).toBe(201);
  expect((await hold(ids["0304"], 15)).statusCode).toBe(201);
}, 120_000);
afterAll(async () => t.close());

const inventory = (id = projectId) => t.app.inject({ method: "GET", url: `/api/projects/${id}/inventory` });

describe("GET /api/projects/{id}/inventory", () => {
  it("answers buildings and floors top to bottom with SPEC's statuses, type defaults and no sold price", async () => {
    now = new Date(START.getTime() + 30 * 60_000);
    const res = await inventory();
    expect(res.statusCode).toBe(200);
    const unit = (unitNumber: string, fields: Record<string, unknown>) => ({
      id: ids[unitNumber],
      unitNumber,
      type: null,
      rooms: null,
      totalArea: null,
      ...fields,
    });
    expect(res.json()).toEqual({
      buildings: [
        {
          name: "A",
          floors: [
            {
              number: 3,
              label: "الدور ٣",
              units: [
                unit("0301", { status: "متاحة", type: "نموذج أ", rooms: 3, price: 990_000, totalArea: 140.5 }),
                unit("0302", { status: "متاحة", type: "نموذج أ", rooms: 4, price: 800_000, totalArea: 140.5 }),
                unit("0303", { status: "محجوزة", price: 810_000 }),
                // Its 15-minute hold ran out at 09:15: متاحة at once, though the job has not swept it.
                unit("0304", { status: "متاحة", price: 820_000 }),
              ],
            },
            {
              number: 0,
              label: "الدور الأرضي",
              units: [unit("0001", { status: "متاحة", price: 700_000, rooms: 2, totalArea: 100 })],
            },
            { number: -1, label: "القبو ١", units: [unit("B01", { status: "متاحة", price: null })] },
          ],
        },
        {
          name: "B",
          floors: [{ number: 1, label: "الدور ١", units: [unit("0101", { status: "مباعة", price: null })] }],
        },
      ],
    });
  });

  it("answers a unit's page data, 404 for a blocked unit or another project's, and 404 for a draft project", async () => {
    now = START;
    const page = await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/units/${ids["0303"]}/public` });
    expect(page.json()).toMatchObject({
      status: "محجوزة",
      availability: "reserved",
      floorLabel: "الدور ٣",
      price: 810_000,
    });
    const blocked = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/units/${ids["0102"]}/public`,
    });
    expect(blocked.statusCode).toBe(404);
    const [draft] = await t.db.insert(projects).values({ name: "مسودة", city: "جدة" }).returning({ id: projects.id });
    await t.db.update(units).set({ projectId: draft.id }).where(eq(units.id, ids["0102"]));
    expect((await inventory(draft.id)).statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/units/${ids["0102"]}/public`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("keeps the unit a unit page's enquiry is about on its lead (a unit of another project is not kept)", async () => {
    const manager = await t.signIn("manager");
    // Two buyers: one person's second enquiry would join the first lead (one open lead per person).
    const send = (unitReference: number, phone: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          name: "سلمى",
          phone,
          message: "أريد هذه الوحدة",
          projectReference: projectId,
          unitReference,
        },
        remoteAddress: "203.0.113.9",
      });
    const sent = await send(ids["0301"], "0507777777");
    expect(sent.statusCode).toBe(201);
    const detail = async (leadId: number) =>
      (await t.app.inject({ method: "GET", url: `/api/leads/${leadId}`, headers: t.bearer(manager.token) })).json();
    expect((await detail(sent.json().leadId)).lead.unitOfInterest).toEqual({
      id: ids["0301"],
      unitNumber: "0301",
    });
    const [other] = await t.db.insert(projects).values({ name: "بعيد", city: "جدة" }).returning({ id: projects.id });
    const [far] = await t.db.insert(units).values({ projectId: other.id, unitNumber: "X" }).returning({ id: units.id });
    const elsewhere = await send(far.id, "0507777778");
    expect((await detail(elsewhere.json().leadId)).lead.unitOfInterest).toBeNull();
  });
});

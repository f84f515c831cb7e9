/**
 * The inventory migration (drizzle/0019_inventory.sql; docs/decisions/076-unit-inventory-states-and-holds.md): a
 * database of the previous version (0015, units with SPEC's three statuses, a lead at حجز holding a unit, a sold
 * one) is upgraded with every unit kept, each in a building of its project, its inventory state following its
 * status, and the reserving lead's link turned into the unit's active reservation. PGlite, and PostgreSQL when
 * DATABASE_URL is set.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows, staffRows, upgradedInSuite } from "../test-utils/migrations.ts";

const PREVIOUS_VERSION = "0015_leads-off-enquiries";

const agent = "00000000-0000-4000-8000-000000000001";

const SEED = `
  ${staffRows([agent, "agent", "sales_agent", "وكيل"])};
  insert into projects (id, name, description, price, city) values (7, 'مشروع', '', 1000000, 'جدة'), (8, 'آخر', '', 1, 'جدة');
  insert into units (id, project_id, unit_number, building, price, status, floor) values
    (70, 7, '0101', 'A', 900000, 'محجوزة', 1),
    (71, 7, '0301', 'A', 950000, 'متاحة', 3),
    (72, 7, 'B-1', 'B', 800000, 'مباعة', -1),
    (73, 7, 'G1', 'B', null, 'متاحة', null),
    (80, 8, '1', '', 100, 'محجوزة', 0);
  insert into contact_messages (id, project_id, source, name, phone, created_at)
    values (101, 7, 'project', 'سارة', '+966500000001', '2026-11-01T09:00:00Z'),
           (102, 7, 'project', 'خالد', '+966500000002', '2026-11-01T09:00:00Z');
  insert into leads (id, stage, owner_id, unit_id, stage_changed_at, created_at) values
    (101, 'reserved', '${agent}', 70, '2026-11-02T10:00:00Z', '2026-11-01T09:00:00Z'),
    (102, 'sold', '${agent}', 72, '2026-11-02T10:00:00Z', '2026-11-01T09:00:00Z')
`;

describe("migration: the live unit inventory", () => {
  const upgraded = upgradedInSuite(PREVIOUS_VERSION, SEED);

  it("keeps every unit with its status, each given the inventory state its status means", async () => {
    const units = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select id, unit_number, building, price, status, inventory_state from units order by id`,
    );
    expect(units).toEqual([
      { id: 70, unit_number: "0101", building: "A", price: 900000, status: "محجوزة", inventory_state: "reserved" },
      { id: 71, unit_number: "0301", building: "A", price: 950000, status: "متاحة", inventory_state: "available" },
      { id: 72, unit_number: "B-1", building: "B", price: 800000, status: "مباعة", inventory_state: "sold" },
      { id: 73, unit_number: "G1", building: "B", price: null, status: "متاحة", inventory_state: "available" },
      { id: 80, unit_number: "1", building: "", price: 100, status: "محجوزة", inventory_state: "reserved" },
    ]);
  });

  it("puts each unit in a building of its project, tall and deep enough for its floor", async () => {
    const placed = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select u.id, b.project_id, b.name, b.floors, b.basements from units u join buildings b on b.id = u.building_id
          order by u.id`,
    );
    expect(placed).toEqual([
      { id: 70, project_id: 7, name: "A", floors: 4, basements: 0 },
      { id: 71, project_id: 7, name: "A", floors: 4, basements: 0 },
      { id: 72, project_id: 7, name: "B", floors: 1, basements: 1 },
      { id: 73, project_id: 7, name: "B", floors: 1, basements: 1 },
      { id: 80, project_id: 8, name: "", floors: 1, basements: 0 },
    ]);
  });

  it("turns the reserving lead's unit link into the unit's one active reservation at its price", async () => {
    const holds = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select unit_id, lead_id, kind, held_by, price, expires_at, released_at from unit_holds order by id`,
    );
    expect(holds).toEqual([
      {
        unit_id: 70,
        lead_id: 101,
        kind: "reservation",
        held_by: agent,
        price: 900000,
        expires_at: null,
        released_at: null,
      },
    ]);
    // The database refuses a second active row for the unit.
    await expect(
      upgraded.database.db.execute(
        sql`insert into unit_holds (unit_id, kind, created_at) values (70, 'hold', '2026-11-03T00:00:00Z')`,
      ),
    ).rejects.toThrow();
  });
});

/**
 * One open lead per person (drizzle/0016_lead-person-key.sql, 0017_lead-person-unique.sql;
 * docs/decisions/073-one-open-lead-per-person.md): a database of the previous version holding open duplicate leads of
 * one person (same phone, and a chain through a shared e-mail) is upgraded: they join the oldest open lead, whose owner
 * is kept, with the others' enquiries and history attached and each join in the audit log; a closed lead and a lead
 * holding a unit stay apart. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROJECT_WITH_UNIT, rows, staffRows, upgradedInSuite } from "../test-utils/migrations.ts";

const PREVIOUS_VERSION = "0015_leads-off-enquiries";

const agentA = "00000000-0000-4000-8000-00000000000a";
const agentB = "00000000-0000-4000-8000-00000000000b";

// Sara: 201 (oldest, agent A, contacted), 202 (same phone, agent B, with a note and a pending clock step),
// 203 (another phone, Sara's e-mail as on 202), 204 (same phone, lost), 205 (same phone, holding a unit at حجز).
// Khalid: 206, alone.
const SEED = `
  ${staffRows([agentA, "agent-a", "sales_agent", "سارة الوكيلة"], [agentB, "agent-b", "sales_agent", "فهد"])};
  ${PROJECT_WITH_UNIT};
  insert into contact_messages (id, project_id, source, name, email, phone, message, is_duplicate, created_at) values
    (201, 7, 'project', 'سارة', null, '+966500000001', 'أولى', false, '2026-11-01T09:00:00Z'),
    (202, 7, 'landing', 'سارة', 'sara@example.com', '+966500000001', 'ثانية', true, '2026-11-02T09:00:00Z'),
    (203, 7, 'home', 'سارة', 'sara@example.com', '+966500000009', 'ثالثة', true, '2026-11-03T09:00:00Z'),
    (204, 7, 'home', 'سارة', null, '+966500000001', 'قديمة', true, '2026-10-01T09:00:00Z'),
    (205, 7, 'home', 'سارة', null, '+966500000001', 'حجز', true, '2026-11-04T09:00:00Z'),
    (206, 7, 'home', 'خالد', 'k@example.com', '+966500000002', null, false, '2026-11-05T09:00:00Z');
  select setval(pg_get_serial_sequence('contact_messages', 'id'), 206);
  insert into leads (id, stage, owner_id, unit_id, lost_reason, first_contact_at, created_at) values
    (201, 'contacted', '${agentA}', null, null, '2026-11-01T09:05:00Z', '2026-11-01T09:00:00Z'),
    (202, 'new', '${agentB}', null, null, null, '2026-11-02T09:00:00Z'),
    (203, 'new', '${agentA}', null, null, null, '2026-11-03T09:00:00Z'),
    (204, 'lost', '${agentB}', null, 'السعر', null, '2026-10-01T09:00:00Z'),
    (205, 'reserved', '${agentB}', 70, null, '2026-11-04T09:10:00Z', '2026-11-04T09:00:00Z'),
    (206, 'new', '${agentB}', null, null, null, '2026-11-05T09:00:00Z');
  update contact_messages set lead_id = id;
  insert into lead_events (id, lead_id, kind, actor_id, activity_kind, note, data, created_at) values
    (1, 201, 'activity', '${agentA}', 'call', 'اتصلت', '{}', '2026-11-01T09:05:00Z'),
    (2, 202, 'activity', '${agentB}', 'note', 'ملاحظة على الثانية', '{}', '2026-11-02T09:30:00Z');
  insert into lead_jobs (id, lead_id, kind, run_at) values (1, 202, 'reassign', '2026-11-02T09:30:00Z'),
    (2, 206, 'reassign', '2026-11-05T09:30:00Z');
  select setval(pg_get_serial_sequence('lead_events', 'id'), 2)
`;

describe("migration: one open lead per person", () => {
  const upgraded = upgradedInSuite(PREVIOUS_VERSION, SEED);

  it("joins the open duplicates into the oldest open lead, its owner kept", async () => {
    const leadRows = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select id, stage, owner_id, merged_into_id, unit_id, person_phone, person_email from leads order by id`,
    );
    expect(leadRows).toEqual([
      {
        id: 201,
        stage: "contacted",
        owner_id: agentA,
        merged_into_id: null,
        unit_id: null,
        person_phone: "+966500000001",
        person_email: null,
      },
      expect.objectContaining({ id: 202, merged_into_id: 201 }),
      expect.objectContaining({ id: 203, merged_into_id: 201 }),
      expect.objectContaining({ id: 204, stage: "lost", merged_into_id: null }),
      // Holding a unit: stays apart (a merge never drops a reservation), without a person key.
      {
        id: 205,
        stage: "reserved",
        owner_id: agentB,
        merged_into_id: null,
        unit_id: 70,
        person_phone: null,
        person_email: null,
      },
      expect.objectContaining({
        id: 206,
        merged_into_id: null,
        person_phone: "+966500000002",
        person_email: "k@example.com",
      }),
    ]);
  });

  it("attaches the others' enquiries and history, closes their clocks, and audits each join", async () => {
    const enquiries = await rows<{ id: number; lead_id: number }>(
      upgraded.database,
      sql`select id, lead_id from contact_messages order by id`,
    );
    expect(enquiries.map((e) => [e.id, e.lead_id])).toEqual([
      [201, 201],
      [202, 201],
      [203, 201],
      [204, 204],
      [205, 205],
      [206, 206],
    ]);
    const events = await rows<{ lead_id: number; kind: string; note: string | null; data: Record<string, unknown> }>(
      upgraded.database,
      sql`select lead_id, kind, note, data from lead_events order by lead_id, id`,
    );
    expect(events.filter((e) => e.lead_id === 201).map((e) => e.note ?? e.data.mergedId)).toEqual([
      "اتصلت",
      "ملاحظة على الثانية",
      202,
      203,
    ]);
    expect(events.filter((e) => e.lead_id === 202)).toEqual([
      expect.objectContaining({ kind: "merged", data: { mergedInto: 201, auto: true } }),
    ]);
    const jobs = await rows<{ id: number; done: boolean }>(
      upgraded.database,
      sql`select id, done_at is not null as done from lead_jobs order by id`,
    );
    expect(jobs).toEqual([
      { id: 1, done: true },
      { id: 2, done: false },
    ]);
    const audits = await rows<{ entity_id: string; action: string; previous_state: { other: { mergedId: number } } }>(
      upgraded.database,
      sql`select entity_id, action, previous_state from audit_logs where entity_type = 'contact_message' order by id`,
    );
    expect(audits.map((a) => [a.entity_id, a.action, a.previous_state.other.mergedId]).sort()).toEqual([
      ["201", "merge", 202],
      ["201", "merge", 203],
    ]);
  });

  it("lets the database refuse a second open lead of the person from now on", async () => {
    await expect(
      upgraded.database.db.execute(sql`insert into leads (id, stage, created_at, person_phone) values (206, 'new', now(), '+966500000001')
        on conflict (id) do update set person_phone = excluded.person_phone`),
    ).rejects.toThrow();
  });
});

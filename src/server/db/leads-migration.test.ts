/**
 * The enquiries/leads split (drizzle/0014_leads-table.sql, 0015_leads-off-enquiries.sql;
 * docs/decisions/061-enquiries-and-leads.md): a database of the previous version (migrated to 0012, with enquiries
 * worked on the desk) is upgraded to the head with every enquiry, lead, assignment, activity, permission grant and
 * reference kept. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROJECT_WITH_UNIT, rows, staffRows, upgradedInSuite } from "../test-utils/migrations.ts";

const PREVIOUS_VERSION = "0012_conversions";

const agent = "00000000-0000-4000-8000-000000000001";
const manager = "00000000-0000-4000-8000-000000000002";

// The previous version's rows: two staff, a project with a unit, a page with a campaign, three enquiries (one
// worked and holding the unit, one merged into it, one untouched), their history, jobs, notifications,
// conversion events, webhook deliveries, permission grants of a role and of a user, and an audit row.
const SEED = `
  ${staffRows([agent, "agent", "sales_agent", "وكيل"], [manager, "manager", "manager", "مدير"])};
  ${PROJECT_WITH_UNIT};
  insert into landing_pages (id, project_id, slug, poster) values (8, 7, 'page', '/p.jpg');
  insert into landing_campaigns (id, landing_page_id, platform_name, url_slug) values (9, 8, 'snapchat', 'snap');
  insert into contact_messages (id, landing_page_id, campaign_id, project_id, source, name, email, phone, message,
      is_duplicate, attribution, origin, created_at, stage, owner_id, unit_id, lost_reason, first_contact_at,
      follow_up_at, stage_changed_at, merged_into_id)
    values
    (101, 8, 9, 7, 'landing', 'سارة', 'sara@example.com', '+966500000001', 'أريد شقة', false,
      '{"utm_source":"snap"}', '{"projectName":"مشروع"}', '2026-11-01T09:00:00Z', 'reserved', '${agent}', 70, null,
      '2026-11-01T09:05:00Z', '2026-11-03T09:00:00Z', '2026-11-02T10:00:00Z', null),
    (102, 8, 9, 7, 'landing', 'سارة', null, '+966500000001', 'مرة أخرى', true,
      '{}', '{}', '2026-11-02T09:00:00Z', 'new', '${agent}', null, null, null, null, null, 101),
    (103, null, null, null, 'home', 'خالد', 'k@example.com', null, null, false,
      '{}', '{}', '2026-11-04T09:00:00Z', 'lost', null, null, 'السعر', null, null, '2026-11-05T09:00:00Z', null);
  select setval(pg_get_serial_sequence('contact_messages', 'id'), 103);
  insert into lead_events (id, lead_id, kind, actor_id, from_stage, to_stage, activity_kind, note, data, created_at)
    values
    (1, 101, 'assigned', null, null, null, null, null, '{"ownerId":"${agent}","auto":true}', '2026-11-01T09:00:00Z'),
    (2, 101, 'activity', '${agent}', null, null, 'call', 'اتصلت', '{}', '2026-11-01T09:05:00Z'),
    (3, 101, 'stage_changed', '${agent}', 'new', 'reserved', null, null, '{}', '2026-11-02T10:00:00Z'),
    (4, 101, 'merged', '${agent}', null, null, null, null, '{"otherId":102}', '2026-11-02T11:00:00Z');
  insert into lead_jobs (id, lead_id, kind, run_at) values (1, 101, 'follow_up', '2026-11-03T09:00:00Z');
  insert into notifications (id, user_id, lead_id, kind, text) values (1, '${agent}', 101, 'assigned', 'عميل جديد');
  insert into conversion_events (id, platform, event_id, lead_id, campaign_id, kind, event_name, payload)
    values (1, 'snapchat', 'lead-101', 101, 9, 'enquiry', 'SIGN_UP', '{}');
  insert into webhook_deliveries (id, contact_message_id, event_id, target_url, secret_ref, payload, status)
    values (1, 101, 'msg_1', 'https://example.com/hook', 'campaign:9', '{}', 'delivered');
  insert into permissions (id, key, category) values (1, 'contact_messages.view', ''), (2, 'contact_messages.export', ''),
    (3, 'leads.view_all', ''), (4, 'leads.work', '');
  insert into role_permissions (role, permission_id) values ('employee', 1), ('manager', 3);
  insert into user_permissions (user_id, permission_id, granted) values ('${agent}', 2, true), ('${manager}', 4, false);
  insert into audit_logs (user_id, entity_type, entity_id, action) values ('${agent}', 'contact_message', '101', 'stage')
`;

describe("migration: enquiries and leads apart", () => {
  const upgraded = upgradedInSuite(PREVIOUS_VERSION, SEED);

  it("keeps every enquiry with its id and references, each pointing at its lead", async () => {
    const enquiries = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select id, lead_id, landing_page_id, campaign_id, project_id, source, name, phone, email, message,
          is_duplicate, attribution, origin from contact_messages order by id`,
    );
    expect(enquiries).toEqual([
      expect.objectContaining({ id: 101, lead_id: 101, landing_page_id: 8, campaign_id: 9, project_id: 7 }),
      // 102 was merged into 101: its enquiry belongs to 101 since one open lead per person (0016_lead-person-key).
      expect.objectContaining({ id: 102, lead_id: 101, is_duplicate: true, message: "مرة أخرى" }),
      expect.objectContaining({ id: 103, lead_id: 103, name: "خالد", source: "home" }),
    ]);
    expect(enquiries[0]).toMatchObject({ attribution: { utm_source: "snap" }, origin: { projectName: "مشروع" } });
    // The desk's columns left the enquiry rows.
    const columns = await rows<{ column_name: string }>(
      upgraded.database,
      sql`select column_name from information_schema.columns where table_name = 'contact_messages'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain("stage");
    expect(columns.map((c) => c.column_name)).not.toContain("owner_id");
  });

  it("gives each enquiry's case its lead: owner, stage, unit, clock, follow-up and merge kept", async () => {
    const leadRows = await rows<Record<string, unknown>>(
      upgraded.database,
      sql`select id, stage, owner_id, unit_id, lost_reason, first_contact_at, follow_up_at, stage_changed_at,
          merged_into_id, created_at from leads order by id`,
    );
    expect(leadRows).toHaveLength(3);
    expect(leadRows[0]).toMatchObject({
      id: 101,
      stage: "reserved",
      owner_id: agent,
      unit_id: 70,
      merged_into_id: null,
    });
    expect(new Date(leadRows[0].first_contact_at as string).toISOString()).toBe("2026-11-01T09:05:00.000Z");
    expect(new Date(leadRows[0].follow_up_at as string).toISOString()).toBe("2026-11-03T09:00:00.000Z");
    expect(new Date(leadRows[0].created_at as string).toISOString()).toBe("2026-11-01T09:00:00.000Z");
    expect(leadRows[1]).toMatchObject({ id: 102, stage: "new", owner_id: agent, merged_into_id: 101 });
    expect(leadRows[2]).toMatchObject({ id: 103, stage: "lost", owner_id: null, lost_reason: "السعر" });
  });

  it("keeps the history, jobs, notifications, conversion events, deliveries, audit rows and every grant", async () => {
    const counts = await rows<Record<string, number>>(
      upgraded.database,
      sql`select
        (select count(*)::int from lead_events where lead_id = 101) as events,
        (select count(*)::int from lead_jobs where lead_id = 101) as jobs,
        (select count(*)::int from notifications where lead_id = 101) as notifications,
        (select count(*)::int from conversion_events where lead_id = 101) as conversions,
        (select count(*)::int from webhook_deliveries where contact_message_id = 101) as deliveries,
        (select count(*)::int from audit_logs where entity_id = '101') as audits`,
    );
    expect(counts[0]).toEqual({ events: 4, jobs: 1, notifications: 1, conversions: 1, deliveries: 1, audits: 1 });
    const grants = await rows<{ who: string; key: string; granted: boolean }>(
      upgraded.database,
      sql`select r.role as who, p.key, true as granted from role_permissions r join permissions p on p.id = r.permission_id
          union all
          select u.user_id::text, p.key, u.granted from user_permissions u join permissions p on p.id = u.permission_id
          order by 1, 2`,
    );
    expect(grants).toEqual([
      { who: agent, key: "contact_messages.export", granted: true },
      { who: manager, key: "leads.work", granted: false },
      { who: "employee", key: "contact_messages.view", granted: true },
      { who: "manager", key: "leads.view_all", granted: true },
    ]);
  });

  it("ties the history to the lead: deleting the enquiry that opened it removes the case as before", async () => {
    await upgraded.database.db.execute(sql`delete from contact_messages where id = 103`);
    const left = await rows<{ n: number }>(upgraded.database, sql`select count(*)::int as n from leads where id = 103`);
    expect(left[0].n).toBe(0);
  });
});

/**
 * The upgrade of a running site: a database of the previous version, worked on for weeks, upgraded to the head keeps
 * every enquiry, lead, permission grant and reference (docs/decisions/147-the-upgrade-test.md).
 *
 * "The previous version" is drizzle/0012_conversions.sql: the last migration of the release the house changes started
 * from (main at 0d3f148 ends there). The first migration after it, 0013 (queue times from the app clock,
 * docs/decisions/057-one-job-engine-and-one-clock.md), opens the house changes; 0014/0015 split enquiries and leads
 * (docs/decisions/061-enquiries-and-leads.md) and every later migration (one open lead per person, licences, the
 * inventory's holds, platform forms, visits, WhatsApp, payments) runs on the rows the split made.
 *
 * The database is filled as that version's desk left it: nine enquiries (three by one phone, two by another, an erased
 * one), each the case of its person at a stage with an owner, a hand merge, notes and stage changes on the timeline,
 * clock jobs, notifications, units reserved by leads, landing and campaign attribution with conversion events, webhook
 * deliveries, visits and spend per campaign, audit rows, and the permission catalogue of that release with a role's
 * and a user's grants changed by staff (SPEC's `contact_messages.view/.delete/.export` among them). Then it is started
 * on the head as the server starts (runMigrations, then the permission catalogue's sync of src/server/db/seed.ts).
 *
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (a database of its own, dropped after).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission } from "#domain/permissions.ts";
import { DEFAULT_ROLE_GRANTS, isPermissionKey, PERMISSION_CATALOGUE, type Role } from "#domain/roles.ts";
import { loadPermissionFacts, syncPermissionCatalogue } from "../modules/permissions/service.ts";
import { databaseAt, lostRows, type PreviousVersion, rows, tableRows } from "../test-utils/migrations.ts";
import type { Database } from "./connection.ts";

const PREVIOUS_VERSION = "0012_conversions";

/** The permission catalogue of the previous version, in the order its start-up stored them (ids 1…39). */
const RELEASED_KEYS = [
  ...["dashboard.view", "projects.view", "projects.create", "projects.edit", "projects.delete", "projects.feature"],
  ...["projects.publish", "updates.view", "updates.create", "updates.edit", "updates.delete", "updates.publish"],
  ...["units.view", "units.create", "units.edit", "units.delete", "units.import", "uploads.create"],
  ...["landing_pages.view", "landing_pages.edit", "landing_pages.delete", "landing_pages.publish"],
  ...["campaigns.manage", "conversions.manage"],
  ...["contact_messages.view", "contact_messages.delete", "contact_messages.export"],
  ...["leads.view_all", "leads.view_own", "leads.assign", "leads.work", "leads.export", "leads.settings"],
  ...["users.view", "users.create", "users.edit", "users.delete", "permissions.manage", "audit.view"],
];

/** Staff of the previous version: a manager, two sales agents and an employee. */
const STAFF = {
  manager: { id: "00000000-0000-4000-8000-0000000000a1", role: "manager" },
  agentA: { id: "00000000-0000-4000-8000-0000000000a2", role: "sales_agent" },
  agentB: { id: "00000000-0000-4000-8000-0000000000a3", role: "sales_agent" },
  employee: { id: "00000000-0000-4000-8000-0000000000a4", role: "employee" },
} as const satisfies Record<string, { id: string; role: Role }>;
type Staff = keyof typeof STAFF;

/**
 * Each role's grants at the previous version: that release's defaults (the keys it knew of today's
 * DEFAULT_ROLE_GRANTS), changed by staff: the manager role lost `contact_messages.delete`, the employee role gained
 * `contact_messages.export`, the sales agents gained `contact_messages.view`.
 */
const RELEASED_ROLE_GRANTS: Record<Exclude<Role, "super_admin">, string[]> = {
  manager: DEFAULT_ROLE_GRANTS.manager.filter((k) => RELEASED_KEYS.includes(k) && k !== "contact_messages.delete"),
  employee: [...DEFAULT_ROLE_GRANTS.employee.filter((k) => RELEASED_KEYS.includes(k)), "contact_messages.export"],
  photographer: DEFAULT_ROLE_GRANTS.photographer.filter((k) => RELEASED_KEYS.includes(k)),
  sales_agent: [...DEFAULT_ROLE_GRANTS.sales_agent.filter((k) => RELEASED_KEYS.includes(k)), "contact_messages.view"],
};

/** Grants of single users at the previous version (user_permissions: true grants, false withholds). */
const RELEASED_USER_GRANTS: [Staff, string, boolean][] = [
  ["agentA", "contact_messages.export", true],
  ["agentB", "leads.view_all", true],
  ["employee", "contact_messages.view", false],
  ["manager", "contact_messages.delete", true],
  ["manager", "leads.export", false],
];

/**
 * Who may use each key of the grant table of docs/decisions/061-enquiries-and-leads.md after the upgrade: the same
 * people as before it (SPEC's keys and the desk's keys side by side, none renamed or merged).
 */
const DOCUMENTED_ACCESS: Record<string, Staff[]> = {
  "contact_messages.view": ["manager", "agentA", "agentB"],
  "contact_messages.delete": ["manager"],
  "contact_messages.export": ["manager", "agentA", "employee"],
  "leads.view_own": ["manager", "agentA", "agentB", "employee"],
  "leads.view_all": ["manager", "agentB", "employee"],
  "leads.work": ["manager", "agentA", "agentB"],
  "leads.assign": ["manager"],
  "leads.export": [],
  "leads.settings": ["manager"],
};

const { manager, agentA, agentB, employee } = {
  manager: STAFF.manager.id,
  agentA: STAFF.agentA.id,
  agentB: STAFF.agentB.id,
  employee: STAFF.employee.id,
};

/** The previous version's permission rows, as SQL of that version. */
function grantStatements(): string {
  const id = (key: string) => RELEASED_KEYS.indexOf(key) + 1;
  const category = (key: string) => PERMISSION_CATALOGUE.find((p) => p.key === key);
  const keys = RELEASED_KEYS.map(
    (key) => `(${id(key)}, '${key}', '${category(key)?.description}', '${category(key)?.category}')`,
  );
  const roles = Object.entries(RELEASED_ROLE_GRANTS).flatMap(([role, granted]) =>
    granted.map((key) => `('${role}', ${id(key)})`),
  );
  const users = RELEASED_USER_GRANTS.map(([who, key, granted]) => `('${STAFF[who].id}', ${id(key)}, ${granted})`);
  return `
      insert into permissions (id, key, description, category) values ${keys.join(", ")};
      select setval(pg_get_serial_sequence('permissions', 'id'), ${RELEASED_KEYS.length});
      insert into role_permissions (role, permission_id) values ${roles.join(", ")};
      insert into user_permissions (user_id, permission_id, granted) values ${users.join(", ")}`;
}

/**
 * Sara wrote three times by one phone (101 reserved unit 70; 102 merged into it by hand; 103 later through a TikTok
 * campaign, another agent's); Khalid twice (104 contacted with a follow-up; 109 from a progress update); Noura lost
 * (105), Fahad bought unit 72 (106), Reem reserved unit 80 whose status still said متاحة (107), and 108 was erased.
 */
const SEED = `
      insert into users (id, username, password_hash, role, name, email) values
        ('${manager}', 'manager', 'x', 'manager', 'مدير المبيعات', 'm@example.com'),
        ('${agentA}', 'agent-a', 'x', 'sales_agent', 'سارة الوكيلة', null),
        ('${agentB}', 'agent-b', 'x', 'sales_agent', 'فهد', null),
        ('${employee}', 'employee', 'x', 'employee', 'موظف', null);
      insert into projects (id, name, description, price, city, district) values
        (7, 'أبراج الشاطئ', '', 1000000, 'جدة', 'الشاطئ'), (8, 'واحة الروضة', '', 800000, 'جدة', 'الروضة');
      insert into project_updates (id, project_id, title) values (5, 7, 'صب السقف');
      insert into units (id, project_id, unit_number, building, price, status, floor) values
        (70, 7, '0101', 'A', 900000, 'محجوزة', 1), (71, 7, '0301', 'A', 950000, 'متاحة', 3),
        (72, 7, '0102', 'A', 910000, 'مباعة', 1), (80, 8, '1', '', 700000, 'متاحة', 0);
      insert into landing_pages (id, project_id, slug, poster) values (8, 7, 'shati', '/p.jpg');
      insert into landing_campaigns (id, landing_page_id, platform_name, url_slug, display_name) values
        (9, 8, 'snapchat', 'snap', 'سناب نوفمبر'), (10, 8, 'tiktok', 'tt', 'تيك توك');
      insert into campaign_daily_visits (campaign_id, day, visits) values (9, '2026-11-01', 40), (10, '2026-11-06', 12);
      insert into campaign_spend (campaign_id, day, amount_halalas) values (9, '2026-11-01', 150000);
      insert into contact_messages (id, landing_page_id, campaign_id, project_id, update_id, source, name, email, phone,
          message, is_duplicate, attribution, origin, consent_version, consent_at, marketing_consent_version,
          marketing_consent_at, created_at, stage, owner_id, unit_id, lost_reason, first_contact_at, follow_up_at,
          stage_changed_at, merged_into_id, anonymised_at)
        values
        (101, 8, 9, 7, null, 'landing', 'سارة', 'sara@example.com', '+966500000001', 'أريد شقة', false,
          '{"utm_source":"snapchat","utm_campaign":"nov"}', '{"projectName":"أبراج الشاطئ","campaignName":"سناب نوفمبر"}',
          'v1', '2026-11-01T09:00:00Z', 'v1', '2026-11-01T09:00:00Z', '2026-11-01T09:00:00Z',
          'reserved', '${agentA}', 70, null, '2026-11-01T09:05:00Z', null, '2026-11-02T10:00:00Z', null, null),
        (102, 8, 9, 7, null, 'landing', 'سارة', null, '+966500000001', 'مرة أخرى', true, '{}', '{}',
          'v1', '2026-11-02T09:00:00Z', null, null, '2026-11-02T09:00:00Z',
          'new', '${agentA}', null, null, null, null, null, 101, null),
        (103, 8, 10, 7, null, 'landing', 'سارة', null, '+966500000001', 'هل ما زالت متاحة؟', true,
          '{"utm_source":"tiktok"}', '{"campaignName":"تيك توك"}', 'v1', '2026-11-06T09:00:00Z', null, null,
          '2026-11-06T09:00:00Z', 'new', '${agentB}', null, null, null, null, null, null, null),
        (104, null, null, 7, null, 'project', 'خالد', 'k@example.com', '+966500000002', 'موعد زيارة', false, '{}',
          '{"projectName":"أبراج الشاطئ"}', 'v1', '2026-11-03T09:00:00Z', null, null, '2026-11-03T09:00:00Z',
          'contacted', '${agentB}', null, null, '2026-11-03T09:20:00Z', '2026-11-10T09:00:00Z',
          '2026-11-03T09:20:00Z', null, null),
        (105, null, null, null, null, 'home', 'نورة', 'noura@example.com', null, null, false, '{}', '{}',
          'v1', '2026-11-04T09:00:00Z', null, null, '2026-11-04T09:00:00Z',
          'lost', '${agentA}', null, 'السعر', '2026-11-04T10:00:00Z', null, '2026-11-05T09:00:00Z', null, null),
        (106, null, null, 7, null, 'project', 'فهد', null, '+966500000003', null, false, '{}', '{}',
          'v1', '2026-10-01T09:00:00Z', null, null, '2026-10-01T09:00:00Z',
          'sold', '${agentA}', 72, null, '2026-10-01T09:30:00Z', null, '2026-10-20T09:00:00Z', null, null),
        (107, null, null, 8, null, 'project', 'ريم', null, '+966500000004', null, false, '{}', '{}',
          'v1', '2026-11-05T09:00:00Z', null, null, '2026-11-05T09:00:00Z',
          'reserved', '${agentB}', 80, null, '2026-11-05T09:10:00Z', null, '2026-11-05T12:00:00Z', null, null),
        (108, null, null, null, null, 'home', 'محذوف', null, null, null, false, '{}', '{}',
          null, null, null, null, '2026-09-01T09:00:00Z',
          'lost', null, null, 'طلب الحذف', null, null, '2026-09-02T09:00:00Z', null, '2026-09-02T09:00:00Z'),
        (109, null, null, 7, 5, 'update', 'خالد', null, '+966500000002', 'متى التسليم؟', true, '{}', '{}',
          'v1', '2026-11-07T09:00:00Z', null, null, '2026-11-07T09:00:00Z',
          'new', '${agentA}', null, null, null, null, null, null, null);
      select setval(pg_get_serial_sequence('contact_messages', 'id'), 109);
      insert into lead_events (id, lead_id, kind, actor_id, from_stage, to_stage, activity_kind, note, data, created_at)
        values
        (1, 101, 'assigned', null, null, null, null, null, '{"ownerId":"${agentA}","auto":true}', '2026-11-01T09:00:00Z'),
        (2, 101, 'activity', '${agentA}', null, null, 'call', 'اتصلت وحددت موعدًا', '{}', '2026-11-01T09:05:00Z'),
        (3, 101, 'stage_changed', '${agentA}', 'new', 'reserved', null, null, '{"unitId":70}', '2026-11-02T10:00:00Z'),
        (4, 101, 'merged', '${agentA}', null, null, null, null, '{"otherId":102}', '2026-11-02T11:00:00Z'),
        (5, 103, 'assigned', null, null, null, null, null, '{"ownerId":"${agentB}","auto":true}', '2026-11-06T09:00:00Z'),
        (6, 103, 'activity', '${agentB}', null, null, 'note', 'تسأل عن وحدة أخرى', '{}', '2026-11-06T09:30:00Z'),
        (7, 104, 'activity', '${agentB}', null, null, 'whatsapp', 'أرسلت المخطط', '{}', '2026-11-03T09:20:00Z'),
        (8, 104, 'stage_changed', '${agentB}', 'new', 'contacted', null, null, '{}', '2026-11-03T09:20:00Z'),
        (9, 105, 'stage_changed', '${agentA}', 'contacted', 'lost', null, 'السعر أعلى من ميزانيتها', '{}',
          '2026-11-05T09:00:00Z'),
        (10, 106, 'stage_changed', '${agentA}', 'reserved', 'sold', null, null, '{}', '2026-10-20T09:00:00Z'),
        (11, 109, 'assigned', null, null, null, null, null, '{"ownerId":"${agentA}","auto":true}', '2026-11-07T09:00:00Z');
      select setval(pg_get_serial_sequence('lead_events', 'id'), 11);
      insert into lead_jobs (id, lead_id, kind, run_at, done_at) values
        (1, 101, 'follow_up', '2026-11-09T09:00:00Z', null), (2, 103, 'reassign', '2026-11-06T09:30:00Z', null),
        (3, 104, 'follow_up', '2026-11-10T09:00:00Z', null), (4, 104, 'notify_agent', '2026-11-03T09:05:00Z',
          '2026-11-03T09:05:00Z'), (5, 109, 'notify_agent', '2026-11-07T09:05:00Z', null);
      select setval(pg_get_serial_sequence('lead_jobs', 'id'), 5);
      insert into notifications (id, user_id, lead_id, kind, text, email_status, emailed_at) values
        (1, '${agentA}', 101, 'assigned', 'عميل جديد: سارة', 'sent', '2026-11-01T09:00:10Z'),
        (2, '${agentB}', 103, 'assigned', 'عميل جديد: سارة', 'pending', null),
        (3, '${manager}', 104, 'follow_up', 'موعد متابعة خالد', 'pending', null);
      insert into conversion_events (id, platform, event_id, lead_id, campaign_id, kind, event_name, payload, status)
        values (1, 'snapchat', 'lead-101', 101, 9, 'enquiry', 'SIGN_UP', '{"hashed_phone":"x"}', 'delivered'),
        (2, 'tiktok', 'lead-103', 103, 10, 'enquiry', 'SubmitForm', '{}', 'pending');
      insert into webhook_deliveries (id, contact_message_id, event_id, target_url, secret_ref, payload, status, attempts)
        values (1, 101, 'msg_101', 'https://crm.example.com/hook', 'campaign:9', '{"id":101}', 'delivered', 1),
        (2, 103, 'msg_103', 'https://crm.example.com/hook', 'campaign:10', '{"id":103}', 'failed', 8);
      insert into lead_agents (project_id, user_id, position) values (7, '${agentA}', 0), (7, '${agentB}', 1);
      insert into lead_agent_status (user_id, away) values ('${agentB}', true);
      insert into lead_lost_reasons (name) values ('المساحة صغيرة');
      update lead_lost_reasons set active = false where name = 'لا يرد';
      insert into lead_desk_settings (id, reassign_after) values (1, 45)
        on conflict (id) do update set reassign_after = excluded.reassign_after;
      insert into audit_logs (user_id, entity_type, entity_id, action, new_state) values
        ('${agentA}', 'contact_message', '101', 'stage', '{"stage":"reserved","unitId":70}'),
        ('${agentA}', 'contact_message', '101', 'merge', '{"otherId":102}'),
        ('${agentA}', 'contact_message', '106', 'stage', '{"stage":"sold"}'),
        (null, 'contact_message', '108', 'erase', null),
        ('${manager}', 'role_permissions', 'manager', 'update', '{"removed":["contact_messages.delete"]}');
      ${grantStatements()}
`;

let previous: PreviousVersion;
let database: Database;
let before: Record<string, Record<string, unknown>[]>;
let accessBefore: Record<string, string[]>;

/** The keys of the previous catalogue each staff member may use (the server guard's decision). */
async function access(): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const [who, user] of Object.entries(STAFF)) {
    const facts = await loadPermissionFacts(database.db, user);
    all[who] = RELEASED_KEYS.filter((key) => hasPermission(user, key, facts));
  }
  return all;
}

beforeAll(async () => {
  previous = await databaseAt(PREVIOUS_VERSION, SEED);
  database = previous.database;
  before = await tableRows(database);
  accessBefore = await access();
  // A start-up on the head: the migrations, then the catalogue's sync (src/server/db/seed.ts prepareDatabase).
  await previous.upgrade();
  await syncPermissionCatalogue(database.db);
}, 120_000);

afterAll(() => previous?.close());

describe("upgrade from the previous version: enquiries, leads and their references", () => {
  it("keeps every row of the previous version in every column it still has, but for the documented moves", async () => {
    expect(before.contact_messages).toHaveLength(9);
    // The one-open-lead-per-person join (drizzle/0016_lead-person-key.sql) moves the joined leads' timelines to the
    // lead they join and closes their pending clock jobs; the inventory (drizzle/0019_inventory.sql) marks the unit a
    // lead reserved as محجوزة. Nothing else of the previous version changes.
    expect(lostRows(before, await tableRows(database))).toEqual({
      lead_events: [5, 6, 11],
      lead_jobs: [2, 5],
      units: [80],
    });
  });

  it("keeps every enquiry under its id with its attribution, each pointing at its person's lead", async () => {
    const enquiries = await rows<Record<string, unknown>>(
      database,
      sql`select c.id, c.lead_id, c.landing_page_id, c.campaign_id, c.project_id, c.update_id, c.attribution
          from contact_messages c order by c.id`,
    );
    const leadOf = Object.fromEntries(enquiries.map((e) => [e.id, e.lead_id]));
    expect(leadOf).toEqual({
      101: 101,
      102: 101,
      103: 101,
      104: 104,
      105: 105,
      106: 106,
      107: 107,
      108: 108,
      109: 104,
    });
    expect(enquiries[2]).toMatchObject({ landing_page_id: 8, campaign_id: 10, attribution: { utm_source: "tiktok" } });
    expect(enquiries[8]).toMatchObject({ project_id: 7, update_id: 5 });
    // Every reference to an enquiry or a lead is a foreign key the database keeps.
    const keys = await rows<{ key: string }>(
      database,
      sql`select conrelid::regclass::text || '.' || a.attname || ' → ' || confrelid::regclass::text as key
          from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
          where k.contype = 'f' and k.confrelid in ('contact_messages'::regclass, 'leads'::regclass) order by 1`,
    );
    expect(keys.map((k) => k.key)).toEqual(
      expect.arrayContaining([
        ...["contact_messages.lead_id → leads", "conversion_events.lead_id → leads", "lead_events.lead_id → leads"],
        ...["lead_jobs.lead_id → leads", "leads.merged_into_id → leads", "notifications.lead_id → leads"],
        ...["unit_holds.lead_id → leads", "leads.id → contact_messages"],
        "webhook_deliveries.contact_message_id → contact_messages",
      ]),
    );
  });

  it("gives each case its lead with owner, stage, unit, clock and merge; duplicates join the person's open lead", async () => {
    // The desk's columns left the enquiry rows (drizzle/0015_leads-off-enquiries.sql) with their values, onto the lead
    // under the enquiry's id; only the one-open-lead-per-person join (drizzle/0016_lead-person-key.sql) adds merges.
    const desk = [
      "stage",
      "owner_id",
      "unit_id",
      "lost_reason",
      "first_contact_at",
      "follow_up_at",
      "stage_changed_at",
    ];
    const pick = (row: Record<string, unknown>) =>
      Object.fromEntries([...desk, "merged_into_id"].map((c) => [c, row[c]]));
    const joined: Record<number, number> = { 103: 101, 109: 104 };
    const leads = await rows<Record<string, unknown>>(database, sql`select * from leads order by id`);
    expect(leads.map((lead) => [lead.id, pick(lead)])).toEqual(
      [...before.contact_messages]
        .sort((x, y) => Number(x.id) - Number(y.id))
        .map((row) => [row.id, pick({ ...row, merged_into_id: joined[Number(row.id)] ?? row.merged_into_id })]),
    );
    expect(leads[0]).toMatchObject({ stage: "reserved", owner_id: agentA, unit_id: 70 });
    const people = await rows<Record<string, unknown>>(
      database,
      sql`select id, person_phone, person_email from leads
          where merged_into_id is null and stage not in ('lost', 'sold') order by id`,
    );
    expect(people).toEqual([
      { id: 101, person_phone: "+966500000001", person_email: "sara@example.com" },
      { id: 104, person_phone: "+966500000002", person_email: "k@example.com" },
      { id: 107, person_phone: "+966500000004", person_email: null },
    ]);
    const timeline = await rows<{ lead_id: number; n: number }>(
      database,
      sql`select lead_id, count(*)::int as n from lead_events group by lead_id order by lead_id`,
    );
    // 101: its four, 103's two and the join's; 103 and 109 keep a "joined" line; 104: its two, 109's one, the join's.
    expect(timeline).toEqual([
      { lead_id: 101, n: 7 },
      { lead_id: 103, n: 1 },
      { lead_id: 104, n: 4 },
      { lead_id: 105, n: 1 },
      { lead_id: 106, n: 1 },
      { lead_id: 109, n: 1 },
    ]);
    const joins = await rows<{ entity_id: string; merged: number }>(
      database,
      sql`select entity_id, (previous_state -> 'other' ->> 'mergedId')::int as merged from audit_logs
          where action = 'merge' and user_id is null order by 2`,
    );
    expect(joins).toEqual([
      { entity_id: "101", merged: 103 },
      { entity_id: "104", merged: 109 },
    ]);
  });

  it("keeps the desk's references: notifications, conversion events, deliveries, agents, spend and audit rows", async () => {
    const counts = await rows<Record<string, number>>(
      database,
      sql`select
        (select count(*)::int from notifications where lead_id in (101, 103, 104)) as notifications,
        (select count(*)::int from conversion_events where lead_id in (101, 103)) as conversions,
        (select count(*)::int from webhook_deliveries where contact_message_id in (101, 103)) as deliveries,
        (select count(*)::int from lead_agents where project_id = 7) as agents,
        (select count(*)::int from campaign_daily_visits) as visit_days,
        (select count(*)::int from campaign_spend where campaign_id = 9) as spend_days,
        (select count(*)::int from audit_logs where user_id is not null or action = 'erase') as audits`,
    );
    expect(counts[0]).toEqual({
      notifications: 3,
      conversions: 2,
      deliveries: 2,
      agents: 2,
      visit_days: 2,
      spend_days: 1,
      audits: 5,
    });
  });
});

describe("upgrade from the previous version: units reserved by leads", () => {
  it("turns each unit a lead reserved into the unit's active reservation, held by the lead's owner", async () => {
    const holds = await rows<Record<string, unknown>>(
      database,
      sql`select h.unit_id, h.lead_id, h.kind, h.held_by, h.price, u.inventory_state, u.status
          from unit_holds h join units u on u.id = h.unit_id where h.released_at is null order by h.unit_id`,
    );
    expect(holds).toEqual([
      {
        unit_id: 70,
        lead_id: 101,
        kind: "reservation",
        held_by: agentA,
        price: 900000,
        inventory_state: "reserved",
        status: "محجوزة",
      },
      {
        unit_id: 80,
        lead_id: 107,
        kind: "reservation",
        held_by: agentB,
        price: 700000,
        inventory_state: "reserved",
        status: "محجوزة",
      },
    ]);
    const sold = await rows<{ inventory_state: string }>(
      database,
      sql`select inventory_state from units where id = 72`,
    );
    expect(sold).toEqual([{ inventory_state: "sold" }]);
  });
});

describe("upgrade from the previous version: permission grants", () => {
  it("keeps SPEC's permission keys and every role's and user's grant: the same people may do the same things", async () => {
    expect(RELEASED_KEYS.filter((key) => !isPermissionKey(key))).toEqual([]);
    const catalogue = await rows<{ id: number; key: string }>(
      database,
      sql`select id, key from permissions where id <= ${RELEASED_KEYS.length} order by id`,
    );
    expect(catalogue.map((p) => p.key)).toEqual(RELEASED_KEYS);
    // The catalogue's sync grants a new key to its default roles and never re-grants a released key staff took away.
    const roleGrants = await rows<{ role: string; key: string }>(
      database,
      sql`select r.role, p.key from role_permissions r join permissions p on p.id = r.permission_id
          where p.id <= ${RELEASED_KEYS.length} order by r.role, p.id`,
    );
    const released = Object.entries(RELEASED_ROLE_GRANTS).flatMap(([role, keys]) =>
      [...keys].sort((a, b) => RELEASED_KEYS.indexOf(a) - RELEASED_KEYS.indexOf(b)).map((key) => ({ role, key })),
    );
    expect(roleGrants).toEqual(released.sort((a, b) => a.role.localeCompare(b.role)));
    const accessAfter = await access();
    expect(accessAfter).toEqual(accessBefore);
    for (const [key, holders] of Object.entries(DOCUMENTED_ACCESS)) {
      const after = (Object.keys(STAFF) as Staff[]).filter((who) => accessAfter[who].includes(key));
      expect({ key, holders: after }).toEqual({ key, holders });
    }
  });
});

/**
 * npm run bench:leads — the leads list and export at 100,000 leads on PostgreSQL (docs/performance/leads.md).
 *
 * Needs DATABASE_URL (a PostgreSQL server you may create databases on; refuses to run without it): creates a
 * throwaway database there, migrates it, seeds LEADS leads (default 100,000) with one SQL statement — 5 projects,
 * 10 campaigns, 20 sales agents, every stage, 2 years of dates, Arabic names, E.164 phones, a third with e-mails,
 * 1 in 7 duplicates, a fifth not contacted — and drops it at the end (also on failure).
 * Measures, in-process:
 *   - the paged list GET /api/leads through app.inject: for each filter combination, REQUESTS requests (default 60)
 *     after 5 warm-ups, p50 and p95 in ms; a manager (every lead) and an agent (own leads);
 *   - the streamed export GET /api/leads/export (CSV and XLSX, every lead) over HTTP on 127.0.0.1, the body read
 *     and thrown away chunk by chunk: time to the last byte, bytes, and peak RSS growth of the process (sampled
 *     every 20 ms) — the server and the reading client share the process, so the growth bounds the server's.
 * Targets: list p95 ≤ 100 ms for every combination; export RSS growth ≤ 150 MB. Exit code 1 when one is missed.
 * Options: LEADS, REQUESTS, BENCH_JSON=1 (JSON instead of the table), BENCH_KEEP=1 (keep the database, to EXPLAIN;
 * drop it yourself), BENCH_EXPORT=0 (the list only).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/connection.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { users } from "../src/server/db/schema.ts";
import { loadSiteConfig } from "../src/server/lib/site-config.ts";
import { localStorage } from "../src/server/lib/storage.ts";
import { hashPassword } from "../src/server/modules/auth/service.ts";
import { syncPermissionCatalogue } from "../src/server/modules/permissions/service.ts";
import { benchApp, listenOnLoopback, throwawayPostgres } from "./harness.ts";

const LEADS = Math.max(1000, Number(process.env.LEADS ?? 100_000));
const REQUESTS = Math.max(10, Number(process.env.REQUESTS ?? 60));
const TARGET_P95_MS = 100;
const TARGET_EXPORT_MB = 150;
const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * The seed: the enquiries by one insert … select from generate_series (names, phones spread by i), then each one's lead
 * under its id (owners, stages and clock spread by i; a fresh database numbers the enquiries 1…n, so id = i).
 */
const SEED_SQL = `
insert into contact_messages
  (name, phone, email, message, source, project_id, campaign_id, is_duplicate, created_at)
select
  (array['محمد','أحمد','عبدالله','سارة','نورة','فاطمة','خالد','ريم','هند','إبراهيم'])[1 + i % 10] || ' ' ||
    (array['القحطاني','الغامدي','الزهراني','العتيبي','الحربي','الشهري','المطيري'])[1 + (i / 10) % 7],
  '+9665' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
  case when i % 3 = 0 then 'client' || i || '@example.com' end,
  'أرغب في معرفة الأسعار والمساحات المتاحة',
  (array['home','project','update','campaign'])[1 + i % 4],
  ($1::int[])[1 + i % 5],
  case when i % 4 = 3 then ($2::int[])[1 + i % 10] end,
  i % 7 = 0,
  now() - (i * interval '10 minutes')
from generate_series(1, $3::int) as s(i)`;
const LEADS_SQL = `
insert into leads (id, owner_id, stage, lost_reason, created_at, first_contact_at, stage_changed_at, follow_up_at)
select
  i,
  case when i % 50 <> 0 then ($1::uuid[])[1 + i % 20] end,
  (array['new','contacted','qualified','visit','reserved','sold','lost'])[1 + (i / 3) % 7],
  case when (i / 3) % 7 = 6 then 'السعر' end,
  m.created_at,
  case when i % 5 <> 0 then m.created_at + interval '7 minutes' end,
  m.created_at + interval '1 hour',
  case when i % 9 = 0 then m.created_at + interval '3 days' end
from contact_messages m, lateral (select m.id as i) s`;

const DELIVERIES_SQL = `
insert into webhook_deliveries (contact_message_id, event_id, target_url, secret_ref, payload, status, attempts,
  next_attempt_at, delivered_at, created_at)
select m.id, 'msg_' || m.id || '_' || k, 'https://crm.example.com/hook', 'campaign:1', '{}'::jsonb,
  (array['delivered','failed','pending'])[1 + (m.id + k) % 3], k, m.created_at + k * interval '1 minute',
  case when (m.id + k) % 3 = 0 then m.created_at + k * interval '1 minute' end, m.created_at
from contact_messages m, generate_series(1, 1 + m.id % 3) k
where m.id % 3 = 1`;
const JOBS_SQL = `
insert into lead_jobs (lead_id, kind, run_at, done_at)
select l.id, (array['notify_agent','notify_managers','reassign'])[k], l.created_at + k * interval '15 minutes',
  case when l.first_contact_at is not null or k = 1 then l.created_at + k * interval '15 minutes' end
from leads l, generate_series(1, 3) k`;

interface ListCase {
  name: string;
  url: string;
  as: "manager" | "agent";
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      "bench:leads needs DATABASE_URL=postgres://… (a PostgreSQL server; it creates and drops its own database)",
    );
    process.exit(2);
  }
  const throwaway = await throwawayPostgres(databaseUrl, "bench_leads");
  const dir = await mkdtemp(path.join(tmpdir(), "bench-leads-"));
  const database = await openDatabase({ databaseUrl: throwaway.url, poolSize: 10 });
  let failed = false;
  try {
    await runMigrations(database);
    await syncPermissionCatalogue(database.db);
    const password = "bench-password-123";
    const passwordHash = await hashPassword(password);
    await database.db
      .insert(users)
      .values({ username: "bench-manager", passwordHash, role: "manager", name: "مدير القياس" });
    const agents = await database.db
      .insert(users)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          username: `bench-agent-${i}`,
          passwordHash,
          role: "sales_agent",
          name: `مسؤول ${i}`,
        })),
      )
      .returning();
    const client = new pg.Client({ connectionString: throwaway.url });
    await client.connect();
    const projectIds = (
      await client.query(
        `insert into projects (name, city) select 'مشروع ' || g, 'جدة' from generate_series(1, 5) g returning id`,
      )
    ).rows.map((r) => r.id as number);
    const pageIds = (
      await client.query(
        `insert into landing_pages (project_id, slug, poster) select p, 'lp-' || p, '/media/p.webp' from unnest($1::int[]) p returning id`,
        [projectIds],
      )
    ).rows.map((r) => r.id as number);
    const campaignIds = (
      await client.query(
        `insert into landing_campaigns (landing_page_id, platform_name, url_slug)
         select ($1::int[])[1 + g % 5], 'snapchat', 'c' || g from generate_series(1, 10) g returning id`,
        [pageIds],
      )
    ).rows.map((r) => r.id as number);
    const seedStarted = performance.now();
    await client.query(SEED_SQL, [projectIds, campaignIds, LEADS]);
    await client.query(LEADS_SQL, [agents.map((a) => a.id)]);
    await client.query("update contact_messages set lead_id = id");
    // Webhook deliveries (a third of the enquiries, one to three attempts each, the newest decides the state) and
    // the clock's jobs (three per lead, the done ones too), so the list's per-page reads meet real rows.
    await client.query(DELIVERIES_SQL);
    await client.query(JOBS_SQL);
    await client.query("analyze");
    const seedMs = performance.now() - seedStarted;
    await client.end();

    const { app } = await benchApp({ buildApp, loadConfig, loadSiteConfig, localStorage }, database.db, dir, {
      JOBS_INTERVAL_MS: "0",
      MAINTENANCE_INTERVAL_MINUTES: "0",
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
      LOG_LEVEL: "silent",
    });
    const base = await listenOnLoopback(app);
    const login = async (username: string) => {
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
      return `Bearer ${res.json().token as string}`;
    };
    const tokens = { manager: await login("bench-manager"), agent: await login("bench-agent-3") };

    const firstPage = await app.inject({ url: "/api/leads?limit=50", headers: { authorization: tokens.manager } });
    const cursor = firstPage.json().nextCursor as string;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases: ListCase[] = [
      { name: "newest, no filter", url: "/api/leads?limit=50", as: "manager" },
      { name: "second page (cursor)", url: `/api/leads?limit=50&cursor=${cursor}`, as: "manager" },
      { name: "oldest", url: "/api/leads?limit=50&sort=oldest", as: "manager" },
      { name: "stage=new", url: "/api/leads?limit=50&stage=new", as: "manager" },
      { name: "owner", url: `/api/leads?limit=50&ownerId=${agents[5].id}`, as: "manager" },
      { name: "unassigned", url: "/api/leads?limit=50&ownerId=none", as: "manager" },
      {
        name: "project + last 30 days",
        url: `/api/leads?limit=50&projectId=${projectIds[2]}&from=${monthAgo}&to=${today}`,
        as: "manager",
      },
      { name: "campaign", url: `/api/leads?limit=50&campaignId=${campaignIds[1]}`, as: "manager" },
      { name: "source=campaign + duplicate", url: "/api/leads?limit=50&source=campaign&duplicate=true", as: "manager" },
      { name: "overdue", url: "/api/leads?limit=50&overdue=true", as: "manager" },
      { name: "urgency sort", url: "/api/leads?limit=50&sort=urgency", as: "manager" },
      {
        name: "search phone 05…",
        url: `/api/leads?limit=50&search=${encodeURIComponent("0500079190")}`,
        as: "manager",
      },
      {
        name: "search name (أ/ا variant)",
        url: `/api/leads?limit=50&search=${encodeURIComponent("احمد الغامدي")}`,
        as: "manager",
      },
      { name: "agent: own leads", url: "/api/leads?limit=50", as: "agent" },
      { name: "agent: own, urgency", url: "/api/leads?limit=50&sort=urgency", as: "agent" },
    ];
    const listResults: { case: string; rows: number; p50: number; p95: number }[] = [];
    for (const c of cases) {
      const headers = { authorization: tokens[c.as] };
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ url: c.url, headers });
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        rows = res.json().items.length;
      }
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await app.inject({ url: c.url, headers });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      listResults.push({ case: c.name, rows, p50: percentile(times, 50), p95: percentile(times, 95) });
    }

    const exportResults: { format: string; rows: number; bytes: number; ms: number; rssGrowthMb: number }[] = [];
    // BENCH_EXPORT=0: the list only (a quicker run when the export is not what changed).
    for (const format of process.env.BENCH_EXPORT === "0" ? [] : (["csv", "xlsx"] as const)) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const res = await fetch(`${base}/api/leads/export?format=${format}`, {
        headers: { authorization: tokens.manager },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export ${format}: ${res.status}`);
      let bytes = 0;
      let newlines = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        bytes += chunk.byteLength;
        if (format === "csv") for (const b of chunk) if (b === 10) newlines += 1;
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      exportResults.push({
        format,
        // Lines of the CSV minus its header (the XLSX is zipped: not counted).
        rows: format === "csv" ? newlines - 1 : 0,
        bytes,
        ms,
        rssGrowthMb: mb(peak - before),
      });
    }
    const csvRows = exportResults[0]?.rows ?? LEADS;
    if (csvRows !== LEADS) throw new Error(`the CSV export has ${csvRows} rows, expected ${LEADS}`);

    await app.close();
    const slow = listResults.filter((r) => r.p95 > TARGET_P95_MS);
    const heavy = exportResults.filter((r) => r.rssGrowthMb > TARGET_EXPORT_MB);
    failed = slow.length > 0 || heavy.length > 0;
    if (process.env.BENCH_JSON === "1") {
      console.log(JSON.stringify({ leads: LEADS, seedMs, list: listResults, export: exportResults }, null, 2));
    } else {
      console.log(
        `leads: ${LEADS.toLocaleString("en")} (seeded in ${(seedMs / 1000).toFixed(1)} s), ${REQUESTS} requests per case`,
      );
      console.log("\nGET /api/leads (limit 50), app.inject, ms");
      console.log("case".padEnd(30), "rows".padStart(5), "p50".padStart(8), "p95".padStart(8));
      for (const r of listResults) {
        console.log(
          r.case.padEnd(30),
          String(r.rows).padStart(5),
          r.p50.toFixed(1).padStart(8),
          r.p95.toFixed(1).padStart(8),
        );
      }
      console.log("\nGET /api/leads/export (every lead), HTTP");
      console.log("format".padEnd(8), "time s".padStart(8), "MB".padStart(8), "RSS growth MB".padStart(14));
      for (const r of exportResults) {
        console.log(
          r.format.padEnd(8),
          (r.ms / 1000).toFixed(2).padStart(8),
          mb(r.bytes).toFixed(1).padStart(8),
          r.rssGrowthMb.toFixed(1).padStart(14),
        );
      }
      console.log(
        `\ntargets: list p95 ≤ ${TARGET_P95_MS} ms ${slow.length ? `MISSED (${slow.map((s) => s.case).join(", ")})` : "met"}; ` +
          `export RSS growth ≤ ${TARGET_EXPORT_MB} MB ${heavy.length ? "MISSED" : "met"}`,
      );
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === "1") console.log(`kept database ${throwaway.name}`);
    else await throwaway.drop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * npm run bench:contact — an ad burst behind one carrier-grade NAT address, and one person sending again and again
 * (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md; figures in docs/performance/contact.md).
 *
 * Builds the app on a fresh database (in-memory PGlite; DATABASE_URL: a PostgreSQL server, where it creates and drops
 * a throwaway database), with the production defaults of config.ts (600 per IP, 5 per phone and per e-mail per
 * 10 minutes), listens on 127.0.0.1, and posts home-page enquiries to POST /api/contact over HTTP, one at a time:
 *   1. BURST (default 300) visitors from the one address 127.0.0.1, each with their own phone and e-mail, spread evenly
 *      over 5 minutes of the app's clock (a movable clock, so the run takes seconds, not minutes): all must be stored;
 *   2. REPEAT (default 50) sends of one phone number (each with another e-mail) from the same address within a minute:
 *      the first 5 must be stored and the rest answered 429 with the wait in minutes.
 * Prints accepted / refused / stored counts, the wall time and the p50 / p95 / max answer time of each phase, ms.
 * Exit code 1 when an expectation fails. Options: BURST, REPEAT, BENCH_JSON=1 (JSON instead of the table).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/connection.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { contactMessages } from "../src/server/db/schema.ts";
import { loadSiteConfig } from "../src/server/lib/site-config.ts";
import { localStorage } from "../src/server/lib/storage.ts";
import { benchApp, listenOnLoopback, throwawayPostgres } from "./harness.ts";

const BURST = Math.max(1, Number(process.env.BURST ?? 300));
const REPEAT = Math.max(6, Number(process.env.REPEAT ?? 50));
const BURST_SPAN_MS = 5 * 60 * 1000;

interface Phase {
  phase: string;
  sent: number;
  accepted: number;
  refused: number;
  stored: number;
  wallMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** A fresh database: a throwaway PostgreSQL database under DATABASE_URL, else PGlite in memory. */
async function freshDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, label: "PGlite (in memory)", drop: async () => {} };
  }
  const throwaway = await throwawayPostgres(url, "bench_contact");
  const database = await openDatabase({ databaseUrl: throwaway.url, poolSize: 10 });
  return { database, label: "PostgreSQL", drop: throwaway.drop };
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-contact-"));
  const { database, label, drop } = await freshDatabase();
  let now = Date.parse("2031-03-01T09:00:00Z");
  const { app, config } = await benchApp(
    { buildApp, loadConfig, loadSiteConfig, localStorage },
    database.db,
    dir,
    {
      WEBHOOK_WORKER_INTERVAL_MS: "0",
      MAINTENANCE_INTERVAL_MINUTES: "0",
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0",
      LOG_LEVEL: "silent",
    },
    () => new Date(now),
  );
  try {
    await runMigrations(database);
    const url = `${await listenOnLoopback(app)}/api/contact`;
    const stored = async () => (await database.db.select({ n: count() }).from(contactMessages))[0].n;

    const run = async (phase: string, sends: { body: object; at: number }[]): Promise<Phase & { last: string }> => {
      const before = await stored();
      const times: number[] = [];
      let accepted = 0;
      let refused = 0;
      let last = "";
      const started = performance.now();
      for (const { body, at } of sends) {
        now = at;
        const t0 = performance.now();
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        times.push(performance.now() - t0);
        if (res.status === 201) accepted++;
        else if (res.status === 429) {
          refused++;
          last = (JSON.parse(text) as { message: string }).message;
        } else throw new Error(`${phase}: unexpected ${res.status} ${text}`);
      }
      const wallMs = performance.now() - started;
      times.sort((a, b) => a - b);
      return {
        phase,
        sent: sends.length,
        accepted,
        refused,
        stored: (await stored()) - before,
        wallMs: Math.round(wallMs),
        p50Ms: Math.round(percentile(times, 0.5) * 10) / 10,
        p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
        maxMs: Math.round(times[times.length - 1] * 10) / 10,
        last,
      };
    };

    const start = now;
    const burst = await run(
      `${BURST} visitors, one address, 5 min`,
      Array.from({ length: BURST }, (_, i) => ({
        at: start + Math.floor((i * BURST_SPAN_MS) / BURST),
        body: {
          name: `زائر الحملة ${i + 1}`,
          email: `visitor${i + 1}@example.com`,
          phone: `05${String(50_000_000 + i).padStart(8, "0")}`,
          message: "أرغب في معرفة الأسعار والمساحات المتاحة",
        },
      })),
    );
    const repeatStart = start + BURST_SPAN_MS;
    const repeat = await run(
      `${REPEAT} sends, one phone`,
      Array.from({ length: REPEAT }, (_, i) => ({
        at: repeatStart + Math.floor((i * 60_000) / REPEAT),
        body: {
          name: "زائر متكرر",
          email: `repeat${i + 1}@example.com`,
          phone: "0559999999",
          message: "استفسار",
        },
      })),
    );

    const expectations = [
      { what: `all ${BURST} burst enquiries stored`, ok: burst.accepted === BURST && burst.stored === BURST },
      {
        what: `one phone: 5 stored, ${REPEAT - 5} refused`,
        ok: repeat.accepted === 5 && repeat.stored === 5 && repeat.refused === REPEAT - 5,
      },
    ];
    const rows = [burst, repeat].map(({ last: _last, ...row }) => row);
    if (process.env.BENCH_JSON) {
      console.log(
        JSON.stringify({ database: label, limits: config.contactRateLimit, phases: rows, expectations }, null, 2),
      );
    } else {
      console.log(
        `bench:contact — ${label}; limits: ${config.contactRateLimit.max} per IP, ${config.contactRateLimit.personMax} per phone/e-mail per ${config.contactRateLimit.timeWindowMs / 60_000} min`,
      );
      console.table(rows);
      console.log(`a refused sender reads: ${repeat.last}`);
      for (const e of expectations) console.log(`${e.ok ? "ok  " : "FAIL"} ${e.what}`);
    }
    if (expectations.some((e) => !e.ok)) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

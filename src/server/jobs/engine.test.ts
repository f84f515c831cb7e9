/**
 * The one background engine (engine.ts) on the app's fake clock: the registered queues run when their moment comes
 * and not before (the lead clock's first step at 5 minutes), a timed job runs once per period across two instances
 * and after a restart, with its times written from the app's clock; the one timer gives every queue a pass, never
 * two passes of one queue at once, and a failing pass does not stop the others. Config: JOBS_INTERVAL_MS is the
 * one interval, the old WEBHOOK_WORKER_INTERVAL_MS is still read with a deprecation.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/connection.ts";
import { projects } from "../db/schema.ts";
import { notifications } from "../db/tables/lead-desk.ts";
import { scheduledJobs } from "../db/tables/system.ts";
import { putAgents } from "../test-utils/agents.ts";
import { createTestApp, type TestApp, type TestUser } from "../test-utils/app.ts";
import { JobEngine } from "./engine.ts";

let t: TestApp;
let peer: Database;
let now = new Date("2026-11-23T09:00:00Z");
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let agent: TestUser;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_INTERVAL_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000" }, clock });
  peer = await t.openPeerDatabase();
  const manager = await t.signIn("manager");
  agent = await t.signIn("sales_agent");
  const [project] = await t.db.insert(projects).values({ name: "مشروع المحرك", city: "جدة" }).returning();
  projectId = project.id;
  await putAgents(t, manager, projectId, [agent]);
}, 120_000);

afterAll(async () => {
  await peer.close();
  await t.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the app's queues", () => {
  it("registers every queue of today with the one engine", () => {
    // The e-mail queues ("lead-mail", "visit-mail") exist only with SMTP_URL (leads/mail.test.ts).
    expect(t.app.jobs.queues).toEqual([
      "lead-webhooks",
      "lead-clock",
      "lead_retention",
      "conversions",
      "licence-alerts",
      "lead-forms",
      "lead-forms.backfill",
      "lead-forms.backfill-forms",
      "visit-reminders",
      "visit-morning-list",
      "inventory_hold_expiry",
      "payment-webhooks",
      "payments.checkouts",
      "whatsapp-send",
      "whatsapp-media",
    ]);
    expect(t.app.clock()).toEqual(now);
  });

  it("tells the agent that a lead waits when the 5 minutes have passed on the app's clock, not before", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "سالم", phone: "0560000091", message: "أرغب في زيارة", projectReference: projectId },
      remoteAddress: "203.0.113.91",
    });
    const leadId = res.json().id as number;
    const waiting = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.leadId, leadId), eq(notifications.kind, "sla_agent")));

    advance(5 * 60_000 - 1000);
    await t.app.jobs.runDue();
    expect(await waiting()).toHaveLength(0);

    advance(1000);
    await t.app.jobs.runDue();
    const rows = await waiting();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: agent.id, createdAt: now, emailNextAt: now });
  });
});

describe("timed jobs", () => {
  it("run once per period across two instances and after a restart, at the app clock's times", async () => {
    const runs: string[] = [];
    const engineOn = (db: Database["db"], instance: string) => {
      const engine = new JobEngine({ db, clock });
      engine.every("test-period", 60_000, async (_tx, at) => {
        runs.push(`${instance}@${at.toISOString()}`);
      });
      return engine;
    };
    const first = engineOn(t.db, "a");
    const second = engineOn(peer.db, "b");
    const start = now;
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toHaveLength(1);

    advance(59_000);
    // A restarted instance finds the next turn in the row, not in its memory.
    const restarted = engineOn(t.db, "c");
    await Promise.all([first.runDue(), second.runDue(), restarted.runDue()]);
    expect(runs).toHaveLength(1);

    advance(1000);
    await Promise.all([second.runDue(), restarted.runDue()]);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatch(new RegExp(`@${now.toISOString()}$`));
    const [row] = await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "test-period"));
    expect(row).toMatchObject({ runs: 2, lastRunAt: now, nextRunAt: new Date(now.getTime() + 60_000) });
    expect(now.getTime() - start.getTime()).toBe(60_000);
  });

  it("a failing run leaves the job due, and the next pass runs it", async () => {
    const engine = new JobEngine({ db: t.db, clock, onError: () => {} });
    let fail = true;
    let ran = 0;
    engine.every("test-failing", 60_000, async () => {
      if (fail) throw new Error("boom");
      ran += 1;
    });
    await engine.runDue();
    fail = false;
    await engine.runDue();
    expect(ran).toBe(1);
  });
});

describe("the one timer", () => {
  it("gives every queue a pass each interval at the clock's time, never two passes of one queue at once", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const errors: string[] = [];
    const engine = new JobEngine({ db: t.db, clock, onError: (queue) => errors.push(queue) });
    const seen: string[] = [];
    let release: () => void = () => {};
    let slowPasses = 0;
    engine.due("quick", async (at) => {
      seen.push(at.toISOString());
    });
    engine.due("slow", () => {
      slowPasses += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    engine.due("broken", async () => {
      throw new Error("boom");
    });
    engine.start(1000);
    advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    // The first tick at start, then one per interval, each at the clock's now.
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBe(now.toISOString());
    expect(slowPasses).toBe(1);
    expect(errors).toEqual(["broken", "broken", "broken"]);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(slowPasses).toBe(2);
    release();
    await engine.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(4);
  });

  it("runs nothing by itself when the interval is 0", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const engine = new JobEngine({ db: t.db, clock });
    let passes = 0;
    engine.due("quick", async () => {
      passes += 1;
    });
    engine.start(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(0);
    await engine.stop();
  });
});

describe("JOBS_INTERVAL_MS", () => {
  it("is the one interval; the old WEBHOOK_WORKER_INTERVAL_MS is still read, with a deprecation", () => {
    expect(loadConfig({}).jobsIntervalMs).toBe(2000);
    expect(loadConfig({}).deprecations).toEqual([]);
    expect(loadConfig({ JOBS_INTERVAL_MS: "500" }).jobsIntervalMs).toBe(500);
    const old = loadConfig({ WEBHOOK_WORKER_INTERVAL_MS: "700" });
    expect(old.jobsIntervalMs).toBe(700);
    expect(old.deprecations).toEqual([expect.stringContaining("rename it JOBS_INTERVAL_MS")]);
    const both = loadConfig({ WEBHOOK_WORKER_INTERVAL_MS: "700", JOBS_INTERVAL_MS: "300" });
    expect(both.jobsIntervalMs).toBe(300);
    expect(both.deprecations).toEqual([expect.stringContaining("ignored")]);
  });
});

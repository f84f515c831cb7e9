/**
 * Timed jobs (jobs.ts): once per period across concurrent callers (PostgreSQL: separate pooled connections race
 * for the row; PGlite: one connection, the same rule), and the sweep of expired sessions and old login attempts.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loginThrottle, scheduledJobs, sessions } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { LOGIN_WINDOW_MS } from "../auth/throttle.ts";
import { runJobIfDue, sweepExpired } from "./jobs.ts";

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe("runJobIfDue", () => {
  it("runs once per period whoever calls, and again once the period has passed", async () => {
    t = await createTestApp();
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => runJobIfDue(t.db, "test-job", 60_000, work)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await runJobIfDue(t.db, "test-job", 60_000, work)).toBe(false);

    await t.db.update(scheduledJobs).set({ nextRunAt: sql`now() - interval '1 second'` });
    expect(await runJobIfDue(t.db, "test-job", 60_000, work)).toBe(true);
    const [row] = await t.db.select().from(scheduledJobs);
    expect(row.runs).toBe(2);
    expect(row.nextRunAt.getTime() - (row.lastRunAt?.getTime() ?? 0)).toBeCloseTo(60_000, -2);
  });

  it("a failing run leaves the job due", async () => {
    t = await createTestApp();
    await expect(
      runJobIfDue(t.db, "failing", 60_000, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await runJobIfDue(t.db, "failing", 60_000, async () => {})).toBe(true);
  });
});

describe("sweepExpired", () => {
  it("removes expired sessions and login attempts older than the throttle window, keeps the rest", async () => {
    t = await createTestApp();
    const now = new Date();
    const userId = await t.createUser("employee");
    const session = (name: string, refreshExpiresAt: Date, revokedAt: Date | null = null) => ({
      userId,
      accessTokenHash: `a-${name}`,
      accessExpiresAt: now,
      refreshTokenHash: `r-${name}`,
      refreshExpiresAt,
      revokedAt,
    });
    const day = 24 * 60 * 60 * 1000;
    await t.db
      .insert(sessions)
      .values([
        session("expired", new Date(now.getTime() - 1000)),
        session("live", new Date(now.getTime() + day)),
        session("revoked-long-ago", new Date(now.getTime() + day), new Date(now.getTime() - 8 * day)),
        session("revoked-recently", new Date(now.getTime() + day), new Date(now.getTime() - day)),
      ]);
    const old = new Date(now.getTime() - LOGIN_WINDOW_MS - 1000);
    await t.db.insert(loginThrottle).values([
      { key: "ip:1", failures: 3, lastFailureAt: old, blockedUntil: old },
      { key: "ip:2", failures: 3, lastFailureAt: new Date(now.getTime() - 1000), blockedUntil: now },
    ]);
    const report = await sweepExpired(t.db, now);
    expect(report).toMatchObject({ sessions: 2, loginCounters: 1 });
    const left = await t.db.select({ hash: sessions.accessTokenHash }).from(sessions);
    expect(left.map((s) => s.hash).sort()).toEqual(["a-live", "a-revoked-recently"]);
    const attempts = await t.db.select({ key: loginThrottle.key }).from(loginThrottle);
    expect(attempts).toEqual([{ key: "ip:2" }]);
  });
});

/** The maintenance job (jobs.ts): the sweep of expired sessions and old login attempts. */
import { afterEach, describe, expect, it } from "vitest";
import { loginThrottle, sessions } from "../../db/tables/auth.ts";
import { createTestApp, type TestApp } from "../../test-utils/app.ts";
import { LOGIN_WINDOW_MS } from "../auth/throttle.ts";
import { sweepExpired } from "./jobs.ts";

let t: TestApp;
afterEach(async () => {
  await t?.close();
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

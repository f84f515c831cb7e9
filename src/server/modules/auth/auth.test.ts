import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs } from "../../db/tables/access.ts";
import { TEST_PASSWORD } from "../../test-utils/app.ts";
import { setUpTestApp } from "../../test-utils/block-app.ts";
import { login, logout } from "./service.ts";
import { ACCOUNT_RULE, IP_RULE, LOGIN_WINDOW_MS } from "./throttle.ts";

const LOGIN_FREE_FAILURES_PER_USER = ACCOUNT_RULE.free;
const LOGIN_MAX_DELAY_MS = ACCOUNT_RULE.maxDelayMs;
const LOGIN_FAILURES_PER_IP = IP_RULE.free;

const client = (ip: string) => ({ ip, userAgent: "vitest" });

describe("sign-in throttle and sessions", () => {
  const t = setUpTestApp();

  const statusOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { statusCode?: number }) => error.statusCode ?? 500,
    );

  it("locks a username after the free failures, over the route, with Retry-After", async () => {
    const username = `lock-${Date.now()}`;
    await t.createUser("employee", { username });
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_USER; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password: "wrong-password-1" },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/محاولات دخول كثيرة/);
  });

  it("grows the delay per failure up to the cap and releases after the window (injected clock)", async () => {
    const username = `clock-${Date.now()}`;
    await t.createUser("employee", { username });
    const start = Date.parse("2030-01-01T10:00:00Z");
    let now = start;
    // Enough spaced failures that the delay reaches its cap (each try waits out the previous delay first).
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_USER + 8; i++) {
      expect(
        await statusOf(login(t.db, { username, password: "nope-nope-1" }, client("10.0.0.1"), new Date(now))),
      ).toBe(401);
      now += LOGIN_MAX_DELAY_MS + 1;
    }
    const lastFailure = now - (LOGIN_MAX_DELAY_MS + 1);
    // Right after the last failure even the right password is refused…
    expect(
      await statusOf(
        login(t.db, { username, password: TEST_PASSWORD }, client("10.0.0.2"), new Date(lastFailure + 1000)),
      ),
    ).toBe(429);
    // …still within the capped delay…
    expect(
      await statusOf(
        login(
          t.db,
          { username, password: TEST_PASSWORD },
          client("10.0.0.2"),
          new Date(lastFailure + LOGIN_MAX_DELAY_MS - 1000),
        ),
      ),
    ).toBe(429);
    // …and released once the failures have left the window.
    expect(
      await statusOf(
        login(
          t.db,
          { username, password: TEST_PASSWORD },
          client("10.0.0.2"),
          new Date(lastFailure + LOGIN_WINDOW_MS + 1),
        ),
      ),
    ).toBe(200);
  });

  it("keeps the first delay short: one second after the fifth failure", async () => {
    const username = `short-${Date.now()}`;
    await t.createUser("employee", { username });
    const at = Date.parse("2030-02-01T10:00:00Z");
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_USER; i++) {
      await statusOf(login(t.db, { username, password: "nope-nope-1" }, client("10.0.1.1"), new Date(at)));
    }
    expect(
      await statusOf(login(t.db, { username, password: TEST_PASSWORD }, client("10.0.1.1"), new Date(at + 500))),
    ).toBe(429);
    expect(
      await statusOf(login(t.db, { username, password: TEST_PASSWORD }, client("10.0.1.1"), new Date(at + 1001))),
    ).toBe(200);
  });

  it("throttles an IP that fails on many usernames, not other addresses", async () => {
    const at = Date.parse("2030-03-01T10:00:00Z");
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i++) {
      await statusOf(
        login(t.db, { username: `ghost-${i}`, password: "nope-nope-1" }, client("10.9.9.9"), new Date(at)),
      );
    }
    const username = `victim-${Date.now()}`;
    await t.createUser("employee", { username });
    expect(
      await statusOf(login(t.db, { username, password: TEST_PASSWORD }, client("10.9.9.9"), new Date(at + 1000))),
    ).toBe(429);
    expect(
      await statusOf(login(t.db, { username, password: TEST_PASSWORD }, client("10.8.8.8"), new Date(at + 1000))),
    ).toBe(200);
    expect(
      await statusOf(
        login(t.db, { username, password: TEST_PASSWORD }, client("10.9.9.9"), new Date(at + LOGIN_MAX_DELAY_MS + 1)),
      ),
    ).toBe(200);
  });

  it("logout ends the server session: the access token and the refresh cookie stop working", async () => {
    const user = await t.signIn("employee");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const token = again.json().token as string;
    const cookie = again.cookies.find((c) => c.name === "refresh_token");
    expect(cookie).toBeDefined();
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: t.bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(token) })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { refresh_token: cookie?.value ?? "" },
    });
    expect(refresh.statusCode).toBe(401);
    // The other session of the same user is untouched.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(user.token) })).statusCode).toBe(
      200,
    );
  });

  it("writes the login and logout audit rows in the auth service, with the session, user and IP", async () => {
    const username = `audited-${Date.now()}`;
    const userId = await t.createUser("employee", { username });
    const issued = await login(t.db, { username, password: TEST_PASSWORD }, client("198.51.100.9"));
    if (issued.kind !== "session") throw new Error("expected a session");
    await logout(t.db, { sessionId: issued.sessionId, userId }, "198.51.100.10");
    const rows = await t.db
      .select({ action: auditLogs.action, userId: auditLogs.userId, ip: auditLogs.ipAddress })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "session"), eq(auditLogs.entityId, issued.sessionId)))
      .orderBy(auditLogs.id);
    expect(rows).toEqual([
      { action: "login", userId, ip: "198.51.100.9" },
      { action: "logout", userId, ip: "198.51.100.10" },
    ]);
  });
});

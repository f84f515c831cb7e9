/**
 * Staff account hardening (docs/decisions/020-staff-sign-in-hardening.md): the atomic throttle, recognised devices and
 * IPs, refresh token families, the user's own password and sessions, and TOTP two-factor sign-in.
 */
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TWO_FACTOR_TEXTS } from "#domain/schemas/auth.ts";
import { USER_TEXTS } from "#domain/schemas/user.ts";
import { users } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { loginThrottle, sessions, userTwoFactor } from "../../db/tables/auth.ts";
import { TWO_FACTOR_SETUP_REQUIRED } from "../../plugins/auth.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test-utils/app.ts";
import { hashPassword } from "./service.ts";
import { ACCOUNT_RULE } from "./throttle.ts";

const NEW_PASSWORD = "jeddah-corniche-tower-77";

describe("staff accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const loginAs = (username: string, password: string, options: { ip?: string; device?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: options.ip ?? "203.0.113.10",
      payload: { username, password },
      ...(options.device ? { cookies: { device: options.device } } : {}),
    });
  const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const options: InjectOptions = { method, url, headers: t.bearer(token) };
    if (payload !== undefined) options.payload = payload;
    return t.app.inject(options);
  };

  describe("login throttle", () => {
    it("counts concurrent wrong passwords: of 40 at once only the free ones are checked", async () => {
      const username = `burst-${Date.now()}`;
      await t.createUser("employee", { username });
      // The clock stands still (only Date is faked), so no request is let through because a delay ran out meanwhile.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2031-05-01T09:00:00Z") });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => loginAs(username, `wrong-password-${i}`, { ip: `198.51.100.${i + 1}` })),
      ).finally(() => vi.useRealTimers());
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_RULE.free);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_RULE.free);
      const [row] = await t.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `user:${username}`));
      expect(row.failures).toBe(ACCOUNT_RULE.free);
    });

    it("an attacker's failures never lock out the real user on a recognised device or IP", async () => {
      const username = `victim-${Date.now()}`;
      await t.createUser("employee", { username });
      // The staff member signs in once from the office: the browser receives a device cookie.
      const first = await loginAs(username, TEST_PASSWORD, { ip: "192.0.2.50" });
      expect(first.statusCode).toBe(200);
      const device = first.cookies.find((c) => c.name === "device");
      expect(device).toMatchObject({ httpOnly: true, path: "/api/auth", sameSite: "Strict" });
      // An attacker elsewhere keeps failing on the username.
      for (let i = 0; i < ACCOUNT_RULE.free + 3; i++)
        await loginAs(username, "guess-guess-guess", { ip: "203.0.113.99" });
      expect((await loginAs(username, TEST_PASSWORD, { ip: "203.0.113.77" })).statusCode).toBe(429);
      // The real user: on their device (from any network), or from the office network where they signed in before.
      expect((await loginAs(username, TEST_PASSWORD, { ip: "203.0.113.5", device: device?.value })).statusCode).toBe(
        200,
      );
      expect((await loginAs(username, TEST_PASSWORD, { ip: "192.0.2.50" })).statusCode).toBe(200);
      // A device cookie of another user is no key to this account's own counter.
      const other = `other-${Date.now()}`;
      await t.createUser("employee", { username: other });
      for (let i = 0; i < ACCOUNT_RULE.free + 1; i++) await loginAs(other, "guess-guess-guess", { ip: "203.0.113.98" });
      expect((await loginAs(other, TEST_PASSWORD, { ip: "203.0.113.4", device: device?.value })).statusCode).toBe(429);
    });

    it("an office address where an attacker failed 31 times still lets a staff member in on their own device", async () => {
      const username = `office-${Date.now()}`;
      const newcomer = `newcomer-${Date.now()}`;
      await t.createUser("employee", { username });
      await t.createUser("employee", { username: newcomer });
      const office = "192.0.2.80";
      // The staff member's browser is known from a sign-in at home; the office address is not known for them.
      const device = (await loginAs(username, TEST_PASSWORD, { ip: "203.0.113.61" })).cookies.find(
        (c) => c.name === "device",
      );
      expect(device).toBeDefined();
      // The clock stands still (only Date is faked), so the address's 60 s delay cannot run out during the test.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2031-06-01T08:00:00Z") });
      try {
        // An attacker behind the office's address sprays passwords over many usernames: 31 failures.
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++)
          statuses.push((await loginAs(`sprayed-${i}`, "guess-guess-guess", { ip: office })).statusCode);
        expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
        expect(statuses[30]).toBe(429);
        // The address limit stays for clients it does not recognise (or spraying would be unlimited) ...
        expect((await loginAs(newcomer, TEST_PASSWORD, { ip: office })).statusCode).toBe(429);
        // ... and the staff member on their own known device walks in from the same address.
        expect((await loginAs(username, TEST_PASSWORD, { ip: office, device: device?.value })).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it("users whose password predates the policy still sign in", async () => {
    const username = `legacy-${Date.now()}`;
    await t.db.insert(users).values({
      username,
      name: "قديم",
      role: "employee",
      passwordHash: await hashPassword("abc123defg"),
    });
    expect((await loginAs(username, "abc123defg")).statusCode).toBe(200);
  });

  describe("refresh token families", () => {
    it("a refresh token two rotations old ends the whole session", async () => {
      const username = `family-${Date.now()}`;
      await t.createUser("employee", { username });
      const signedIn = await loginAs(username, TEST_PASSWORD);
      const refreshOf = (res: { cookies: { name: string; value: string }[] }) =>
        res.cookies.find((c) => c.name === "refresh_token")?.value ?? "";
      const first = refreshOf(signedIn);
      const rotate = (token: string) =>
        t.app.inject({ method: "POST", url: "/api/auth/refresh", cookies: { refresh_token: token } });
      const second = await rotate(first);
      expect(second.statusCode).toBe(200);
      const third = await rotate(refreshOf(second));
      expect(third.statusCode).toBe(200);
      const latest = refreshOf(third);
      const accessToken = third.json().token as string;
      // The first token (two generations back) comes back: stolen. The whole family ends.
      expect((await rotate(first)).statusCode).toBe(401);
      expect((await rotate(latest)).statusCode).toBe(401);
      expect((await call(accessToken, "GET", "/api/auth/me")).statusCode).toBe(401);
    });
  });

  describe("own password and sessions", () => {
    it("changes the password with the current one, under the policy, ending the other sessions", async () => {
      const user = await t.signIn("photographer");
      const elsewhere = (await loginAs(user.username, TEST_PASSWORD)).json().token as string;

      const wrong = await call(user.token, "POST", "/api/auth/password", {
        currentPassword: "not-my-password-1",
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ currentPassword: "كلمة المرور الحالية غير صحيحة" });

      for (const [newPassword, message] of [
        ["short-one", USER_TEXTS.passwordShort],
        ["             ", USER_TEXTS.passwordBlank],
        ["qwerty123456", USER_TEXTS.passwordCommon],
      ] as const) {
        const res = await call(user.token, "POST", "/api/auth/password", {
          currentPassword: TEST_PASSWORD,
          newPassword,
        });
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json().fields).toEqual({ newPassword: message });
      }
      const same = await call(user.token, "POST", "/api/auth/password", {
        currentPassword: TEST_PASSWORD,
        newPassword: user.username,
      });
      expect(same.json().fields).toEqual({ newPassword: USER_TEXTS.passwordIsUsername });

      const ok = await call(user.token, "POST", "/api/auth/password", {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(ok.statusCode).toBe(200);
      expect((await call(user.token, "GET", "/api/auth/me")).statusCode).toBe(200);
      expect((await call(elsewhere, "GET", "/api/auth/me")).statusCode).toBe(401);
      expect((await loginAs(user.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await loginAs(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it("lists the user's own sessions and ends another one, never someone else's", async () => {
      const user = await t.signIn("employee");
      const second = (await loginAs(user.username, TEST_PASSWORD, { ip: "192.0.2.77" })).json().token as string;
      const stranger = await t.signIn("employee");

      const list = await call(user.token, "GET", "/api/auth/sessions");
      expect(list.statusCode).toBe(200);
      const rows = list.json() as { id: string; current: boolean; ipAddress: string }[];
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.current)).toHaveLength(1);
      const other = rows.find((r) => !r.current);
      expect(other?.ipAddress).toBe("192.0.2.77");

      const [strangerSession] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, stranger.id));
      expect((await call(user.token, "DELETE", `/api/auth/sessions/${strangerSession.id}`)).statusCode).toBe(404);
      expect((await call(stranger.token, "GET", "/api/auth/me")).statusCode).toBe(200);
      expect((await call(user.token, "DELETE", "/api/auth/sessions/not-a-uuid")).statusCode).toBe(400);

      expect((await call(user.token, "DELETE", `/api/auth/sessions/${other?.id}`)).statusCode).toBe(200);
      expect((await call(second, "GET", "/api/auth/me")).statusCode).toBe(401);
      expect((await call(user.token, "GET", "/api/auth/sessions")).json()).toHaveLength(1);
    });

    it("ends every other session at once («إنهاء الجلسات الأخرى»), keeps this one and writes one audit row", async () => {
      const user = await t.signIn("employee");
      const others = await Promise.all(
        ["192.0.2.81", "192.0.2.82"].map(
          async (ip) => (await loginAs(user.username, TEST_PASSWORD, { ip })).json().token as string,
        ),
      );
      const stranger = await t.signIn("employee");

      const res = await call(user.token, "POST", "/api/auth/sessions/end-others");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: 2 });
      for (const token of others) expect((await call(token, "GET", "/api/auth/me")).statusCode).toBe(401);
      expect((await call(user.token, "GET", "/api/auth/me")).statusCode).toBe(200);
      expect((await call(stranger.token, "GET", "/api/auth/me")).statusCode).toBe(200);
      expect((await call(user.token, "GET", "/api/auth/sessions")).json()).toHaveLength(1);
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, "logout_others")));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entityType: "user", entityId: user.id, newState: { ended: 2 } });
    });
  });

  describe("two-factor sign-in", () => {
    it("enrols with a QR code, then signs in with a code or a one-time recovery code", async () => {
      const user = await t.signIn("manager");
      const setup = await call(user.token, "POST", "/api/auth/two-factor/setup");
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = setup.json() as { secret: string; otpauthUrl: string; qrCode: string };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");
      // Stored sealed, never in clear.
      const [stored] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      expect(stored.secretSealed).not.toContain(secret);
      expect(t.app.secrets.open(stored.secretSealed)).toBe(secret);

      const bad = await call(user.token, "POST", "/api/auth/two-factor/enable", { code: "000000" });
      expect(bad.statusCode).toBe(400);
      const enabled = await call(user.token, "POST", "/api/auth/two-factor/enable", {
        code: await generate({ secret }),
      });
      expect(enabled.statusCode).toBe(200);
      const recoveryCodes = enabled.json().recoveryCodes as string[];
      expect(recoveryCodes).toHaveLength(10);
      expect((await call(user.token, "GET", "/api/auth/two-factor")).json()).toEqual({
        enabled: true,
        required: false,
        recoveryCodesLeft: 10,
      });

      // Password step: a challenge, no session and no cookie.
      const step1 = await loginAs(user.username, TEST_PASSWORD);
      expect(step1.statusCode).toBe(200);
      expect(step1.json()).toMatchObject({ twoFactorRequired: true });
      expect(step1.json().token).toBeUndefined();
      expect(step1.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
      const challenge = step1.json().challenge as string;

      const second = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/login/two-factor", payload });
      const wrong = await second({ challenge, code: "123456" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ code: "رمز التحقق غير صحيح" });
      // The code used at enrolment cannot be replayed; the recovery code works once.
      const done = await second({ challenge, code: recoveryCodes[0] });
      expect(done.statusCode).toBe(200);
      expect(done.json().token).toEqual(expect.any(String));
      expect(done.cookies.find((c) => c.name === "refresh_token")).toBeDefined();
      expect((await second({ challenge, code: recoveryCodes[1] })).statusCode).toBe(401);

      const again = (await loginAs(user.username, TEST_PASSWORD)).json().challenge as string;
      expect((await second({ challenge: again, code: recoveryCodes[0] })).statusCode).toBe(400);
      expect((await call(user.token, "GET", "/api/auth/two-factor")).json().recoveryCodesLeft).toBe(9);
    });

    it("a code already used is explained: wait for the next code; the next one signs in", async () => {
      // Only Date is faked: the codes' 30-second steps and the session follow this clock, nothing waits. The sign-ins
      // come from addresses no other test uses, so their 2031 throttle rows delay no one else.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2031-06-01T09:00:05Z") });
      try {
        const username = `reused-code-${Date.now()}`;
        await t.createUser("employee", { username });
        const user = {
          username,
          token: (await loginAs(username, TEST_PASSWORD, { ip: "192.0.2.202" })).json().token as string,
        };
        const { secret } = (await call(user.token, "POST", "/api/auth/two-factor/setup")).json() as {
          secret: string;
        };
        const code = await generate({ secret });
        expect((await call(user.token, "POST", "/api/auth/two-factor/enable", { code })).statusCode).toBe(200);
        const challenge = (await loginAs(user.username, TEST_PASSWORD, { ip: "192.0.2.201" })).json().challenge;
        const step = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/login/two-factor", payload });

        vi.setSystemTime(Date.parse("2031-06-01T09:00:20Z"));
        const reused = await step({ challenge, code });
        expect(reused.statusCode).toBe(400);
        expect(reused.json().fields).toEqual({ code: TWO_FACTOR_TEXTS.codeReused });
        expect(TWO_FACTOR_TEXTS.codeReused).toContain("انتظر ظهور الرمز التالي");

        vi.setSystemTime(Date.parse("2031-06-01T09:00:35Z"));
        // The previous step's code is still inside the drift window, but it was used: explained the same way.
        expect((await step({ challenge, code })).json().fields).toEqual({ code: TWO_FACTOR_TEXTS.codeReused });
        expect((await step({ challenge, code: "000000" })).json().fields).toEqual({ code: TWO_FACTOR_TEXTS.codeWrong });
        const next = await step({ challenge, code: await generate({ secret }) });
        expect(next.statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it("a challenge allows a few codes only, then the password is asked again", async () => {
      const user = await t.signIn("employee");
      const { secret } = (await call(user.token, "POST", "/api/auth/two-factor/setup")).json() as { secret: string };
      await call(user.token, "POST", "/api/auth/two-factor/enable", { code: await generate({ secret }) });
      const challenge = (await loginAs(user.username, TEST_PASSWORD, { ip: "192.0.2.200" })).json().challenge;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/login/two-factor",
          payload: { challenge, code: `00000${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses[5]).toBe(401);
    });

    it("a super_admin requires 2FA for a role: its members may only enrol, and cannot turn it off", async () => {
      const admin = await t.signIn("super_admin");
      const member = await t.signIn("photographer");
      const before = await call(admin.token, "GET", "/api/roles/two-factor");
      expect(before.json()).toContainEqual({ role: "photographer", requireTwoFactor: false });
      const set = await call(admin.token, "PUT", "/api/roles/photographer/two-factor", { requireTwoFactor: true });
      expect(set.statusCode).toBe(200);
      expect(
        (await call(member.token, "PUT", "/api/roles/photographer/two-factor", { requireTwoFactor: false })).statusCode,
      ).toBe(403);

      const me = await call(member.token, "GET", "/api/auth/me");
      expect(me.json()).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
      const blocked = await call(member.token, "GET", "/api/permissions");
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(TWO_FACTOR_SETUP_REQUIRED);

      const { secret } = (await call(member.token, "POST", "/api/auth/two-factor/setup")).json() as { secret: string };
      expect(
        (await call(member.token, "POST", "/api/auth/two-factor/enable", { code: await generate({ secret }) }))
          .statusCode,
      ).toBe(200);
      expect((await call(member.token, "GET", "/api/permissions")).statusCode).not.toBe(403);
      const off = await call(member.token, "POST", "/api/auth/two-factor/disable", { currentPassword: TEST_PASSWORD });
      expect(off.statusCode).toBe(409);
      await call(admin.token, "PUT", "/api/roles/photographer/two-factor", { requireTwoFactor: false });
      expect(
        (await call(member.token, "POST", "/api/auth/two-factor/disable", { currentPassword: TEST_PASSWORD }))
          .statusCode,
      ).toBe(200);
      expect((await loginAs(member.username, TEST_PASSWORD)).json().token).toEqual(expect.any(String));
    });
  });
});

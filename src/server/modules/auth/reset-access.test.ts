/**
 * Account recovery from the server's shell (reset-access.ts, reset-access-cli.ts;
 * docs/decisions/066-account-recovery-from-the-shell.md): the new password signs in, the old one and the second
 * factor no longer apply, every session ends, the audit row is a system action; an unknown username is refused
 * (its message, which the CLI prints); the CLI does the same on a data folder and refuses a folder a server holds.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import { runMigrations } from "../../db/migrate.ts";
import { users } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";
import { recoveryCodes, userTwoFactor } from "../../db/tables/auth.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test-utils/app.ts";
import { resetUserAccess, UnknownUserError } from "./reset-access.ts";
import { hashPassword } from "./service.ts";

describe("resetUserAccess", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const loginAs = (username: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });

  it("gives a new password, turns the second factor off, ends every session and audits a system action", async () => {
    const user = await t.signIn("super_admin");
    const second = { token: (await loginAs(user.username, TEST_PASSWORD)).json().token as string };
    // The user has a second factor on, with recovery codes.
    const setup = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/setup",
      headers: t.bearer(user.token),
    });
    expect(setup.statusCode).toBe(200);
    await t.db.update(userTwoFactor).set({ enabledAt: new Date() }).where(eq(userTwoFactor.userId, user.id));
    await t.db.insert(recoveryCodes).values({ userId: user.id, codeHash: await hashPassword("abcdabcdabcdabcd") });
    expect((await loginAs(user.username, TEST_PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });

    const reset = await resetUserAccess(t.db, ` ${user.username.toUpperCase()} `);
    expect(reset).toMatchObject({ userId: user.id, username: user.username, twoFactorWasOn: true, sessionsEnded: 2 });
    expect(reset.password).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){3}$/);

    // Both earlier sessions are gone; the old password is refused; the new one signs in without a second factor.
    for (const token of [user.token, second.token]) {
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: t.bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    expect((await loginAs(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await loginAs(user.username, reset.password);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ user: { username: user.username, twoFactorEnabled: false } });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, "password_reset")));
    expect(audit).toMatchObject({ userId: null, ipAddress: null, entityType: "user" });
    expect(JSON.stringify(audit.newState)).not.toContain(reset.password);
  });

  it("refuses an unknown username and changes nothing", async () => {
    const before = await t.db.select({ hash: users.passwordHash }).from(users);
    const error = await resetUserAccess(t.db, "nobody-here").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownUserError);
    expect((error as Error).message).toContain('"nobody-here"');
    expect(await t.db.select({ hash: users.passwordHash }).from(users)).toEqual(before);
  });
});

describe("npm run admin:reset on a data folder", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "admin-reset-"));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  /** Runs the CLI as `npm run admin:reset -- …` would, on the PGlite folder under dataDir. */
  const runCli = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          "--conditions=source",
          "--import",
          "tsx",
          path.resolve("src/server/modules/auth/reset-access-cli.ts"),
          ...args,
        ],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      child.once("exit", (code) => resolve({ code, stdout, stderr }));
    });

  // Two child processes (tsx + PGlite each) and the migrations: minutes on a loaded 2-core machine, never a wait.
  it("refuses a folder a server holds, then prints a password that signs in", async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await runMigrations(database);
    await database.db.insert(users).values({
      username: "admin",
      passwordHash: await hashPassword("lost-password-of-admin"),
      role: "super_admin",
      name: "المدير العام",
    });

    // The folder is held (as by a running server): refused with the data-folder message, nothing changed.
    const held = await runCli("admin");
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/in use by another running process/);
    await database.close();

    const done = await runCli("admin");
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    const password = /password: (\S+)/.exec(done.stdout)?.[1] ?? "";
    expect(password).toMatch(/^[a-z0-9]{5}(-[a-z0-9]{5}){3}$/);

    const reopened = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const [row] = await reopened.db.select().from(users).where(eq(users.username, "admin"));
    expect(await verify(row.passwordHash, password)).toBe(true);
    const audits = await reopened.db.select().from(auditLogs).where(eq(auditLogs.action, "password_reset"));
    expect(audits).toHaveLength(1);
    await reopened.close();
  }, 300_000);
});

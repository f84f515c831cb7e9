/**
 * Sessions and sign-in (ARCHITECTURE security model, SPEC §4.1 / §7.2 auth calls). Access token: 256-bit opaque, 15
 * min, kept in memory by the browser. Refresh token: 256-bit opaque in an httpOnly cookie, rotated on each refresh, 30
 * days; reuse of any rotated refresh token revokes the session. Throttling, device recognition and the second factor:
 * throttle.ts, two-factor.ts, docs/decisions/020-staff-sign-in-hardening.md. Passwords: passwords.ts; ending sessions
 * and the user's own list of them: sessions.ts (both re-exported here, the module's face to the others).
 */
import { verify } from "@node-rs/argon2";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { hasPermission } from "#domain/permissions.ts";
import { isRole, PERMISSION_KEYS, type Role } from "#domain/roles.ts";
import { TWO_FACTOR_TEXTS } from "#domain/schemas/auth.ts";
import type { PublicUser, SessionUser } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import {
  knownDevices,
  loginChallenges,
  roleSettings,
  sessionRefreshTokens,
  sessions,
  userTwoFactor,
} from "../../db/tables/auth.ts";
import { badRequest, unauthorized } from "../../lib/http-errors.ts";
import type { SecretBox } from "../../lib/secrets.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/service.ts";
import { loadPermissionFacts } from "../permissions/service.ts";
import { hashPassword } from "./passwords.ts";
import { ACCOUNT_RULE, claimAttempt, clearAttempts, IP_RULE, type ThrottleRule } from "./throttle.ts";
import { roleRequiresTwoFactor, twoFactorEnabled, verifySecondFactor } from "./two-factor.ts";

export { changePassword, confirmCurrentPassword, hashPassword } from "./passwords.ts";
export { endOwnSession, listSessions, logout, revokeSession, revokeUserSessions } from "./sessions.ts";

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long after a rotation the previous refresh token still rotates the session instead of revoking it (ms): every
 * page load refreshes once, so a visitor moving between pages can present a cookie the browser had no time to replace.
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
/** How long a password-accepted sign-in waits for its second factor (ms), and how many codes it may try. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** How long a sign-in IP stays recognised for that user (ms): the IPs of their sessions of the last 90 days. */
export const KNOWN_IP_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = "اسم المستخدم أو كلمة المرور غير صحيحة";

/** A hash verified against when the username is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: isRole(row.role) ? row.role : "employee",
    email: row.email,
    accountId: row.accountId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in user with effective permission keys (for the menu; the server still checks each route). */
export async function toSessionUser(db: Db | Tx, row: typeof users.$inferSelect): Promise<SessionUser> {
  const user = toPublicUser(row);
  const facts = await loadPermissionFacts(db, user);
  const enabled = await twoFactorEnabled(db, user.id);
  return {
    ...user,
    isAdmin: user.role === "super_admin",
    permissions: PERMISSION_KEYS.filter((key) => hasPermission(user, key, facts)),
    twoFactorEnabled: enabled,
    twoFactorSetupRequired: !enabled && (await roleRequiresTwoFactor(db, user.role)),
  };
}

interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  user: SessionUser;
  token: string;
  refreshToken: string;
  sessionId: string;
}

export interface LoginClient extends ClientInfo {
  /** The device cookie's token, when the browser sent one. */
  deviceToken?: string | null;
}

/** Password accepted and no second factor needed: the session, and a device token when the device was unknown. */
export interface LoginDone extends IssuedSession {
  kind: "session";
  newDeviceToken: string | null;
}
/** Password accepted, second factor awaited: POST the code with this challenge to /api/auth/login/two-factor. */
export interface LoginChallenge {
  kind: "two-factor";
  challenge: string;
  expiresInMs: number;
}

/**
 * The throttle keys of a sign-in attempt (docs/decisions/020-staff-sign-in-hardening.md): a recognised device (a device
 * cookie issued to this user at an earlier successful sign-in) has its own counter, then a recognised IP (one of the
 * user's sessions of the last 90 days came from it); only unrecognised clients share the username's counter and the
 * IP's counter, so an attacker's failures delay attackers, never the staff member on their usual device or network.
 */
async function throttleKeys(
  db: Db,
  username: string,
  row: typeof users.$inferSelect | undefined,
  client: LoginClient,
  now: Date,
): Promise<{ keys: [string, ThrottleRule][]; deviceId: string | null }> {
  if (row && client.deviceToken && client.deviceToken.length <= 100) {
    const [device] = await db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(and(eq(knownDevices.tokenHash, hashToken(client.deviceToken)), eq(knownDevices.userId, row.id)));
    if (device) return { keys: [[`device:${device.id}`, ACCOUNT_RULE]], deviceId: device.id };
  }
  if (row && client.ip) {
    const [seen] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, row.id),
          eq(sessions.ipAddress, client.ip),
          gt(sessions.createdAt, new Date(now.getTime() - KNOWN_IP_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (seen) return { keys: [[`known-ip:${row.id}:${client.ip}`, ACCOUNT_RULE]], deviceId: null };
  }
  return {
    keys: [
      [`user:${username}`, ACCOUNT_RULE],
      ...(client.ip ? [[`ip:${client.ip}`, IP_RULE] as [string, ThrottleRule]] : []),
    ],
    deviceId: null,
  };
}

/**
 * POST /api/auth/login. Every attempt is counted before the password is checked (throttle.ts). Errors: 401
 * INVALID_CREDENTIALS (same text for unknown user and wrong password), 429 ThrottledError while the attempt's
 * throttle key must wait. With 2FA on, the answer is a challenge instead of a session; else the new session and
 * its "login" audit row (ARCHITECTURE security model), committed together.
 */
export async function login(
  db: Db,
  input: { username: string; password: string },
  client: LoginClient,
  now = new Date(),
): Promise<LoginDone | LoginChallenge> {
  const [row] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  const { keys, deviceId } = await throttleKeys(db, input.username, row, client, now);
  for (const [key, rule] of keys) await claimAttempt(db, key, rule, now);
  dummyHash ??= hashPassword("not-a-real-password-0000");
  let ok = false;
  if (row) ok = await verify(row.passwordHash, input.password);
  // Unknown user: verify anyway so both paths take the same time, and ignore the result.
  else await verify(await dummyHash, input.password);
  if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
  await clearAttempts(db, keys[0][0]);
  if (keys[0][0] !== `user:${input.username}`) await clearAttempts(db, `user:${input.username}`);
  if (await twoFactorEnabled(db, row.id)) {
    const challenge = newToken();
    // Expired challenges are of no use to anyone: dropped whenever a new one is made.
    await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
    await db.insert(loginChallenges).values({
      tokenHash: hashToken(challenge),
      userId: row.id,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return { kind: "two-factor", challenge, expiresInMs: CHALLENGE_TTL_MS };
  }
  return finishLogin(db, row, client, deviceId, now);
}

/**
 * Issues the session, writes its "login" audit row and remembers the device (a new device token when the browser had
 * no valid one), in one transaction.
 */
async function finishLogin(
  db: Db,
  row: typeof users.$inferSelect,
  client: ClientInfo,
  deviceId: string | null,
  now: Date,
): Promise<LoginDone> {
  return db.transaction(async (tx) => {
    let newDeviceToken: string | null = null;
    if (deviceId) await tx.update(knownDevices).set({ lastUsedAt: now }).where(eq(knownDevices.id, deviceId));
    else {
      newDeviceToken = newToken();
      await tx.insert(knownDevices).values({ userId: row.id, tokenHash: hashToken(newDeviceToken) });
    }
    const issued = await issueSession(tx, row, client, now);
    await recordAudit(
      tx,
      { userId: row.id, ip: client.ip },
      { entityType: "session", entityId: issued.sessionId, action: "login" },
    );
    return { kind: "session" as const, ...issued, newDeviceToken };
  });
}

/**
 * POST /api/auth/login/two-factor: the challenge from login plus a TOTP or recovery code → the session.
 * Errors: 401 when the challenge is unknown, expired or used up (CHALLENGE_MAX_ATTEMPTS wrong codes, counted
 * atomically); 400 { fields.code } for a wrong code (TWO_FACTOR_TEXTS.codeReused for a right code of an already used
 * time step); 429 when the user's second-factor throttle must wait.
 */
export async function loginSecondFactor(
  db: Db,
  box: SecretBox,
  input: { challenge: string; code: string },
  client: LoginClient,
  now = new Date(),
): Promise<LoginDone> {
  const [challenge] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(input.challenge)),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) throw unauthorized("انتهت صلاحية محاولة الدخول، يرجى إدخال كلمة المرور من جديد");
  const key = `two-factor:${challenge.userId}`;
  await claimAttempt(db, key, ACCOUNT_RULE, now);
  const checked = await verifySecondFactor(db, box, challenge.userId, input.code);
  if (checked !== "ok") {
    throw badRequest({ code: checked === "reused" ? TWO_FACTOR_TEXTS.codeReused : TWO_FACTOR_TEXTS.codeWrong });
  }
  await clearAttempts(db, key);
  await db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
  const [row] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!row) throw unauthorized();
  let deviceId: string | null = null;
  if (client.deviceToken && client.deviceToken.length <= 100) {
    const [device] = await db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(and(eq(knownDevices.tokenHash, hashToken(client.deviceToken)), eq(knownDevices.userId, row.id)));
    deviceId = device?.id ?? null;
  }
  return finishLogin(db, row, client, deviceId, now);
}

async function issueSession(
  db: Db | Tx,
  row: typeof users.$inferSelect,
  client: ClientInfo,
  now: Date,
): Promise<IssuedSession> {
  const token = newToken();
  const refreshToken = newToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: row.id,
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
      refreshTokenHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      ipAddress: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  return { user: await toSessionUser(db, row), token, refreshToken, sessionId: session.id };
}

/**
 * POST /api/auth/refresh: rotates both tokens of the session the refresh cookie names.
 * Errors: 401 when the cookie is missing, unknown, expired or revoked; a token of any earlier generation (other than
 * the previous one within REFRESH_REUSE_GRACE_MS) revokes the session.
 */
export async function refresh(db: Db, refreshToken: string | undefined, now = new Date()): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized();
  const presented = hashToken(refreshToken);
  const [found] = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshTokenHash, presented), eq(sessions.previousRefreshTokenHash, presented)))
    .limit(1);
  if (!found) {
    // A token from any older generation of a session: someone kept a copy. End the whole session (its family).
    const [rotated] = await db
      .select({ sessionId: sessionRefreshTokens.sessionId })
      .from(sessionRefreshTokens)
      .where(eq(sessionRefreshTokens.tokenHash, presented))
      .limit(1);
    if (rotated) await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, rotated.sessionId));
    throw unauthorized();
  }
  if (found.revokedAt || found.refreshExpiresAt <= now) throw unauthorized();
  if (found.refreshTokenHash !== presented) {
    // The token before the last rotation came back. Within a few seconds of that rotation it is a race, not theft:
    // a page that navigated away before storing the rotated cookie, or two tabs refreshing at once. Later, someone
    // else holds a copy: end the session.
    if (now.getTime() - found.lastUsedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, found.id));
      throw unauthorized();
    }
  }
  const [row] = await db.select().from(users).where(eq(users.id, found.userId)).limit(1);
  if (!row) throw unauthorized();
  const token = newToken();
  const nextRefresh = newToken();
  // Every token rotated away from is kept (hash only) until the session is deleted: any of them coming back is theft.
  await db
    .insert(sessionRefreshTokens)
    .values({ tokenHash: found.refreshTokenHash, sessionId: found.id, rotatedAt: now })
    .onConflictDoNothing();
  await db
    .update(sessions)
    .set({
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
      // The token being replaced stays usable for REFRESH_REUSE_GRACE_MS (see above), then only as evidence of theft.
      previousRefreshTokenHash: found.refreshTokenHash,
      refreshTokenHash: hashToken(nextRefresh),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      lastUsedAt: now,
    })
    .where(eq(sessions.id, found.id));
  return { user: await toSessionUser(db, row), token, refreshToken: nextRefresh, sessionId: found.id };
}

export interface Authenticated {
  user: PublicUser & { role: Role };
  sessionId: string;
  /** The role requires a second factor this user has not set up (plugins/auth.ts opens only /api/auth to them). */
  mustEnrolTwoFactor: boolean;
}

/** Resolves a bearer access token to its user; null when missing, unknown, expired or revoked. */
export async function authenticate(db: Db, token: string | undefined, now = new Date()): Promise<Authenticated | null> {
  if (!token || token.length > 200) return null;
  const [found] = await db
    .select({
      session: sessions,
      user: users,
      required: roleSettings.requireTwoFactor,
      enabledAt: userTwoFactor.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roleSettings, eq(roleSettings.role, users.role))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(
      and(
        eq(sessions.accessTokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, now),
      ),
    )
    .limit(1);
  if (!found) return null;
  return {
    user: toPublicUser(found.user),
    sessionId: found.session.id,
    mustEnrolTwoFactor: Boolean(found.required) && !found.enabledAt,
  };
}

/** GET /api/auth/me: the signed-in user `userId` as the session shows it; null when the account is gone. */
export async function currentSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? toSessionUser(db, row) : null;
}

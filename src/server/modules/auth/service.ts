/**
 * Sessions and sign-in (ARCHITECTURE security model, SPEC §4.1 / §7.2 auth calls).
 * Access token: 256-bit opaque, 15 min, kept in memory by the browser. Refresh token: 256-bit opaque in an
 * httpOnly cookie, rotated on each refresh, 30 days; reuse of a rotated refresh token revokes the session.
 * Passwords: argon2id, m = 19 MiB, t = 2, p = 1.
 */
import { hash, verify } from "@node-rs/argon2";
import { and, count, eq, gt, isNull, max, ne, or } from "drizzle-orm";
import { hasPermission } from "../../../domain/permissions.ts";
import { isRole, PERMISSION_KEYS, type Role } from "../../../domain/roles.ts";
import type { PublicUser, SessionUser } from "../../../domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { loginAttempts, sessions, users } from "../../db/schema.ts";
import { tooManyRequests, unauthorized } from "../../lib/http-errors.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/service.ts";
import { loadPermissionFacts } from "../permissions/service.ts";

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long after a rotation the previous refresh token still rotates the session instead of revoking it (ms): every
 * page load refreshes once, so a visitor moving between pages can present a cookie the browser had no time to replace.
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
/**
 * Login throttle (ARCHITECTURE security model: "limited per IP and per username with growing delays").
 * Every failed sign-in is stored twice in login_attempts, as "user:{username}" and "ip:{address}", and counted over
 * the last LOGIN_WINDOW_MS (15 min):
 * - per username: the first LOGIN_FREE_FAILURES_PER_USER (5) failures cost nothing; from then on each try must
 *   wait 1 s, 2 s, 4 s … (doubling per further failure, at most LOGIN_MAX_DELAY_MS = 60 s) after the last failure,
 *   else it is refused with 429 and Retry-After (seconds) without checking the password;
 * - per IP: after LOGIN_FAILURES_PER_IP (30) failures every try from that address waits 60 s after the last one.
 * A successful sign-in clears the username's failures; failures older than the window no longer count, so the
 * throttle is released 15 min after the last failure at the latest. A delay, never a permanent lock: an attacker
 * cannot lock a staff member out for longer than a minute at a time.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures per username before each further try must wait; the wait doubles per failure up to the cap. */
export const LOGIN_FREE_FAILURES_PER_USER = 5;
export const LOGIN_MAX_DELAY_MS = 60 * 1000;
/** Failures per IP within the window before that address must wait LOGIN_MAX_DELAY_MS. */
export const LOGIN_FAILURES_PER_IP = 30;

export const INVALID_CREDENTIALS = "اسم المستخدم أو كلمة المرور غير صحيحة";

const ARGON2_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash verified against when the username is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: isRole(row.role) ? row.role : "employee",
    accountId: row.accountId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The signed-in user with effective permission keys (for the menu; the server still checks each route). */
export async function toSessionUser(db: Db | Tx, row: typeof users.$inferSelect): Promise<SessionUser> {
  const user = toPublicUser(row);
  const facts = await loadPermissionFacts(db, user);
  return {
    ...user,
    isAdmin: user.role === "super_admin",
    permissions: PERMISSION_KEYS.filter((key) => hasPermission(user, key, facts)),
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

async function assertNotThrottled(db: Db, username: string, ip: string | null, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const keys = [`user:${username}`, ...(ip ? [`ip:${ip}`] : [])];
  for (const key of keys) {
    const [row] = await db
      .select({ failures: count(), last: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gt(loginAttempts.createdAt, since)));
    const failures = Number(row?.failures ?? 0);
    if (failures === 0 || !row?.last) continue;
    const last = new Date(row.last);
    const isUserKey = key.startsWith("user:");
    let waitMs = 0;
    if (isUserKey && failures >= LOGIN_FREE_FAILURES_PER_USER) {
      waitMs = Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (failures - LOGIN_FREE_FAILURES_PER_USER));
    } else if (!isUserKey && failures >= LOGIN_FAILURES_PER_IP) {
      waitMs = LOGIN_MAX_DELAY_MS;
    }
    const remaining = last.getTime() + waitMs - now.getTime();
    if (remaining > 0) {
      const seconds = Math.ceil(remaining / 1000);
      const error = tooManyRequests(`محاولات دخول كثيرة، يرجى المحاولة بعد ${seconds} ثانية`);
      (error as { retryAfterSeconds?: number }).retryAfterSeconds = seconds;
      throw error;
    }
  }
}

/**
 * POST /api/auth/login: a new session and its "login" audit row (ARCHITECTURE security model), committed together.
 * Errors: 401 INVALID_CREDENTIALS (same text for unknown user and wrong password), 429 while the username or IP is
 * throttled.
 */
export async function login(
  db: Db,
  input: { username: string; password: string },
  client: ClientInfo,
  now = new Date(),
): Promise<IssuedSession> {
  await assertNotThrottled(db, input.username, client.ip, now);
  const [row] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  dummyHash ??= hashPassword("not-a-real-password-0000");
  let ok = false;
  if (row) ok = await verify(row.passwordHash, input.password);
  // Unknown user: verify anyway so both paths take the same time, and ignore the result.
  else await verify(await dummyHash, input.password);
  if (!row || !ok) {
    await db
      .insert(loginAttempts)
      .values([
        { key: `user:${input.username}`, createdAt: now },
        ...(client.ip ? [{ key: `ip:${client.ip}`, createdAt: now }] : []),
      ]);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `user:${input.username}`));
  return db.transaction(async (tx) => {
    const issued = await issueSession(tx, row, client, now);
    await recordAudit(
      tx,
      { userId: row.id, ip: client.ip },
      { entityType: "session", entityId: issued.sessionId, action: "login" },
    );
    return issued;
  });
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
 * Errors: 401 when the cookie is missing, unknown, expired or revoked; a rotated (reused) token revokes the session.
 */
export async function refresh(db: Db, refreshToken: string | undefined, now = new Date()): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized();
  const presented = hashToken(refreshToken);
  const [found] = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshTokenHash, presented), eq(sessions.previousRefreshTokenHash, presented)))
    .limit(1);
  if (!found || found.revokedAt || found.refreshExpiresAt <= now) throw unauthorized();
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
}

/** Resolves a bearer access token to its user; null when missing, unknown, expired or revoked. */
export async function authenticate(db: Db, token: string | undefined, now = new Date()): Promise<Authenticated | null> {
  if (!token || token.length > 200) return null;
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, now),
      ),
    )
    .limit(1);
  if (!found) return null;
  return { user: toPublicUser(found.user), sessionId: found.session.id };
}

/** Ends one session (logout), by id or by its refresh token. */
export async function revokeSession(db: Db, by: { sessionId?: string; refreshToken?: string }, now = new Date()) {
  if (by.sessionId) await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, by.sessionId));
  else if (by.refreshToken)
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(eq(sessions.refreshTokenHash, hashToken(by.refreshToken)));
}

/**
 * POST /api/auth/logout of a signed-in request: ends its session and writes the "logout" audit row, together.
 */
export async function logout(db: Db, auth: { sessionId: string; userId: string }, ip: string | null, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, auth.sessionId));
    await recordAudit(
      tx,
      { userId: auth.userId, ip },
      { entityType: "session", entityId: auth.sessionId, action: "logout" },
    );
  });
}

/**
 * Ends every session of a user (password change, role change, deletion): their access tokens stop working at
 * once and their refresh cookies are refused. `exceptSessionId` keeps one session (the caller changing their
 * own password stays signed in on the device they used).
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: string,
  options: { exceptSessionId?: string; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    );
}

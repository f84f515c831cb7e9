/**
 * Sessions after sign-in (docs/decisions/020-staff-sign-in-hardening.md, SPEC §7.2 auth calls): ending one (logout, by
 * id or refresh token), every session of a user (password or role change, deletion), the user's own list of sessions
 * and «إنهاء الجلسات الأخرى». Every ending that a person asks for writes its audit row in the same transaction.
 * Sign-in, refresh and passwords stay in service.ts, which re-exports these for other modules.
 */
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { SessionInfo } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { sessions } from "../../db/tables/auth.ts";
import { hashToken } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/service.ts";

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
 * own password stays signed in on the device they used). Returns how many sessions it ended.
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: string,
  options: { exceptSessionId?: string; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** GET /api/auth/sessions: the user's sessions that can still be used, the most recently used first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map(
    (r): SessionInfo => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt.toISOString(),
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      current: r.id === currentSessionId,
    }),
  );
}

/**
 * DELETE /api/auth/sessions/{id}: ends one of `actor.userId`'s own sessions, with its audit row ("logout"); false
 * when it is not theirs or unknown (nothing written).
 */
export async function endOwnSession(
  db: Db,
  actor: { userId: string; ip: string | null },
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.length !== 1) return false;
    await recordAudit(tx, actor, { entityType: "session", entityId: sessionId, action: "logout" });
    return true;
  });
}

/**
 * POST /api/auth/sessions/end-others («إنهاء الجلسات الأخرى», docs/decisions/020-staff-sign-in-hardening.md): ends
 * every session of the user except the calling one, with one "logout_others" audit row naming how many, together.
 * Returns the number of sessions ended (0 when there were none; still audited, as the user asked).
 */
export async function endOtherSessions(
  db: Db,
  auth: { userId: string; sessionId: string; ip: string | null },
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await revokeUserSessions(tx, auth.userId, { exceptSessionId: auth.sessionId, now });
    await recordAudit(
      tx,
      { userId: auth.userId, ip: auth.ip },
      { entityType: "user", entityId: auth.userId, action: "logout_others", newState: { ended } },
    );
    return ended;
  });
}

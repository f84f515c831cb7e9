/**
 * Staff passwords (ARCHITECTURE security model; docs/decisions/020-staff-sign-in-hardening.md): argon2id hashes
 * (m = 19 MiB, t = 2, p = 1), the signed-in user's own password change and the current-password check that guards
 * turning the second factor off, both throttled per account (throttle.ts ACCOUNT_RULE).
 */
import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { passwordProblem } from "#domain/password-policy.ts";
import { TWO_FACTOR_TEXTS } from "#domain/schemas/auth.ts";
import type { Db } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import { badRequest, unauthorized } from "../../lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { revokeUserSessions } from "./sessions.ts";
import { ACCOUNT_RULE, claimAttempt, clearAttempts } from "./throttle.ts";

const ARGON2_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * POST /api/auth/password: the signed-in user's own password. The current password is checked under the throttle
 * (key "password:{userId}", ACCOUNT_RULE); the new one must pass the password policy including "not the username".
 * Every other session of the user ends; the calling one stays; the "password_change" audit row commits with them. Errors: 400 { fields.currentPassword } for a wrong
 * current password, 400 { fields.newPassword } for a policy problem, 429 while throttled.
 */
export async function changePassword(
  db: Db,
  auth: { userId: string; sessionId: string; ip: string | null },
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<void> {
  const [row] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!row) throw unauthorized();
  const problem = passwordProblem(input.newPassword, row.username);
  if (problem) throw badRequest({ newPassword: problem });
  const key = `password:${row.id}`;
  await claimAttempt(db, key, ACCOUNT_RULE, now);
  if (!(await verify(row.passwordHash, input.currentPassword))) {
    throw badRequest({ currentPassword: TWO_FACTOR_TEXTS.currentPasswordWrong });
  }
  await clearAttempts(db, key);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id, { exceptSessionId: auth.sessionId, now });
    await recordAudit(
      tx,
      { userId: row.id, ip: auth.ip },
      { entityType: "user", entityId: row.id, action: "password_change" },
    );
  });
}

/** Checks the signed-in user's current password (turning 2FA off); throttled like changePassword. */
export async function confirmCurrentPassword(db: Db, userId: string, password: string, now = new Date()) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw unauthorized();
  const key = `password:${row.id}`;
  await claimAttempt(db, key, ACCOUNT_RULE, now);
  if (!(await verify(row.passwordHash, password))) {
    throw badRequest({ currentPassword: TWO_FACTOR_TEXTS.currentPasswordWrong });
  }
  await clearAttempts(db, key);
}

/**
 * Recovering a staff account from the server's shell (`npm run admin:reset -- USERNAME`, README "Lost password or
 * second factor"; docs/decisions/066-account-recovery-from-the-shell.md): the only way back in for a super_admin who
 * lost the bootstrap password or their authenticator, since no one above them can reset it from the back office.
 *
 * resetUserAccess, in one transaction: a new random password (seed.ts `generatePassword`, 100 bits, passes the
 * password policy of src/domain/password-policy.ts), the second factor turned off (secret, recovery codes and pending
 * sign-in challenges deleted), every session of the user revoked, and one audit row written as a system action
 * (no user, no IP; action "password_reset", the state says which parts were reset). The password is returned to be
 * printed once and is never stored in clear (argon2id).
 * Errors: UnknownUserError when no user has that username (compared trimmed and lower-cased, as usernames are stored).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import { generatePassword } from "../../db/seed.ts";
import { loginChallenges, recoveryCodes, userTwoFactor } from "../../db/tables/auth.ts";
import { recordAudit } from "../audit/service.ts";
import { hashPassword, revokeUserSessions } from "./service.ts";

/** Thrown for a username no account has; its message names the username and says how to list the accounts. */
export class UnknownUserError extends Error {
  constructor(username: string) {
    super(
      `No staff account has the username "${username}". Usernames are listed on the back office's employees screen ` +
        "(الموظفون); the first account is ADMIN_USERNAME (default admin).",
    );
    this.name = "UnknownUserError";
  }
}

export interface AccessReset {
  userId: string;
  username: string;
  /** The new password, to be shown once. */
  password: string;
  /** Whether a second factor was on (and is now off). */
  twoFactorWasOn: boolean;
  /** How many signed-in sessions were ended. */
  sessionsEnded: number;
}

/** Resets `username`'s password and second factor and ends their sessions (see the module docstring). */
export async function resetUserAccess(db: Db, username: string, now = new Date()): Promise<AccessReset> {
  const wanted = username.trim().toLowerCase();
  const [row] = await db.select().from(users).where(eq(users.username, wanted)).limit(1);
  if (!row) throw new UnknownUserError(username);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.id));
    const removed = await tx
      .delete(userTwoFactor)
      .where(eq(userTwoFactor.userId, row.id))
      .returning({ enabledAt: userTwoFactor.enabledAt });
    const twoFactorWasOn = removed.some((r) => r.enabledAt !== null);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, row.id));
    const sessionsEnded = await revokeUserSessions(tx, row.id, { now });
    await recordAudit(
      tx,
      { userId: null, ip: null },
      {
        entityType: "user",
        entityId: row.id,
        action: "password_reset",
        newState: { username: row.username, by: "admin:reset", twoFactorReset: twoFactorWasOn, sessionsEnded },
      },
    );
    return { userId: row.id, username: row.username, password, twoFactorWasOn, sessionsEnded };
  });
}

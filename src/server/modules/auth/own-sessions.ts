/**
 * The signed-in user's own sessions beyond listing and ending one (service.ts): ending all the others at once.
 */
import type { Db } from "../../db/connection.ts";
import { recordAudit } from "../audit/service.ts";
import { revokeUserSessions } from "./service.ts";

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

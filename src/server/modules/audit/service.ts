/**
 * Audit trail (ARCHITECTURE security model): every mutation writes one audit_logs row with the user,
 * the entity, the action, the previous and new state (JSON) and the IP. Call it inside the mutation's
 * transaction so the row and the change commit together.
 */
import type { Db, Tx } from "../../db/connection.ts";
import { auditLogs } from "../../db/schema.ts";

export interface AuditActor {
  userId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  entityType: string;
  entityId: string | number | null;
  action: "create" | "update" | "delete" | "login" | "logout" | string;
  previousState?: unknown;
  newState?: unknown;
}

/** Fields that never enter the audit trail. */
const SECRET_KEYS = new Set(["password", "passwordHash", "webhookSecret", "token", "refreshToken"]);

function scrub(state: unknown): unknown {
  if (state === undefined || state === null) return null;
  return JSON.parse(JSON.stringify(state, (key, value) => (SECRET_KEYS.has(key) ? undefined : value)));
}

export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    userId: actor.userId,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    previousState: scrub(entry.previousState),
    newState: scrub(entry.newState),
    ipAddress: actor.ip,
  });
}

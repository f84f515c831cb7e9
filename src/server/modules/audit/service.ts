/**
 * Audit trail (ARCHITECTURE security model): every mutation writes one audit_logs row with the user,
 * the entity, the action, the previous and new state (JSON) and the IP. Call it inside the mutation's
 * transaction so the row and the change commit together.
 */
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { AuditQuery } from "#domain/schemas/permission.ts";
import type { AuditLogPage } from "#domain/types.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { users } from "../../db/schema.ts";
import { auditLogs } from "../../db/tables/access.ts";

export interface AuditActor {
  userId: string | null;
  ip: string | null;
}

/** The audit actor of a signed-in staff member acting from `ip` (the request's address; null: none, e.g. a job). */
export const auditActor = (actor: { id: string; ip: string | null }): AuditActor => ({
  userId: actor.id,
  ip: actor.ip,
});

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

/**
 * Erases what the audit log holds about one deleted entity beyond its identifiers (SPEC §3 privacy: a deleted
 * lead leaves no personal data behind): every row of `entityType`/`entityId` keeps its action, actor and time,
 * its states become `identifiers` (after) and null (before), and the IP address is dropped where the row was written
 * by the visitor (no staff user). Run inside the deleting transaction.
 */
export async function eraseAuditPersonalData(
  tx: Db | Tx,
  entityType: string,
  entityId: string | number,
  identifiers: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(auditLogs)
    .set({
      previousState: null,
      newState: identifiers,
      ipAddress: sql`case when ${auditLogs.userId} is null then null else ${auditLogs.ipAddress} end`,
    })
    .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, String(entityId))));
}

/**
 * GET /api/audit-logs (ARCHITECTURE resolution 8): newest first, filtered by user, entity type, action and a
 * createdAt range [from, to] (both inclusive), `pageSize` rows (≤ 100) of page `page` (1-based).
 */
export async function listAuditLogs(db: Db, query: AuditQuery): Promise<AuditLogPage> {
  const where = and(
    query.userId ? eq(auditLogs.userId, query.userId) : undefined,
    query.entityType ? eq(auditLogs.entityType, query.entityType) : undefined,
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.from ? gte(auditLogs.createdAt, query.from) : undefined,
    query.to ? lte(auditLogs.createdAt, query.to) : undefined,
  );
  const [rows, [totalRow], types, actions] = await Promise.all([
    db
      .select({ log: auditLogs, username: users.username, userName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
    db.selectDistinct({ v: auditLogs.entityType }).from(auditLogs).orderBy(asc(auditLogs.entityType)),
    db.selectDistinct({ v: auditLogs.action }).from(auditLogs).orderBy(asc(auditLogs.action)),
  ]);
  return {
    items: rows.map(({ log, username, userName }) => ({
      id: log.id,
      userId: log.userId,
      username: username ?? null,
      userName: userName ?? null,
      entityType: log.entityType,
      entityId: log.entityId,
      action: log.action,
      previousState: log.previousState ?? null,
      newState: log.newState ?? null,
      ipAddress: log.ipAddress,
      createdAt: log.createdAt.toISOString(),
    })),
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    entityTypes: types.map((t) => t.v),
    actions: actions.map((a) => a.v),
  };
}

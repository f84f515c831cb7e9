/**
 * The lead desk's settings (docs/decisions/022-lead-desk-assignment-and-response-clock.md): the response-clock steps
 * and retention period, the lost reasons, the agents' round-robin lists and away flags, and the bell's notifications.
 * Every change is audited.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { LEAD_TEXTS, type LeadSettings, RESPONSE_CLOCK_DEFAULTS, RETENTION_DAYS_DEFAULT } from "#domain/lead-desk.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects, users } from "#server/db/schema.ts";
import {
  leadAgentStatus,
  leadAgents,
  leadDeskSettings,
  leadLostReasons,
  notifications,
} from "#server/db/tables/lead-desk.ts";
import { badRequest, conflict, notFound } from "#server/lib/http-errors.ts";
import { isUniqueViolation } from "#server/lib/sql.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { canOwnLeads } from "./common.ts";

/** The response-clock and retention settings (row 1; the defaults when the row is missing). */
export async function readLeadSettings(db: Db | Tx): Promise<Required<LeadSettings>> {
  const [row] = await db.select().from(leadDeskSettings).where(eq(leadDeskSettings.id, 1)).limit(1);
  return row
    ? {
        notifyAgentAfter: row.notifyAgentAfter,
        notifyManagersAfter: row.notifyManagersAfter,
        reassignAfter: row.reassignAfter,
        retentionDays: row.retentionDays,
      }
    : { ...RESPONSE_CLOCK_DEFAULTS, retentionDays: RETENTION_DAYS_DEFAULT };
}

/** PUT /api/leads/settings. Audited. `retentionDays` absent: unchanged. */
export async function saveLeadSettings(
  db: Db,
  actor: AuditActor,
  input: LeadSettings,
): Promise<Required<LeadSettings>> {
  return db.transaction(async (tx) => {
    const previous = await readLeadSettings(tx);
    // A body without retentionDays (an older screen) keeps the stored period.
    const settings = { ...input, retentionDays: input.retentionDays ?? previous.retentionDays };
    await tx
      .insert(leadDeskSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: leadDeskSettings.id, set: { ...settings, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      entityType: "lead_settings",
      entityId: 1,
      action: "update",
      previousState: previous,
      newState: settings,
    });
    return settings;
  });
}

/** GET /api/leads/lost-reasons. */
export async function listLostReasons(db: Db) {
  return db
    .select({ id: leadLostReasons.id, name: leadLostReasons.name, active: leadLostReasons.active })
    .from(leadLostReasons)
    .orderBy(asc(leadLostReasons.id));
}

/** POST /api/leads/lost-reasons (leads.settings). Errors: 409 {name} already in the list. */
export async function createLostReason(db: Db, actor: AuditActor, input: { name: string; active: boolean }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leadLostReasons).values(input).onConflictDoNothing().returning();
    if (!row) throw conflict(LEAD_TEXTS.reasonExists, { name: LEAD_TEXTS.reasonExists });
    await recordAudit(tx, actor, {
      entityType: "lead_lost_reason",
      entityId: row.id,
      action: "create",
      newState: input,
    });
    return { id: row.id, name: row.name, active: row.active };
  });
}

/** PUT /api/leads/lost-reasons/{id} (leads.settings): rename or (de)activate. Errors: 404; 409 {name} taken. */
export async function updateLostReason(
  db: Db,
  actor: AuditActor,
  id: number,
  input: { name: string; active: boolean },
) {
  try {
    return await db.transaction(async (tx) => {
      const [previous] = await tx.select().from(leadLostReasons).where(eq(leadLostReasons.id, id)).limit(1);
      if (!previous) throw notFound();
      const [row] = await tx.update(leadLostReasons).set(input).where(eq(leadLostReasons.id, id)).returning();
      await recordAudit(tx, actor, {
        entityType: "lead_lost_reason",
        entityId: id,
        action: "update",
        previousState: { name: previous.name, active: previous.active },
        newState: input,
      });
      return { id: row.id, name: row.name, active: row.active };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LEAD_TEXTS.reasonExists, { name: LEAD_TEXTS.reasonExists });
    throw error;
  }
}

/** GET /api/leads/agents: every assignment list (projectId null = site default) with its agents in turn order. */
export async function listAgentLists(db: Db) {
  const rows = await db
    .select({
      projectId: leadAgents.projectId,
      userId: leadAgents.userId,
      name: users.name,
      away: leadAgentStatus.away,
    })
    .from(leadAgents)
    .innerJoin(users, eq(users.id, leadAgents.userId))
    .leftJoin(leadAgentStatus, eq(leadAgentStatus.userId, leadAgents.userId))
    .orderBy(asc(leadAgents.projectId), asc(leadAgents.position), asc(leadAgents.id));
  const lists = new Map<
    number | null,
    { projectId: number | null; agents: { userId: string; name: string; away: boolean }[] }
  >();
  for (const r of rows) {
    const list = lists.get(r.projectId) ?? { projectId: r.projectId, agents: [] };
    list.agents.push({ userId: r.userId, name: r.name, away: r.away ?? false });
    lists.set(r.projectId, list);
  }
  return [...lists.values()];
}

/** Work done in a list change's own transaction once it is saved (assignment.ts assignBacklog); returns a count. */
export type AfterAgentChange = (tx: Tx) => Promise<number>;

/**
 * PUT /api/leads/agents (leads.settings): the agents of one list, in turn order (replaces the list), then
 * `afterSave` in the same transaction (the unassigned backlog dealt in turn). Answers `assigned`, its count.
 * Errors: 400 {userIds} a user who cannot own leads; 400 {projectId} unknown project.
 */
export async function setAgentList(
  db: Db,
  actor: AuditActor,
  projectId: number | null,
  userIds: string[],
  afterSave?: AfterAgentChange,
) {
  return db.transaction(async (tx) => {
    if (projectId !== null) {
      const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
      if (!project) throw badRequest({ projectId: "المشروع غير موجود" });
    }
    const unique = [...new Set(userIds)];
    for (const userId of unique) {
      if (!(await canOwnLeads(tx, userId))) throw badRequest({ userIds: LEAD_TEXTS.ownerInvalid });
    }
    const listWhere = projectId === null ? isNull(leadAgents.projectId) : eq(leadAgents.projectId, projectId);
    const previous = await tx.select().from(leadAgents).where(listWhere).for("update");
    const kept = new Map(previous.map((p) => [p.userId, p]));
    await tx.delete(leadAgents).where(listWhere);
    if (unique.length) {
      await tx.insert(leadAgents).values(
        unique.map((userId, position) => ({
          projectId,
          userId,
          position,
          lastTurn: kept.get(userId)?.lastTurn ?? null,
          lastAssignedAt: kept.get(userId)?.lastAssignedAt ?? null,
        })),
      );
    }
    await recordAudit(tx, actor, {
      entityType: "lead_agents",
      entityId: projectId ?? 0,
      action: "update",
      previousState: previous.map((p) => p.userId),
      newState: unique,
    });
    const assigned = unique.length && afterSave ? await afterSave(tx) : 0;
    return { projectId, userIds: unique, assigned };
  });
}

/**
 * PUT /api/leads/agents/{userId}/away (leads.assign): marks an agent away (skipped by the round robin) or back; on
 * coming back, `afterBack` runs in the same transaction (the unassigned backlog dealt in turn; `assigned` its count).
 */
export async function setAgentAway(
  db: Db,
  actor: AuditActor,
  userId: string,
  away: boolean,
  afterBack?: AfterAgentChange,
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound("الموظف غير موجود");
    await tx
      .insert(leadAgentStatus)
      .values({ userId, away })
      .onConflictDoUpdate({ target: leadAgentStatus.userId, set: { away, updatedAt: new Date() } });
    await recordAudit(tx, actor, { entityType: "lead_agent", entityId: userId, action: "away", newState: { away } });
    const assigned = !away && afterBack ? await afterBack(tx) : 0;
    return { userId, away, assigned };
  });
}

/** GET /api/notifications: the user's newest 50 and the unread count. */
export async function listNotifications(db: Db, userId: string) {
  const items = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(50);
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    items: items.map((n) => ({
      id: n.id,
      leadId: n.leadId,
      kind: n.kind,
      text: n.text,
      readAt: n.readAt?.toISOString() ?? null,
      createdAt: n.createdAt.toISOString(),
    })),
    unread,
  };
}

/** POST /api/notifications/read: marks the user's notifications read (`ids`, or all when absent). */
export async function markNotificationsRead(db: Db, userId: string, ids: number[] | undefined, now = new Date()) {
  const where = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) where.push(inArray(notifications.id, ids.length ? ids : [-1]));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...where));
  return listNotifications(db, userId);
}

/**
 * The lead desk service (src/domain/lead-desk.ts for the rules; docs/decisions "(lead-desk) assignment and response
 * clock"): who sees which lead, automatic round-robin assignment, stage changes with the unit link, logged activities,
 * manual reassignment, the paginated list and the timeline of one lead.
 *
 * Scope: a viewer holding leads.view_all sees every lead; anyone else sees only the leads they own, and any other
 * lead reads as 404 (its existence is not revealed). Every change writes a lead_events row and an audit row in the
 * same transaction as the change.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { eventKindOfStage } from "../../../domain/conversions.ts";
import {
  isContactActivity,
  LEAD_STAGE_LABELS,
  LEAD_TEXTS,
  type LeadActivityInput,
  type LeadEventKind,
  type LeadEventView,
  type LeadListQuery,
  type LeadSettings,
  type LeadStage,
  type LeadStageChange,
  type LeadSummary,
  type PersonQuery,
  RESPONSE_CLOCK_DEFAULTS,
  RETENTION_DAYS_DEFAULT,
  UNIT_STATUS_FOR_STAGE,
  UNIT_STATUS_FREE,
} from "../../../domain/lead-desk.ts";
import { hasPermission } from "../../../domain/permissions.ts";
import { isRole } from "../../../domain/roles.ts";
import { normalizeSearchText, phoneSearchDigits } from "../../../domain/search.ts";
import type { Db, Tx } from "../../db/connection.ts";
import {
  contactMessages,
  conversionEvents,
  leadAgentStatus,
  leadAgents,
  leadDeskSettings,
  leadEvents,
  leadJobs,
  leadLostReasons,
  leads,
  notifications,
  projects,
  units,
  users,
  webhookDeliveries,
} from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/http-errors.ts";
import { escapeLike } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { queueLeadConversions } from "../conversions/outbox.ts";
import { loadPermissionFacts } from "../permissions/service.ts";
import { type LeadRow, leadRow, openingEnquiry } from "./lead-row.ts";
import { enqueueStageChanged } from "./service.ts";

/** The signed-in staff member acting on the desk. `viewAll`: holds leads.view_all. */
export interface LeadViewer {
  id: string;
  viewAll: boolean;
  ip: string | null;
}

type Lead = LeadRow;

const actorOf = (viewer: LeadViewer | null, ip: string | null = null): AuditActor => ({
  userId: viewer?.id ?? null,
  ip: viewer?.ip ?? ip,
});

/** The scope condition of a viewer on contact_messages. */
export function scopeOf(viewer: LeadViewer): SQL | undefined {
  return viewer.viewAll ? undefined : eq(leads.ownerId, viewer.id);
}

/** Reads one lead for change (row lock), inside the viewer's scope. Errors: 404 unknown or not the viewer's. */
async function lockLead(tx: Tx, viewer: LeadViewer, id: number): Promise<Lead> {
  const [lead] = await tx
    .select(leadRow)
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(and(eq(leads.id, id), scopeOf(viewer)))
    .for("update")
    .limit(1);
  if (!lead) throw notFound(LEAD_TEXTS.leadNotFound);
  return lead;
}

/** Appends one history entry. */
async function addEvent(
  tx: Db | Tx,
  leadId: number,
  kind: LeadEventKind,
  fields: {
    actorId?: string | null;
    fromStage?: string | null;
    toStage?: string | null;
    activityKind?: string | null;
    note?: string | null;
    data?: Record<string, unknown>;
    at: Date;
  },
) {
  await tx.insert(leadEvents).values({
    leadId,
    kind,
    actorId: fields.actorId ?? null,
    fromStage: fields.fromStage ?? null,
    toStage: fields.toStage ?? null,
    activityKind: fields.activityKind ?? null,
    note: fields.note ?? null,
    data: fields.data ?? {},
    createdAt: fields.at,
  });
}

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

/**
 * The next agent by round robin for a lead of `projectId`: the project's list when it has an agent who is not away,
 * else the site default list (projectId null). Within a list the agent whose turn is oldest goes next (never
 * assigned first, then by position); each assignment takes the list's next turn number (lead_agents.last_turn). The list's rows are locked (FOR UPDATE) so two leads stored at once take turns.
 * `exclude`: an agent to skip (the current owner, on reassignment). Returns null when no agent is available.
 */
export async function pickAgent(
  tx: Tx,
  projectId: number | null,
  now: Date,
  exclude: string | null = null,
): Promise<string | null> {
  const lists: (number | null)[] = projectId === null ? [null] : [projectId, null];
  for (const list of lists) {
    const rows = await tx
      .select({
        id: leadAgents.id,
        userId: leadAgents.userId,
        position: leadAgents.position,
        turn: leadAgents.lastTurn,
      })
      .from(leadAgents)
      .where(list === null ? isNull(leadAgents.projectId) : eq(leadAgents.projectId, list))
      .orderBy(asc(leadAgents.id))
      .for("update");
    if (!rows.length) continue;
    const away = new Set(
      (
        await tx
          .select({ userId: leadAgentStatus.userId })
          .from(leadAgentStatus)
          .where(
            and(
              inArray(
                leadAgentStatus.userId,
                rows.map((r) => r.userId),
              ),
              eq(leadAgentStatus.away, true),
            ),
          )
      ).map((r) => r.userId),
    );
    const candidates = rows.filter((r) => !away.has(r.userId) && r.userId !== exclude);
    if (!candidates.length) continue;
    candidates.sort((a, b) => (a.turn ?? -1) - (b.turn ?? -1) || a.position - b.position || a.id - b.id);
    const chosen = candidates[0];
    const turn = Math.max(0, ...rows.map((r) => r.turn ?? 0)) + 1;
    await tx.update(leadAgents).set({ lastTurn: turn, lastAssignedAt: now }).where(eq(leadAgents.id, chosen.id));
    return chosen.userId;
  }
  return null;
}

/** The lead_jobs kinds of the response clock (a follow-up reminder is not one of them). */
export const CLOCK_JOB_KINDS = ["notify_agent", "notify_managers", "reassign"];

/** Closes the lead's pending jobs of `kinds` at `now`. */
async function cancelJobs(tx: Tx, leadId: number, kinds: string[], now: Date) {
  await tx
    .update(leadJobs)
    .set({ doneAt: now })
    .where(and(eq(leadJobs.leadId, leadId), isNull(leadJobs.doneAt), inArray(leadJobs.kind, kinds)));
}

/** Queues the response-clock jobs of a lead assigned at `now` (the earlier ones of the lead are cancelled). */
async function scheduleClock(tx: Tx, leadId: number, now: Date, settings: LeadSettings, onlyReassign = false) {
  await cancelJobs(tx, leadId, CLOCK_JOB_KINDS, now);
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const jobs = [
    ...(onlyReassign
      ? []
      : [
          { leadId, kind: "notify_agent", runAt: at(settings.notifyAgentAfter) },
          { leadId, kind: "notify_managers", runAt: at(settings.notifyManagersAfter) },
        ]),
    { leadId, kind: "reassign", runAt: at(settings.reassignAfter) },
  ];
  await tx.insert(leadJobs).values(jobs);
}

/**
 * Stores an in-app notification for each user. Each row is also the outbox of its e-mail copy (email_status
 * "pending", due at `at`): the mail worker (mail.ts) sends it when SMTP_URL is set and the user has an e-mail.
 */
export async function notify(
  tx: Db | Tx,
  userIds: string[],
  leadId: number | null,
  kind: string,
  text: string,
  at: Date,
) {
  if (!userIds.length) return;
  await tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, leadId, kind, text, createdAt: at, emailNextAt: at })));
}

/**
 * Assigns a just-opened lead (called inside the enquiry's own transaction by createOrJoinLead): round robin,
 * history entry, notification to the agent, response-clock jobs. A lead with no available agent stays unassigned
 * and its clock still runs (managers are told at the second step; the reassign step tries again).
 */
export async function assignNewLead(
  tx: Tx,
  leadId: number,
  projectId: number | null,
  now: Date,
): Promise<string | null> {
  const settings = await readLeadSettings(tx);
  const ownerId = await pickAgent(tx, projectId, now);
  if (ownerId) {
    await tx.update(leads).set({ ownerId }).where(eq(leads.id, leadId));
    await addEvent(tx, leadId, "assigned", { data: { ownerId, auto: true }, at: now });
    await notify(tx, [ownerId], leadId, "assigned", LEAD_TEXTS.assignedToYou, now);
  }
  await scheduleClock(tx, leadId, now, settings);
  return ownerId;
}

/** Whether user `id` may own leads (holds leads.view_own or leads.view_all). */
async function canOwnLeads(tx: Tx, id: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!user || !isRole(user.role)) return false;
  const facts = await loadPermissionFacts(tx, { id: user.id, role: user.role });
  const subject = { role: user.role };
  return hasPermission(subject, "leads.view_own", facts) || hasPermission(subject, "leads.view_all", facts);
}

/**
 * PUT /api/leads/{id}/owner (leads.assign): hands the lead to `ownerId`, restarts the reassign step of the clock
 * when the lead is not contacted yet. Errors: 404 lead; 400 {ownerId} a user who cannot own leads.
 */
export async function reassignLead(
  db: Db,
  viewer: LeadViewer,
  id: number,
  ownerId: string,
  note: string | undefined,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, viewer, id);
    if (!(await canOwnLeads(tx, ownerId))) throw badRequest({ ownerId: LEAD_TEXTS.ownerInvalid });
    await tx.update(leads).set({ ownerId }).where(eq(leads.id, id));
    await addEvent(tx, id, "assigned", {
      actorId: viewer.id,
      note,
      data: { ownerId, previousOwnerId: lead.ownerId },
      at: now,
    });
    await notify(tx, [ownerId], id, "assigned", LEAD_TEXTS.assignedToYou, now);
    if (!lead.firstContactAt) await scheduleClock(tx, id, now, await readLeadSettings(tx), true);
    await recordAudit(tx, actorOf(viewer), {
      entityType: "contact_message",
      entityId: id,
      action: "assign",
      previousState: { ownerId: lead.ownerId },
      newState: { ownerId },
    });
    return { ownerId };
  });
}

/** The PostgreSQL unique-violation code, raised by contact_messages_unit_id_key when two leads take one unit. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === "object"; i += 1) {
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PATCH /api/leads/{id}/stage (leads.work): moves the lead to any stage, with its unit link (domain rules in
 * lead-desk.ts). In one transaction: the lead, the units' statuses, the history, the audit row.
 * The unit row is locked first, so of two requests for one unit the second waits and then gets 409.
 * Errors: 404 lead; 400 {lostReason} not in the list; 400 {unitId} unknown unit or another project's;
 * 409 the unit is held by another lead or is not available.
 */
export async function changeLeadStage(
  db: Db,
  viewer: LeadViewer,
  id: number,
  input: LeadStageChange,
  now = new Date(),
) {
  try {
    return await db.transaction(async (tx) => {
      const lead = await lockLead(tx, viewer, id);
      const stage: LeadStage = input.stage;
      if (stage === "lost") {
        const [reason] = await tx
          .select()
          .from(leadLostReasons)
          .where(and(eq(leadLostReasons.name, input.lostReason ?? ""), eq(leadLostReasons.active, true)))
          .limit(1);
        if (!reason) throw badRequest({ lostReason: LEAD_TEXTS.lostReasonUnknown });
      }
      const holds = UNIT_STATUS_FOR_STAGE[stage];
      const nextUnitId = holds ? (input.unitId === undefined ? lead.unitId : input.unitId) : null;

      if (nextUnitId !== null) {
        const [unit] = await tx.select().from(units).where(eq(units.id, nextUnitId)).for("update").limit(1);
        if (!unit) throw badRequest({ unitId: LEAD_TEXTS.unitNotFound });
        if (unit.projectId !== lead.projectId) throw badRequest({ unitId: LEAD_TEXTS.unitOtherProject });
        if (nextUnitId !== lead.unitId) {
          const [holder] = await tx
            .select({ id: leads.id })
            .from(leads)
            .where(and(eq(leads.unitId, nextUnitId), ne(leads.id, id)))
            .limit(1);
          if (holder) throw conflict(LEAD_TEXTS.unitTaken, { unitId: LEAD_TEXTS.unitTaken });
          if (unit.status !== UNIT_STATUS_FREE)
            throw conflict(LEAD_TEXTS.unitNotAvailable, { unitId: LEAD_TEXTS.unitNotAvailable });
        }
      }
      if (lead.unitId !== null && lead.unitId !== nextUnitId) {
        await tx.update(units).set({ status: UNIT_STATUS_FREE, updatedAt: now }).where(eq(units.id, lead.unitId));
        await addEvent(tx, id, "unit_unlinked", { actorId: viewer.id, data: { unitId: lead.unitId }, at: now });
      }
      await tx
        .update(leads)
        .set({
          stage,
          unitId: nextUnitId,
          lostReason: stage === "lost" ? (input.lostReason ?? null) : null,
          stageChangedAt: now,
        })
        .where(eq(leads.id, id));
      if (nextUnitId !== null && holds) {
        await tx.update(units).set({ status: holds, updatedAt: now }).where(eq(units.id, nextUnitId));
        if (nextUnitId !== lead.unitId) {
          await addEvent(tx, id, "unit_linked", {
            actorId: viewer.id,
            data: { unitId: nextUnitId, status: holds },
            at: now,
          });
        }
      }
      await addEvent(tx, id, "stage_changed", {
        actorId: viewer.id,
        fromStage: lead.stage,
        toStage: stage,
        note: input.note,
        data: stage === "lost" ? { lostReason: input.lostReason } : {},
        at: now,
      });
      await recordAudit(tx, actorOf(viewer), {
        entityType: "contact_message",
        entityId: id,
        action: "stage",
        previousState: { stage: lead.stage, unitId: lead.unitId, lostReason: lead.lostReason },
        newState: { stage, unitId: nextUnitId, lostReason: stage === "lost" ? input.lostReason : null },
      });
      const queued =
        stage !== lead.stage &&
        (await enqueueStageChanged(
          tx,
          lead,
          {
            stage,
            previousStage: lead.stage,
            lostReason: stage === "lost" ? (input.lostReason ?? null) : null,
            unitId: nextUnitId,
          },
          now,
        ));
      const kind = stage !== lead.stage ? eventKindOfStage(stage) : null;
      if (kind) await queueLeadConversions(tx, { ...lead, unitId: nextUnitId }, kind, now);
      return { stage, unitId: nextUnitId, webhookQueued: queued };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LEAD_TEXTS.unitTaken, { unitId: LEAD_TEXTS.unitTaken });
    throw error;
  }
}

/**
 * POST /api/leads/{id}/activities (leads.work): logs a call, WhatsApp, e-mail, meeting or note. The first contact
 * activity stops the response clock (first_contact_at set, pending clock jobs done). `followUpAt` sets the next step
 * and queues its reminder (a "follow_up" job replacing any earlier one: the owner is notified when it is due).
 * Errors: 404 lead.
 */
export async function logLeadActivity(
  db: Db,
  viewer: LeadViewer,
  id: number,
  input: LeadActivityInput,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, viewer, id);
    const contact = isContactActivity(input.kind);
    const firstContactAt = lead.firstContactAt ?? (contact ? now : null);
    const followUpAt = input.followUpAt ? new Date(input.followUpAt) : lead.followUpAt;
    await tx.update(leads).set({ firstContactAt, followUpAt }).where(eq(leads.id, id));
    if (contact && !lead.firstContactAt) await cancelJobs(tx, id, CLOCK_JOB_KINDS, now);
    // The follow-up reminder: one pending "follow_up" job per lead, due at the follow-up date (desk-jobs.ts).
    if (followUpAt && input.followUpAt) {
      await cancelJobs(tx, id, ["follow_up"], now);
      await tx.insert(leadJobs).values({ leadId: id, kind: "follow_up", runAt: followUpAt });
    }
    await addEvent(tx, id, "activity", { actorId: viewer.id, activityKind: input.kind, note: input.note, at: now });
    if (input.followUpAt) {
      await addEvent(tx, id, "follow_up_set", {
        actorId: viewer.id,
        data: { followUpAt: followUpAt?.toISOString() },
        at: now,
      });
    }
    await recordAudit(tx, actorOf(viewer), {
      entityType: "contact_message",
      entityId: id,
      action: "activity",
      newState: { kind: input.kind, followUpAt: followUpAt?.toISOString() ?? null },
    });
    return {
      firstContactAt: firstContactAt?.toISOString() ?? null,
      followUpAt: followUpAt?.toISOString() ?? null,
      secondsToFirstContact: firstContactAt
        ? Math.round((firstContactAt.getTime() - lead.createdAt.getTime()) / 1000)
        : null,
    };
  });
}

/**
 * Whether a lead is overdue at `now`: open, and not contacted past the agent step or its follow-up date passed.
 * Written as the partial indexes contact_messages_uncontacted_idx / _follow_up_idx are, so PostgreSQL uses them.
 */
export function overdueCondition(now: Date, settings: LeadSettings): SQL {
  const limit = new Date(now.getTime() - settings.notifyAgentAfter * 60_000);
  return sql`((${leads.firstContactAt} is null and ${leads.stage} not in ('lost', 'sold') and ${leads.createdAt} < ${limit}) or (${leads.followUpAt} is not null and ${leads.stage} not in ('lost', 'sold') and ${leads.followUpAt} < ${now}))`;
}
/** The negation of overdueCondition (its nulls read as false). */
function notOverdueCondition(now: Date, settings: LeadSettings): SQL {
  return sql`not coalesce(${overdueCondition(now, settings)}, false)`;
}

function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (value && typeof value === "object") return value as Record<string, unknown>;
  } catch {}
  throw badRequest({ cursor: "مؤشر الصفحة غير صالح" });
}

/** search_text contains the Arabic normal form of `query` (undefined: a query that folds to nothing). */
function searchTextMatch(query: string): SQL | undefined {
  const term = normalizeSearchText(query);
  return term ? sql`${contactMessages.searchText} like ${`%${escapeLike(term)}%`} escape '\\'` : undefined;
}

/** Jeddah is UTC+3 all year: a YYYY-MM-DD day starts at 00:00+03:00. */
export function dayStart(day: string, addDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + addDays * 86_400_000);
}

const summaryColumns = {
  lead: leadRow,
  projectName: projects.name,
  ownerName: users.name,
};

function toSummary(
  row: { lead: Lead; projectName: string | null; ownerName: string | null },
  now: Date,
  settings: LeadSettings,
): LeadSummary {
  const m = row.lead;
  const limit = now.getTime() - settings.notifyAgentAfter * 60_000;
  const open = m.stage !== "lost" && m.stage !== "sold";
  return {
    id: m.id,
    name: m.name,
    phone: m.phone,
    email: m.email,
    source: m.source,
    projectId: m.projectId,
    projectName: row.projectName ?? m.origin.projectName ?? null,
    campaignId: m.campaignId,
    stage: m.stage,
    stageLabel: LEAD_STAGE_LABELS[m.stage] ?? m.stage,
    ownerId: m.ownerId,
    ownerName: row.ownerName,
    unitId: m.unitId,
    lostReason: m.lostReason,
    isDuplicate: m.isDuplicate,
    firstContactAt: m.firstContactAt?.toISOString() ?? null,
    followUpAt: m.followUpAt?.toISOString() ?? null,
    overdue:
      open &&
      ((!m.firstContactAt && m.createdAt.getTime() < limit) ||
        (m.followUpAt !== null && m.followUpAt.getTime() < now.getTime())),
    mergedIntoId: m.mergedIntoId,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * GET /api/leads: one page of the viewer's leads, filtered and sorted on the server. Every sort pages by a keyset
 * cursor on (created_at, id); urgency (overdue first, then newest) reads the overdue leads, then the others, and its
 * cursor also names the phase. Search: the stored Arabic search form of name/e-mail/message (search_text) and a
 * phone typed in any form (src/server/lib/search.ts). Figures at 100,000 leads: docs/performance/leads.md.
 * Returns {items, nextCursor} (null on the last page). Errors: 400 {cursor} a cursor this list did not give.
 */
export async function listLeads(db: Db, viewer: LeadViewer, query: LeadListQuery, now = new Date()) {
  const settings = await readLeadSettings(db);
  // Enquiries merged into another lead leave the list (they show on that lead's timeline).
  const where: (SQL | undefined)[] = [scopeOf(viewer), isNull(leads.mergedIntoId)];
  if (query.search) {
    const digits = phoneSearchDigits(query.search);
    where.push(
      or(
        searchTextMatch(query.search),
        digits ? sql`coalesce(${contactMessages.phone}, '') like ${`%${escapeLike(digits)}%`} escape '\\'` : undefined,
      ),
    );
  }
  if (query.stage) where.push(eq(leads.stage, query.stage));
  if (query.ownerId === "none") where.push(isNull(leads.ownerId));
  else if (query.ownerId === "me") where.push(eq(leads.ownerId, viewer.id));
  else if (query.ownerId) where.push(eq(leads.ownerId, query.ownerId));
  if (query.projectId) where.push(eq(contactMessages.projectId, query.projectId));
  if (query.campaignId) where.push(eq(contactMessages.campaignId, query.campaignId));
  if (query.source) where.push(eq(contactMessages.source, query.source));
  if (query.duplicate) where.push(eq(contactMessages.isDuplicate, query.duplicate === "true"));
  if (query.from) where.push(gte(leads.createdAt, dayStart(query.from)));
  if (query.to) where.push(lt(leads.createdAt, dayStart(query.to, 1)));
  if (query.overdue === "true") where.push(overdueCondition(now, settings));
  if (query.overdue === "false") where.push(notOverdueCondition(now, settings));

  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  let keyset: { at: Date; id: number } | null = null;
  if (cursor) {
    const at = typeof cursor.t === "string" ? new Date(cursor.t) : null;
    const cid = typeof cursor.i === "number" ? cursor.i : null;
    if (!at || Number.isNaN(at.getTime()) || cid === null) throw badRequest({ cursor: "مؤشر الصفحة غير صالح" });
    keyset = { at, id: cid };
  }
  const newest = query.sort !== "oldest";
  const after = (k: { at: Date; id: number } | null) =>
    !k
      ? undefined
      : newest
        ? or(lt(leads.createdAt, k.at), and(eq(leads.createdAt, k.at), lt(leads.id, k.id)))
        : or(gt(leads.createdAt, k.at), and(eq(leads.createdAt, k.at), gt(leads.id, k.id)));
  const order = newest ? [desc(leads.createdAt), desc(leads.id)] : [asc(leads.createdAt), asc(leads.id)];
  const read = (conditions: (SQL | undefined)[], limit: number) =>
    db
      .select(summaryColumns)
      .from(leads)
      .innerJoin(contactMessages, openingEnquiry)
      .leftJoin(projects, eq(projects.id, contactMessages.projectId))
      .leftJoin(users, eq(users.id, leads.ownerId))
      .where(and(...where, ...conditions))
      .orderBy(...order)
      .limit(limit);

  // Urgency: the overdue leads newest first (phase 1), then the others newest first (phase 2), each by keyset, so
  // no page sorts the whole table; the cursor names the phase of the page's last row.
  let rows: { row: Awaited<ReturnType<typeof read>>[number]; phase: 1 | 2 }[];
  if (query.sort === "urgency") {
    const phase = cursor?.p === 2 ? 2 : 1;
    rows = [];
    if (phase === 1) {
      const overdue = await read([overdueCondition(now, settings), after(keyset)], query.limit + 1);
      rows = overdue.map((row) => ({ row, phase: 1 as const }));
    }
    if (rows.length <= query.limit) {
      const rest = await read(
        [notOverdueCondition(now, settings), phase === 2 ? after(keyset) : undefined],
        query.limit + 1 - rows.length,
      );
      rows.push(...rest.map((row) => ({ row, phase: 2 as const })));
    }
  } else {
    rows = (await read([after(keyset)], query.limit + 1)).map((row) => ({ row, phase: 1 as const }));
  }
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    !more || !last
      ? null
      : encodeCursor({
          t: last.row.lead.createdAt.toISOString(),
          i: last.row.lead.id,
          ...(query.sort === "urgency" ? { p: last.phase } : {}),
        });
  return { items: page.map((r) => toSummary(r.row, now, settings)), nextCursor };
}

/** The staff names and unit numbers the history's `data` refers to (ownerId, previousOwnerId, unitId). */
async function eventNames(db: Db, data: Record<string, unknown>[]) {
  const userIds = new Set<string>();
  const unitIds = new Set<number>();
  for (const d of data) {
    for (const key of ["ownerId", "previousOwnerId"]) if (typeof d[key] === "string") userIds.add(d[key] as string);
    if (typeof d.unitId === "number") unitIds.add(d.unitId);
  }
  const people = userIds.size
    ? await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...userIds]))
    : [];
  const numbers = unitIds.size
    ? await db
        .select({ id: units.id, unitNumber: units.unitNumber })
        .from(units)
        .where(inArray(units.id, [...unitIds]))
    : [];
  return {
    users: new Map(people.map((p) => [p.id, p.name])),
    units: new Map(numbers.map((u) => [u.id, u.unitNumber])),
  };
}

/** `data` with ownerName / previousOwnerName / unitNumber added where it names a user or a unit. */
function withNames(data: Record<string, unknown>, names: Awaited<ReturnType<typeof eventNames>>) {
  const out = { ...data };
  if (typeof data.ownerId === "string") out.ownerName = names.users.get(data.ownerId) ?? null;
  if (typeof data.previousOwnerId === "string") out.previousOwnerName = names.users.get(data.previousOwnerId) ?? null;
  if (typeof data.unitId === "number") out.unitNumber = names.units.get(data.unitId) ?? null;
  return out;
}

/**
 * GET /api/leads/{id}: the lead, its history oldest first (enquiry, assignments, stage changes, activities, unit
 * links, follow-ups, clock steps, merges) with actor names (and, in `data`, ownerName / previousOwnerName /
 * unitNumber beside the ids), and the viewer's other enquiries of the same person
 * (same E.164 phone, else same e-mail). Errors: 404.
 */
export async function getLeadDetail(db: Db, viewer: LeadViewer, id: number, now = new Date()) {
  const settings = await readLeadSettings(db);
  const [row] = await db
    .select(summaryColumns)
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .leftJoin(users, eq(users.id, leads.ownerId))
    .where(and(eq(contactMessages.id, id), scopeOf(viewer)))
    .limit(1);
  if (!row) throw notFound(LEAD_TEXTS.leadNotFound);
  // A view of a person's contact details by staff is audited (PDPL; docs/product.md §2.16).
  await recordAudit(db, actorOf(viewer), { entityType: "contact_message", entityId: id, action: "view" });
  const events = await db
    .select({ event: leadEvents, actorName: users.name })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, id))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  const names = await eventNames(
    db,
    events.map((e) => e.event.data),
  );
  const m = row.lead;
  const samePerson = m.phone
    ? eq(contactMessages.phone, m.phone)
    : m.email
      ? eq(contactMessages.email, m.email)
      : undefined;
  const related = await db
    .select(summaryColumns)
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .leftJoin(users, eq(users.id, leads.ownerId))
    .where(and(or(samePerson, eq(leads.mergedIntoId, id)), ne(contactMessages.id, id), scopeOf(viewer)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(100);
  return {
    lead: {
      ...toSummary(row, now, settings),
      message: m.message,
      attribution: m.attribution,
      consentVersion: m.consentVersion,
      consentAt: m.consentAt?.toISOString() ?? null,
      marketingConsentVersion: m.marketingConsentVersion,
      marketingConsentAt: m.marketingConsentAt?.toISOString() ?? null,
      marketingConsentWithdrawnAt: m.marketingConsentWithdrawnAt?.toISOString() ?? null,
    },
    events: events.map(
      ({ event: e, actorName }): LeadEventView => ({
        id: e.id,
        leadId: e.leadId,
        kind: e.kind as LeadEventView["kind"],
        actorId: e.actorId,
        actorName,
        fromStage: e.fromStage,
        toStage: e.toStage,
        activityKind: e.activityKind,
        note: e.note,
        data: withNames(e.data, names),
        createdAt: e.createdAt.toISOString(),
      }),
    ),
    related: related.map((r) => toSummary(r, now, settings)),
  };
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

/**
 * PUT /api/leads/agents (leads.settings): the agents of one list, in turn order (replaces the list).
 * Errors: 400 {userIds} a user who cannot own leads; 400 {projectId} unknown project.
 */
export async function setAgentList(db: Db, actor: AuditActor, projectId: number | null, userIds: string[]) {
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
    return { projectId, userIds: unique };
  });
}

/** PUT /api/leads/agents/{userId}/away (leads.assign): marks an agent away (skipped by the round robin) or back. */
export async function setAgentAway(db: Db, actor: AuditActor, userId: string, away: boolean) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound("الموظف غير موجود");
    await tx
      .insert(leadAgentStatus)
      .values({ userId, away })
      .onConflictDoUpdate({ target: leadAgentStatus.userId, set: { away, updatedAt: new Date() } });
    await recordAudit(tx, actor, { entityType: "lead_agent", entityId: userId, action: "away", newState: { away } });
    return { userId, away };
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

/**
 * POST /api/leads/{id}/merge (leads.assign): merges lead `otherId` into lead `id` by hand (another enquiry of the same
 * person that the phone/e-mail rule did not join). The other enquiry stays stored with its own source, campaign and
 * duplicate flag, marked merged_into_id = id; its history moves to `id`, its pending clock jobs close, and a
 * "merged" entry with the other's contact details is added to both. Audited.
 * Errors: 404 either lead (outside the viewer's scope too); 400 {otherId} the same lead; 409 the other holds a
 * unit or is already merged.
 */
export async function mergeLeads(db: Db, viewer: LeadViewer, id: number, otherId: number, now = new Date()) {
  if (id === otherId) throw badRequest({ otherId: LEAD_TEXTS.mergeSelf });
  return db.transaction(async (tx) => {
    // Lock in id order so two opposite merges cannot deadlock.
    const [firstId, secondId] = id < otherId ? [id, otherId] : [otherId, id];
    const first = await lockLead(tx, viewer, firstId);
    const second = await lockLead(tx, viewer, secondId);
    const [target, other] = first.id === id ? [first, second] : [second, first];
    if (other.mergedIntoId !== null || target.mergedIntoId !== null) throw conflict(LEAD_TEXTS.alreadyMerged);
    if (other.unitId !== null) throw conflict(LEAD_TEXTS.mergeUnit, { otherId: LEAD_TEXTS.mergeUnit });
    await tx.update(leadEvents).set({ leadId: id }).where(eq(leadEvents.leadId, otherId));
    await tx
      .update(leadJobs)
      .set({ doneAt: now })
      .where(and(eq(leadJobs.leadId, otherId), isNull(leadJobs.doneAt)));
    await tx.update(leads).set({ mergedIntoId: id }).where(eq(leads.id, otherId));
    const snapshot = {
      mergedId: otherId,
      name: other.name,
      phone: other.phone,
      email: other.email,
      source: other.source,
      stage: other.stage,
      createdAt: other.createdAt.toISOString(),
    };
    await addEvent(tx, id, "merged", { actorId: viewer.id, data: snapshot, at: now });
    await addEvent(tx, otherId, "merged", { actorId: viewer.id, data: { mergedInto: id }, at: now });
    await recordAudit(tx, actorOf(viewer), {
      entityType: "contact_message",
      entityId: id,
      action: "merge",
      previousState: { other: snapshot, ownerId: other.ownerId },
      newState: { mergedInto: id },
    });
    return { id, mergedId: otherId };
  });
}

function personCondition(person: PersonQuery): SQL | undefined {
  return or(
    person.phone ? eq(contactMessages.phone, person.phone) : undefined,
    person.email ? eq(contactMessages.email, person.email) : undefined,
  );
}

/**
 * GET /api/leads/person (leads.settings, PDPL access request): everything stored about one person — every enquiry
 * (contact details, message, attribution, consent, IP) with its history. The export itself is audited.
 * Errors: 404 nothing stored for this phone/e-mail.
 */
export async function exportPerson(db: Db, actor: AuditActor, person: PersonQuery, format: "json" | "xlsx" = "json") {
  const found = await db
    .select({ enquiry: contactMessages, stage: leads.stage })
    .from(contactMessages)
    .leftJoin(leads, eq(leads.id, contactMessages.leadId))
    .where(personCondition(person))
    .orderBy(asc(contactMessages.id));
  if (!found.length) throw notFound(LEAD_TEXTS.personNotFound);
  const enquiries = found.map((f) => ({ ...f.enquiry, stage: f.stage }));
  const events = await db
    .select()
    .from(leadEvents)
    .where(
      inArray(
        leadEvents.leadId,
        enquiries.map((l) => l.leadId ?? l.id),
      ),
    )
    .orderBy(asc(leadEvents.id));
  await recordAudit(db, actor, {
    entityType: "person",
    entityId: null,
    action: "export",
    newState: { leadIds: enquiries.map((l) => l.id), format },
  });
  return {
    person: { phone: person.phone ?? null, email: person.email ?? null },
    enquiries: enquiries.map((l) => ({
      id: l.id,
      name: l.name,
      email: l.email,
      phone: l.phone,
      message: l.message,
      source: l.source,
      projectId: l.projectId,
      campaignId: l.campaignId,
      stage: l.stage,
      attribution: l.attribution,
      consentVersion: l.consentVersion,
      consentAt: l.consentAt?.toISOString() ?? null,
      marketingConsentVersion: l.marketingConsentVersion,
      marketingConsentAt: l.marketingConsentAt?.toISOString() ?? null,
      marketingConsentWithdrawnAt: l.marketingConsentWithdrawnAt?.toISOString() ?? null,
      ipAddress: l.ipAddress,
      userAgent: l.userAgent,
      createdAt: l.createdAt.toISOString(),
      history: events
        .filter((e) => e.leadId === l.leadId)
        .map((e) => ({
          kind: e.kind,
          activityKind: e.activityKind,
          fromStage: e.fromStage,
          toStage: e.toStage,
          note: e.note,
          createdAt: e.createdAt.toISOString(),
        })),
    })),
  };
}

/**
 * Removes the personal data of leads `ids` (PDPL erasure and retention), inside the caller's transaction. Kept:
 * source, project, landing page, campaign, stage, dates (campaign counts and the pipeline stay right). Removed: name
 * (replaced by «بيانات محذوفة»), phone, e-mail, message, attribution, IP, user agent, notes and data of the history,
 * the webhook deliveries and the ad-platform conversion events (their payloads carry the contact details, hashed or
 * not, with the IP and user agent). Marks anonymised_at.
 */
export async function anonymiseLeads(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  const enquiryIds = (
    await tx
      .update(contactMessages)
      .set({
        name: LEAD_TEXTS.erasedName,
        phone: null,
        email: null,
        message: null,
        attribution: {},
        ipAddress: null,
        userAgent: null,
        anonymisedAt: now,
      })
      .where(or(inArray(contactMessages.leadId, ids), inArray(contactMessages.id, ids)))
      .returning({ id: contactMessages.id })
  ).map((r) => r.id);
  await tx.update(leadEvents).set({ note: null, data: {} }).where(inArray(leadEvents.leadId, ids));
  if (enquiryIds.length) {
    await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.contactMessageId, enquiryIds));
  }
  await tx.delete(conversionEvents).where(inArray(conversionEvents.leadId, ids));
}

/** Most leads one retention pass anonymises (the next day's pass takes the rest). */
const RETENTION_BATCH = 5000;

/**
 * The retention job (PDPL; docs/product.md §2.16): anonymises (anonymiseLeads) the leads closed (sold or lost) more
 * than `retentionDays` (lead settings, default 730) before `now`, by the date of their last stage change, at most
 * RETENTION_BATCH per pass. One audit row names the lead ids. Returns how many were anonymised.
 */
export async function anonymiseExpiredLeads(tx: Tx, now: Date): Promise<number> {
  const { retentionDays } = await readLeadSettings(tx);
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  const rows = await tx
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(
      and(
        inArray(leads.stage, ["sold", "lost"]),
        isNull(contactMessages.anonymisedAt),
        lt(sql`coalesce(${leads.stageChangedAt}, ${leads.createdAt})`, before),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(RETENTION_BATCH)
    .for("update", { skipLocked: true });
  const ids = rows.map((r) => r.id);
  if (!ids.length) return 0;
  await anonymiseLeads(tx, ids, now);
  await recordAudit(
    tx,
    { userId: null, ip: null },
    {
      entityType: "person",
      entityId: null,
      action: "retention",
      newState: { leadIds: ids, retentionDays },
    },
  );
  return ids.length;
}

/**
 * POST /api/leads/person/erase (leads.settings, PDPL erasure request): anonymises every enquiry of the person in one
 * transaction. Kept: source, project, landing page, campaign, stage, dates (campaign counts and the pipeline stay
 * right). Removed: name (replaced by «بيانات محذوفة»), phone, e-mail, message, attribution, IP, notes and contact
 * details in the history, and the webhook deliveries (their payloads carry the contact details). The audit row
 * names only the lead ids. Errors: 404 nothing stored.
 */
export async function erasePerson(db: Db, actor: AuditActor, person: PersonQuery) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: contactMessages.id, leadId: contactMessages.leadId })
      .from(contactMessages)
      .where(personCondition(person))
      .for("update");
    if (!found.length) throw notFound(LEAD_TEXTS.personNotFound);
    const ids = [...new Set(found.map((l) => l.leadId ?? l.id))];
    await anonymiseLeads(tx, ids, new Date());
    await recordAudit(tx, actor, { entityType: "person", entityId: null, action: "erase", newState: { leadIds: ids } });
    return { erased: ids.length };
  });
}

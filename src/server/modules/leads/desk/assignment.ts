/**
 * Who works a lead (docs/decisions/022-lead-desk-assignment-and-response-clock.md): round-robin assignment of a new
 * lead, the response clock's jobs, notifications, reassignment by hand, and the unassigned backlog dealt in turn.
 */
import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { LEAD_CLOCK_TEXTS } from "#domain/lead-clock.ts";
import { LEAD_TEXTS, type LeadSettings } from "#domain/lead-desk.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leads, projects } from "#server/db/schema.ts";
import { leadAgentStatus, leadAgents, leadJobs, notifications } from "#server/db/tables/lead-desk.ts";
import { badRequest } from "#server/lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { actorOf, addEvent, canOwnLeads, type LeadViewer, lockWorkableLead } from "./common.ts";
import { readLeadSettings } from "./settings.ts";

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
export async function cancelJobs(tx: Tx, leadId: number, kinds: string[], now: Date) {
  await tx
    .update(leadJobs)
    .set({ doneAt: now })
    .where(and(eq(leadJobs.leadId, leadId), isNull(leadJobs.doneAt), inArray(leadJobs.kind, kinds)));
}

/** Queues the response-clock jobs of a lead assigned at `now` (the earlier ones of the lead are cancelled). */
export async function scheduleClock(tx: Tx, leadId: number, now: Date, settings: LeadSettings, onlyReassign = false) {
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
    await notifyAssigned(tx, ownerId, leadId, now);
  }
  await scheduleClock(tx, leadId, now, settings);
  return ownerId;
}

/** Tells `ownerId` that lead `leadId` is theirs, naming the buyer and the project (#domain/lead-clock.ts). */
async function notifyAssigned(tx: Tx, ownerId: string, leadId: number, now: Date) {
  const [lead] = await tx
    .select({ name: contactMessages.name, projectName: projects.name, origin: contactMessages.origin })
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .where(eq(contactMessages.id, leadId))
    .limit(1);
  const text = lead
    ? LEAD_CLOCK_TEXTS.assigned(lead.name, lead.projectName ?? lead.origin.projectName ?? null)
    : LEAD_TEXTS.assignedToYou;
  await notify(tx, [ownerId], leadId, "assigned", text, now);
}

/** Most backlog leads one call assigns (a later list change or return takes the rest). */
const BACKLOG_BATCH = 500;

/**
 * Deals the unassigned backlog in turn (docs/decisions/075-merge-and-assign-by-what-people-know.md): every open lead
 * without an owner (not sold/lost, merged or erased), oldest first, goes to the next agent by round robin (pickAgent),
 * with its history entry, the agent's notification, a fresh response clock when it is still at جديد without a contact,
 * and an audit row. Called when a round-robin list is saved and when an agent comes back from away, inside that
 * change's transaction. Returns how many leads were assigned.
 */
export async function assignBacklog(tx: Tx, actor: AuditActor, now: Date): Promise<number> {
  const backlog = await tx
    .select({
      id: leads.id,
      projectId: contactMessages.projectId,
      stage: leads.stage,
      firstContactAt: leads.firstContactAt,
    })
    .from(leads)
    .innerJoin(contactMessages, eq(contactMessages.id, leads.id))
    .where(
      and(
        isNull(leads.ownerId),
        notInArray(leads.stage, ["lost", "sold"]),
        isNull(leads.mergedIntoId),
        isNull(contactMessages.anonymisedAt),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(BACKLOG_BATCH)
    .for("update", { of: leads, skipLocked: true });
  if (!backlog.length) return 0;
  const settings = await readLeadSettings(tx);
  let assigned = 0;
  for (const lead of backlog) {
    const ownerId = await pickAgent(tx, lead.projectId, now);
    if (!ownerId) continue;
    await tx.update(leads).set({ ownerId }).where(eq(leads.id, lead.id));
    await addEvent(tx, lead.id, "assigned", { data: { ownerId, auto: true, backlog: true }, at: now });
    await notifyAssigned(tx, ownerId, lead.id, now);
    if (lead.stage === "new" && !lead.firstContactAt) await scheduleClock(tx, lead.id, now, settings);
    await recordAudit(tx, actor, {
      entityType: "contact_message",
      entityId: lead.id,
      action: "assign",
      previousState: { ownerId: null },
      newState: { ownerId, backlog: true },
    });
    assigned += 1;
  }
  return assigned;
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
    const lead = await lockWorkableLead(tx, viewer, id);
    if (!(await canOwnLeads(tx, ownerId))) throw badRequest({ ownerId: LEAD_TEXTS.ownerInvalid });
    await handOver(tx, viewer, lead, ownerId, note, now);
    return { ownerId };
  });
}

/**
 * Hands a locked lead to `ownerId` inside the caller's transaction (reassignLead, and the list's bulk reassignment
 * bulk-assign.ts): the owner set, a history entry, the new owner notified, the reassign step restarted when the lead
 * is not contacted yet, one audit row.
 */
export async function handOver(
  tx: Tx,
  viewer: LeadViewer,
  lead: { id: number; ownerId: string | null; firstContactAt: Date | null; stage: string },
  ownerId: string,
  note: string | undefined,
  now: Date,
) {
  const id = lead.id;
  await tx.update(leads).set({ ownerId }).where(eq(leads.id, id));
  await addEvent(tx, id, "assigned", {
    actorId: viewer.id,
    note,
    data: { ownerId, previousOwnerId: lead.ownerId },
    at: now,
  });
  await notifyAssigned(tx, ownerId, id, now);
  if (!lead.firstContactAt && lead.stage === "new") await scheduleClock(tx, id, now, await readLeadSettings(tx), true);
  await recordAudit(tx, actorOf(viewer), {
    entityType: "contact_message",
    entityId: id,
    action: "assign",
    previousState: { ownerId: lead.ownerId },
    newState: { ownerId },
  });
}

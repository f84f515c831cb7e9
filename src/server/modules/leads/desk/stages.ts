/**
 * Working a lead (src/domain/lead-desk.ts; docs/decisions/022-lead-desk-assignment-and-response-clock.md): stage
 * changes with the unit link, logged activities and follow-ups, and merging two leads of one person. A stage change
 * is told to the lead listeners (../events.ts: the stage webhook, conversion events) in its own transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import {
  isContactActivity,
  LEAD_TEXTS,
  type LeadActivityInput,
  type LeadStage,
  type LeadStageChange,
  UNIT_STATUS_FOR_STAGE,
} from "#domain/lead-desk.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leads } from "#server/db/schema.ts";
import { leadEvents, leadJobs, leadLostReasons } from "#server/db/tables/lead-desk.ts";
import { badRequest, conflict } from "#server/lib/http-errors.ts";
import { isUniqueViolation, uniqueViolationOf } from "#server/lib/sql.ts";
import { recordAudit } from "../../audit/service.ts";
import { applyLeadStageToUnits } from "../../inventory/service.ts";
import { emitLeadEvent } from "../events.ts";
import { CLOCK_JOB_KINDS, cancelJobs } from "./assignment.ts";
import { actorOf, addEvent, type Lead, type LeadViewer, lockLead, lockWorkableLead, openLeadOf } from "./common.ts";

/**
 * PATCH /api/leads/{id}/stage (leads.work): moves the lead to any stage, with its unit link (domain rules in
 * lead-desk.ts). In one transaction: the lead, the units' statuses, the history, the audit row.
 * The unit row is locked first, so of two requests for one unit the second waits and then gets 409; the unit's
 * holds and reservations follow the stage (modules/inventory/lead-stage.ts).
 * Past جديد the response clock's "not contacted" steps close; a closed stage closes the follow-up too.
 * Errors: 404 lead; 400 {lostReason} not in the list; 400 {unitId} unknown unit or another project's;
 * 409 {unitId} the unit is held or reserved by someone else (naming them) or is not available; 409 {stage} reopening a lead whose person has another
 * open lead; 409 a merged lead (read-only).
 */
export async function changeLeadStage(
  db: Db,
  viewer: LeadViewer,
  id: number,
  input: LeadStageChange,
  now = new Date(),
) {
  try {
    return await db.transaction((tx) => moveLeadStage(tx, viewer, id, input, now));
  } catch (error) {
    throw stageConflict(error);
  }
}

/** The 409s of a unique violation during a stage change (else the error itself). */
function stageConflict(error: unknown): unknown {
  if (uniqueViolationOf(error)?.startsWith("leads_open_person")) {
    return conflict(LEAD_TEXTS.personHasOpenLead, { stage: LEAD_TEXTS.personHasOpenLead });
  }
  if (isUniqueViolation(error)) return conflict(LEAD_TEXTS.unitTaken, { unitId: LEAD_TEXTS.unitTaken });
  return error;
}

/** The system as the one moving a lead (an online payment's reservation): it sees every lead, and acts as no one. */
const SYSTEM_VIEWER: LeadViewer = { id: "", viewAll: true, ip: null };

/**
 * changeLeadStage inside the caller's transaction `tx`; `viewer` null is the system (an online payment reserving the
 * unit: docs/payments.md "Checkout"), recorded as no one. Same output and errors (a unique violation is thrown as is).
 */
export async function moveLeadStage(tx: Tx, viewer: LeadViewer | null, id: number, input: LeadStageChange, now: Date) {
  const actorId = viewer?.id ?? null;
  const lead = await lockWorkableLead(tx, viewer ?? SYSTEM_VIEWER, id);
  const stage: LeadStage = input.stage;
  if (isClosedStage(lead.stage) && !isClosedStage(stage)) await refuseSecondOpenLead(tx, lead);
  if (stage === "lost") {
    const [reason] = await tx
      .select()
      .from(leadLostReasons)
      .where(and(eq(leadLostReasons.name, input.lostReason ?? ""), eq(leadLostReasons.active, true)))
      .limit(1);
    if (!reason) throw badRequest({ lostReason: LEAD_TEXTS.lostReasonUnknown });
  }
  const holds = UNIT_STATUS_FOR_STAGE[stage];
  // The units follow the stage (inventory/service.ts): a hold becomes a reservation at حجز, مفقود frees them.
  const nextUnitId = await applyLeadStageToUnits(tx, {
    leadId: id,
    projectId: lead.projectId,
    stage: stage === "reserved" || stage === "sold" || stage === "lost" ? stage : "other",
    previousUnitId: lead.unitId,
    nextUnitId: holds ? (input.unitId === undefined ? lead.unitId : input.unitId) : null,
    named: input.unitId !== undefined,
    actorId,
    at: now,
  });
  if (lead.unitId !== null && lead.unitId !== nextUnitId) {
    await addEvent(tx, id, "unit_unlinked", { actorId, data: { unitId: lead.unitId }, at: now });
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
  if (nextUnitId !== null && holds && nextUnitId !== lead.unitId) {
    await addEvent(tx, id, "unit_linked", {
      actorId,
      data: { unitId: nextUnitId, status: holds },
      at: now,
    });
  }
  // Past جديد the "not contacted" steps no longer apply; a closed lead has no follow-up either.
  if (stage !== "new") await cancelJobs(tx, id, CLOCK_JOB_KINDS, now);
  if (isClosedStage(stage)) await cancelJobs(tx, id, ["follow_up"], now);
  await addEvent(tx, id, "stage_changed", {
    actorId,
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
  // The stage webhook and the conversion events hear of it through the lead listeners (../events.ts).
  const told =
    stage === lead.stage
      ? {}
      : await emitLeadEvent(tx, {
          kind: "stage_changed",
          lead: { ...lead, unitId: nextUnitId },
          stage,
          previousStage: lead.stage,
          lostReason: stage === "lost" ? (input.lostReason ?? null) : null,
          at: now,
        });
  return { stage, unitId: nextUnitId, webhookQueued: told.webhookQueued === true };
}

const isClosedStage = (stage: LeadStage) => stage === "lost" || stage === "sold";

/**
 * A closed lead reopened while its person has another open lead would break one open lead per person
 * (docs/decisions/073-one-open-lead-per-person.md). Errors: 409 {stage}.
 */
async function refuseSecondOpenLead(tx: Tx, lead: Lead) {
  const open = await openLeadOf(tx, { phone: lead.personPhone, email: lead.personEmail });
  if (open && open.id !== lead.id) {
    throw conflict(LEAD_TEXTS.personHasOpenLead, { stage: LEAD_TEXTS.personHasOpenLead });
  }
}

/**
 * POST /api/leads/{id}/activities (leads.work): logs a call, WhatsApp, e-mail, meeting or note. The first contact
 * activity stops the response clock (first_contact_at set, pending clock jobs done). `followUpAt` sets the next step
 * and queues its reminder (a "follow_up" job replacing any earlier one: the owner is notified when it is due).
 * Errors: 404 lead; 400 {followUpAt} a follow-up not after `now`; 409 a merged lead (read-only).
 */
export async function logLeadActivity(
  db: Db,
  viewer: LeadViewer,
  id: number,
  input: LeadActivityInput,
  now = new Date(),
) {
  if (input.followUpAt && new Date(input.followUpAt).getTime() <= now.getTime()) {
    throw badRequest({ followUpAt: LEAD_TEXTS.followUpPast });
  }
  return db.transaction(async (tx) => {
    const lead = await lockWorkableLead(tx, viewer, id);
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
    // The other lead's enquiries, history and earlier merges now belong to `id` (its person's one open lead).
    await tx.update(contactMessages).set({ leadId: id }).where(eq(contactMessages.leadId, otherId));
    await tx.update(leads).set({ mergedIntoId: id }).where(eq(leads.mergedIntoId, otherId));
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

/**
 * Stops the response clock of lead `id` when a staff member reached the person through another channel than the
 * activity log (a WhatsApp message Meta accepted: modules/whatsapp), exactly as a logged contact activity of
 * `activityKind` does: first_contact_at set, the clock's pending jobs done, an "activity" entry by `actorId`.
 * Inside the caller's transaction. Returns false (nothing changed) when the lead was already contacted or is gone.
 */
export async function recordFirstContact(
  tx: Tx,
  id: number,
  actorId: string,
  activityKind: "whatsapp",
  now: Date,
): Promise<boolean> {
  const [lead] = await tx
    .select({ firstContactAt: leads.firstContactAt })
    .from(leads)
    .where(eq(leads.id, id))
    .for("update");
  if (!lead || lead.firstContactAt) return false;
  await tx.update(leads).set({ firstContactAt: now }).where(eq(leads.id, id));
  await cancelJobs(tx, id, CLOCK_JOB_KINDS, now);
  await addEvent(tx, id, "activity", { actorId, activityKind, at: now });
  return true;
}

/**
 * Booking a visit (docs/decisions/088-site-visits.md, 089-visit-capacity-in-the-database.md; ARCHITECTURE
 * resolutions 22–24): POST /api/visits in one transaction —
 * 1. the slot: a published project offering visits, a start that is one of its slots (else 400 startsAt), not
 *    past the notice or horizon and not full (else the caller answers 409 with the next free times);
 * 2. the seat: `visit_slot_counts` gains one in one statement only while `booked < capacity`, so the database keeps
 *    concurrent bookings within the capacity (the row lock of ON CONFLICT DO UPDATE orders them);
 * 3. the lead: the one intake function `createOrJoinLead` (an enquiry of source "visit", consent recorded with its
 *    version, the ad link's attribution kept as for a form enquiry: docs/conversions.md), then the lead moves
 *    forward to زيارة — from جديد, تم التواصل, مؤهل or مفقود — never back from حجز or بيع; the move is told to the
 *    lead listeners (the stage webhook; the Schedule conversion event, carrying the attribution's click id);
 * 4. the agent: the lead's owner when on duty for the project, else the next agent on duty by round robin;
 * 5. the visit row, its history entry, the agent's notification, the buyer's confirmation (./messages.ts) and the
 *    audit row.
 */
import { and, eq, sql } from "drizzle-orm";
import type { LeadStage } from "#domain/lead-desk.ts";
import { riyadhDay } from "#domain/licence.ts";
import { bookableDates, isSlotStart, toRiyadhIso, type VisitSlot } from "#domain/visit-slots.ts";
import { formatVisitTime, VISIT_REMINDERS_MS, VISIT_TEXTS, type VisitBooking } from "#domain/visits.ts";
import type { Tx } from "#server/db/connection.ts";
import { contactMessages, leads, units } from "#server/db/schema.ts";
import { leadAgentStatus, leadAgents } from "#server/db/tables/lead-desk.ts";
import { visitSlotCounts, visits } from "#server/db/tables/visits.ts";
import { badRequest } from "#server/lib/http-errors.ts";
import { recordAudit } from "../audit/service.ts";
import { addEvent, notify, pickAgent } from "../leads/desk/service.ts";
import { emitLeadEvent } from "../leads/events.ts";
import { createOrJoinLead } from "../leads/intake/service.ts";
import { queueVisitMessage } from "./channels.ts";
import type { StoredVisitSettings } from "./settings.ts";
import { nextFreeSlots } from "./slots.ts";

/** Stages a booking moves forward to زيارة. */
const MOVES_TO_VISIT: readonly LeadStage[] = ["new", "contacted", "qualified", "lost"];

/** The first reminder due after `now` for a visit starting at `startsAt` (24 h, then 2 h before), or null. */
export function nextReminderAfter(startsAt: Date, now: Date): Date | null {
  for (const before of VISIT_REMINDERS_MS) {
    const at = new Date(startsAt.getTime() - before);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

/**
 * Why a start cannot be booked at `now`: "invalid" (not a slot of the rules: 400), "unavailable" (past the notice
 * or beyond the horizon: 409), or null when it may be booked.
 */
export function slotProblem(rules: StoredVisitSettings, startsAt: Date, now: Date): "invalid" | "unavailable" | null {
  if (!isSlotStart(rules, startsAt)) return "invalid";
  const { last } = bookableDates(rules, now);
  if (startsAt.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) return "unavailable";
  if (riyadhDay(startsAt) > last) return "unavailable";
  return null;
}

/**
 * Takes one seat of the slot in the database: true when `booked` was below `capacity` (the row is created at 1),
 * false when the slot is full. Concurrent calls for one slot wait on its row lock, so at most `capacity` succeed.
 */
export async function takeSeat(tx: Tx, projectId: number, startsAt: Date, capacity: number): Promise<boolean> {
  const rows = await tx
    .insert(visitSlotCounts)
    .values({ projectId, startsAt, booked: 1 })
    .onConflictDoUpdate({
      target: [visitSlotCounts.projectId, visitSlotCounts.startsAt],
      set: { booked: sql`${visitSlotCounts.booked} + 1` },
      setWhere: sql`${visitSlotCounts.booked} < ${capacity}`,
    })
    .returning({ booked: visitSlotCounts.booked });
  return rows.length > 0;
}

/** Gives one seat of the slot back (a cancel, or the old slot of a move). */
export async function releaseSeat(tx: Tx, projectId: number, startsAt: Date): Promise<void> {
  await tx
    .update(visitSlotCounts)
    .set({ booked: sql`greatest(${visitSlotCounts.booked} - 1, 0)` })
    .where(and(eq(visitSlotCounts.projectId, projectId), eq(visitSlotCounts.startsAt, startsAt)));
}

/** Whether `userId` is on duty for `projectId`: on the project's agent list (or the default list), not away. */
async function onDuty(tx: Tx, userId: string, projectId: number): Promise<boolean> {
  const lists = await tx
    .select({ projectId: leadAgents.projectId, userId: leadAgents.userId })
    .from(leadAgents)
    .where(sql`${leadAgents.projectId} = ${projectId} or ${leadAgents.projectId} is null`);
  const own = lists.filter((r) => r.projectId === projectId);
  const list = own.length ? own : lists.filter((r) => r.projectId === null);
  if (!list.some((r) => r.userId === userId)) return false;
  const [status] = await tx
    .select({ away: leadAgentStatus.away })
    .from(leadAgentStatus)
    .where(eq(leadAgentStatus.userId, userId));
  return !status?.away;
}

/** The agent of a visit: the lead's owner when on duty for the project, else round robin among those on duty. */
export async function visitAgent(tx: Tx, ownerId: string | null, projectId: number, now: Date) {
  if (ownerId && (await onDuty(tx, ownerId, projectId))) return ownerId;
  return pickAgent(tx, projectId, now);
}

/** Moves the lead forward to زيارة (never back from حجز or بيع), with its history entry and the lead listeners. */
export async function moveLeadToVisit(tx: Tx, leadId: number, now: Date, visitId: number): Promise<void> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  if (!lead || !MOVES_TO_VISIT.includes(lead.stage)) return;
  await tx.update(leads).set({ stage: "visit", stageChangedAt: now, lostReason: null }).where(eq(leads.id, leadId));
  await addEvent(tx, leadId, "stage_changed", {
    fromStage: lead.stage,
    toStage: "visit",
    data: { visitId },
    at: now,
  });
  const [opening] = await tx.select().from(contactMessages).where(eq(contactMessages.id, leadId));
  if (opening) {
    await emitLeadEvent(tx, {
      kind: "stage_changed",
      lead: { ...opening, unitId: lead.unitId },
      stage: "visit",
      previousStage: lead.stage,
      lostReason: null,
      at: now,
    });
  }
}

export interface BookingMeta {
  ip: string | null;
  userAgent: string | null;
  consentVersion: string;
  marketingConsentVersion: string | null;
  publicUrl: string;
  now: Date;
}

export type BookingOutcome =
  | { ok: true; visit: typeof visits.$inferSelect; leadId: number; webhookQueued: boolean }
  | { ok: false; nextSlots: VisitSlot[] };

/** Steps 1–5 of the module comment inside `tx`. Errors: 404 project; 400 startsAt (not a slot) or unitId. */
export async function bookInTx(
  tx: Tx,
  settings: StoredVisitSettings,
  input: VisitBooking,
  meta: BookingMeta,
): Promise<BookingOutcome> {
  const { now } = meta;
  const problem = slotProblem(settings, input.startsAt, now);
  if (problem === "invalid") throw badRequest({ startsAt: VISIT_TEXTS.startsAtInvalid });
  if (input.unitId !== undefined) {
    const [unit] = await tx
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.id, input.unitId), eq(units.projectId, input.projectId)));
    if (!unit) throw badRequest({ unitId: VISIT_TEXTS.unitInvalid });
  }
  if (problem || !(await takeSeat(tx, input.projectId, input.startsAt, settings.capacity))) {
    return { ok: false, nextSlots: await nextFreeSlots(tx, input.projectId, settings, now) };
  }
  const intake = await createOrJoinLead(
    tx,
    { name: input.name, phone: input.phone, email: input.email ?? null },
    {
      source: "visit",
      message: null,
      refs: { projectId: input.projectId, landingPageId: input.landingPageId, campaignId: input.campaignId },
      attribution: input.attribution ?? {},
      ip: meta.ip,
      userAgent: meta.userAgent,
      consentVersion: meta.consentVersion,
      marketingConsentVersion: input.marketingConsent ? meta.marketingConsentVersion : null,
      publicUrl: meta.publicUrl,
      at: now,
    },
  );
  const leadId = intake.lead.id;
  const agentId = await visitAgent(tx, intake.lead.ownerId, input.projectId, now);
  const endsAt = new Date(input.startsAt.getTime() + settings.slotMinutes * 60_000);
  const [visit] = await tx
    .insert(visits)
    .values({
      projectId: input.projectId,
      leadId,
      enquiryId: intake.enquiry.id,
      unitId: input.unitId ?? null,
      landingPageId: intake.enquiry.landingPageId,
      campaignId: intake.enquiry.campaignId,
      agentId,
      startsAt: input.startsAt,
      endsAt,
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      nextReminderAt: nextReminderAfter(input.startsAt, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await addEvent(tx, leadId, "visit_booked", {
    data: { visitId: visit.id, startsAt: toRiyadhIso(visit.startsAt), agentId },
    at: now,
  });
  await moveLeadToVisit(tx, leadId, now, visit.id);
  if (agentId)
    await notify(tx, [agentId], leadId, "visit_booked", VISIT_TEXTS.bookedNotice(formatVisitTime(visit.startsAt)), now);
  await queueVisitMessage(tx, visit, "confirmation", now);
  await recordAudit(
    tx,
    { userId: null, ip: meta.ip },
    {
      entityType: "visit",
      entityId: visit.id,
      action: "create",
      newState: { projectId: visit.projectId, startsAt: toRiyadhIso(visit.startsAt), leadId, agentId },
    },
  );
  return { ok: true, visit, leadId, webhookQueued: intake.webhookQueued };
}

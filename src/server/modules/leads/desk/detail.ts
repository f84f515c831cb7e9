/**
 * One lead's detail (docs/decisions/027-lead-list-scale-exports-and-paged-lists.md): the lead, its timeline with names,
 * the person's other enquiries, the enquiries that joined it, its unit and the clock the agent sees
 * (docs/decisions/074-a-clock-the-agent-sees.md).
 */
import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { CLOCK_STEP_KINDS, type ClockStepKind, type LeadClock } from "#domain/lead-clock.ts";
import { LEAD_TEXTS, type LeadEventView } from "#domain/lead-desk.ts";
import type { PermissionKey } from "#domain/roles.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, leads, projects, units, users } from "#server/db/schema.ts";
import { leadEvents, leadJobs } from "#server/db/tables/lead-desk.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { recordAudit } from "../../audit/service.ts";
import { leadMessagesOf } from "./channel-messages.ts";
import { actorOf, type Lead, type LeadViewer, scopeOf } from "./common.ts";
import { openingEnquiry } from "./lead-row.ts";
import { summaryColumns, toSummary } from "./list.ts";
import { readLeadSettings } from "./settings.ts";

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
        .select(unitColumns)
        .from(units)
        .where(inArray(units.id, [...unitIds]))
    : [];
  return {
    users: new Map(people.map((p) => [p.id, p.name])),
    units: new Map(numbers.map((u) => [u.id, u])),
  };
}

/** The unit columns the lead page shows (#domain/unit-label.ts). */
const unitColumns = {
  id: units.id,
  unitNumber: units.unitNumber,
  building: units.building,
  floor: units.floor,
  rooms: units.rooms,
  price: units.price,
};

/**
 * `data` with ownerName / previousOwnerName / unitNumber added where it names a user or a unit, and `unit` (building,
 * floor, rooms, price) beside a unit's number.
 */
function withNames(data: Record<string, unknown>, names: Awaited<ReturnType<typeof eventNames>>) {
  const out = { ...data };
  if (typeof data.ownerId === "string") out.ownerName = names.users.get(data.ownerId) ?? null;
  if (typeof data.previousOwnerId === "string") out.previousOwnerName = names.users.get(data.previousOwnerId) ?? null;
  if (typeof data.unitId === "number") {
    const unit = names.units.get(data.unitId);
    out.unitNumber = unit?.unitNumber ?? null;
    if (unit) out.unit = unit;
  }
  return out;
}

/**
 * GET /api/leads/{id}: the lead, its history oldest first (enquiry, assignments, stage changes, activities, unit
 * links, follow-ups, clock steps, merges) with actor names (and, in `data`, ownerName / previousOwnerName /
 * unitNumber beside the ids), and the viewer's other enquiries of the same person
 * (same E.164 phone, else same e-mail), and the messages of other channels (WhatsApp) that the viewer may read
 * (`can`: whether the viewer holds a permission; channel-messages.ts). Errors: 404.
 */
export async function getLeadDetail(
  db: Db,
  viewer: LeadViewer,
  id: number,
  now = new Date(),
  can: (permission: PermissionKey) => Promise<boolean> = async () => false,
) {
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
    .where(
      and(
        or(samePerson, eq(leads.mergedIntoId, id)),
        ne(contactMessages.id, id),
        // The enquiries that joined this lead show as its own (`enquiries`), not as other leads.
        or(isNull(contactMessages.leadId), ne(contactMessages.leadId, id), eq(leads.mergedIntoId, id)),
        scopeOf(viewer),
      ),
    )
    .orderBy(asc(contactMessages.createdAt))
    .limit(100);
  const enquiries = await db
    .select({ enquiry: contactMessages, projectName: projects.name })
    .from(contactMessages)
    .leftJoin(projects, eq(projects.id, contactMessages.projectId))
    .where(and(eq(contactMessages.leadId, id), ne(contactMessages.id, id)))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(200);
  return {
    estimates: [m, ...enquiries.map((e) => e.enquiry)].flatMap((e) =>
      e.estimate ? [{ ...e.estimate, enquiryId: e.id, createdAt: e.createdAt.toISOString() }] : [],
    ),
    enquiries: enquiries.map(({ enquiry: e, projectName }) => ({
      id: e.id,
      source: e.source,
      projectName: projectName ?? e.origin.projectName ?? null,
      campaignId: e.campaignId,
      message: e.message,
      isDuplicate: e.isDuplicate,
      createdAt: e.createdAt.toISOString(),
    })),
    clock: await leadClockOf(db, m),
    mergedInto: await mergedIntoOf(db, m.mergedIntoId),
    unit:
      m.unitId === null
        ? null
        : ((await db.select(unitColumns).from(units).where(eq(units.id, m.unitId)).limit(1))[0] ?? null),
    lead: {
      ...toSummary(row, now, settings),
      message: m.message,
      attribution: m.attribution,
      consentVersion: m.consentVersion,
      consentAt: m.consentAt?.toISOString() ?? null,
      marketingConsentVersion: m.marketingConsentVersion,
      marketingConsentAt: m.marketingConsentAt?.toISOString() ?? null,
      marketingConsentWithdrawnAt: m.marketingConsentWithdrawnAt?.toISOString() ?? null,
      unitOfInterest:
        m.origin.unitId !== undefined && m.origin.unitNumber !== undefined
          ? { id: m.origin.unitId, unitNumber: m.origin.unitNumber }
          : null,
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
    messages: await leadMessagesOf(db, viewer, id, can),
    related: related.map((r) => toSummary(r, now, settings)),
  };
}

/**
 * The clock the agent sees (#domain/lead-clock.ts leadClockSchema): the wait while the lead is at جديد without a
 * contact (open, not merged, not erased), and its earliest pending timed step.
 */
async function leadClockOf(db: Db, lead: Lead): Promise<LeadClock> {
  const open = lead.stage !== "lost" && lead.stage !== "sold" && lead.mergedIntoId === null && !lead.anonymisedAt;
  if (!open) return { waitingSince: null, nextStep: null };
  const [job] = await db
    .select({ kind: leadJobs.kind, at: leadJobs.runAt })
    .from(leadJobs)
    .where(and(eq(leadJobs.leadId, lead.id), isNull(leadJobs.doneAt)))
    .orderBy(asc(leadJobs.runAt), asc(leadJobs.id))
    .limit(1);
  const waiting = lead.stage === "new" && !lead.firstContactAt;
  return {
    waitingSince: waiting ? lead.createdAt.toISOString() : null,
    nextStep: job && isClockStep(job.kind) ? { kind: job.kind, at: job.at.toISOString() } : null,
  };
}

const isClockStep = (kind: string): kind is ClockStepKind => (CLOCK_STEP_KINDS as readonly string[]).includes(kind);

/** The id and name of the lead `id` (a merged lead's target), or null. */
async function mergedIntoOf(db: Db, id: number | null) {
  if (id === null) return null;
  const [target] = await db
    .select({ id: leads.id, name: contactMessages.name })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(eq(leads.id, id))
    .limit(1);
  return target ?? null;
}

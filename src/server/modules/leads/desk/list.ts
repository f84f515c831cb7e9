/**
 * Reading leads (docs/decisions/027-lead-list-scale-exports-and-paged-lists.md): the server-paged list with its
 * filters and sorts, and one lead's detail with its timeline and the person's other enquiries.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { CLOCK_STEP_KINDS, type ClockStepKind, type LeadClock } from "#domain/lead-clock.ts";
import {
  LEAD_STAGE_LABELS,
  LEAD_TEXTS,
  type LeadEventView,
  type LeadSettings,
  type LeadSummary,
} from "#domain/lead-desk.ts";
import { LEAD_TOTAL_CAP, type LeadListFullQuery, type LeadListPage } from "#domain/lead-list.ts";
import { PAGING_TEXTS } from "#domain/schemas/paging.ts";
import { normalizeSearchText, phoneSearchDigits } from "#domain/search.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, leadEvents, leadJobs, leads, projects, units, users } from "#server/db/schema.ts";
import { badRequest, notFound } from "#server/lib/http-errors.ts";
import { dayStart } from "#server/lib/jeddah-days.ts";
import { decodeCursor, encodeCursor } from "#server/lib/paging.ts";
import { escapeLike } from "#server/lib/sql.ts";
import { recordAudit } from "../../audit/service.ts";
import { actorOf, type Lead, type LeadViewer, scopeOf } from "./common.ts";
import { deliveryCondition, enquiriesOf, nextSteps } from "./enquiries.ts";
import { leadRow, openingEnquiry } from "./lead-row.ts";
import { readLeadSettings } from "./settings.ts";

/**
 * Whether a lead is overdue at `now`: open and not erased (its opening enquiry, `contact_messages`, must be joined),
 * and either still at جديد without a contact past the agent step, or its follow-up date passed
 * (docs/decisions/074-a-clock-the-agent-sees.md). Written as the partial indexes leads_uncontacted_idx /
 * leads_follow_up_idx are, so PostgreSQL uses them.
 */
export function overdueCondition(now: Date, settings: LeadSettings): SQL {
  const limit = new Date(now.getTime() - settings.notifyAgentAfter * 60_000);
  return sql`(${contactMessages.anonymisedAt} is null and ((${leads.firstContactAt} is null and ${leads.stage} not in ('lost', 'sold') and ${leads.stage} = 'new' and ${leads.createdAt} < ${limit}) or (${leads.followUpAt} is not null and ${leads.stage} not in ('lost', 'sold') and ${leads.followUpAt} < ${now})))`;
}
/** The negation of overdueCondition (its nulls read as false). */
function notOverdueCondition(now: Date, settings: LeadSettings): SQL {
  return sql`not coalesce(${overdueCondition(now, settings)}, false)`;
}

/** search_text contains the Arabic normal form of `query` (undefined: a query that folds to nothing). */
function searchTextMatch(query: string): SQL | undefined {
  const term = normalizeSearchText(query);
  return term ? sql`${contactMessages.searchText} like ${`%${escapeLike(term)}%`} escape '\\'` : undefined;
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
  const open = m.stage !== "lost" && m.stage !== "sold" && !m.anonymisedAt && m.mergedIntoId === null;
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
      ((!m.firstContactAt && m.stage === "new" && m.createdAt.getTime() < limit) ||
        (m.followUpAt !== null && m.followUpAt.getTime() < now.getTime())),
    mergedIntoId: m.mergedIntoId,
    createdAt: m.createdAt.toISOString(),
    campaignName: m.origin.campaignName ?? m.origin.campaignSlug ?? null,
    leadForm: m.origin.leadForm ? { platform: m.origin.leadForm.platform, formName: m.origin.leadForm.formName } : null,
  };
}

/**
 * GET /api/leads: one page of the viewer's leads, filtered and sorted on the server. Every sort pages by a keyset
 * cursor on (created_at, id); urgency (overdue first, then newest) reads the overdue leads, then the others, and its
 * cursor also names the phase. Search: the stored Arabic search form of name/e-mail/message (search_text) and a
 * phone typed in any form (src/server/lib/search.ts). Figures at 100,000 leads: docs/performance/leads.md.
 * The old messages screen's filters apply too: `delivery` (a lead with an enquiry whose newest webhook delivery is in
 * that state, "none" without one) and `landingPageId` (docs/decisions/070-one-leads-list.md).
 * Returns {items, nextCursor, total, now}: each item with its enquiries' deliveries and the clock's next step
 * (enquiries.ts); nextCursor null on the last page; total the leads matching the filters (same conditions), counted
 * up to LEAD_TOTAL_CAP (totalCapped: more than that), on the first page only (null with a cursor).
 * Errors: 400 {cursor} a cursor this list did not give.
 */
export async function listLeads(
  db: Db,
  viewer: LeadViewer,
  query: Omit<LeadListFullQuery, "delivery" | "landingPageId"> & Partial<LeadListFullQuery>,
  now = new Date(),
): Promise<LeadListPage> {
  const { rows, items: summaries, nextCursor, where } = await leadPage(db, viewer, query, now);
  // Counted up to one past the cap (the count reads no more rows than that, whatever the table's size), and only for
  // the first page: later pages answer null (the first page's total holds). The three reads run side by side.
  const matching = db
    .select({ one: sql`1` })
    .from(leads)
    .innerJoin(contactMessages, openingEnquiry)
    .where(and(...where))
    .limit(LEAD_TOTAL_CAP + 1)
    .as("matching");
  const [counted, enquiries, steps] = await Promise.all([
    query.cursor
      ? null
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(matching)
          .then(([row]) => Number(row.n)),
    enquiriesOf(
      db,
      summaries.map((l) => l.id),
    ),
    nextSteps(db, rows),
  ]);
  const items = summaries.map((lead) => ({
    ...lead,
    enquiries: enquiries.get(lead.id)?.enquiries ?? [],
    enquiryCount: enquiries.get(lead.id)?.count ?? 0,
    nextStep: steps.get(lead.id) ?? null,
  }));
  const total = counted === null ? null : Math.min(counted, LEAD_TOTAL_CAP);
  return { items, nextCursor, total, totalCapped: (counted ?? 0) > LEAD_TOTAL_CAP, now: now.toISOString() };
}

/** The list's conditions for `query` (the viewer's scope, merged leads left out, every filter). */
function leadConditions(viewer: LeadViewer, query: Partial<LeadListFullQuery>, now: Date, settings: LeadSettings) {
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
  if (query.landingPageId) where.push(eq(contactMessages.landingPageId, query.landingPageId));
  if (query.delivery) where.push(deliveryCondition(query.delivery));
  if (query.source) where.push(eq(contactMessages.source, query.source));
  if (query.duplicate) where.push(eq(contactMessages.isDuplicate, query.duplicate === "true"));
  if (query.from) where.push(gte(leads.createdAt, dayStart(query.from)));
  if (query.to) where.push(lt(leads.createdAt, dayStart(query.to, 1)));
  if (query.overdue === "true") where.push(overdueCondition(now, settings));
  if (query.overdue === "false") where.push(notOverdueCondition(now, settings));
  return where;
}

/**
 * One page of leads as listLeads reads it, without the total and the enquiries (the streamed export reads page after
 * page with it): the page's rows, their summaries, the next cursor and the conditions used.
 */
export async function leadPage(
  db: Db,
  viewer: LeadViewer,
  query: Omit<LeadListFullQuery, "delivery" | "landingPageId"> & Partial<LeadListFullQuery>,
  now = new Date(),
) {
  const settings = await readLeadSettings(db);
  const where = leadConditions(viewer, query, now, settings);

  // The cursor: the last row's creation time (t) and id (i), and its urgency phase (p; 1 for the other sorts).
  const cursor = query.cursor ? decodeCursor(query.cursor, { t: "string", i: "number", p: "number" }) : null;
  let keyset: { at: Date; id: number } | null = null;
  if (cursor) {
    const at = new Date(String(cursor.t));
    if (Number.isNaN(at.getTime())) throw badRequest({ cursor: PAGING_TEXTS.cursorInvalid });
    keyset = { at, id: Number(cursor.i) };
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
          p: last.phase,
        });
  return {
    rows: page.map((r) => r.row.lead),
    items: page.map((r) => toSummary(r.row, now, settings)),
    nextCursor,
    where,
  };
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

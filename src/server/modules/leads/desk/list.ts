/**
 * Reading leads (docs/decisions/027-lead-list-scale-exports-and-paged-lists.md): the server-paged list with its
 * filters and sorts (one lead's detail: detail.ts).
 */
import { and, asc, desc, eq, gt, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { LEAD_STAGE_LABELS, type LeadSettings, type LeadSummary } from "#domain/lead-desk.ts";
import { LEAD_TOTAL_CAP, type LeadListFullQuery, type LeadListPage } from "#domain/lead-list.ts";
import { PAGING_TEXTS } from "#domain/schemas/paging.ts";
import { normalizeSearchText, phoneSearchDigits } from "#domain/search.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, leads, projects, users } from "#server/db/schema.ts";
import { badRequest } from "#server/lib/http-errors.ts";
import { dayStart } from "#server/lib/jeddah-days.ts";
import { decodeCursor, encodeCursor } from "#server/lib/paging.ts";
import { escapeLike } from "#server/lib/sql.ts";
import { type Lead, type LeadViewer, scopeOf } from "./common.ts";
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

/** The columns a lead summary is read with (toSummary); the lead page reads the same (detail.ts). */
export const summaryColumns = {
  lead: leadRow,
  projectName: projects.name,
  ownerName: users.name,
};

/** A lead row as the list and the lead page answer it (overdue at `now` by `settings`). */
export function toSummary(
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
  const settings = await readLeadSettings(db);
  const where = leadConditions(viewer, query, now, settings);
  // The page and, on the first page only, the count run side by side; then the page's enquiries (with their newest
  // delivery) and next steps, one query each for the whole page (enquiries.ts).
  const [{ rows, items: summaries, nextCursor }, counted] = await Promise.all([
    readPage(db, query, now, settings, where),
    query.cursor ? null : countMatching(db, where, readsEnquiry(query)),
  ]);
  const open = rows.filter((l) => l.stage !== "sold" && l.stage !== "lost").map((l) => l.id);
  const [enquiries, steps] = await Promise.all([
    enquiriesOf(
      db,
      summaries.map((l) => l.id),
    ),
    nextSteps(db, open),
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

/**
 * How many leads match `where`, counted up to one past LEAD_TOTAL_CAP: the count reads no more rows than that,
 * whatever the table's size. Without a condition on the opening enquiry (`joinEnquiry` false) it reads `leads` alone
 * (every lead has its opening enquiry: leads.id references contact_messages.id), so PostgreSQL counts from the leads'
 * own indexes (docs/performance/leads.md).
 */
async function countMatching(db: Db, where: (SQL | undefined)[], joinEnquiry: boolean): Promise<number> {
  const base = db.select({ one: sql`1` }).from(leads);
  const matching = (joinEnquiry ? base.innerJoin(contactMessages, openingEnquiry) : base)
    .where(and(...where))
    .limit(LEAD_TOTAL_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row.n);
}

/** Whether a condition of leadConditions reads the opening enquiry's columns (contact_messages). */
function readsEnquiry(query: Partial<LeadListFullQuery>): boolean {
  return Boolean(
    query.search ||
      query.projectId ||
      query.campaignId ||
      query.landingPageId ||
      query.source ||
      query.duplicate ||
      query.overdue,
  );
}

/**
 * The list's conditions for `query` (the viewer's scope, merged leads left out, every filter). A new condition on
 * contact_messages columns also goes into readsEnquiry.
 */
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
 * page with it): the page's rows, their summaries and the next cursor.
 */
export async function leadPage(
  db: Db,
  viewer: LeadViewer,
  query: Omit<LeadListFullQuery, "delivery" | "landingPageId"> & Partial<LeadListFullQuery>,
  now = new Date(),
) {
  const settings = await readLeadSettings(db);
  return readPage(db, query, now, settings, leadConditions(viewer, query, now, settings));
}

/** leadPage with the settings read and the conditions built (listLeads counts with the same conditions). */
async function readPage(
  db: Db,
  query: Omit<LeadListFullQuery, "delivery" | "landingPageId"> & Partial<LeadListFullQuery>,
  now: Date,
  settings: LeadSettings,
  where: (SQL | undefined)[],
) {
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
  };
}

/**
 * A person's data (PDPL; docs/product.md §2.16): the access export of everything stored about one person, the
 * erasure on request, and the retention job that anonymises closed leads after the retention period. Kept through
 * every removal: source, project, landing page, campaign, stage and dates (the campaign counts and the pipeline).
 */
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { LEAD_TEXTS, type PersonQuery } from "#domain/lead-desk.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leads } from "#server/db/schema.ts";
import { conversionEvents } from "#server/db/tables/conversions.ts";
import { leadEvents, leadJobs, webhookDeliveries } from "#server/db/tables/lead-desk.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import { openingEnquiry, readLeadSettings } from "../desk/service.ts";

import { type ChannelSheet, personToXlsx as toXlsx } from "./xlsx.ts";

export { type ChannelSheet, when as exportDateTime } from "./xlsx.ts";

/**
 * What another module keeps about a person under their leads (WhatsApp messages, …), so the PDPL export, erasure
 * and retention reach it without the leads side importing that module: `export` lists it for the access export,
 * `erase` removes it inside the erasure's (or the retention job's) transaction, `sheet` (optional) is its sheet of the
 * spreadsheet export. `leadIds` are the person's leads; a holder also reaches the leads merged into them.
 */
export interface PersonDataHolder {
  export(db: Db, leadIds: number[]): Promise<Record<string, unknown>[]>;
  erase(tx: Tx, leadIds: number[], now: Date): Promise<void>;
  sheet?: ChannelSheet;
}

const holders = new Map<string, PersonDataHolder>();

/** Registers `holder` under the channel `name` (registering a name again replaces it). Called from app.ts. */
export function onPersonData(name: string, holder: PersonDataHolder): void {
  holders.set(name, holder);
}

/**
 * The .xlsx bytes of a person's export (exportPerson's answer): the enquiries, their history, and one sheet per
 * channel holder that has one and holds something about the person (./xlsx.ts).
 */
export function personToXlsx(data: Awaited<ReturnType<typeof exportPerson>>): Buffer {
  const sheets = [...holders.entries()].flatMap(([name, holder]) => {
    const items = data.channels[name] ?? [];
    return holder.sheet && items.length ? [{ sheet: holder.sheet, items }] : [];
  });
  return toXlsx(data, sheets);
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
  const leadIds = [...new Set(enquiries.map((l) => l.leadId ?? l.id))];
  const channels: Record<string, Record<string, unknown>[]> = {};
  for (const [name, holder] of holders) channels[name] = await holder.export(db, leadIds);
  return {
    person: { phone: person.phone ?? null, email: person.email ?? null },
    channels,
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
 * not, with the IP and user agent), the leads' person keys. Closes their pending timed jobs. Marks anonymised_at.
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
  // An erased lead leaves every queue: no person key (a new enquiry of the person opens a new lead), no pending
  // clock step or follow-up (docs/decisions/074-a-clock-the-agent-sees.md).
  await tx
    .update(leads)
    .set({ personPhone: null, personEmail: null })
    .where(or(inArray(leads.id, ids), inArray(leads.mergedIntoId, ids)));
  await tx
    .update(leadJobs)
    .set({ doneAt: now })
    .where(and(inArray(leadJobs.leadId, ids), isNull(leadJobs.doneAt)));
  if (enquiryIds.length) {
    await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.contactMessageId, enquiryIds));
  }
  await tx.delete(conversionEvents).where(inArray(conversionEvents.leadId, ids));
  for (const holder of holders.values()) await holder.erase(tx, ids, now);
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
export async function erasePerson(db: Db, actor: AuditActor, person: PersonQuery, now: Date) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: contactMessages.id, leadId: contactMessages.leadId })
      .from(contactMessages)
      .where(personCondition(person))
      .for("update");
    if (!found.length) throw notFound(LEAD_TEXTS.personNotFound);
    const ids = [...new Set(found.map((l) => l.leadId ?? l.id))];
    await anonymiseLeads(tx, ids, now);
    await recordAudit(tx, actor, { entityType: "person", entityId: null, action: "erase", newState: { leadIds: ids } });
    return { erased: ids.length };
  });
}

/**
 * What every part of the lead desk shares (src/domain/lead-desk.ts for the rules; docs/decisions/022-lead-desk-assignment-and-response-clock.md):
 * the viewer and its scope, the row lock of one lead, the history entry.
 *
 * Scope: a viewer holding leads.view_all sees every lead; anyone else sees only the leads they own, and any other
 * lead reads as 404 (its existence is not revealed). Every change writes a lead_events row and an audit row in the
 * same transaction as the change.
 */
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import { LEAD_TEXTS, type LeadEventKind, type LeadStage } from "#domain/lead-desk.ts";
import { hasPermission } from "#domain/permissions.ts";
import { isRole } from "#domain/roles.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leads, users } from "#server/db/schema.ts";
import { leadEvents } from "#server/db/tables/lead-desk.ts";
import { conflict, notFound } from "#server/lib/http-errors.ts";
import type { AuditActor } from "../../audit/service.ts";
import { loadPermissionFacts } from "../../permissions/service.ts";
import { type LeadRow, leadRow, openingEnquiry } from "./lead-row.ts";

/** The signed-in staff member acting on the desk. `viewAll`: holds leads.view_all. */
export interface LeadViewer {
  id: string;
  viewAll: boolean;
  ip: string | null;
}

/** A lead with its opening enquiry (../lead-row.ts). */
export type Lead = LeadRow;

export const actorOf = (viewer: LeadViewer | null, ip: string | null = null): AuditActor => ({
  userId: viewer?.id ?? null,
  ip: viewer?.ip ?? ip,
});

/** The scope condition of a viewer on contact_messages. */
export function scopeOf(viewer: LeadViewer): SQL | undefined {
  return viewer.viewAll ? undefined : eq(leads.ownerId, viewer.id);
}

/** Reads one lead for change (row lock), inside the viewer's scope. Errors: 404 unknown or not the viewer's. */
export async function lockLead(tx: Tx, viewer: LeadViewer, id: number): Promise<Lead> {
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

/**
 * `lockLead` for a change that works the lead (stage, activity, owner): a lead merged into another is read-only.
 * Errors: 404 unknown or not the viewer's; 409 merged.
 */
export async function lockWorkableLead(tx: Tx, viewer: LeadViewer, id: number): Promise<Lead> {
  const lead = await lockLead(tx, viewer, id);
  if (lead.mergedIntoId !== null) throw conflict(LEAD_TEXTS.mergedReadOnly);
  return lead;
}

/** The stage codes of a closed lead (it no longer takes the person's enquiries). */
const CLOSED_STAGES: LeadStage[] = ["lost", "sold"];

/**
 * The open lead an enquiry of `person` joins (docs/decisions/073-one-open-lead-per-person.md): the oldest lead that is
 * not sold, lost, merged or erased and that holds an enquiry (or the key) with the same E.164 phone or e-mail; locked
 * for the caller's transaction. Null: the person has no open lead.
 */
export async function openLeadOf(
  tx: Tx,
  person: { phone: string | null; email: string | null },
): Promise<{ id: number; ownerId: string | null } | null> {
  const email = person.email?.toLowerCase() ?? null;
  if (!person.phone && !email) return null;
  const byEnquiry = tx
    .select({ id: contactMessages.leadId })
    .from(contactMessages)
    .where(
      or(
        person.phone ? eq(contactMessages.phone, person.phone) : undefined,
        email ? eq(contactMessages.email, email) : undefined,
      ),
    );
  const [lead] = await tx
    .select({ id: leads.id, ownerId: leads.ownerId })
    .from(leads)
    .innerJoin(contactMessages, eq(contactMessages.id, leads.id))
    .where(
      and(
        notInArray(leads.stage, CLOSED_STAGES),
        isNull(leads.mergedIntoId),
        isNull(contactMessages.anonymisedAt),
        or(
          inArray(leads.id, byEnquiry),
          person.phone ? eq(leads.personPhone, person.phone) : undefined,
          email ? eq(leads.personEmail, email) : undefined,
        ),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(1)
    .for("update", { of: leads });
  return lead ?? null;
}

/** Appends one history entry. */
export async function addEvent(
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

/** Whether user `id` may own leads (holds leads.view_own or leads.view_all). */
export async function canOwnLeads(tx: Tx, id: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!user || !isRole(user.role)) return false;
  const facts = await loadPermissionFacts(tx, { id: user.id, role: user.role });
  const subject = { role: user.role };
  return hasPermission(subject, "leads.view_own", facts) || hasPermission(subject, "leads.view_all", facts);
}

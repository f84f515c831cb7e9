/**
 * What every part of the lead desk shares (src/domain/lead-desk.ts for the rules; docs/decisions/022-lead-desk-assignment-and-response-clock.md):
 * the viewer and its scope, the row lock of one lead, the history entry.
 *
 * Scope: a viewer holding leads.view_all sees every lead; anyone else sees only the leads they own, and any other
 * lead reads as 404 (its existence is not revealed). Every change writes a lead_events row and an audit row in the
 * same transaction as the change.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { LEAD_TEXTS, type LeadEventKind } from "#domain/lead-desk.ts";
import { hasPermission } from "#domain/permissions.ts";
import { isRole } from "#domain/roles.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { contactMessages, leadEvents, leads, users } from "#server/db/schema.ts";
import { notFound } from "#server/lib/http-errors.ts";
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

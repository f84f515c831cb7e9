/**
 * «إعادة الإسناد» of several leads at once from the leads list (docs/decisions/070-one-leads-list.md): one request, one
 * transaction, each lead handed over as PUT /api/leads/{id}/owner does it (history entry, notification, clock step,
 * one audit row per lead: assignment.ts handOver).
 */
import { LEAD_TEXTS } from "#domain/lead-desk.ts";
import type { LeadBulkAssign } from "#domain/lead-list.ts";
import type { Db } from "#server/db/connection.ts";
import { badRequest, notFound } from "#server/lib/http-errors.ts";
import { handOver } from "./assignment.ts";
import { canOwnLeads, type LeadViewer, lockWorkableLead } from "./common.ts";

/**
 * POST /api/leads/reassign (leads.assign): hands every lead of `ids` to `ownerId`. Leads are locked in id order (two
 * bulk requests never wait on each other in a circle); a lead the owner already holds is left as it is.
 * Returns {ownerId, reassigned, unchanged} (lead ids, ascending). Errors, with nothing changed: 400 {ownerId} a user
 * who cannot own leads; 404 a lead that does not exist, is outside the viewer's scope or was merged into another.
 */
export async function reassignLeads(db: Db, viewer: LeadViewer, body: LeadBulkAssign, now = new Date()) {
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (!(await canOwnLeads(tx, body.ownerId))) throw badRequest({ ownerId: LEAD_TEXTS.ownerInvalid });
    const reassigned: number[] = [];
    const unchanged: number[] = [];
    for (const id of ids) {
      const lead = await lockWorkableLead(tx, viewer, id);
      if (lead.mergedIntoId !== null) throw notFound(LEAD_TEXTS.leadNotFound);
      if (lead.ownerId === body.ownerId) {
        unchanged.push(id);
        continue;
      }
      await handOver(tx, viewer, lead, body.ownerId, body.note, now);
      reassigned.push(id);
    }
    return { ownerId: body.ownerId, reassigned, unchanged };
  });
}

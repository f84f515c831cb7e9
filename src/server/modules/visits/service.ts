/**
 * Site visits (docs/decisions/088-site-visits.md): the module's face. Availability (./settings.ts), slots
 * (./slots.ts), booking (./booking.ts), the manage link (./token.ts, ./manage.ts), the buyer's message channels
 * (./channels.ts: other modules plug a channel in with `registerVisitChannel`).
 */
import type { VisitSlot } from "#domain/visit-slots.ts";
import { toRiyadhIso } from "#domain/visit-slots.ts";
import type { VisitBooking } from "#domain/visits.ts";
import type { Db } from "#server/db/connection.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { type BookingMeta, bookInTx } from "./booking.ts";
import { offeringProject } from "./slots.ts";
import { manageToken, manageUrl } from "./token.ts";

export { registerVisitChannel, unregisterVisitChannel, type VisitChannel, type VisitContact } from "./channels.ts";
export { cancelVisit, rescheduleVisit, type VisitView, visitView } from "./manage.ts";
export { getVisitSettings, putVisitSettings } from "./settings.ts";
export { listVisitSlots, offeringProject } from "./slots.ts";
export { manageToken, manageUrl, visitIdOfToken } from "./token.ts";

/** What POST /api/visits answers: 201 with the booking, or 409 with the next free times. */
export type BookVisitResult =
  | { ok: true; id: number; startsAt: string; manageUrl: string; leadId: number; webhookQueued: boolean }
  | { ok: false; nextSlots: VisitSlot[] };

/**
 * POST /api/visits (public; ./booking.ts for the steps), in one transaction. Output: `{id, startsAt (ISO +03:00),
 * manageUrl (absolute, PUBLIC_URL + /visit/{token})}`, or the next free slots when the slot is full or past.
 * Errors: 404 project unknown, draft or not offering visits; 400 startsAt not a slot, unitId not of the project.
 */
export async function bookVisit(
  db: Db,
  box: SecretBox,
  input: VisitBooking,
  meta: BookingMeta,
): Promise<BookVisitResult> {
  const outcome = await db.transaction(async (tx) => {
    const settings = await offeringProject(tx, input.projectId);
    return bookInTx(tx, settings, input, meta);
  });
  if (!outcome.ok) return outcome;
  const { visit } = outcome;
  return {
    ok: true,
    id: visit.id,
    startsAt: toRiyadhIso(visit.startsAt),
    manageUrl: manageUrl(meta.publicUrl, manageToken(box, visit.id, visit.startsAt)),
    leadId: outcome.leadId,
    webhookQueued: outcome.webhookQueued,
  };
}

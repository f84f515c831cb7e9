/**
 * Why the unit form could not change a unit's status or price (ARCHITECTURE resolution 25;
 * docs/decisions/130-a-unit-sold-through-a-lead-changes-through-the-lead.md): PUT /api/units/{id} answers 409
 * `{ message, fields: { status?, price? }, leadId }` while a lead holds, reserves or bought the unit. This notice
 * shows the server's Arabic message and links to that lead's page, where the stage (and so the unit) changes.
 * Renders nothing for any other failure, or a walk-in hold (leadId null).
 */
import { Link } from "react-router";
import { ApiError } from "~/shared/lib/api-client.ts";
import { UNIT_TEXTS } from "./unit-texts.ts";

/** The lead's id of a 409 naming the lead that binds the unit, or null. */
export function boundLeadOf(error: unknown): { leadId: number; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body) return null;
  const leadId = error.body.leadId;
  if (typeof leadId !== "number" || !Number.isInteger(leadId) || leadId <= 0) return null;
  return { leadId, message: error.body.message };
}

/** `error`: the last failed save's error (null: none). */
export function UnitBoundNotice({ error }: { error: unknown }) {
  const bound = boundLeadOf(error);
  if (!bound) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <p className="text-ink">{bound.message}</p>
      <Link className="font-medium text-primary underline" to={`/admin/leads/${bound.leadId}`}>
        {UNIT_TEXTS.openBindingLead}
      </Link>
    </div>
  );
}

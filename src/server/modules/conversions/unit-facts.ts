/**
 * What a reservation's or sale's conversion event says about its unit (docs/conversions.md; docs/compliance.md):
 * `value` the unit's price in SAR, `contentId` the unit's id in decimal (Meta `content_ids`, Snapchat `item_ids`,
 * TikTok `contents[].content_id`), and `licenceNumber` the number of the licence its project is advertised under —
 * the off-plan sale licence for an off-plan project, else the advertising licence, as the lead webhooks send it in
 * `project.licenceNumber`. Each is null when unknown (no unit, no price, no number). `depositSar`: the deposit (whole
 * SAR) the lead paid online for that unit (a paid checkout, docs/payments.md), sent as the custom field `deposit`.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { checkouts } from "../../db/tables/payments.ts";

export interface UnitFacts {
  value: number | null;
  contentId: string | null;
  licenceNumber: string | null;
  depositSar?: number | null;
}

/** The facts of an event without a unit. */
export const NO_UNIT: UnitFacts = { value: null, contentId: null, licenceNumber: null };

const PROJECT_LICENCE_NUMBER = sql<
  string | null
>`case when ${projects.saleMode} = 'offplan' then ${projects.wafiLicenseNumber} else ${projects.advertisingLicenseNumber} end`;

/**
 * Reads unit `unitId` and its project in `tx`, and (with `leadId`) the deposit that lead paid online for it. Output:
 * its facts, NO_UNIT when it no longer exists.
 */
export async function unitFacts(tx: Db | Tx, unitId: number, leadId?: number): Promise<UnitFacts> {
  const [unit] = await tx
    .select({ id: units.id, price: units.price, licenceNumber: PROJECT_LICENCE_NUMBER })
    .from(units)
    .innerJoin(projects, eq(projects.id, units.projectId))
    .where(eq(units.id, unitId));
  if (!unit) return NO_UNIT;
  const [paid] =
    leadId === undefined
      ? []
      : await tx
          .select({ amountSar: checkouts.amountSar })
          .from(checkouts)
          .where(and(eq(checkouts.leadId, leadId), eq(checkouts.unitId, unitId), eq(checkouts.state, "paid")))
          .limit(1);
  return {
    value: unit.price,
    contentId: String(unit.id),
    licenceNumber: unit.licenceNumber?.trim() || null,
    depositSar: paid?.amountSar ?? null,
  };
}

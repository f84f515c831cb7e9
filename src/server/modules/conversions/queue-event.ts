/**
 * The one way a conversion event enters the outbox (docs/conversions.md; docs/decisions/057-one-job-engine-and-one-clock.md):
 * the lead events and page views of outbox.ts and the checkout events of checkout-events.ts.
 */
import type { Db, Tx } from "../../db/connection.ts";
import { conversionEvents } from "../../db/tables/conversions.ts";
import type { NeutralEvent } from "./platforms.ts";

/**
 * Writes conversion event `event` to the outbox as `row` (platform, its dedup `eventId`, kind, event name, lead and
 * campaign), due at `now`. An event id already queued is left as it is. Returns how many rows it wrote (0 or 1).
 */
export async function queueConversionEvent(
  db: Db | Tx,
  row: Pick<
    typeof conversionEvents.$inferInsert,
    "platform" | "eventId" | "kind" | "eventName" | "leadId" | "campaignId"
  >,
  event: NeutralEvent,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(conversionEvents)
    .values({
      ...row,
      payload: event as unknown as Record<string, unknown>,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: conversionEvents.id });
  return rows.length;
}

/**
 * What the one leads list adds to each lead (docs/decisions/070-one-leads-list.md): its enquiries (campaign, message,
 * attribution) with their newest webhook delivery (docs/webhooks.md; the states of SPEC §2.16 as docs/product.md §2.16 describes them), the filter
 * on those states, and the next step of its response clock read from its pending lead_jobs
 * (docs/decisions/022-lead-desk-assignment-and-response-clock.md).
 */
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { LeadDeliveryFilter, LeadEnquiry, LeadStepKind } from "#domain/lead-list.ts";
import type { ContactDeliveryView } from "#domain/schemas/contact.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, landingCampaigns, leads } from "#server/db/schema.ts";
import { leadJobs, webhookDeliveries } from "#server/db/tables/lead-desk.ts";

/** Most enquiries a list row carries (the lead's page shows them all). */
const ENQUIRIES_PER_LEAD = 20;

/**
 * The newest delivery of each enquiry id (ids read 1,000 at a time). Used by SPEC's messages list
 * (../intake/messages.ts) and this list alike.
 */
export async function latestDeliveries(db: Db, ids: number[]): Promise<Map<number, ContactDeliveryView>> {
  const result = new Map<number, ContactDeliveryView>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.contactMessageId, chunk))
      .orderBy(desc(webhookDeliveries.id));
    for (const d of rows) {
      if (d.contactMessageId === null || result.has(d.contactMessageId)) continue;
      result.set(d.contactMessageId, {
        id: d.id,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
      });
    }
  }
  return result;
}

/**
 * The condition "the lead has an enquiry whose newest delivery is `state`" ("none": an enquiry without any delivery),
 * in SQL, so the list's paging and total see it.
 */
export function deliveryCondition(state: LeadDeliveryFilter): SQL {
  const newest = sql`(select d.status from ${webhookDeliveries} d where d.contact_message_id = e.id order by d.id desc limit 1)`;
  const test = state === "none" ? sql`${newest} is null` : sql`${newest} = ${state}`;
  return sql`exists (select 1 from ${contactMessages} e where e.lead_id = ${leads.id} and ${test})`;
}

/**
 * The enquiries of each lead of `leadIds` (newest first, at most ENQUIRIES_PER_LEAD) with their newest webhook
 * delivery, and how many each lead has: one query for the whole page — the enquiries numbered per lead by a window,
 * each kept one joined (lateral) to its newest delivery by webhook_deliveries_message_newest_idx
 * (docs/performance/leads.md).
 */
export async function enquiriesOf(db: Db, leadIds: number[]) {
  const out = new Map<number, { enquiries: LeadEnquiry[]; count: number }>();
  if (!leadIds.length) return out;
  const ranked = db
    .select({
      id: contactMessages.id,
      leadId: contactMessages.leadId,
      source: contactMessages.source,
      message: contactMessages.message,
      attribution: contactMessages.attribution,
      origin: contactMessages.origin,
      campaignId: contactMessages.campaignId,
      createdAt: contactMessages.createdAt,
      rank: sql<number>`row_number() over (partition by ${contactMessages.leadId} order by ${contactMessages.createdAt} desc, ${contactMessages.id} desc)`.as(
        "rank",
      ),
      count: sql<number>`count(*) over (partition by ${contactMessages.leadId})`.as("count"),
    })
    .from(contactMessages)
    .where(inArray(contactMessages.leadId, leadIds))
    .as("ranked");
  const newest = db
    .select({
      deliveryId: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.contactMessageId, ranked.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(1)
    .as("newest");
  const rows = await db
    .select({
      id: ranked.id,
      leadId: ranked.leadId,
      source: ranked.source,
      message: ranked.message,
      attribution: ranked.attribution,
      origin: ranked.origin,
      createdAt: ranked.createdAt,
      count: ranked.count,
      platform: landingCampaigns.platformName,
      campaignName: landingCampaigns.displayName,
      deliveryId: newest.deliveryId,
      status: newest.status,
      attempts: newest.attempts,
      lastError: newest.lastError,
      nextAttemptAt: newest.nextAttemptAt,
      deliveredAt: newest.deliveredAt,
    })
    .from(ranked)
    .leftJoin(landingCampaigns, eq(landingCampaigns.id, ranked.campaignId))
    .leftJoinLateral(newest, sql`true`)
    .where(lte(ranked.rank, ENQUIRIES_PER_LEAD))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  for (const row of rows) {
    if (row.leadId === null) continue;
    const entry = out.get(row.leadId) ?? { enquiries: [], count: Number(row.count) };
    // The lateral join leaves the delivery's columns null for an enquiry without one (all of them set otherwise).
    const { deliveryId, status, attempts, nextAttemptAt, deliveredAt } = row;
    entry.enquiries.push({
      id: row.id,
      source: row.source,
      // The live campaign row wins while it exists; its names are kept in `origin` when it is deleted.
      platform: row.platform ?? row.origin.platform ?? null,
      campaignName: row.campaignName ?? row.origin.campaignName ?? null,
      message: row.message,
      attribution: row.attribution,
      createdAt: new Date(row.createdAt).toISOString(),
      delivery:
        deliveryId !== null && status !== null && attempts !== null
          ? {
              id: deliveryId,
              status,
              attempts,
              lastError: row.lastError,
              nextAttemptAt: status === "pending" && nextAttemptAt ? new Date(nextAttemptAt).toISOString() : null,
              deliveredAt: deliveredAt ? new Date(deliveredAt).toISOString() : null,
            }
          : null,
    });
    out.set(row.leadId, entry);
  }
  return out;
}

/**
 * The next step of each open lead of `leadIds`: its earliest pending job that will act — a clock step (notify_agent,
 * notify_managers, reassign) only while the lead is جديد and not contacted (a later stage or a logged contact never
 * escalates), the follow-up reminder only at the lead's current follow-up date; none for a closed lead (بيع/مفقود).
 * One query for the whole page: each lead joined (lateral) to its first such job by lead_jobs_pending_lead_idx.
 */
export async function nextSteps(db: Db, leadIds: number[]) {
  const out = new Map<number, { kind: LeadStepKind; at: string }>();
  if (!leadIds.length) return out;
  const next = db
    .select({ kind: leadJobs.kind, runAt: leadJobs.runAt })
    .from(leadJobs)
    .where(
      and(
        eq(leadJobs.leadId, leads.id),
        isNull(leadJobs.doneAt),
        or(
          and(
            inArray(leadJobs.kind, ["notify_agent", "notify_managers", "reassign"]),
            eq(leads.stage, "new"),
            isNull(leads.firstContactAt),
          ),
          and(eq(leadJobs.kind, "follow_up"), eq(leadJobs.runAt, leads.followUpAt)),
        ),
      ),
    )
    .orderBy(asc(leadJobs.runAt), asc(leadJobs.id))
    .limit(1)
    .as("next");
  const rows = await db
    .select({ leadId: leads.id, kind: next.kind, runAt: next.runAt })
    .from(leads)
    .innerJoinLateral(next, sql`true`)
    .where(and(inArray(leads.id, leadIds), notInArray(leads.stage, ["sold", "lost"])));
  for (const row of rows) {
    out.set(row.leadId, { kind: row.kind as LeadStepKind, at: new Date(row.runAt).toISOString() });
  }
  return out;
}

/**
 * What the one leads list adds to each lead (docs/decisions/070-one-leads-list.md): its enquiries (campaign, message,
 * attribution) with their newest webhook delivery (docs/webhooks.md; the states of SPEC §2.16 as docs/product.md §2.16 describes them), the filter
 * on those states, and the next step of its response clock read from its pending lead_jobs
 * (docs/decisions/022-lead-desk-assignment-and-response-clock.md).
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { LeadDeliveryFilter, LeadEnquiry, LeadStepKind } from "#domain/lead-list.ts";
import type { ContactDeliveryView } from "#domain/schemas/contact.ts";
import type { Db } from "#server/db/connection.ts";
import { contactMessages, landingCampaigns, leadJobs, leads, webhookDeliveries } from "#server/db/schema.ts";

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

/** The enquiries of each lead of `leadIds` (newest first, at most ENQUIRIES_PER_LEAD) and how many it has. */
export async function enquiriesOf(db: Db, leadIds: number[]) {
  const out = new Map<number, { enquiries: LeadEnquiry[]; count: number }>();
  if (!leadIds.length) return out;
  const rows = await db
    .select({
      id: contactMessages.id,
      leadId: contactMessages.leadId,
      source: contactMessages.source,
      message: contactMessages.message,
      attribution: contactMessages.attribution,
      origin: contactMessages.origin,
      platform: landingCampaigns.platformName,
      campaignName: landingCampaigns.displayName,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .leftJoin(landingCampaigns, eq(landingCampaigns.id, contactMessages.campaignId))
    .where(inArray(contactMessages.leadId, leadIds))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  const deliveries = await latestDeliveries(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    if (row.leadId === null) continue;
    const entry = out.get(row.leadId) ?? { enquiries: [], count: 0 };
    entry.count += 1;
    if (entry.enquiries.length < ENQUIRIES_PER_LEAD) {
      entry.enquiries.push({
        id: row.id,
        source: row.source,
        // The live campaign row wins while it exists; its names are kept in `origin` when it is deleted.
        platform: row.platform ?? row.origin.platform ?? null,
        campaignName: row.campaignName ?? row.origin.campaignName ?? null,
        message: row.message,
        attribution: row.attribution,
        createdAt: row.createdAt.toISOString(),
        delivery: deliveries.get(row.id) ?? null,
      });
    }
    out.set(row.leadId, entry);
  }
  return out;
}

/** The clock's facts of a lead that decide which of its pending jobs still count. */
interface ClockFacts {
  id: number;
  stage: string;
  firstContactAt: Date | null;
  followUpAt: Date | null;
}

const CLOCK_KINDS: readonly string[] = ["notify_agent", "notify_managers", "reassign"];

/**
 * The next step of each lead's clock: its earliest pending job that will act — a clock step (notify_agent,
 * notify_managers, reassign) only while the lead is جديد and not contacted (a later stage or a logged contact never
 * escalates), the follow-up reminder only at the lead's current follow-up date; none for a closed lead (بيع/مفقود).
 */
export async function nextSteps(db: Db, list: ClockFacts[]) {
  const out = new Map<number, { kind: LeadStepKind; at: string }>();
  const open = list.filter((l) => l.stage !== "sold" && l.stage !== "lost");
  if (!open.length) return out;
  const jobs = await db
    .select({ leadId: leadJobs.leadId, kind: leadJobs.kind, runAt: leadJobs.runAt })
    .from(leadJobs)
    .where(
      and(
        isNull(leadJobs.doneAt),
        inArray(
          leadJobs.leadId,
          open.map((l) => l.id),
        ),
      ),
    )
    .orderBy(leadJobs.runAt, leadJobs.id);
  const facts = new Map(open.map((l) => [l.id, l]));
  for (const job of jobs) {
    const lead = facts.get(job.leadId);
    if (!lead || out.has(lead.id)) continue;
    const acts = CLOCK_KINDS.includes(job.kind)
      ? lead.stage === "new" && !lead.firstContactAt
      : job.kind === "follow_up" && lead.followUpAt?.getTime() === job.runAt.getTime();
    if (acts) out.set(lead.id, { kind: job.kind as LeadStepKind, at: job.runAt.toISOString() });
  }
  return out;
}

/**
 * The one leads list of the back office (docs/decisions/070-one-leads-list.md; docs/product.md §2.16): the query of
 * GET /api/leads with the filters the old messages screen had (webhook delivery, landing page), its answer (a page of
 * leads, each with its enquiries' webhook delivery and the next step of its response clock, and the total matching the
 * filters) and the bulk reassignment body. Pure: used by the server (validation, OpenAPI) and the web. The texts of
 * the live wait and the time left are #domain/lead-clock.ts's (the lead page's too).
 *
 * The next step of the clock (docs/decisions/022-lead-desk-assignment-and-response-clock.md): the earliest pending job
 * of the lead — notify_agent, notify_managers or reassign while the lead is جديد and never contacted; follow_up at the
 * lead's follow-up date — or none for a closed lead.
 */
import { z } from "zod";
import { CLOCK_STEP_KINDS, type ClockStepKind } from "./lead-clock.ts";
import { LEAD_TEXTS, leadListQuerySchema, leadSummarySchema } from "./lead-desk.ts";
import { contactDeliverySchema, DELIVERY_STATUSES } from "./schemas/api.ts";
import { text } from "./schemas/text.ts";

/** The webhook-delivery filter: a lead with an enquiry whose newest delivery is in this state ("none": no delivery). */
export const LEAD_DELIVERY_FILTERS = [...DELIVERY_STATUSES, "none"] as const;
export type LeadDeliveryFilter = (typeof LEAD_DELIVERY_FILTERS)[number];

export const LEAD_LIST_TEXTS = {
  deliveryInvalid: "حالة الويب هوك غير صالحة",
  idsRequired: "يرجى اختيار عميل واحد على الأقل",
  idsTooMany: "يمكن إعادة إسناد ٢٠٠ عميل على الأكثر في المرة الواحدة",
} as const;

const id = z.coerce.number<string | number>().int().positive().max(2_147_483_647);

/** GET /api/leads query: the desk's filters, plus the delivery state and landing page of the old messages screen. */
export const leadListFullQuerySchema = leadListQuerySchema.extend({
  delivery: z.enum(LEAD_DELIVERY_FILTERS, { error: LEAD_LIST_TEXTS.deliveryInvalid }).optional(),
  landingPageId: id.optional(),
});
export type LeadListFullQuery = z.output<typeof leadListFullQuerySchema>;

/** The steps of the response clock and the follow-up reminder (lead_jobs kinds; #domain/lead-clock.ts). */
export const LEAD_STEP_KINDS = CLOCK_STEP_KINDS;
export type LeadStepKind = ClockStepKind;

/**
 * One enquiry of a lead in the list: where it came from (source, the campaign's platform and name, the visitor's
 * attribution: docs/product.md §10.4), its message, and its newest webhook delivery (null: none queued).
 */
export const leadEnquirySchema = z.object({
  id: z.number(),
  source: z.string(),
  platform: z.string().nullable(),
  campaignName: z.string().nullable(),
  message: z.string().nullable(),
  attribution: z.record(z.string(), z.string()),
  createdAt: z.string(),
  delivery: contactDeliverySchema.nullable(),
});
export type LeadEnquiry = z.infer<typeof leadEnquirySchema>;

/** One lead of GET /api/leads: the desk's summary, its enquiries (newest first, at most 20) and the clock's step. */
export const leadListItemSchema = leadSummarySchema.extend({
  enquiries: z.array(leadEnquirySchema),
  enquiryCount: z.number().int(),
  /** The next step of the clock and when it is due (ISO 8601); null when none is pending. */
  nextStep: z.object({ kind: z.enum(LEAD_STEP_KINDS), at: z.string() }).nullable(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/**
 * The most leads GET /api/leads counts for its total: a count stops there (`totalCapped`), so the first page of a
 * 100,000-lead table answers as fast as the page itself (docs/performance/leads.md).
 */
export const LEAD_TOTAL_CAP = 10_000;

/**
 * GET /api/leads answer: a page, the next page's cursor (null: last), the leads matching the filters (`total`, counted
 * up to LEAD_TOTAL_CAP on the first page; `totalCapped`: there are more), and the server's time of the answer (ISO 8601), from which the
 * list keeps its live waits ticking whatever the device's clock says.
 */
export const leadListPageSchema = z.object({
  items: z.array(leadListItemSchema),
  nextCursor: z.string().nullable(),
  /** Null on a page read with a cursor: the first page's total holds. */
  total: z.number().int().nullable(),
  totalCapped: z.boolean(),
  now: z.string(),
});
export type LeadListPage = z.infer<typeof leadListPageSchema>;

/** POST /api/leads/reassign body (leads.assign): several leads to one owner, in one transaction. */
export const leadBulkAssignSchema = z.object({
  ids: z
    .array(id, { error: LEAD_LIST_TEXTS.idsRequired })
    .min(1, LEAD_LIST_TEXTS.idsRequired)
    .max(200, LEAD_LIST_TEXTS.idsTooMany),
  ownerId: z.uuid({ error: LEAD_TEXTS.ownerInvalid }),
  note: text().trim().max(2000, LEAD_TEXTS.noteTooLong).optional(),
});
export type LeadBulkAssign = z.output<typeof leadBulkAssignSchema>;

/** POST /api/leads/reassign answer: the leads handed over, and those the owner already held (left as they were). */
export const leadBulkAssignedSchema = z.object({
  ownerId: z.string(),
  reassigned: z.array(z.number()),
  unchanged: z.array(z.number()),
});

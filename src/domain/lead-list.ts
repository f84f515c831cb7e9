/**
 * The one leads list of the back office (docs/decisions/070-one-leads-list.md; docs/product.md §2.16): the query of
 * GET /api/leads with the filters the old messages screen had (webhook delivery, landing page), its answer (a page of
 * leads, each with its enquiries' webhook delivery and the next step of its response clock, and the total matching the
 * filters), the bulk reassignment body, and the Arabic texts of the live wait and the time left. Pure: used by the
 * server (validation, OpenAPI) and the web.
 *
 * The next step of the clock (docs/decisions/022-lead-desk-assignment-and-response-clock.md): the earliest pending job
 * of the lead — notify_agent, notify_managers or reassign while the lead is جديد and never contacted; follow_up at the
 * lead's follow-up date — or none for a closed lead.
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";
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

/** The steps of the response clock and the follow-up reminder (lead_jobs kinds). */
export const LEAD_STEP_KINDS = ["notify_agent", "notify_managers", "reassign", "follow_up"] as const;
export type LeadStepKind = (typeof LEAD_STEP_KINDS)[number];

/** What happens at each step, as the list says it before the time left («تنبيه المسؤول بعد ٣ دقائق»). */
export const LEAD_STEP_LABELS: Record<LeadStepKind, string> = {
  notify_agent: "تنبيه المسؤول",
  notify_managers: "تنبيه المديرين",
  reassign: "إعادة الإسناد",
  follow_up: "موعد المتابعة",
};

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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A duration (ms, ≥ 0) in its largest whole unit with the counted noun in the oblique case, as it follows «منذ» or
 * «بعد»: under a minute «أقل من دقيقة», then minutes, hours and days («٣ دقائق», «ساعتين», «١١ يومًا»), rounded
 * down (`round` "down": a wait) or up ("up": a time left, so «بعد دقيقة واحدة» until the step is due). Arabic-Indic
 * digits (ARCHITECTURE resolution 11).
 */
export function durationText(ms: number, round: "down" | "up" = "down"): string {
  const value = Math.max(0, ms);
  const whole = (unit: number) => (round === "up" ? Math.ceil(value / unit) : Math.floor(value / unit));
  const oblique = { oblique: true };
  if (round === "down" ? value < MINUTE_MS : value <= 0) return "أقل من دقيقة";
  if (whole(MINUTE_MS) < 60) return countNoun(whole(MINUTE_MS), NOUNS.minute, oblique);
  if (whole(HOUR_MS) < 24) return countNoun(whole(HOUR_MS), NOUNS.hour, oblique);
  return countNoun(whole(DAY_MS), NOUNS.day, oblique);
}

/** How long ago `since` was at `now`: «منذ ٣ دقائق» («الآن» under a minute). */
export function waitText(since: Date, now: Date): string {
  const ms = now.getTime() - since.getTime();
  return ms < MINUTE_MS ? "الآن" : `منذ ${durationText(ms)}`;
}

/** The next step and the time left at `now`: «إعادة الإسناد بعد ٤ دقائق», or «…: حان موعده» when due. */
export function nextStepText(step: { kind: LeadStepKind; at: Date }, now: Date): string {
  const left = step.at.getTime() - now.getTime();
  const label = LEAD_STEP_LABELS[step.kind];
  return left <= 0 ? `${label}: حان موعده` : `${label} بعد ${durationText(left, "up")}`;
}

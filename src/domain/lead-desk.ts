/**
 * The lead desk (docs/product.md §2.16 leads; ARCHITECTURE resolution 14 stages): the stages a lead moves through,
 * the kinds of logged activity, the default lost reasons, the response-clock steps, and the zod schemas of every
 * lead-desk request and response, with Arabic messages. Pure: used by the server (validation, OpenAPI) and the web.
 *
 * Rules:
 * - Any stage may move to any other (a lead comes back); each change is kept with who, when and an optional note.
 * - A lead at "reserved" or "sold" may hold one unit of its project: the unit reads محجوزة / مباعة; leaving those
 *   stages (or "lost") frees the unit (متاحة). One unit is held by one lead at most.
 * - "lost" needs a reason from the editable list (lead_lost_reasons).
 * - Time to first contact: from the lead's creation to the first activity of a contact kind (call, whatsapp,
 *   email, meeting); a note is not a contact.
 */

import { z } from "zod";
import { buyerEstimateSchema } from "./buyer-estimate.ts";
import { countNoun, formatNumber, NOUNS } from "./format.ts";
import { leadClockSchema } from "./lead-clock.ts";
import { leadMessageSchema } from "./lead-messages.ts";
import { optionalAnyPhone, optionalEmail } from "./schemas/common.ts";
import { multilineText, text } from "./schemas/text.ts";

/** Stage codes in pipeline order (ARCHITECTURE resolution 14). */
export const LEAD_STAGES = ["new", "contacted", "qualified", "visit", "reserved", "sold", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Arabic labels of the stages, shown everywhere a stage is shown. */
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: "جديد",
  contacted: "تم التواصل",
  qualified: "مؤهل",
  visit: "زيارة",
  reserved: "حجز",
  sold: "بيع",
  lost: "مفقود",
};

/** Stages at which a lead may hold a unit, and the unit status each one sets (docs/product.md units statuses). */
export const UNIT_STATUS_FOR_STAGE: Partial<Record<LeadStage, string>> = { reserved: "محجوزة", sold: "مباعة" };
/** The status a unit returns to when its lead lets it go. */
export const UNIT_STATUS_FREE = "متاحة";

/** Whether a lead at `stage` may hold a unit. */
export function stageHoldsUnit(stage: LeadStage): boolean {
  return UNIT_STATUS_FOR_STAGE[stage] !== undefined;
}

/** Kinds of activity an agent logs on a lead. */
export const LEAD_ACTIVITY_KINDS = ["call", "whatsapp", "email", "meeting", "note"] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];
export const LEAD_ACTIVITY_LABELS: Record<LeadActivityKind, string> = {
  call: "اتصال",
  whatsapp: "واتساب",
  email: "بريد إلكتروني",
  meeting: "اجتماع",
  note: "ملاحظة",
};
/** Activity kinds that count as contacting the person (they stop the response clock). */
export const CONTACT_ACTIVITY_KINDS: readonly LeadActivityKind[] = ["call", "whatsapp", "email", "meeting"];
export function isContactActivity(kind: LeadActivityKind): boolean {
  return CONTACT_ACTIVITY_KINDS.includes(kind);
}

/** Lost reasons a new database starts with; staff with leads.settings edit the list. */
export const DEFAULT_LOST_REASONS = ["السعر", "التمويل", "الموقع", "اشترى من منافس", "لا يرد"] as const;

/** Kinds of entry in a lead's history (lead_events.kind). */
export const LEAD_EVENT_KINDS = [
  "assigned",
  "stage_changed",
  "activity",
  "unit_linked",
  "unit_unlinked",
  "follow_up_set",
  "follow_up_due",
  "sla_agent_notified",
  "sla_managers_notified",
  "sla_reassigned",
  "merged",
  // Site visits (docs/decisions/088-site-visits.md): data {visitId, startsAt, outcome?}.
  "visit_booked",
  "visit_rescheduled",
  "visit_cancelled",
  "visit_outcome",
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

/**
 * Response-clock defaults, in minutes (docs/decisions/022-lead-desk-assignment-and-response-clock.md): 5 → agent,
 * 15 → managers, configurable → reassign.
 */
export const RESPONSE_CLOCK_DEFAULTS = { notifyAgentAfter: 5, notifyManagersAfter: 15, reassignAfter: 30 } as const;

/** Arabic texts of the lead desk (errors and notifications). */
export const LEAD_TEXTS = {
  stageInvalid: "المرحلة غير صالحة",
  lostReasonRequired: "يرجى اختيار سبب الفقد",
  lostReasonUnknown: "سبب الفقد غير موجود في القائمة",
  noteTooLong: "الملاحظة طويلة جدًا",
  activityKindInvalid: "نوع النشاط غير صالح",
  unitNotAllowedAtStage: "لا يمكن ربط وحدة إلا في مرحلة الحجز أو البيع",
  unitNotFound: "الوحدة غير موجودة",
  unitOtherProject: "الوحدة لا تتبع مشروع هذا العميل",
  unitTaken: "هذه الوحدة مرتبطة بعميل آخر",
  unitNotAvailable: "هذه الوحدة غير متاحة",
  leadNotFound: "العميل المحتمل غير موجود",
  ownerInvalid: "الموظف المختار لا يمكنه استلام العملاء",
  reasonNameRequired: "يرجى إدخال سبب الفقد",
  reasonExists: "هذا السبب موجود بالفعل",
  dateInvalid: "التاريخ غير صالح",
  mergeSelf: "لا يمكن دمج العميل مع نفسه",
  personRequired: "يرجى إدخال رقم الجوال أو البريد الإلكتروني",
  personNotFound: "لا توجد بيانات لهذا الشخص",
  emailInvalid: "البريد الإلكتروني غير صالح",
  erasedName: "بيانات محذوفة",
  mergeUnit: "لا يمكن دمج عميل مرتبط بوحدة، يرجى فك الربط أولًا",
  alreadyMerged: "تم دمج هذا العميل من قبل",
  mergedReadOnly: "تم دمج هذا العميل في عميل آخر، ويُعمل عليه من هناك",
  personHasOpenLead: "لهذا الشخص عميل مفتوح آخر؛ ادمجه بدل إعادة فتح هذا العميل",
  followUpPast: "موعد المتابعة يجب أن يكون بعد الوقت الحالي",
  /** The bell's line when a lead's buyer cannot be read (the clock's lines: #domain/lead-clock.ts). */
  assignedToYou: "تم إسناد عميل جديد إليك",
  retentionInvalid: `مدة الاحتفاظ يجب أن تكون بين ${formatNumber(30)} و${countNoun(3650, NOUNS.day)}`,
} as const;

const id = z.coerce.number<string | number>().int().positive().max(2_147_483_647);
const note = multilineText().trim().max(2000, LEAD_TEXTS.noteTooLong).optional();
const isoDate = z.iso.datetime({ offset: true, error: LEAD_TEXTS.dateInvalid });

/** PATCH /api/leads/{id}/stage body. `lostReason` is required for "lost"; `unitId` only at reserved/sold. */
export const leadStageChangeSchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { error: LEAD_TEXTS.stageInvalid }),
    note,
    lostReason: text().trim().max(200).optional(),
    /** A unit to hold (reserved/sold); null lets the current unit go; absent keeps it when the stage allows. */
    unitId: id.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.stage === "lost" && !v.lostReason) {
      ctx.addIssue({ code: "custom", path: ["lostReason"], message: LEAD_TEXTS.lostReasonRequired });
    }
    if (v.unitId != null && !stageHoldsUnit(v.stage)) {
      ctx.addIssue({ code: "custom", path: ["unitId"], message: LEAD_TEXTS.unitNotAllowedAtStage });
    }
  });
export type LeadStageChange = z.output<typeof leadStageChangeSchema>;

/** POST /api/leads/{id}/activities body: one logged call, WhatsApp, e-mail, meeting or note. */
export const leadActivitySchema = z.object({
  kind: z.enum(LEAD_ACTIVITY_KINDS, { error: LEAD_TEXTS.activityKindInvalid }),
  note,
  /** When the next step is due (the follow-up reminder); ISO 8601 with offset. */
  followUpAt: isoDate.optional(),
});
export type LeadActivityInput = z.output<typeof leadActivitySchema>;

/** PUT /api/leads/{id}/owner body (leads.assign). */
export const leadAssignSchema = z.object({
  ownerId: z.uuid({ error: LEAD_TEXTS.ownerInvalid }),
  note,
});

/** POST /api/leads/{id}/merge body: the other lead, merged into {id}. */
export const leadMergeSchema = z.object({ otherId: id });

/** POST/PUT /api/leads/lost-reasons body. */
export const lostReasonSchema = z.object({
  name: text({ error: LEAD_TEXTS.reasonNameRequired }).trim().min(1, LEAD_TEXTS.reasonNameRequired).max(200),
  active: z.boolean().default(true),
});

/** PUT /api/leads/agents body: the agents of a project (projectId) or of the site default list (projectId null). */
export const leadAgentsSchema = z.object({
  projectId: id.nullable(),
  userIds: z.array(z.uuid({ error: LEAD_TEXTS.ownerInvalid })).max(200),
});

/** PUT /api/leads/agents/{userId}/away body. */
export const agentAwaySchema = z.object({ away: z.boolean() });

/** Days a closed lead keeps its personal data by default (PDPL retention; staff change it in the settings). */
export const RETENTION_DAYS_DEFAULT = 730;

/**
 * PUT /api/leads/settings body and answer: the response-clock steps in minutes, and `retentionDays` (30–3650): a lead
 * closed (sold/lost) longer than that is anonymised by the retention job; absent in a body: unchanged.
 */
export const leadSettingsSchema = z.object({
  notifyAgentAfter: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  notifyManagersAfter: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  reassignAfter: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  retentionDays: z
    .number({ error: LEAD_TEXTS.retentionInvalid })
    .int(LEAD_TEXTS.retentionInvalid)
    .min(30, LEAD_TEXTS.retentionInvalid)
    .max(3650, LEAD_TEXTS.retentionInvalid)
    .optional(),
});
export type LeadSettings = z.output<typeof leadSettingsSchema>;

/** Sort orders of the leads list. "urgency": overdue first (not contacted, oldest first), then newest. */
export const LEAD_SORTS = ["newest", "oldest", "urgency"] as const;

/** GET /api/leads query: server-side filters, sort and keyset pagination (`cursor` from the previous page). */
export const leadListQuerySchema = z.object({
  search: text().trim().max(200).optional(),
  stage: z.enum(LEAD_STAGES, { error: LEAD_TEXTS.stageInvalid }).optional(),
  ownerId: z.union([z.uuid(), z.literal("none"), z.literal("me")]).optional(),
  projectId: id.optional(),
  campaignId: id.optional(),
  source: z.enum(["home", "project", "update", "campaign", "whatsapp", "online_reservation"]).optional(),
  from: z.iso.date({ error: LEAD_TEXTS.dateInvalid }).optional(),
  to: z.iso.date({ error: LEAD_TEXTS.dateInvalid }).optional(),
  overdue: z.enum(["true", "false"]).optional(),
  duplicate: z.enum(["true", "false"]).optional(),
  sort: z.enum(LEAD_SORTS).default("newest"),
  limit: z.coerce.number<string | number>().int().min(1).max(200).default(50),
  cursor: text().max(200).optional(),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** One lead in the list. */
export const leadSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  source: z.string(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  campaignId: z.number().nullable(),
  stage: z.enum(LEAD_STAGES),
  stageLabel: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  unitId: z.number().nullable(),
  lostReason: z.string().nullable(),
  isDuplicate: z.boolean(),
  firstContactAt: z.string().nullable(),
  followUpAt: z.string().nullable(),
  overdue: z.boolean(),
  /** The lead this enquiry was merged into (null: not merged). */
  mergedIntoId: z.number().nullable(),
  createdAt: z.string(),
  /** The campaign's name (its display name, else its address) when the lead came through one. */
  campaignName: z.string().nullable().optional(),
  /** The ad platform's lead form it came through (docs/lead-forms.md), else null. */
  leadForm: z.object({ platform: z.string(), formName: z.string().nullable() }).nullable().optional(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadPageSchema = z.object({ items: z.array(leadSummarySchema), nextCursor: z.string().nullable() });

/** One entry of a lead's history. */
export const leadEventSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  kind: z.enum(LEAD_EVENT_KINDS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  activityKind: z.string().nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type LeadEventView = z.infer<typeof leadEventSchema>;

/** GET /api/leads/{id}: the lead, its history in order, and the other enquiries of the same person. */
export const leadDetailSchema = z.object({
  lead: leadSummarySchema.extend({
    message: z.string().nullable(),
    attribution: z.record(z.string(), z.string()),
    consentVersion: z.string().nullable(),
    consentAt: z.string().nullable(),
    /** Marketing consent (docs/conversions.md): its text version, when given, when withdrawn. */
    marketingConsentVersion: z.string().nullable(),
    marketingConsentAt: z.string().nullable(),
    marketingConsentWithdrawnAt: z.string().nullable(),
    /** The unit the opening enquiry was about (a unit page's form), or null. */
    unitOfInterest: z.object({ id: z.number(), unitNumber: z.string() }).nullable(),
  }),
  events: z.array(leadEventSchema),
  /**
   * Every message of another channel (WhatsApp) both ways, oldest first, with its sender and delivery state
   * (#domain/lead-messages.ts); empty for a viewer without the channel's view permission.
   */
  messages: z.array(leadMessageSchema),
  related: z.array(leadSummarySchema),
  /** The person's later enquiries that joined this lead (docs/decisions/073-one-open-lead-per-person.md). */
  enquiries: z.array(
    z.object({
      id: z.number(),
      source: z.string(),
      projectName: z.string().nullable(),
      campaignId: z.number().nullable(),
      message: z.string().nullable(),
      isDuplicate: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  /** The clock the agent sees (#domain/lead-clock.ts). */
  clock: leadClockSchema,
  /** The unit the lead holds at حجز/بيع (#domain/unit-label.ts); null: none. */
  unit: z
    .object({
      id: z.number(),
      unitNumber: z.string(),
      building: z.string(),
      floor: z.number().nullable(),
      rooms: z.number().nullable(),
      price: z.number().nullable(),
    })
    .nullable(),
  /** The lead this one was merged into (its page is read-only and links there); null: not merged. */
  mergedInto: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The buyer's own affordability estimates sent with its enquiries, oldest first (#domain/buyer-estimate.ts). */
  estimates: z.array(buyerEstimateSchema.extend({ enquiryId: z.number(), createdAt: z.string() })),
});

export const lostReasonViewSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean() });

export const notificationSchema = z.object({
  id: z.number(),
  leadId: z.number().nullable(),
  kind: z.string(),
  text: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number() });

/**
 * GET /api/leads/person (export) and POST /api/leads/person/erase (PDPL requests, leads.settings): the person is
 * found by E.164 phone (any typed form, normalised; any country, since WhatsApp senders and platform leads may be
 * foreign: ARCHITECTURE resolution 26) or e-mail (lower-cased); at least one is required.
 */
export const personQuerySchema = z
  .object({ phone: optionalAnyPhone, email: optionalEmail(LEAD_TEXTS.emailInvalid) })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: "custom", path: ["phone"], message: LEAD_TEXTS.personRequired });
  });
export type PersonQuery = z.output<typeof personQuerySchema>;

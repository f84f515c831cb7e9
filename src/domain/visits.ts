/**
 * Site visits (docs/decisions/088-site-visits.md; docs/product.md §3 leads; ARCHITECTURE resolutions 17, 22–24):
 * a project's availability, the booking a visitor sends, the outcomes an agent marks, and their Arabic texts.
 * Slot arithmetic lives in ./visit-slots.ts.
 */
import { z } from "zod";
import { formatDateTime, formatHijri } from "./format.ts";
import { optionalEmail, optionalText, requiredSaudiPhone, requiredText } from "./schemas/common.ts";
import { attributionSchema } from "./schemas/contact.ts";
import { text } from "./schemas/text.ts";
import { TEXTS } from "./texts.ts";
import type { SlotRules } from "./visit-slots.ts";

/** Where visits happen. */
export const VISIT_PLACE_KINDS = ["office", "site"] as const;
export type VisitPlaceKind = (typeof VISIT_PLACE_KINDS)[number];
export const VISIT_PLACE_LABELS: Record<VisitPlaceKind, string> = {
  office: "مكتب المبيعات",
  site: "موقع المشروع",
};

/** A visit's state: booked until the agent marks an outcome, or cancelled by the visitor. */
export const VISIT_STATUSES = ["booked", "cancelled", "attended", "no_show", "rescheduled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  booked: "محجوزة",
  cancelled: "ملغاة",
  attended: "حضر",
  no_show: "لم يحضر",
  rescheduled: "أُعيد جدولته",
};
/**
 * The states a visit is counted in by the dashboard's figures and the visit lists
 * (docs/decisions/113-visit-lists-behind-the-figures.md): booked, attended and no-show; a cancelled or rescheduled
 * visit does not take place at its time.
 */
export const VISIT_COUNTED_STATUSES = ["booked", "attended", "no_show"] as const satisfies readonly VisitStatus[];
/** Whether a visit in `status` counts in the figures (VISIT_COUNTED_STATUSES). */
export function isCountedVisit(status: VisitStatus): boolean {
  return (VISIT_COUNTED_STATUSES as readonly VisitStatus[]).includes(status);
}
/** What the agent marks at the visit. */
export const VISIT_OUTCOMES = ["attended", "no_show", "rescheduled"] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** Weekday names, 0 = Sunday. */
export const WEEKDAY_LABELS = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"] as const;

/** Defaults of a project's availability: Saturday–Thursday 16:00–22:00, 45-minute visits, 2 h notice, 21 days. */
export const VISIT_DEFAULTS: SlotRules = {
  days: [6, 0, 1, 2, 3, 4],
  opensAt: "16:00",
  closesAt: "22:00",
  slotMinutes: 45,
  capacity: 2,
  minNoticeMinutes: 120,
  horizonDays: 21,
  bufferMinutes: 0,
  closedDates: [],
};

/** Most days one GET …/visit-slots covers. */
export const VISIT_SLOTS_MAX_DAYS = 62;
/** How many free times a 409 offers instead of a full or past slot. */
export const VISIT_NEXT_SLOTS = 5;
/** A manage link stays valid until this long after the visit's start (ms): a day. */
export const VISIT_TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;
/** Reminders before a visit (ms): 24 h and 2 h. */
export const VISIT_REMINDERS_MS = [24 * 60 * 60 * 1000, 2 * 60 * 60 * 1000] as const;

export const VISIT_TEXTS = {
  book: "احجز موعد زيارة",
  slotUnavailable: "هذا الموعد لم يعد متاحًا، اختر أحد المواعيد المتاحة التالية",
  startsAtInvalid: "موعد الزيارة غير صالح",
  notOffered: "حجز الزيارات غير متاح لهذا المشروع حاليًا",
  projectInvalid: "المشروع غير موجود",
  unitInvalid: "الوحدة غير موجودة في هذا المشروع",
  tokenInvalid: "رابط إدارة الزيارة غير صالح أو انتهت صلاحيته",
  visitNotFound: "الزيارة غير موجودة",
  visitClosed: "لا يمكن تعديل هذه الزيارة",
  placeRequired: "يرجى إدخال اسم المكان",
  mapUrlInvalid: "رابط الخريطة غير صالح",
  daysRequired: "يرجى اختيار يوم واحد على الأقل",
  timeInvalid: "الوقت غير صالح، استخدم الصيغة HH:MM",
  numberInvalid: "القيمة غير صالحة",
  dateInvalid: "التاريخ غير صالح",
  rangeInvalid: "نطاق التواريخ غير صالح",
  phoneRequired: "رقم الجوال مطلوب",
  outcomeInvalid: "النتيجة غير صالحة",
  periodInvalid: "الفترة غير صالحة",
  statusInvalid: "حالة الزيارة غير صالحة",
  booked: "حجز زيارة",
  bookedNotice: (when: string) => `حجز زيارة جديد: ${when}`,
  rescheduledNotice: (when: string) => `تغيّر موعد زيارة إلى ${when}`,
  cancelledNotice: (when: string) => `أُلغيت زيارة ${when}`,
  morningList: (count: string, first: string) => `زياراتك اليوم: ${count}، أولها ${first}`,
  followUpNoShow: "لم يحضر العميل موعد الزيارة: تواصل معه لتحديد موعد جديد",
} as const;

const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, VISIT_TEXTS.timeInvalid);
const isoDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VISIT_TEXTS.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, VISIT_TEXTS.dateInvalid);
const whole = (min: number, max: number) =>
  z.coerce
    .number<string | number>({ error: VISIT_TEXTS.numberInvalid })
    .int(VISIT_TEXTS.numberInvalid)
    .min(min, VISIT_TEXTS.numberInvalid)
    .max(max, VISIT_TEXTS.numberInvalid);
const optionalId = z.coerce.number<string | number>().int().positive().max(2_147_483_647).optional();

/** PUT /api/projects/{id}/visit-settings body (visits.manage); every field has its default (VISIT_DEFAULTS). */
export const visitSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  placeKind: z.enum(VISIT_PLACE_KINDS, { error: VISIT_TEXTS.placeRequired }).default("office"),
  placeName: requiredText(VISIT_TEXTS.placeRequired, 200),
  mapUrl: optionalText(2000).pipe(z.url({ protocol: /^https?$/, error: VISIT_TEXTS.mapUrlInvalid }).optional()),
  days: z
    .array(whole(0, 6), { error: VISIT_TEXTS.daysRequired })
    .min(1, VISIT_TEXTS.daysRequired)
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .default([...VISIT_DEFAULTS.days].sort((a, b) => a - b)),
  opensAt: hhmm.default(VISIT_DEFAULTS.opensAt),
  closesAt: hhmm.default(VISIT_DEFAULTS.closesAt),
  slotMinutes: whole(10, 480).default(VISIT_DEFAULTS.slotMinutes),
  capacity: whole(1, 100).default(VISIT_DEFAULTS.capacity),
  minNoticeMinutes: whole(0, 10_080).default(VISIT_DEFAULTS.minNoticeMinutes),
  horizonDays: whole(1, 180).default(VISIT_DEFAULTS.horizonDays),
  bufferMinutes: whole(0, 240).default(VISIT_DEFAULTS.bufferMinutes),
  closedDates: z
    .array(isoDate)
    .max(400)
    .transform((dates) => [...new Set(dates)].sort())
    .default([]),
  /**
   * The approved WhatsApp utility template that confirms and reminds the visit (docs/decisions/108-visit-messages-on-whatsapp.md),
   * with {{1}} name, {{2}} project, {{3}} date and time; none: no WhatsApp messages for this project's visits.
   */
  whatsappTemplateName: optionalText(512),
  whatsappTemplateLanguage: text()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "رمز لغة القالب غير صالح")
    .default("ar"),
});
export type VisitSettingsInput = z.input<typeof visitSettingsSchema>;
export type VisitSettings = z.output<typeof visitSettingsSchema>;

/** GET /api/visits/day query: a Riyadh date, default today. */
export const visitDayQuerySchema = z.object({ date: isoDate.optional() });

/** The periods a visit list covers: one Riyadh date, or the Saturday–Friday week around it. */
export const VISIT_LIST_PERIODS = ["day", "week"] as const;
export type VisitListPeriod = (typeof VISIT_LIST_PERIODS)[number];

/**
 * GET /api/visits query (visits.work): the period (default the day), a Riyadh date in it (default today), and one
 * status to keep (e.g. `no_show`: the no-shows behind the rate); bad values are named in Arabic.
 */
export const visitListQuerySchema = z.object({
  period: z.enum(VISIT_LIST_PERIODS, { error: VISIT_TEXTS.periodInvalid }).default("day"),
  date: isoDate.optional(),
  status: z.enum(VISIT_STATUSES, { error: VISIT_TEXTS.statusInvalid }).optional(),
});
export type VisitListQuery = z.output<typeof visitListQuerySchema>;

/** GET /api/projects/{id}/visit-slots query: Riyadh dates, `to` ≥ `from`, at most VISIT_SLOTS_MAX_DAYS days. */
export const visitSlotsQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.to >= q.from && Date.parse(q.to) - Date.parse(q.from) < VISIT_SLOTS_MAX_DAYS * 24 * 60 * 60 * 1000, {
    path: ["to"],
    message: VISIT_TEXTS.rangeInvalid,
  });

const requiredPhone = requiredSaudiPhone(VISIT_TEXTS.phoneRequired);

/** A slot's start as sent by a client: ISO 8601 with an offset ("2026-11-28T17:00:00+03:00"), as a Date. */
export const visitStartsAt = z.iso
  .datetime({ offset: true, error: VISIT_TEXTS.startsAtInvalid })
  .transform((v) => new Date(v));

/**
 * POST /api/visits body (public): the slot, the person (name; Saudi phone stored as E.164; e-mail optional), what
 * the booking came from (unit, landing page, campaign), the ad link's attribution (click ids, UTM values, referrer:
 * the enquiry form's own schema, #domain/schemas/contact.ts `attributionSchema`; docs/conversions.md), the separate
 * marketing consent. `website` is the honeypot.
 */
export const visitBookingSchema = z.object({
  projectId: z.coerce
    .number<string | number>({ error: VISIT_TEXTS.projectInvalid })
    .int()
    .positive()
    .max(2_147_483_647),
  startsAt: visitStartsAt,
  name: text({ error: TEXTS.nameRequired }).trim().min(1, TEXTS.nameRequired).max(200, TEXTS.nameRequired),
  phone: requiredPhone,
  email: optionalEmail(TEXTS.emailInvalid),
  unitId: optionalId,
  landingPageId: optionalId,
  campaignId: optionalId,
  attribution: attributionSchema.optional(),
  marketingConsent: z.boolean().optional(),
  website: text().max(500).optional(),
});
export type VisitBookingInput = z.input<typeof visitBookingSchema>;
export type VisitBooking = z.output<typeof visitBookingSchema>;

/** POST /api/visits/manage/{token}/reschedule body. */
export const visitRescheduleSchema = z.object({ startsAt: visitStartsAt });

/** PATCH /api/visits/{id}/outcome body (visits.work): حضر / لم يحضر / أُعيد جدولته, with the outcome note. */
export const visitOutcomeSchema = z.object({
  outcome: z.enum(VISIT_OUTCOMES, { error: VISIT_TEXTS.outcomeInvalid }),
  note: optionalText(2000, true),
});
export type VisitOutcomeInput = z.output<typeof visitOutcomeSchema>;

/**
 * A visit's time as a buyer reads it (ARCHITECTURE resolution 17): the Gregorian date and time in Arabic with the
 * Hijri (Umm al-Qura) date beside it, e.g. "٢٨ نوفمبر ٢٠٢٦ في ٥:٠٠ م (١٧ جمادى الآخرة ١٤٤٨ هـ)".
 */
export function formatVisitTime(at: Date | string): string {
  return `${formatDateTime(at)} (${formatHijri(at)})`;
}

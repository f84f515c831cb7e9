/**
 * The response clock in words (docs/decisions/074-a-clock-the-agent-sees.md; steps in
 * docs/decisions/022-lead-desk-assignment-and-response-clock.md): how long a lead has waited («منذ ٣ دقائق»), how long
 * until the clock's next step («تنبيه المدير بعد دقيقتين»), and the bell's lines naming the buyer, the project and the
 * wait. Pure: the server writes the notifications with it; the leads list and the lead page show their live clocks
 * with the same waitText / nextStepText.
 * Numbers in Arabic-Indic digits, counted nouns through `countNoun` (ARCHITECTURE resolution 11).
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";

/** The kinds of a lead's next timed step (lead_jobs.kind). */
export const CLOCK_STEP_KINDS = ["notify_agent", "notify_managers", "reassign", "follow_up"] as const;
export type ClockStepKind = (typeof CLOCK_STEP_KINDS)[number];

/** The Arabic name of each step, as the list and the lead page show it before the time left. */
export const CLOCK_STEP_LABELS: Record<ClockStepKind, string> = {
  notify_agent: "تنبيه المسؤول",
  notify_managers: "تنبيه المديرين",
  reassign: "إعادة الإسناد",
  follow_up: "موعد المتابعة",
};

/**
 * The clock of one lead in GET /api/leads/{id}: `waitingSince` (ISO) while the lead waits for its first contact (stage
 * جديد, no contact logged, open, not merged or erased), else null; `nextStep` the earliest pending timed step (ISO
 * `at`), else null.
 */
export const leadClockSchema = z.object({
  waitingSince: z.string().nullable(),
  nextStep: z.object({ kind: z.enum(CLOCK_STEP_KINDS), at: z.string() }).nullable(),
});
export type LeadClock = z.infer<typeof leadClockSchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A duration (ms, ≥ 0) in its largest whole unit with the counted noun in the oblique case, as it follows «منذ» or
 * «بعد»: under a minute «أقل من دقيقة», then minutes, hours and days («٣ دقائق», «ساعتين», «١١ يومًا»), rounded
 * down (`round` "down": a wait) or up ("up": a time left, so «بعد دقيقة واحدة» until the step is due).
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

/**
 * How long ago `since` (Date or ISO 8601) was at `now`: «منذ ٣ دقائق», «منذ ساعتين»; «الآن» under a minute. The one
 * wait text of the leads list (docs/decisions/070-one-leads-list.md) and the lead page.
 */
export function waitText(since: Date | string, now: Date): string {
  const ms = now.getTime() - new Date(since).getTime();
  return ms < MINUTE_MS ? "الآن" : `منذ ${durationText(ms)}`;
}

/**
 * The next step and the time left at `now`, rounded up: «إعادة الإسناد بعد ٤ دقائق»; a step due already:
 * «إعادة الإسناد: حان موعده» (docs/decisions/070-one-leads-list.md). `at`: Date or ISO 8601.
 */
export function nextStepText(step: { kind: ClockStepKind; at: Date | string }, now: Date): string {
  const left = new Date(step.at).getTime() - now.getTime();
  const label = CLOCK_STEP_LABELS[step.kind];
  return left <= 0 ? `${label}: حان موعده` : `${label} بعد ${durationText(left, "up")}`;
}

/** «سارة (مشروع الياقوت)», or the name alone without a project. */
const buyer = (name: string, project: string | null) => (project ? `${name} (${project})` : name);

/** The bell's lines (notifications.text): each names the buyer, the project and, for the clock, the wait. */
export const LEAD_CLOCK_TEXTS = {
  /** To the owner: the person of their open lead sent another enquiry. */
  enquiryJoined: (name: string, project: string | null) => `استفسار جديد من ${buyer(name, project)}`,
  /** To the new owner. */
  assigned: (name: string, project: string | null) => `أُسند إليك ${buyer(name, project)}`,
  /** To the owner at the agent step. */
  notifyAgent: (name: string, project: string | null, ms: number) =>
    `لم يتم التواصل مع ${buyer(name, project)} منذ ${durationText(ms)}`,
  /** To managers at the managers' step. */
  notifyManagers: (name: string, project: string | null, ms: number, owner: string | null) =>
    `لم يتم التواصل مع ${buyer(name, project)} منذ ${durationText(ms)}${owner ? ` · المسؤول: ${owner}` : " · غير مسند"}`,
  /** To the next agent after an automatic reassignment. */
  reassigned: (name: string, project: string | null, ms: number) =>
    `أُعيد إليك ${buyer(name, project)} لعدم التواصل منذ ${durationText(ms)}`,
  /** To the owner when the follow-up is due. */
  followUpDue: (name: string, project: string | null) => `حان موعد المتابعة مع ${buyer(name, project)}`,
} as const;

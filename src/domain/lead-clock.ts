/**
 * The response clock in words (docs/decisions/074-a-clock-the-agent-sees.md; steps in
 * docs/decisions/022-lead-desk-assignment-and-response-clock.md): how long a lead has waited («منذ ٣ دقائق»), how long
 * until the clock's next step («تنبيه المدير بعد دقيقتين»), and the bell's lines naming the buyer, the project and the
 * wait. Pure: the server writes the notifications with it and the lead page shows the live clock with it.
 * Numbers in Arabic-Indic digits, counted nouns through `countNoun` (ARCHITECTURE resolution 11).
 */
import { z } from "zod";
import { countNoun, NOUNS } from "./format.ts";

/** The kinds of a lead's next timed step (lead_jobs.kind). */
export const CLOCK_STEP_KINDS = ["notify_agent", "notify_managers", "reassign", "follow_up"] as const;
export type ClockStepKind = (typeof CLOCK_STEP_KINDS)[number];

/** The Arabic name of each step, as the lead page shows it before the time left. */
export const CLOCK_STEP_LABELS: Record<ClockStepKind, string> = {
  notify_agent: "تنبيه المسؤول",
  notify_managers: "تنبيه المدير",
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

/** A duration after a preposition: «دقيقة واحدة», «دقيقتين», «٣ دقائق», «ساعتين», «٣ أيام». `ms` ≥ 0. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 60) return countNoun(Math.max(1, minutes), NOUNS.minute, { oblique: true });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return countNoun(hours, NOUNS.hour, { oblique: true });
  return countNoun(Math.floor(hours / 24), NOUNS.day, { oblique: true });
}

/** How long since `since` at `now`: «منذ أقل من دقيقة», «منذ ٣ دقائق», «منذ ساعتين». */
export function waitText(since: Date | string, now: Date): string {
  const ms = now.getTime() - new Date(since).getTime();
  return ms < MINUTE_MS ? "منذ أقل من دقيقة" : `منذ ${durationText(ms)}`;
}

/** The next step and the time left: «تنبيه المدير بعد ١٠ دقائق»; a step due already: «… الآن». */
export function nextStepText(step: { kind: ClockStepKind; at: Date | string }, now: Date): string {
  const left = new Date(step.at).getTime() - now.getTime();
  const label = CLOCK_STEP_LABELS[step.kind];
  return left <= 0 ? `${label} الآن` : `${label} بعد ${durationText(left + MINUTE_MS - 1)}`;
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

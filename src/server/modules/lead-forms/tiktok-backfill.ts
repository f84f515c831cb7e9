/**
 * TikTok's backfill through the lead download task (docs/lead-forms.md "Set-up: TikTok Instant Forms";
 * docs/decisions/149-tiktok-backfill-by-download-task.md). Each pass of the "lead-forms.backfill-forms" queue takes
 * the TikTok forms marked due (by the timed backfill job, or by a poll this file scheduled) one at a time, and does
 * ONE step for each, outside any transaction, never waiting in a request:
 * 1. no task yet: create one for the form (tiktok-api.ts `createLeadTask`), keep its id on the form and make the form
 *    due again in TIKTOK_TASK_POLL_MS;
 * 2. a task: poll it. CREATED / RUNNING → due again in TIKTOK_TASK_POLL_MS, at most TIKTOK_TASK_MAX_POLLS polls, then
 *    the task is dropped and the health line says «لم تكتمل مهمة تنزيل…»; FAILED → dropped, «فشلت مهمة تنزيل…»;
 *    SUCCEED → download the file, read it (tiktok-csv.ts) and store each lead created since the form's cursor (less
 *    BACKFILL_OVERLAP_MS) through the same store as the webhook (store.ts: once per TikTok lead id, source
 *    `tiktok_lead_form`, the response clock at the lead's create_time, the form's field map). A row that is not a lead
 *    or has neither a valid phone number nor an e-mail is skipped and counted on the health line
 *    (`tiktokRowsSkippedText`); a clean file clears the health line's error.
 * A refused token or missing permission goes on the health line (a refused token tells the managers once) and ends
 * the pass, as for Meta (jobs.ts). Times are the app's clock (`now`), ms.
 */
import { and, eq } from "drizzle-orm";
import { LEAD_FORM_TEXTS, TIKTOK_DEFAULT_FIELD_MAP, tiktokRowsSkippedText } from "#domain/lead-forms.ts";
import type { Db } from "#server/db/connection.ts";
import { leadFormForms, leadFormLeads } from "#server/db/tables/lead-forms.ts";
import {
  backfillFailed,
  backfillSince,
  claimDueForm,
  clearConnectionError,
  type LeadFormsContext,
  storeLead,
} from "./jobs.ts";
import { connectionRow, recordConnectionError } from "./service.ts";
import { mapAnswers } from "./store.ts";
import { tiktokApiOf } from "./tiktok.ts";
import type { TikTokApi } from "./tiktok-api.ts";
import { tiktokLeadsOfFile } from "./tiktok-csv.ts";

/** Wait between two polls of a download task, ms. */
export const TIKTOK_TASK_POLL_MS = 30_000;
/** Polls of one task before it is given up (10 × 30 s: five minutes, half a default backfill period). */
export const TIKTOK_TASK_MAX_POLLS = 10;

type FormRow = typeof leadFormForms.$inferSelect;

/** One step for every TikTok form due at `now` (see the module comment). Returns how many leads were new. */
export async function backfillTikTokForms(db: Db, context: LeadFormsContext, now: Date): Promise<number> {
  const row = await connectionRow(db, "tiktok");
  const api = tiktokApiOf(context, row);
  if (!api) return 0;
  const advertiserId = row?.ids.advertiserId ?? "";
  let stored = 0;
  for (;;) {
    const form = await claimDueForm(db, "tiktok", now);
    if (!form) return stored;
    try {
      stored += await step(db, context, api, advertiserId, form, now);
    } catch (error) {
      if (await backfillFailed(db, error, now, "tiktok")) return stored;
      // A poll or download that did not get through counts as a poll; the task is kept while polls remain.
      if (form.backfillTaskId) await pollLater(db, form, now);
    }
  }
}

/** Keeps the task and makes the form due in TIKTOK_TASK_POLL_MS, or drops it once its polls are spent. */
async function pollLater(db: Db, form: FormRow, now: Date): Promise<void> {
  const polls = form.backfillTaskPolls + 1;
  if (polls >= TIKTOK_TASK_MAX_POLLS) {
    await dropTask(db, form.id);
    await recordConnectionError(db, "tiktok", LEAD_FORM_TEXTS.tiktokTaskTimedOut, now);
    return;
  }
  await db
    .update(leadFormForms)
    .set({ backfillTaskPolls: polls, backfillDueAt: new Date(now.getTime() + TIKTOK_TASK_POLL_MS) })
    .where(eq(leadFormForms.id, form.id));
}

async function dropTask(db: Db, formId: number): Promise<void> {
  await db
    .update(leadFormForms)
    .set({ backfillTaskId: null, backfillTaskPolls: 0 })
    .where(eq(leadFormForms.id, formId));
}

/** The next step of `form`'s task. Returns how many leads were new. Errors: GraphError from the platform. */
async function step(
  db: Db,
  context: LeadFormsContext,
  api: TikTokApi,
  advertiserId: string,
  form: FormRow,
  now: Date,
): Promise<number> {
  if (!form.backfillTaskId) {
    const task = await api.createLeadTask(form.formId);
    await db
      .update(leadFormForms)
      .set({
        backfillTaskId: task.taskId,
        backfillTaskPolls: 0,
        backfillDueAt: new Date(now.getTime() + TIKTOK_TASK_POLL_MS),
      })
      .where(eq(leadFormForms.id, form.id));
    return 0;
  }
  const task = await api.pollLeadTask(form.backfillTaskId);
  if (task.status === "FAILED") {
    await dropTask(db, form.id);
    await recordConnectionError(db, "tiktok", LEAD_FORM_TEXTS.tiktokTaskFailed, now);
    return 0;
  }
  if (task.status !== "SUCCEED") {
    await pollLater(db, form, now);
    return 0;
  }
  const file = await api.downloadLeadTask(form.backfillTaskId);
  const { leads, unreadable } = tiktokLeadsOfFile(file.bytes, file.contentType, form.formId, advertiserId);
  const since = backfillSince(form.backfillCursor, now);
  let stored = 0;
  let skipped = unreadable;
  let cursor = form.backfillCursor;
  for (const lead of leads.sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime())) {
    if (lead.createdTime < since) continue;
    const { person } = mapAnswers(lead.answers, form.fieldMap, TIKTOK_DEFAULT_FIELD_MAP);
    if (!person.phone && !person.email) {
      // Counted once: a row within the overlap was counted by the pass before, and one the webhook stored is no loss.
      const isNew = !form.backfillCursor || lead.createdTime > form.backfillCursor;
      if (isNew && !(await storedAlready(db, lead.platformLeadId))) skipped++;
    } else if (await storeLead(db, context, lead, "backfill", now)) {
      stored++;
    }
    if (!cursor || lead.createdTime > cursor) cursor = lead.createdTime;
  }
  await db
    .update(leadFormForms)
    .set({ backfillCursor: cursor, backfillTaskId: null, backfillTaskPolls: 0 })
    .where(eq(leadFormForms.id, form.id));
  if (skipped) await recordConnectionError(db, "tiktok", tiktokRowsSkippedText(skipped), now);
  else await clearConnectionError(db, "tiktok");
  return stored;
}

async function storedAlready(db: Db, platformLeadId: string): Promise<boolean> {
  const found = await db
    .select({ id: leadFormLeads.id })
    .from(leadFormLeads)
    .where(and(eq(leadFormLeads.platform, "tiktok"), eq(leadFormLeads.platformLeadId, platformLeadId)))
    .limit(1);
  return found.length > 0;
}

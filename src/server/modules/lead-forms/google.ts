/**
 * Google Ads lead-form assets (docs/lead-forms.md "Google"): Google posts each lead itself to the webhook, as
 * documented in "Google Ads webhook — Implementation": `{lead_id, user_column_data:[{column_id, column_name,
 * string_value}], api_version, form_id, campaign_id, google_key, is_test, gcl_id, adgroup_id, creative_id,
 * asset_group_id, lead_stage, lead_submit_time}`. The ids are 64-bit integers in the JSON: they are read from the
 * body's own text (JSON.parse's source access), never through a JavaScript number. The request is Google's when its
 * `google_key` equals the key stored for the connection (constant-time); the connection's key is sealed with
 * SECRETS_KEY and write-only (hasGoogleKey).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  type GoogleConnectionUpdate,
  type GoogleConnectionView,
  LEAD_FORM_TEXTS,
  type LeadFormView,
} from "#domain/lead-forms.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { leadFormForms } from "#server/db/tables/lead-forms.ts";
import { badRequest, HttpError } from "#server/lib/http-errors.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { connectionHealth, connectionRow, lockedConnection, upsertConnection } from "./service.ts";
import type { PlatformLead } from "./store.ts";

/** The path Google's webhook is pointed at. */
export const GOOGLE_WEBHOOK_PATH = "/api/lead-forms/google/webhook";

/** Whether two texts are equal, compared in constant time over their SHA-256. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** JSON.parse keeping every integer that a JavaScript number cannot hold exactly as its text. */
export function parseJsonKeepingIds(text: string): unknown {
  const reviver = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source ? context.source : value;
  return JSON.parse(text, reviver);
}

/** The JSON of a verified webhook's raw body, ids kept as text. Errors: HttpError 400 when it is not JSON. */
export function webhookJson(raw: Buffer): unknown {
  try {
    return parseJsonKeepingIds(raw.toString("utf8"));
  } catch {
    throw new HttpError(400, "محتوى الطلب ليس JSON صالحًا");
  }
}

const id = z.union([z.string(), z.number()]).transform(String);
const googleBody = z.object({
  lead_id: id,
  user_column_data: z
    .array(
      z.object({
        column_id: z.string().optional(),
        column_name: z.string().optional(),
        string_value: z.string().optional(),
      }),
    )
    .default([]),
  form_id: id.optional(),
  campaign_id: id.optional(),
  adgroup_id: id.optional(),
  creative_id: id.optional(),
  google_key: z.string().optional(),
  is_test: z.boolean().optional(),
  gcl_id: z.string().optional(),
  lead_submit_time: z.iso.datetime({ offset: true }).optional(),
});

/**
 * A Google webhook body as a platform lead, with its google_key apart (null: not a lead body). The time is
 * `lead_submit_time` when Google sends it, else `receivedAt`.
 */
export function googleLeadOf(body: unknown, receivedAt: Date): { lead: PlatformLead; key: string | null } | null {
  const parsed = googleBody.safeParse(body);
  if (!parsed.success) return null;
  const b = parsed.data;
  const answers: Record<string, string> = {};
  for (const column of b.user_column_data) {
    const key = column.column_id || column.column_name;
    if (key && column.string_value !== undefined) answers[key] = column.string_value;
  }
  return {
    key: b.google_key ?? null,
    lead: {
      platform: "google",
      platformLeadId: b.lead_id,
      formId: b.form_id ?? "",
      pageId: null,
      adId: b.creative_id ?? null,
      adsetId: b.adgroup_id ?? null,
      campaignId: b.campaign_id ?? null,
      placement: null,
      isOrganic: false,
      isTest: b.is_test ?? false,
      createdTime: b.lead_submit_time ? new Date(b.lead_submit_time) : receivedAt,
      answers: b.gcl_id ? { ...answers, gcl_id: b.gcl_id } : answers,
      consentAnswers: [],
    },
  };
}

/**
 * A stored lead (lead_form_arrivals.payload, written by webhook-kit.ts `keepLead`) back as a platform lead; its
 * answers are kept as [key, value] pairs in the order sent (an object, as older rows hold, is read too).
 */
export function leadOfPayload(payload: Record<string, unknown>): PlatformLead {
  const lead = payload as unknown as Omit<PlatformLead, "createdTime" | "answers"> & {
    createdTime: string;
    answers: [string, string][] | Record<string, string>;
  };
  const answers = Array.isArray(lead.answers) ? Object.fromEntries(lead.answers) : lead.answers;
  return { ...lead, answers, createdTime: new Date(lead.createdTime) };
}

/** GET /api/lead-forms/google: the connection without its key, with its health line at `now`. */
export async function googleConnectionView(db: Db | Tx, now: Date): Promise<GoogleConnectionView> {
  const row = await connectionRow(db, "google");
  return {
    platform: "google",
    enabled: row?.enabled ?? false,
    hasGoogleKey: Boolean(row?.secrets.googleKey),
    webhookPath: GOOGLE_WEBHOOK_PATH,
    health: { ...(await connectionHealth(db, "google", row, now)), lastBackfillAt: null },
  };
}

/** PUT /api/lead-forms/google. Errors: 400 {googleKey} none stored when enabling. Audited without the key. */
export async function saveGoogleConnection(
  db: Db,
  secrets: SecretBox,
  actor: AuditActor,
  input: GoogleConnectionUpdate,
  now: Date,
): Promise<GoogleConnectionView> {
  await db.transaction(async (tx) => {
    const current = await lockedConnection(tx, "google");
    const sealed: Record<string, string> = { ...(current?.secrets ?? {}) };
    if (input.googleKey === null) delete sealed.googleKey;
    else if (input.googleKey !== undefined) sealed.googleKey = secrets.seal(input.googleKey);
    if (input.enabled && !sealed.googleKey) throw badRequest({ googleKey: LEAD_FORM_TEXTS.googleKeyRequired });
    const values = { enabled: input.enabled, secrets: sealed, updatedAt: now };
    await upsertConnection(tx, "google", values);
    await recordAudit(tx, actor, {
      entityType: "lead_form_connection",
      entityId: "google",
      action: current ? "update" : "create",
      newState: {
        platform: "google",
        enabled: input.enabled,
        googleKey: input.googleKey === undefined ? "unchanged" : input.googleKey === null ? "removed" : "changed",
      },
    });
  });
  return googleConnectionView(db, now);
}

/**
 * GET /api/lead-forms/{google|tiktok|snapchat}/forms: the forms seen in the platform's leads or saved by id, with project and
 * field map.
 */
export async function listStoredForms(db: Db, platform: "google" | "tiktok" | "snapchat"): Promise<LeadFormView[]> {
  const rows = await db.select().from(leadFormForms).where(eq(leadFormForms.platform, platform));
  return rows.map((row) => ({
    formId: row.formId,
    name: row.name,
    status: row.status,
    questions: row.questions,
    projectId: row.projectId,
    fieldMap: row.fieldMap,
    testMode: row.testMode,
  }));
}

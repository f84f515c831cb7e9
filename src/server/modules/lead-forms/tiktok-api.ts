/**
 * TikTok's side of Instant Form leads (docs/lead-forms.md "TikTok", where every assumption below is written down):
 * - Webhook signature as TikTok documents it ("Webhooks — Check the signature"): header
 *   `TikTok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the app secret>`; a
 *   timestamp more than TIKTOK_SIGNATURE_TOLERANCE_S from our clock is refused (replay).
 * - Webhook body (TikTok's webhook structure: `content` is a serialized JSON string): `{client_key?, event,
 *   create_time, content: "{\"lead_id\",\"form_id\",\"advertiser_id\",…}"}`; every event whose content names a
 *   `lead_id` announces a lead (assumed; `content` given as an object is read too).
 * - Lead API (Business API v1.3; the paths and fields of a public Go SDK of it, docs/lead-forms.md "What each source
 *   says"): `GET {base}/open_api/v1.3/lead/get/?advertiser_id&lead_id` one lead; a form's leads through the lead
 *   download task: `POST {base}/open_api/v1.3/page/lead/task/` with `{advertiser_id, page_id: <form id>}` creates it
 *   (answer `data: {task_id, status}`), the same POST with `{advertiser_id, task_id}` polls it (status CREATED,
 *   RUNNING, FAILED or SUCCEED, then `file_type` csv or zip), and `GET {base}/open_api/v1.3/page/lead/task/download/
 *   ?advertiser_id&task_id` answers the file (tiktok-csv.ts reads it). The token goes in the `Access-Token` header.
 *   Answers are `{code, message, data}`: code 0 success; 40100–40105 a refused token; 40001–40002 a missing
 *   permission; 40007 / 404 an unknown id.
 * - Lead: `{lead_id, form_id, ad_id, adgroup_id, campaign_id, create_time:<unix s>, is_test, fields:[{name, value}],
 *   consents:[{key, checked}]}`; `is_test` is the mark of leads made by TikTok's lead testing tool.
 * Errors are GraphError (meta-graph.ts), the same kinds as Meta's, so the jobs treat both alike.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { LEAD_FORM_TEXTS } from "#domain/lead-forms.ts";
import { GraphError, parseAnswer } from "./meta-graph.ts";
import type { PlatformLead } from "./store.ts";

/** How far a signature's timestamp may be from our clock, seconds. */
export const TIKTOK_SIGNATURE_TOLERANCE_S = 300;

/**
 * Whether `header` ("t=…,s=…") signs `raw` with `secret` at a time within the tolerance of `now` (constant-time
 * compare of the HMAC bytes).
 */
export function validTikTokSignature(raw: Buffer, header: string | undefined, secret: string, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get("t");
  const s = parts.get("s");
  if (!t || !/^\d{1,12}$/.test(t) || !s || !/^[0-9a-f]+$/i.test(s)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > TIKTOK_SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(raw).digest();
  const given = Buffer.from(s, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const idText = z.union([z.string(), z.number()]).transform(String);
const content = z.object({ lead_id: idText, form_id: idText.optional() });

/** The leads a verified webhook body announces (lead id, form id); anything else yields none. */
export function tiktokLeadEvents(body: unknown): { leadId: string; formId: string | null }[] {
  const parsed = z.object({ content: z.unknown() }).safeParse(body);
  if (!parsed.success) return [];
  let inner: unknown = parsed.data.content;
  if (typeof inner === "string") {
    try {
      inner = JSON.parse(inner);
    } catch {
      return [];
    }
  }
  const lead = content.safeParse(inner);
  return lead.success ? [{ leadId: lead.data.lead_id, formId: lead.data.form_id ?? null }] : [];
}

const apiLead = z.object({
  lead_id: idText,
  form_id: idText.optional(),
  ad_id: idText.optional(),
  adgroup_id: idText.optional(),
  campaign_id: idText.optional(),
  create_time: z.coerce.number().int().positive(),
  is_test: z.boolean().optional(),
  fields: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
  consents: z.array(z.object({ key: z.string(), checked: z.boolean() })).default([]),
});

/** A Lead API lead as a platform-neutral lead (store.ts). */
export function tiktokLeadOf(lead: z.infer<typeof apiLead>, advertiserId: string): PlatformLead {
  const answers: Record<string, string> = {};
  for (const field of lead.fields) {
    answers[field.name] = Array.isArray(field.value) ? field.value.map(String).join(", ") : String(field.value ?? "");
  }
  return {
    platform: "tiktok",
    platformLeadId: lead.lead_id,
    formId: lead.form_id ?? "",
    pageId: advertiserId,
    adId: lead.ad_id ?? null,
    adsetId: lead.adgroup_id ?? null,
    campaignId: lead.campaign_id ?? null,
    placement: null,
    isOrganic: false,
    isTest: lead.is_test ?? false,
    createdTime: new Date(lead.create_time * 1000),
    answers,
    consentAnswers: lead.consents,
  };
}

/** The states of a lead download task (TikTok's enumeration). */
export const TIKTOK_TASK_STATUSES = ["CREATED", "RUNNING", "FAILED", "SUCCEED"] as const;
export type TikTokTaskStatus = (typeof TIKTOK_TASK_STATUSES)[number];

/** A lead download task as TikTok answers it. */
export interface TikTokLeadTask {
  taskId: string;
  status: TikTokTaskStatus;
}

/** TikTok's Lead API of one connection: one lead, and the steps of a form's lead download task. */
export interface TikTokApi {
  lead(leadId: string): Promise<PlatformLead>;
  /** Starts a download task of every lead of `formId` (TikTok's page id of the Instant Form). */
  createLeadTask(formId: string): Promise<TikTokLeadTask>;
  /** Where the task `taskId` stands. */
  pollLeadTask(taskId: string): Promise<TikTokLeadTask>;
  /** The finished task's file: its bytes (a CSV, or a ZIP holding one above 10 MB) and its content type. */
  downloadLeadTask(taskId: string): Promise<{ bytes: Uint8Array; contentType: string }>;
}

/** Throws the GraphError a refused TikTok answer means (`code` of its JSON body, `status` its HTTP status). */
function refusal(code: number | undefined, status: number): never {
  if ((code !== undefined && code >= 40100 && code <= 40105) || status === 401) {
    throw new GraphError("token", LEAD_FORM_TEXTS.tokenRefused, status);
  }
  if (code === 40001 || code === 40002 || status === 403) {
    throw new GraphError("permission", LEAD_FORM_TEXTS.permissionMissing, status);
  }
  if (code === 40007 || status === 404) throw new GraphError("not_found", LEAD_FORM_TEXTS.formNotFound, status);
  throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, status);
}

const envelope = z.object({ code: z.number(), data: z.unknown().optional() });
const taskAnswer = z.object({ task_id: idText, status: z.enum(TIKTOK_TASK_STATUSES) });

/** The Lead API at `base` (no trailing slash) with the advertiser's access token; each call times out at timeoutMs. */
export function tiktokApi(options: {
  base: string;
  advertiserId: string;
  token: string;
  timeoutMs: number;
}): TikTokApi {
  const call = async (url: URL, body?: Record<string, string>): Promise<Response> => {
    try {
      return await fetch(url, {
        method: body ? "POST" : "GET",
        headers: { "Access-Token": options.token, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, null);
    }
  };
  const json = async (url: URL, body?: Record<string, string>): Promise<unknown> => {
    const res = await call(url, body);
    const answer = envelope.safeParse(await res.json().catch(() => null));
    const code = answer.success ? answer.data.code : undefined;
    if (res.ok && code === 0) return answer.success ? answer.data.data : null;
    return refusal(code, res.status);
  };
  const task = async (fields: Record<string, string>): Promise<TikTokLeadTask> => {
    const url = new URL(`${options.base}/open_api/v1.3/page/lead/task/`);
    const data = parseAnswer(taskAnswer, await json(url, { advertiser_id: options.advertiserId, ...fields }));
    return { taskId: data.task_id, status: data.status };
  };
  return {
    async lead(leadId) {
      const url = new URL(`${options.base}/open_api/v1.3/lead/get/`);
      url.searchParams.set("advertiser_id", options.advertiserId);
      url.searchParams.set("lead_id", leadId);
      const data = parseAnswer(z.object({ lead: apiLead }), await json(url));
      return tiktokLeadOf(data.lead, options.advertiserId);
    },
    createLeadTask: (formId) => task({ page_id: formId }),
    pollLeadTask: (taskId) => task({ task_id: taskId }),
    async downloadLeadTask(taskId) {
      const url = new URL(`${options.base}/open_api/v1.3/page/lead/task/download/`);
      url.searchParams.set("advertiser_id", options.advertiserId);
      url.searchParams.set("task_id", taskId);
      const res = await call(url);
      const contentType = res.headers.get("content-type") ?? "";
      // An error may come as JSON instead of the file.
      if (!res.ok || contentType.includes("json")) {
        const answer = envelope.safeParse(await res.json().catch(() => null));
        return refusal(answer.success ? answer.data.code : undefined, res.status);
      }
      try {
        return { bytes: new Uint8Array(await res.arrayBuffer()), contentType };
      } catch {
        throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, res.status);
      }
    },
  };
}

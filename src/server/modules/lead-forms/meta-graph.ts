/**
 * Meta's side of lead forms, as documented (docs/lead-forms.md "Meta"): the webhook body and its signature, and the
 * Graph API calls that read a lead, a page's forms and a form's leads.
 * - Webhook: POST with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, body
 *   `{object:"page", entry:[{id, time, changes:[{field:"leadgen", value:{leadgen_id, form_id, page_id, ad_id,
 *   adgroup_id, created_time}}]}]}` (Webhooks for Leads).
 * - `GET {base}/{version}/{leadgen_id}?fields=LEAD_FIELDS` (Retrieving Leads); `GET {base}/{version}/{form_id}/leads`
 *   with `filtering=[{field:"time_created",operator:"GREATER_THAN",value:<unix s>}]`, paged by `paging.next`;
 *   `GET {base}/{version}/{page_id}/leadgen_forms`. The page token goes in `access_token`.
 * - Errors: `{error:{code, type, message}}`; code 190 (OAuthException) is a refused token, 10 / 200–299 a missing
 *   permission (Graph API error handling).
 * The version is the conversions' one (conversions/platforms.ts META_API_VERSION), so both move together.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { LEAD_FORM_TEXTS } from "#domain/lead-forms.ts";
import { META_API_VERSION } from "../conversions/platforms.ts";
import type { PlatformLead } from "./store.ts";

/** The fields read for each lead: the campaign ids and consent answers are not returned otherwise. */
export const META_LEAD_FIELDS =
  "id,created_time,field_data,ad_id,adset_id,campaign_id,form_id,is_organic,platform,custom_disclaimer_responses";

/** The prefix of every answer Meta's Lead Ads Testing Tool fills in ("<test lead: dummy data for email>"). */
const META_TEST_MARK = "<test lead:";

/** Whether `header` is `sha256=` + the HMAC-SHA256 of `raw` with `secret`, compared in constant time. */
export function validMetaSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice(7), "hex");
  const expected = createHmac("sha256", secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const webhookBody = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(z.object({ field: z.string(), value: z.record(z.string(), z.unknown()).optional() }))
          .default([]),
      }),
    )
    .default([]),
});

/** The leads a verified webhook body announces: lead id and form id of each `leadgen` change (others ignored). */
export function leadgenChanges(body: unknown): { leadId: string; formId: string | null }[] {
  const parsed = webhookBody.safeParse(body);
  if (!parsed.success || parsed.data.object !== "page") return [];
  const found: { leadId: string; formId: string | null }[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      const id = change.value?.leadgen_id;
      if (change.field !== "leadgen" || (typeof id !== "string" && typeof id !== "number")) continue;
      const form = change.value?.form_id;
      found.push({
        leadId: String(id),
        formId: typeof form === "string" || typeof form === "number" ? String(form) : null,
      });
    }
  }
  return found;
}

const graphLead = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  created_time: z.string(),
  field_data: z.array(z.object({ name: z.string(), values: z.array(z.unknown()).default([]) })).default([]),
  ad_id: z.string().optional(),
  adset_id: z.string().optional(),
  campaign_id: z.string().optional(),
  form_id: z.string().optional(),
  is_organic: z.boolean().optional(),
  platform: z.string().optional(),
  custom_disclaimer_responses: z
    .array(z.object({ checkbox_key: z.string(), is_checked: z.union([z.string(), z.boolean()]).optional() }))
    .default([]),
});
type GraphLead = z.infer<typeof graphLead>;

/** A Graph answer that is not a success, sorted for the health line (Arabic `message`). */
export class GraphError extends Error {
  constructor(
    readonly kind: "token" | "permission" | "unreachable" | "not_found",
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
  }
}

/** Meta writes times as "2026-11-27T10:15:00+0000"; Date needs the offset with a colon. */
function graphTime(text: string): Date {
  const date = new Date(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  if (Number.isNaN(date.getTime())) throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, null);
  return date;
}

/** A Graph lead as a platform-neutral lead (store.ts); `pageId` from the connection. */
export function metaLeadOf(lead: GraphLead, pageId: string | null): PlatformLead {
  const answers: Record<string, string> = {};
  let isTest = false;
  for (const field of lead.field_data) {
    const value = field.values.map(String).join(", ");
    answers[field.name] = value;
    if (value.startsWith(META_TEST_MARK)) isTest = true;
  }
  return {
    platform: "meta",
    platformLeadId: lead.id,
    formId: lead.form_id ?? "",
    pageId,
    adId: lead.ad_id ?? null,
    adsetId: lead.adset_id ?? null,
    campaignId: lead.campaign_id ?? null,
    placement: lead.platform ?? null,
    isOrganic: lead.is_organic ?? false,
    isTest,
    createdTime: graphTime(lead.created_time),
    answers,
    consentAnswers: lead.custom_disclaimer_responses.map((r) => ({
      key: r.checkbox_key,
      checked: r.is_checked === true || r.is_checked === "1" || r.is_checked === "true",
    })),
  };
}

/** A platform's answer read by `schema`; one that does not fit is a GraphError "unreachable" (retried later). */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, null);
  return parsed.data;
}

/** The Graph API of one connection. */
export interface MetaGraph {
  lead(leadId: string): Promise<PlatformLead>;
  /** The form's leads created after `since` (all when null), oldest first, every page read. */
  formLeads(formId: string, since: Date | null): Promise<PlatformLead[]>;
  forms(): Promise<{ formId: string; name: string; status: string; questions: { key: string; label: string }[] }[]>;
}

/** A Graph client for `base` (LEAD_FORMS_META_GRAPH_URL) with the page token; each call times out after `timeoutMs`. */
export function metaGraph(options: { base: string; pageId: string; token: string; timeoutMs: number }): MetaGraph {
  const root = `${options.base}/${META_API_VERSION}`;
  const get = async (url: URL): Promise<unknown> => {
    url.searchParams.set("access_token", options.token);
    let res: Response | null = null;
    // A GET is safe to repeat: once more when the connection failed before any answer (a kept-alive socket the
    // server had just closed is the usual cause).
    for (let attempt = 0; attempt < 2 && !res; attempt++) {
      res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) }).catch(() => null);
    }
    if (!res) throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, null);
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) return body;
    const error = z.object({ error: z.object({ code: z.number().optional() }) }).safeParse(body);
    const code = error.success ? error.data.error.code : undefined;
    if (code === 190 || res.status === 401) throw new GraphError("token", LEAD_FORM_TEXTS.tokenRefused, res.status);
    if (code === 10 || (code !== undefined && code >= 200 && code < 300) || res.status === 403) {
      throw new GraphError("permission", LEAD_FORM_TEXTS.permissionMissing, res.status);
    }
    if (code === 100 || res.status === 404) throw new GraphError("not_found", LEAD_FORM_TEXTS.formNotFound, res.status);
    throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, res.status);
  };
  const parse = parseAnswer;
  const page = z.object({
    data: z.array(z.unknown()).default([]),
    paging: z.object({ next: z.string().optional() }).optional(),
  });
  return {
    async lead(leadId) {
      const url = new URL(`${root}/${encodeURIComponent(leadId)}`);
      url.searchParams.set("fields", META_LEAD_FIELDS);
      return metaLeadOf(parse(graphLead, await get(url)), options.pageId);
    },
    async formLeads(formId, since) {
      const url = new URL(`${root}/${encodeURIComponent(formId)}/leads`);
      url.searchParams.set("fields", META_LEAD_FIELDS);
      url.searchParams.set("limit", "100");
      if (since) {
        const value = Math.floor(since.getTime() / 1000);
        url.searchParams.set("filtering", JSON.stringify([{ field: "time_created", operator: "GREATER_THAN", value }]));
      }
      const found: PlatformLead[] = [];
      let next: URL | null = url;
      for (let pages = 0; next && pages < 1000; pages++) {
        const body: z.infer<typeof page> = parse(page, await get(next));
        for (const item of body.data) found.push(metaLeadOf(parse(graphLead, item), options.pageId));
        next = body.paging?.next ? new URL(body.paging.next) : null;
      }
      return found.sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime());
    },
    async forms() {
      const url = new URL(`${root}/${encodeURIComponent(options.pageId)}/leadgen_forms`);
      url.searchParams.set("fields", "id,name,status,questions");
      url.searchParams.set("limit", "100");
      const form = z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        name: z.string().default(""),
        status: z.string().default(""),
        questions: z.array(z.object({ key: z.string(), label: z.string().optional() })).default([]),
      });
      const body = parse(page, await get(url));
      return body.data.map((item) => {
        const f = parse(form, item);
        return {
          formId: f.id,
          name: f.name,
          status: f.status,
          questions: f.questions.map((q) => ({ key: q.key, label: q.label ?? q.key })),
        };
      });
    },
  };
}

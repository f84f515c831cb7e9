/**
 * Snapchat's side of Lead Generation (docs/lead-forms.md "Set-up: Snapchat", where every assumption below is written
 * down; the local stand-in src/server/test-utils/snapchat-lead-stand-in.ts follows them):
 * - Access: the Marketing API takes a short-lived OAuth access token (`Authorization: Bearer`), obtained from the
 *   connection's refresh token at `POST {auth}/login/oauth2/access_token` (form-encoded `grant_type=refresh_token`,
 *   `client_id`, `client_secret`, `refresh_token` → `{access_token, expires_in:<s>}`) and kept in memory until
 *   SNAPCHAT_TOKEN_MARGIN_MS before it expires. A refused refresh (400/401) is a refused token.
 * - Webhook body (Snapchat's public webhook integration of a lead form): a JSON object naming the lead, `{lead_id,
 *   form_id, …}` (any answers it carries are not trusted: the lead is read back with our token).
 * - Leads API (assumed paths, Snapchat's usual envelope `{request_status, leads:[{sub_request_status, lead}],
 *   paging:{next_link}}`): `GET {base}/v1/leads/{lead_id}` one lead; `GET {base}/v1/lead_generation_forms/{form_id}/
 *   leads?start_time=<ISO 8601>&limit=100` a form's leads, paged by `paging.next_link` (followed only on the same
 *   origin, so the token never leaves for another host). HTTP 401 a refused token, 403 a missing permission, 404 an
 *   unknown id.
 * - Lead: `{id, lead_generation_form_id, ad_account_id, campaign_id, ad_squad_id, ad_id, created_at:<ISO 8601>,
 *   is_test, form_field_responses:[{type, description?, value}], consent_field_responses:[{consent_description,
 *   accepted}]}`; a standard question is keyed by its type (FIRST_NAME, PHONE_NUMBER…), a CUSTOM one by its
 *   description; `is_test` marks the leads of Snapchat's "Send Test Lead Data".
 * - Forms (documented, "Lead Generation Ads Guide"): `GET {base}/v1/adaccounts/{ad_account_id}/lead_generation_forms`
 *   → `{lead_generation_forms:[{sub_request_status, lead_generation_form:{id, name, status?, form_fields:[{type,
 *   custom_form_field_properties?:{description}}], privacy_policy_url, legal_disclosures:{title, description,
 *   consent_form_fields:[{consent_description, required}]}}]}`; its legal disclosures are the form's consent text.
 * Errors are GraphError (meta-graph.ts), the same kinds as Meta's, so the jobs treat every platform alike.
 */
import { z } from "zod";
import { LEAD_FORM_TEXTS } from "#domain/lead-forms.ts";
import { GraphError, parseAnswer } from "./meta-graph.ts";
import type { FoundForm } from "./service.ts";
import type { PlatformLead } from "./store.ts";

/** How long before its expiry an access token is renewed, ms. */
export const SNAPCHAT_TOKEN_MARGIN_MS = 60_000;

const idText = z.union([z.string(), z.number()]).transform(String);
const announced = z.object({ lead_id: idText, form_id: idText.optional() });

/** The lead a webhook body announces (lead id, form id); anything else yields none. */
export function snapchatLeadEvents(body: unknown): { leadId: string; formId: string | null }[] {
  const lead = announced.safeParse(body);
  return lead.success ? [{ leadId: lead.data.lead_id, formId: lead.data.form_id ?? null }] : [];
}

const apiLead = z.object({
  id: idText,
  lead_generation_form_id: idText.optional(),
  ad_account_id: idText.optional(),
  campaign_id: idText.optional(),
  ad_squad_id: idText.optional(),
  ad_id: idText.optional(),
  created_at: z.iso.datetime({ offset: true }),
  is_test: z.boolean().optional(),
  form_field_responses: z
    .array(z.object({ type: z.string(), description: z.string().optional(), value: z.unknown() }))
    .default([]),
  consent_field_responses: z.array(z.object({ consent_description: z.string(), accepted: z.boolean() })).default([]),
});
type ApiLead = z.infer<typeof apiLead>;

/** A Leads API lead as a platform-neutral lead (store.ts). */
export function snapchatLeadOf(lead: ApiLead, adAccountId: string): PlatformLead {
  const answers: Record<string, string> = {};
  for (const field of lead.form_field_responses) {
    const key = field.type === "CUSTOM" && field.description ? field.description.slice(0, 200) : field.type;
    answers[key] = Array.isArray(field.value) ? field.value.map(String).join(", ") : String(field.value ?? "");
  }
  return {
    platform: "snapchat",
    platformLeadId: lead.id,
    formId: lead.lead_generation_form_id ?? "",
    pageId: lead.ad_account_id ?? adAccountId,
    adId: lead.ad_id ?? null,
    adsetId: lead.ad_squad_id ?? null,
    campaignId: lead.campaign_id ?? null,
    placement: null,
    isOrganic: false,
    isTest: lead.is_test ?? false,
    createdTime: new Date(lead.created_at),
    answers,
    consentAnswers: lead.consent_field_responses.map((c) => ({ key: c.consent_description, checked: c.accepted })),
  };
}

/** An access token kept in memory, and when it must be renewed (performance.now(), ms). */
export interface SnapchatTokenCache {
  value: string;
  renewAt: number;
}

/** Snapchat's Leads API of one connection: one lead, a form's leads since a time (oldest first), the account's forms. */
export interface SnapchatApi {
  lead(leadId: string): Promise<PlatformLead>;
  formLeads(formId: string, since: Date | null): Promise<PlatformLead[]>;
  forms(): Promise<FoundForm[]>;
}

const apiForm = z.object({
  id: idText,
  name: z.string().default(""),
  status: z.string().default(""),
  form_fields: z
    .array(
      z.object({ type: z.string(), custom_form_field_properties: z.object({ description: z.string() }).optional() }),
    )
    .default([]),
  privacy_policy_url: z.string().optional(),
  legal_disclosures: z
    .object({
      title: z.string().optional(),
      description: z.string().optional(),
      consent_form_fields: z.array(z.object({ consent_description: z.string() })).default([]),
    })
    .optional(),
});

/** A listed form: its questions keyed as its leads' answers are, and its legal disclosures as the consent text. */
export function snapchatFormOf(form: z.infer<typeof apiForm>): FoundForm {
  const legal = form.legal_disclosures;
  const consent = [
    legal?.title,
    legal?.description,
    ...(legal?.consent_form_fields ?? []).map((c) => c.consent_description),
    form.privacy_policy_url,
  ].filter((line): line is string => Boolean(line?.trim()));
  return {
    formId: form.id,
    name: form.name,
    status: form.status,
    questions: form.form_fields.map((f) => {
      const custom = f.type === "CUSTOM" ? f.custom_form_field_properties?.description : undefined;
      return custom ? { key: custom.slice(0, 200), label: custom } : { key: f.type, label: f.type };
    }),
    consentText: consent.length ? consent.join("\n") : null,
  };
}

const envelope = z.object({
  leads: z.array(z.object({ sub_request_status: z.string().optional(), lead: z.unknown() })).default([]),
  lead_generation_forms: z
    .array(z.object({ sub_request_status: z.string().optional(), lead_generation_form: z.unknown() }))
    .default([]),
  paging: z.object({ next_link: z.string().optional() }).optional(),
});

/**
 * The Leads API at `base` (no trailing slash) for `adAccountId`, renewing access tokens at `authBase` with the OAuth
 * app's client id and secret and the refresh token; `cache` holds the current access token across calls (emptied by a
 * save of the connection). Each call times out at timeoutMs.
 */
export function snapchatApi(options: {
  base: string;
  authBase: string;
  adAccountId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  timeoutMs: number;
  cache: { current: SnapchatTokenCache | null };
}): SnapchatApi {
  const call = async (url: string, init: RequestInit): Promise<{ res: Response; body: unknown }> => {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch {
      throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, null);
    }
    return { res, body: await res.json().catch(() => null) };
  };
  const accessToken = async (): Promise<string> => {
    const kept = options.cache.current;
    if (kept && performance.now() < kept.renewAt) return kept.value;
    const { res, body } = await call(`${options.authBase}/login/oauth2/access_token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: options.clientId,
        client_secret: options.clientSecret,
        refresh_token: options.refreshToken,
      }),
    });
    if (res.status === 400 || res.status === 401)
      throw new GraphError("token", LEAD_FORM_TEXTS.tokenRefused, res.status);
    if (!res.ok) throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, res.status);
    const token = parseAnswer(z.object({ access_token: z.string().min(1), expires_in: z.coerce.number() }), body);
    const lifetime = Math.max(0, token.expires_in * 1000 - SNAPCHAT_TOKEN_MARGIN_MS);
    options.cache.current = { value: token.access_token, renewAt: performance.now() + lifetime };
    return token.access_token;
  };
  const get = async (url: string): Promise<z.infer<typeof envelope>> => {
    const kept = options.cache.current !== null && performance.now() < options.cache.current.renewAt;
    let { res, body } = await call(url, { headers: { authorization: `Bearer ${await accessToken()}` } });
    if (res.status === 401 && kept) {
      // The kept access token expired or was revoked early: renew it once before calling it a refusal.
      options.cache.current = null;
      ({ res, body } = await call(url, { headers: { authorization: `Bearer ${await accessToken()}` } }));
    }
    if (res.ok) return parseAnswer(envelope, body);
    if (res.status === 401) {
      options.cache.current = null;
      throw new GraphError("token", LEAD_FORM_TEXTS.tokenRefused, res.status);
    }
    if (res.status === 403) throw new GraphError("permission", LEAD_FORM_TEXTS.permissionMissing, res.status);
    if (res.status === 404) throw new GraphError("not_found", LEAD_FORM_TEXTS.formNotFound, res.status);
    throw new GraphError("unreachable", LEAD_FORM_TEXTS.platformUnreachable, res.status);
  };
  const leadsOf = (page: z.infer<typeof envelope>) =>
    page.leads.map((item) => snapchatLeadOf(parseAnswer(apiLead, item.lead), options.adAccountId));
  const origin = new URL(options.base).origin;
  /** Every page from `first` on, following `paging.next_link` on the same origin only. */
  const readAll = async (first: string): Promise<z.infer<typeof envelope>[]> => {
    const pages: z.infer<typeof envelope>[] = [];
    let next: string | undefined = first;
    while (next && pages.length < 1000) {
      const page = await get(next);
      pages.push(page);
      const link = page.paging?.next_link;
      next = link && URL.canParse(link) && new URL(link).origin === origin ? link : undefined;
    }
    return pages;
  };
  return {
    async lead(leadId) {
      const [lead] = leadsOf(await get(`${options.base}/v1/leads/${encodeURIComponent(leadId)}`));
      if (!lead) throw new GraphError("not_found", LEAD_FORM_TEXTS.formNotFound, 404);
      return lead;
    },
    async formLeads(formId, since) {
      const first = new URL(`${options.base}/v1/lead_generation_forms/${encodeURIComponent(formId)}/leads`);
      first.searchParams.set("limit", "100");
      if (since) first.searchParams.set("start_time", since.toISOString());
      const found = (await readAll(first.toString())).flatMap(leadsOf);
      return found.sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime());
    },
    async forms() {
      const account = encodeURIComponent(options.adAccountId);
      const pages = await readAll(`${options.base}/v1/adaccounts/${account}/lead_generation_forms`);
      return pages.flatMap((page) =>
        page.lead_generation_forms.map((item) => snapchatFormOf(parseAnswer(apiForm, item.lead_generation_form))),
      );
    },
  };
}

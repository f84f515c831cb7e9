/**
 * Snapchat's side of Lead Generation (docs/lead-forms.md "Set-up: Snapchat", which names the pages each point comes
 * from; docs/decisions/140-snapchat-leads-from-the-signed-webhook.md; the local stand-in
 * src/server/test-utils/snapchat-lead-stand-in.ts follows them):
 * - Access: the Marketing API takes a short-lived OAuth access token (`Authorization: Bearer`), obtained from the
 *   connection's refresh token at `POST {auth}/login/oauth2/access_token` (form-encoded `grant_type=refresh_token`,
 *   `client_id`, `client_secret`, `refresh_token` → `{access_token, expires_in:<s>}`) and kept in memory until
 *   SNAPCHAT_TOKEN_MARGIN_MS before it expires. A refused refresh (400/401) is a refused token.
 * - Leads: Snapchat documents no endpoint that reads a lead or lists a form's leads; each lead is delivered once, in
 *   full, to the form's webhook integration (`POST /v1/lead_gen/integrations/public_webhook`), signed with the
 *   integration's `hmacSecret`: header `t` (the timestamp) and header `signature` (hex HMAC-SHA256 of "<t>.<raw body>").
 *   The body is one flat JSON object: `lead_id`, `form_id`, `ad_account_id`, `campaign_id`, `ad_squad_id`, `ad_id`,
 *   `create_time` and names (`campaign_name`…), then one key per answer (`first_name`, `phone_number`, `email`…).
 * - Forms (documented, "Lead Generation Ads Guide"): `GET {base}/v1/adaccounts/{ad_account_id}/lead_generation_forms`
 *   → `{lead_generation_forms:[{sub_request_status, lead_generation_form:{id, name, status?, form_fields:[{type,
 *   custom_form_field_properties?:{description}}], privacy_policy_url, legal_disclosures:{title, description,
 *   consent_form_fields:[{consent_description, required}]}}]}`, paged by `paging.next_link` (followed only on the same
 *   origin, so the token never leaves for another host); its legal disclosures are the form's consent text.
 * Errors are GraphError (meta-graph.ts), the same kinds as Meta's: HTTP 401 a refused token (after one renewal), 403 a
 * missing permission, 404 an unknown id.
 */
import { createHmac } from "node:crypto";
import { z } from "zod";
import { LEAD_FORM_TEXTS } from "#domain/lead-forms.ts";
import { sameSecret } from "./google.ts";
import { GraphError, parseAnswer } from "./meta-graph.ts";
import type { FoundForm } from "./service.ts";
import type { PlatformLead } from "./store.ts";

/** How long before its expiry an access token is renewed, ms. */
export const SNAPCHAT_TOKEN_MARGIN_MS = 60_000;

const idText = z.union([z.string(), z.number()]).transform(String);

/**
 * Whether `signature` (the `signature` header: hex, an optional `sha256=` prefix) is the HMAC-SHA256 of "<t>.<raw
 * body>" with the integration's HMAC secret. No freshness window: Snapchat retries a delivery it did not get a 2xx for,
 * and a replayed lead is stored once anyway (unique platform lead id).
 */
export function validSnapchatSignature(
  raw: Buffer,
  timestamp: string | undefined,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!timestamp || !signature || !/^[0-9]{1,20}$/.test(timestamp.trim())) return false;
  const given = signature
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${timestamp.trim()}.`, "utf8"), raw]))
    .digest("hex");
  return sameSecret(given, expected);
}

/** The delivery's keys that describe the lead rather than answer a question. */
const DELIVERY_FIELDS = new Set([
  "lead_id",
  "form_id",
  "form_name",
  "ad_account_id",
  "campaign_id",
  "campaign_name",
  "ad_squad_id",
  "ad_squad_name",
  "ad_id",
  "ad_name",
  "create_time",
  "strategy_type",
  "is_test",
]);

const delivery = z.looseObject({
  lead_id: idText.pipe(z.string().min(1).max(200)),
  form_id: idText.optional(),
  ad_account_id: idText.optional(),
  campaign_id: idText.optional(),
  ad_squad_id: idText.optional(),
  ad_id: idText.optional(),
  create_time: z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]).optional(),
  is_test: z.boolean().optional(),
});

/** `create_time` as a date: ISO 8601, or a Unix time in seconds (below 10^12) or milliseconds. */
function deliveryTime(value: string | number | undefined, receivedAt: Date): Date {
  if (value === undefined) return receivedAt;
  if (typeof value === "string") return new Date(value);
  return new Date(value < 1e12 ? value * 1000 : value);
}

/**
 * A signed delivery's body as a platform lead (store.ts), or null when it names no lead. Answers are keyed as the
 * forms listing keys its questions: a snake_case key upper-cased to Snapchat's question type (`phone_number` →
 * PHONE_NUMBER), any other key (a custom question) as sent. The time is `create_time`, else `receivedAt`.
 */
export function snapchatLeadOf(body: unknown, receivedAt: Date, adAccountId: string): PlatformLead | null {
  const parsed = delivery.safeParse(body);
  if (!parsed.success) return null;
  const b = parsed.data;
  const answers: Record<string, string> = {};
  // In the order Snapchat sent them (the first name before the last).
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (DELIVERY_FIELDS.has(key) || (typeof value !== "string" && typeof value !== "number")) continue;
    const name = /^[a-z][a-z0-9_]*$/.test(key) ? key.toUpperCase() : key.slice(0, 200);
    answers[name] = String(value);
  }
  return {
    platform: "snapchat",
    platformLeadId: b.lead_id,
    formId: b.form_id ?? "",
    pageId: b.ad_account_id ?? adAccountId,
    adId: b.ad_id ?? null,
    adsetId: b.ad_squad_id ?? null,
    campaignId: b.campaign_id ?? null,
    placement: null,
    isOrganic: false,
    isTest: b.is_test ?? false,
    createdTime: deliveryTime(b.create_time, receivedAt),
    answers,
    consentAnswers: [],
  };
}

/** An access token kept in memory, and when it must be renewed (performance.now(), ms). */
export interface SnapchatTokenCache {
  value: string;
  renewAt: number;
}

/** Snapchat's Marketing API of one connection as lead forms use it: the ad account's forms. */
export interface SnapchatApi {
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
  lead_generation_forms: z
    .array(z.object({ sub_request_status: z.string().optional(), lead_generation_form: z.unknown() }))
    .default([]),
  paging: z.object({ next_link: z.string().optional() }).optional(),
});

/**
 * The Marketing API at `base` (no trailing slash) for `adAccountId`, renewing access tokens at `authBase` with the OAuth
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
    async forms() {
      const account = encodeURIComponent(options.adAccountId);
      const pages = await readAll(`${options.base}/v1/adaccounts/${account}/lead_generation_forms`);
      return pages.flatMap((page) =>
        page.lead_generation_forms.map((item) => snapchatFormOf(parseAnswer(apiForm, item.lead_generation_form))),
      );
    },
  };
}

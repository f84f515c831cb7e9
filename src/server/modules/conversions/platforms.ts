/**
 * The request each ad platform's conversion API expects, built from a platform-neutral event (docs/conversions.md
 * "What is sent"), with a zod schema per request body checked before anything is sent:
 * - Snapchat Conversions API v3: POST {base}/v3/{pixelId}/events?access_token=…, body {data:[…]} (Snap for
 *   Developers "Conversions API — Using the API").
 * - Meta Conversions API: POST {base}/{version}/{pixelId}/events, body {data:[…], access_token}; fbc is
 *   "fb.1.{creation time ms}.{fbclid}" (Meta "Customer information parameters — fbc").
 * - TikTok Events API 2.0: POST {base}/open_api/v1.3/event/track/ with the Access-Token header, body
 *   {event_source:"web", event_source_id, data:[…]}; success is HTTP 200 with {code: 0}.
 * - Google Data Manager API (enhanced conversions for leads): POST {base}/v1/events:ingest with a Bearer OAuth
 *   token, body {destinations, encoding:"HEX", events:[…]}.
 * - X Conversion API: POST {base}/12/measurement/conversions/{pixelId}, OAuth 1.0a (HMAC-SHA1) user context,
 *   body {conversions:[…]}; the token field holds "consumer key:consumer secret:access token:access token secret".
 * Hashes are SHA-256 hex of normalised values (hashing.ts): Meta and Snap take the phone as E.164 digits without
 * "+", TikTok, Google and X as E.164 with "+". Nothing here reads the database.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { ConversionEventKind, ConversionPlatform } from "#domain/conversions.ts";
import { googleBodySchema, metaBodySchema, snapBodySchema, tiktokBodySchema, xBodySchema } from "./platform-bodies.ts";

export { googleBodySchema, metaBodySchema, snapBodySchema, tiktokBodySchema, xBodySchema } from "./platform-bodies.ts";

/** The Graph API version of Meta requests. */
export const META_API_VERSION = "v24.0";

/**
 * One event as stored in the outbox (conversion_events.payload): identifiers already hashed, null when absent or
 * when the lead gave no marketing consent (`anonymous`: no personal identifier at all).
 */
export interface NeutralEvent {
  eventName: string;
  kind: ConversionEventKind;
  /** ISO time of the event. */
  eventTime: string;
  url: string | null;
  /** This platform's click id from the lead's attribution, and when it was seen (ISO, for Meta's fbc). */
  clickId: string | null;
  clickSeenAt: string | null;
  ip: string | null;
  userAgent: string | null;
  emailSha256: string | null;
  /** SHA-256 of the E.164 digits without "+". */
  phoneSha256: string | null;
  /** SHA-256 of the E.164 form with "+". */
  phonePlusSha256: string | null;
  /** Value in SAR (the held unit's price) or null. */
  value: number | null;
  /**
   * The unit a reservation or sale is about, as the platforms' content id (the unit's id in decimal), and the
   * licence number its project is advertised under (docs/conversions.md; docs/compliance.md). Absent on events
   * queued before they existed.
   */
  contentId?: string | null;
  licenceNumber?: string | null;
  /** The deposit paid (or being paid) online for the unit, whole SAR (docs/payments.md), as the custom field `deposit`. */
  depositSar?: number | null;
  leadId: number | null;
  anonymous: boolean;
}

/** An event about nobody (a page view, the connection's test): no click, person, value or lead. */
export function anonymousEvent(
  fields: Pick<NeutralEvent, "eventName" | "kind" | "eventTime" | "url" | "ip" | "userAgent">,
): NeutralEvent {
  const nobody = { clickId: null, clickSeenAt: null, emailSha256: null, phoneSha256: null, phonePlusSha256: null };
  return { ...fields, ...nobody, value: null, leadId: null, anonymous: true };
}

/** What the worker sends: method POST, a URL, headers and a JSON body. */
export interface PlatformRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Connection {
  ids: Record<string, string>;
  token: string;
  testEventCode?: string | null;
}

const secondsOf = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
/** Keys whose value is null or undefined are left out (the platforms refuse nulls in most fields). */
function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}
/** Page view and enquiry happen on the website; the desk's stage changes are the company's own (CRM) events. */
const onWebsite = (kind: ConversionEventKind) => kind === "page_view" || kind === "enquiry" || kind === "checkout";

/** An object with its empty keys left out, or undefined when nothing is left. */
function orNone<T extends Record<string, unknown>>(value: T): Partial<T> | undefined {
  const kept = defined(value);
  return Object.keys(kept).length ? kept : undefined;
}

/** Meta's fbc: "fb.1.{ms when the click id was first seen}.{fbclid}". */
export function metaFbc(fbclid: string, seenAt: string): string {
  return `fb.1.${new Date(seenAt).getTime()}.${fbclid}`;
}

function snapRequest(base: string, event: NeutralEvent, eventId: string, c: Connection): PlatformRequest {
  const body = snapBodySchema.parse({
    data: [
      defined({
        event_name: event.eventName,
        event_time: secondsOf(event.eventTime),
        event_id: eventId,
        action_source: onWebsite(event.kind) ? "WEB" : "OFFLINE",
        event_source_url: event.url ?? undefined,
        user_data: defined({
          em: event.emailSha256 ? [event.emailSha256] : undefined,
          ph: event.phoneSha256 ? [event.phoneSha256] : undefined,
          client_ip_address: event.ip,
          client_user_agent: event.userAgent,
          sc_click_id: event.clickId,
        }),
        custom_data: orNone({
          currency: event.value !== null ? "SAR" : undefined,
          value: event.value ?? undefined,
          item_ids: event.contentId ? [event.contentId] : undefined,
          licence_number: event.licenceNumber ?? undefined,
          deposit: event.depositSar ?? undefined,
        }),
      }),
    ],
  });
  const url = `${base}/v3/${encodeURIComponent(c.ids.pixelId)}/events?access_token=${encodeURIComponent(c.token)}`;
  return { url, headers: { "content-type": "application/json" }, body };
}

function metaRequest(base: string, event: NeutralEvent, eventId: string, c: Connection): PlatformRequest {
  const website = onWebsite(event.kind);
  const body = metaBodySchema.parse(
    defined({
      data: [
        defined({
          event_name: event.eventName,
          event_time: secondsOf(event.eventTime),
          event_id: eventId,
          action_source: website ? "website" : "system_generated",
          event_source_url: event.url ?? undefined,
          user_data: defined({
            em: event.emailSha256 ? [event.emailSha256] : undefined,
            ph: event.phoneSha256 ? [event.phoneSha256] : undefined,
            client_ip_address: event.ip,
            client_user_agent: event.userAgent,
            fbc: event.clickId && event.clickSeenAt ? metaFbc(event.clickId, event.clickSeenAt) : undefined,
          }),
          custom_data: defined({
            currency: event.value !== null ? "SAR" : undefined,
            value: event.value ?? undefined,
            event_source: website ? undefined : "crm",
            lead_event_source: website ? undefined : "jeddah-developer-site",
            content_ids: event.contentId ? [event.contentId] : undefined,
            content_type: event.contentId ? "product" : undefined,
            licence_number: event.licenceNumber ?? undefined,
            deposit: event.depositSar ?? undefined,
          }),
        }),
      ],
      access_token: c.token,
      test_event_code: c.testEventCode ?? undefined,
    }),
  );
  return {
    url: `${base}/${META_API_VERSION}/${encodeURIComponent(c.ids.pixelId)}/events`,
    headers: { "content-type": "application/json" },
    body,
  };
}

function tiktokRequest(base: string, event: NeutralEvent, eventId: string, c: Connection): PlatformRequest {
  const body = tiktokBodySchema.parse(
    defined({
      event_source: "web",
      event_source_id: c.ids.pixelCode,
      test_event_code: c.testEventCode ?? undefined,
      data: [
        defined({
          event: event.eventName,
          event_time: secondsOf(event.eventTime),
          event_id: eventId,
          user: defined({
            email: event.emailSha256,
            phone: event.phonePlusSha256,
            ttclid: event.clickId,
            ip: event.ip,
            user_agent: event.userAgent,
          }),
          page: event.url ? { url: event.url } : undefined,
          properties: orNone({
            currency: event.value !== null ? "SAR" : undefined,
            value: event.value ?? undefined,
            content_type: event.contentId ? "product" : undefined,
            contents: event.contentId ? [{ content_id: event.contentId, content_type: "product" }] : undefined,
            licence_number: event.licenceNumber ?? undefined,
            deposit: event.depositSar ?? undefined,
          }),
        }),
      ],
    }),
  );
  return {
    url: `${base}/open_api/v1.3/event/track/`,
    headers: { "content-type": "application/json", "access-token": c.token },
    body,
  };
}

function googleRequest(base: string, event: NeutralEvent, eventId: string, c: Connection): PlatformRequest {
  const identifiers = [
    ...(event.emailSha256 ? [{ emailAddress: event.emailSha256 }] : []),
    ...(event.phonePlusSha256 ? [{ phoneNumber: event.phonePlusSha256 }] : []),
  ];
  const consent = event.anonymous ? "CONSENT_DENIED" : "CONSENT_GRANTED";
  const body = googleBodySchema.parse({
    destinations: [
      defined({
        operatingAccount: { accountType: "GOOGLE_ADS", accountId: c.ids.customerId },
        loginAccount: c.ids.loginCustomerId ? { accountType: "GOOGLE_ADS", accountId: c.ids.loginCustomerId } : null,
        productDestinationId: event.eventName,
      }),
    ],
    encoding: "HEX",
    events: [
      defined({
        transactionId: eventId,
        eventTimestamp: event.eventTime,
        eventSource: "WEB",
        adIdentifiers: event.clickId ? { gclid: event.clickId } : undefined,
        userData: identifiers.length ? { userIdentifiers: identifiers } : undefined,
        consent: { adUserData: consent, adPersonalization: "CONSENT_DENIED" },
        conversionValue: event.value ?? undefined,
        currency: event.value !== null ? "SAR" : undefined,
      }),
    ],
  });
  return {
    url: `${base}/v1/events:ingest`,
    headers: { "content-type": "application/json", authorization: `Bearer ${c.token}` },
    body,
  };
}

function xRequest(base: string, event: NeutralEvent, eventId: string, c: Connection): PlatformRequest {
  const identifiers = [
    ...(event.clickId ? [{ twclid: event.clickId }] : []),
    ...(event.emailSha256 ? [{ hashed_email: event.emailSha256 }] : []),
    ...(event.phonePlusSha256 ? [{ hashed_phone_number: event.phonePlusSha256 }] : []),
    ...(event.ip && event.userAgent ? [{ ip_address: event.ip, user_agent: event.userAgent }] : []),
  ];
  const body = xBodySchema.parse({
    conversions: [
      defined({
        conversion_time: event.eventTime,
        event_id: event.eventName,
        conversion_id: eventId,
        identifiers,
        value: event.value ?? undefined,
        price_currency: event.value !== null ? "SAR" : undefined,
      }),
    ],
  });
  const url = `${base}/12/measurement/conversions/${encodeURIComponent(c.ids.pixelId)}`;
  return {
    url,
    headers: { "content-type": "application/json", authorization: oauth1Header("POST", url, c.token) },
    body,
  };
}

/** RFC 3986 percent-encoding (OAuth 1.0a §3.6). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`);

/**
 * The OAuth 1.0a Authorization header (RFC 5849, HMAC-SHA1) of a JSON POST: the body is not signed, only the
 * oauth_* parameters and the URL's query. `credentials` = "consumer key:consumer secret:token:token secret".
 */
export function oauth1Header(
  method: string,
  url: string,
  credentials: string,
  nonce = randomBytes(16).toString("hex"),
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const [consumerKey = "", consumerSecret = "", token = "", tokenSecret = ""] = credentials.split(":");
  const parsed = new URL(url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(timestamp),
    oauth_token: token,
    oauth_version: "1.0",
  };
  const params = [...Object.entries(oauth), ...parsed.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const baseUrl = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  const baseString = [method.toUpperCase(), rfc3986(baseUrl), rfc3986(params)].join("&");
  const signature = createHmac("sha1", `${rfc3986(consumerSecret)}&${rfc3986(tokenSecret)}`)
    .update(baseString)
    .digest("base64");
  const header = { ...oauth, oauth_signature: signature };
  return `OAuth ${Object.entries(header)
    .map(([k, v]) => `${rfc3986(k)}="${rfc3986(v)}"`)
    .join(", ")}`;
}

const BUILDERS: Record<
  ConversionPlatform,
  (base: string, event: NeutralEvent, eventId: string, c: Connection) => PlatformRequest
> = {
  snapchat: snapRequest,
  meta: metaRequest,
  tiktok: tiktokRequest,
  google: googleRequest,
  x: xRequest,
};

/** The request of one event to one platform. Throws a ZodError when the event cannot make a valid body. */
export function buildPlatformRequest(
  platform: ConversionPlatform,
  base: string,
  event: NeutralEvent,
  eventId: string,
  connection: Connection,
): PlatformRequest {
  return BUILDERS[platform](base, event, eventId, connection);
}

/**
 * Whether a 2xx answer body means success: TikTok answers HTTP 200 with a non-zero `code` on a refused event.
 * Returns the refusal text, or null for success.
 */
export function refusalIn2xx(platform: ConversionPlatform, text: string): string | null {
  if (platform !== "tiktok") return null;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (parsed.code === 0) return null;
    return `code ${String(parsed.code)}: ${String(parsed.message ?? "")}`;
  } catch {
    return "unreadable answer";
  }
}

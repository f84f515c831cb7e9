/**
 * A local stand-in for TikTok's Lead API as far as Instant Form leads use it, written from the assumptions of
 * docs/lead-forms.md "TikTok" (modules/lead-forms/tiktok-api.ts): a real HTTP server on 127.0.0.1 answering
 * - GET /open_api/v1.3/lead/get/?advertiser_id&lead_id                                    one lead
 * - GET /open_api/v1.3/page/lead/list/?advertiser_id&form_id&start_time&page_size&cursor   a form's leads, by cursor
 * with `{code, message, data}`; a wrong `Access-Token` header answers code 40105, an unknown lead 40007.
 * `addLead` makes a lead as the platform would (create_time in unix seconds, 19-digit ids); `webhookBody` and
 * `sign` make the signed notification TikTok would send for it.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import { listenLocally } from "./listen.ts";

export interface TikTokStandInLead {
  lead_id: string;
  form_id: string;
  ad_id?: string;
  adgroup_id?: string;
  campaign_id?: string;
  create_time: number;
  is_test: boolean;
  fields: { name: string; value: string }[];
  consents: { key: string; checked: boolean }[];
}

/** The `TikTok-Signature` header for `body` signed at `at` (unix seconds) with `appSecret`. */
export function signTikTok(body: string, appSecret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},s=${createHmac("sha256", appSecret).update(`${t}.${body}`).digest("hex")}`;
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startTikTokLeadStandIn(options: { token: string; advertiserId: string }) {
  const leads = new Map<string, TikTokStandInLead>();
  const requests: URL[] = [];
  let token = options.token;
  let counter = 7_300_000_000_000_000_000n;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const send = (code: number, data: unknown = {}) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code, message: code === 0 ? "OK" : "error", request_id: "r", data }));
    };
    if (req.headers["access-token"] !== token) return send(40105);
    if (url.searchParams.get("advertiser_id") !== options.advertiserId) return send(40001);
    if (url.pathname === "/open_api/v1.3/lead/get/") {
      const lead = leads.get(url.searchParams.get("lead_id") ?? "");
      return lead ? send(0, { lead }) : send(40007);
    }
    if (url.pathname === "/open_api/v1.3/page/lead/list/") {
      const start = Number(url.searchParams.get("start_time") ?? "0");
      const all = [...leads.values()]
        .filter((l) => l.form_id === url.searchParams.get("form_id") && l.create_time > start)
        .sort((a, b) => b.create_time - a.create_time);
      const size = Number(url.searchParams.get("page_size") ?? "10");
      const offset = Number(url.searchParams.get("cursor") ?? "0");
      const more = offset + size < all.length;
      return send(0, {
        list: all.slice(offset, offset + size),
        page_info: { has_more: more, ...(more ? { cursor: String(offset + size) } : {}) },
      });
    }
    return send(40002);
  });
  const base = await listenLocally(server);

  return {
    /** The base URL (LEAD_FORMS_TIKTOK_URL). */
    url: base,
    requests,
    leads,
    /** Makes the platform refuse the token from now on (or accept another). */
    setToken(value: string) {
      token = value;
    },
    addLead(fields: Partial<TikTokStandInLead> & { form_id: string; created: Date }): TikTokStandInLead {
      counter += 1n;
      const { created, ...rest } = fields;
      const lead: TikTokStandInLead = {
        lead_id: String(counter),
        create_time: Math.floor(created.getTime() / 1000),
        is_test: false,
        fields: [],
        consents: [],
        ...rest,
      };
      leads.set(lead.lead_id, lead);
      return lead;
    },
    /** The notification TikTok sends for `lead` (its `content` a serialized JSON string). */
    webhookBody(lead: TikTokStandInLead): string {
      return JSON.stringify({
        event: "lead.create",
        create_time: lead.create_time,
        content: JSON.stringify({
          lead_id: lead.lead_id,
          form_id: lead.form_id,
          advertiser_id: options.advertiserId,
        }),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A local stand-in for Meta's Graph API as far as lead forms use it, written from Meta's documentation and the
 * assumptions of docs/lead-forms.md "Meta": a real HTTP server on 127.0.0.1 answering
 * - GET /{version}/{lead id}?fields=…&access_token=…                      one lead (only the fields asked for)
 * - GET /{version}/{form id}/leads?fields=…&filtering=[time_created >]&limit  a form's leads, paged by paging.next
 * - GET /{version}/{page id}/leadgen_forms                                  the page's forms
 * A wrong access token answers 400 `{error:{code:190,type:"OAuthException"}}`; an unknown id 400 code 100.
 * `addLead` makes a lead as the platform would (created_time "2026-11-27T10:15:00+0000"); `webhookBody` and `sign`
 * make the webhook Meta would send for it. Used by the API tests, the bench and the end-to-end journey.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import { listenLocally, stopLocally } from "./listen.ts";

export interface StandInLead {
  id: string;
  created_time: string;
  form_id: string;
  ad_id?: string;
  adset_id?: string;
  campaign_id?: string;
  is_organic: boolean;
  platform: string;
  field_data: { name: string; values: string[] }[];
  custom_disclaimer_responses: { checkbox_key: string; is_checked: string }[];
}

export interface StandInForm {
  id: string;
  name: string;
  status: string;
  questions: { key: string; label: string; type: string }[];
}

/** Meta's time format: ISO 8601 with a "+0000" offset and no milliseconds. */
export function graphTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

/** The HMAC-SHA256 signature header Meta puts on a webhook body. */
export function sign(body: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/** Starts the stand-in on 127.0.0.1 (`port` 0 or absent: a free one). */
export async function startMetaGraphStandIn(options: { token: string; pageId: string; port?: number }) {
  const leads = new Map<string, StandInLead>();
  const forms: StandInForm[] = [];
  const requests: URL[] = [];
  let token = options.token;
  let counter = 10_000_000_000_000_000n;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get("access_token") !== token) {
      return send(400, { error: { message: "Error validating access token", type: "OAuthException", code: 190 } });
    }
    const parts = url.pathname.split("/").filter(Boolean).slice(1);
    const fields = (url.searchParams.get("fields") ?? "id").split(",");
    const pick = (lead: StandInLead) =>
      Object.fromEntries(Object.entries(lead).filter(([key]) => fields.includes(key)));
    if (parts.length === 2 && parts[1] === "leadgen_forms" && parts[0] === options.pageId) {
      return send(200, { data: forms, paging: {} });
    }
    if (parts.length === 2 && parts[1] === "leads") {
      const filter = JSON.parse(url.searchParams.get("filtering") ?? "[]") as { value: number }[];
      const after = filter[0] ? filter[0].value * 1000 : 0;
      const all = [...leads.values()]
        .filter((l) => l.form_id === parts[0] && Date.parse(l.created_time.replace("+0000", "Z")) > after)
        .sort((a, b) => b.created_time.localeCompare(a.created_time));
      const limit = Number(url.searchParams.get("limit") ?? "25");
      const offset = Number(url.searchParams.get("after") ?? "0");
      const page = all.slice(offset, offset + limit);
      const next = new URL(url);
      next.searchParams.set("after", String(offset + limit));
      return send(200, {
        data: page.map(pick),
        paging: offset + limit < all.length ? { next: `${base}${next.pathname}${next.search}` } : {},
      });
    }
    const lead = parts.length === 1 ? leads.get(parts[0]) : undefined;
    if (lead) return send(200, pick(lead));
    return send(400, { error: { message: "Unsupported get request", type: "GraphMethodException", code: 100 } });
  });
  const base = await listenLocally(server, options.port ?? 0);

  return {
    /** The base URL (LEAD_FORMS_META_GRAPH_URL). */
    url: base,
    requests,
    forms,
    leads,
    /** Makes the platform refuse the token from now on (or accept another). */
    setToken(value: string) {
      token = value;
    },
    addForm(form: StandInForm) {
      forms.push(form);
    },
    /** A lead as the platform stores it; ids are 17-digit texts (beyond JavaScript's safe integers). */
    addLead(fields: Partial<StandInLead> & { form_id: string; created: Date }): StandInLead {
      counter += 1n;
      const { created, ...rest } = fields;
      const lead: StandInLead = {
        id: String(counter),
        created_time: graphTime(created),
        is_organic: false,
        platform: "ig",
        field_data: [],
        custom_disclaimer_responses: [],
        ...rest,
      };
      leads.set(lead.id, lead);
      return lead;
    },
    /** The webhook body Meta sends for `lead`. */
    webhookBody(lead: StandInLead): string {
      const time = Math.floor(Date.parse(lead.created_time.replace("+0000", "Z")) / 1000);
      return JSON.stringify({
        object: "page",
        entry: [
          {
            id: options.pageId,
            time,
            changes: [
              {
                field: "leadgen",
                value: {
                  ad_id: lead.ad_id,
                  form_id: lead.form_id,
                  leadgen_id: lead.id,
                  created_time: time,
                  page_id: options.pageId,
                  adgroup_id: lead.ad_id,
                },
              },
            ],
          },
        ],
      });
    },
    close: () => stopLocally(server),
  };
}

/**
 * A local stand-in for Snapchat's Marketing API as far as Lead Generation uses it, written from the assumptions of
 * docs/lead-forms.md "Set-up: Snapchat" (modules/lead-forms/snapchat-api.ts): a real HTTP server on 127.0.0.1 answering
 * - POST /login/oauth2/access_token (form-encoded refresh_token grant)   an access token for 1800 s, or 400
 *   invalid_grant when the client id, client secret or refresh token is not the one it holds
 * - GET  /v1/leads/{lead_id}                                              one lead, or 404
 * - GET  /v1/lead_generation_forms/{form_id}/leads?start_time&limit       a form's leads, paged by paging.next_link
 * - GET  /v1/adaccounts/{ad_account_id}/lead_generation_forms             the account's forms
 * in Snapchat's envelope `{request_status, request_id, …}`; a Marketing API call whose bearer token it did not issue
 * (or after `revokeAccessTokens`) answers 401. `addLead` makes a lead as the platform would (UUID ids, ISO 8601
 * created_at); `webhookBody` the notice Snapchat posts for it.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { listenLocally } from "./listen.ts";

export interface SnapchatStandInLead {
  id: string;
  lead_generation_form_id: string;
  ad_account_id: string;
  campaign_id?: string;
  ad_squad_id?: string;
  ad_id?: string;
  created_at: string;
  is_test: boolean;
  form_field_responses: { type: string; description?: string; value: string }[];
  consent_field_responses: { consent_description: string; accepted: boolean }[];
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startSnapchatLeadStandIn(options: {
  adAccountId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}) {
  const leads = new Map<string, SnapchatStandInLead>();
  const forms: unknown[] = [];
  const issued = new Set<string>();
  const requests: { method: string; url: URL; authorization: string | undefined; body: string }[] = [];
  let refreshToken = options.refreshToken;
  let tokensIssued = 0;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    requests.push({ method: req.method ?? "GET", url, authorization: req.headers.authorization, body });
    const send = (status: number, data: Record<string, unknown>) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ request_status: status === 200 ? "SUCCESS" : "ERROR", request_id: "r", ...data }));
    };
    if (req.method === "POST" && url.pathname === "/login/oauth2/access_token") {
      const form = new URLSearchParams(body);
      const valid =
        form.get("grant_type") === "refresh_token" &&
        form.get("client_id") === options.clientId &&
        form.get("client_secret") === options.clientSecret &&
        form.get("refresh_token") === refreshToken;
      if (!valid) {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: "invalid_grant" }));
      }
      tokensIssued += 1;
      const token = `snap-access-${randomUUID()}`;
      issued.add(token);
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: 1800, refresh_token: refreshToken }),
      );
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!issued.has(bearer)) return send(401, { debug_message: "Unauthorized" });
    const one = url.pathname.match(/^\/v1\/leads\/([^/]+)$/);
    if (one) {
      const lead = leads.get(decodeURIComponent(one[1]));
      return lead ? send(200, { leads: [{ sub_request_status: "SUCCESS", lead }] }) : send(404, {});
    }
    const list = url.pathname.match(/^\/v1\/lead_generation_forms\/([^/]+)\/leads$/);
    if (list) {
      const start = url.searchParams.get("start_time");
      const all = [...leads.values()]
        .filter((l) => l.lead_generation_form_id === decodeURIComponent(list[1]))
        .filter((l) => !start || new Date(l.created_at) >= new Date(start))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      const limit = Number(url.searchParams.get("limit") ?? "50");
      const offset = Number(url.searchParams.get("offset") ?? "0");
      const next = new URL(url);
      next.searchParams.set("offset", String(offset + limit));
      return send(200, {
        leads: all.slice(offset, offset + limit).map((lead) => ({ sub_request_status: "SUCCESS", lead })),
        ...(offset + limit < all.length ? { paging: { next_link: next.toString() } } : {}),
      });
    }
    if (url.pathname === `/v1/adaccounts/${options.adAccountId}/lead_generation_forms`) {
      return send(200, {
        lead_generation_forms: forms.map((form) => ({ sub_request_status: "SUCCESS", lead_generation_form: form })),
      });
    }
    return send(404, {});
  });
  const base = await listenLocally(server);

  return {
    /** The base URL (both LEAD_FORMS_SNAPCHAT_URL and LEAD_FORMS_SNAPCHAT_AUTH_URL). */
    url: base,
    requests,
    leads,
    forms,
    /** How many access tokens were issued so far. */
    tokensIssued: () => tokensIssued,
    /** Every issued access token stops working (as when Snapchat's 30 minutes pass). */
    revokeAccessTokens() {
      issued.clear();
    },
    /** The refresh token the platform accepts from now on (the old one is refused). */
    setRefreshToken(value: string) {
      refreshToken = value;
    },
    addLead(
      fields: Partial<SnapchatStandInLead> & { lead_generation_form_id: string; created: Date },
    ): SnapchatStandInLead {
      const { created, ...rest } = fields;
      const lead: SnapchatStandInLead = {
        id: randomUUID(),
        ad_account_id: options.adAccountId,
        created_at: created.toISOString(),
        is_test: false,
        form_field_responses: [],
        consent_field_responses: [],
        ...rest,
      };
      leads.set(lead.id, lead);
      return lead;
    },
    /** The notice Snapchat posts to the connection's webhook address for `lead`. */
    webhookBody(lead: SnapchatStandInLead): string {
      return JSON.stringify({
        lead_id: lead.id,
        form_id: lead.lead_generation_form_id,
        ad_account_id: lead.ad_account_id,
        created_at: lead.created_at,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

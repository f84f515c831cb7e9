/**
 * A local stand-in for Snapchat's Marketing API as far as Lead Generation uses it, written from docs/lead-forms.md
 * "Set-up: Snapchat" (modules/lead-forms/snapchat-api.ts): a real HTTP server on 127.0.0.1 answering
 * - POST /login/oauth2/access_token (form-encoded refresh_token grant)   an access token for 1800 s, or 400
 *   invalid_grant when the client id, client secret or refresh token is not the one it holds
 * - GET  /v1/adaccounts/{ad_account_id}/lead_generation_forms             the account's forms
 * in Snapchat's envelope `{request_status, request_id, …}`; a Marketing API call whose bearer token it did not issue
 * (or after `revokeAccessTokens`) answers 401. There is no leads endpoint (Snapchat documents none). `addLead` makes a
 * lead as the platform would (UUID ids); `delivery` the signed webhook delivery Snapchat posts for it: the flat body
 * and its `t` / `signature` headers (hex HMAC-SHA256 of "<t>.<body>" with the integration's HMAC secret).
 */
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import { listenLocally } from "./listen.ts";

/** A lead as Snapchat delivers it: the flat body of its webhook delivery. */
export interface SnapchatStandInLead {
  lead_id: string;
  form_id: string;
  ad_account_id: string;
  campaign_id?: string;
  ad_squad_id?: string;
  ad_id?: string;
  /** Unix seconds. */
  create_time: number;
  is_test?: boolean;
  /** The answers: `first_name`, `phone_number`, `email`…, a custom question by its text. */
  [answer: string]: string | number | boolean | undefined;
}

/** The `t` and `signature` headers Snapchat sends with `body`, signed with `secret` at `t` (Unix seconds). */
export function signSnapchat(body: string, secret: string, t: number): { t: string; signature: string } {
  return { t: String(t), signature: createHmac("sha256", secret).update(`${t}.${body}`).digest("hex") };
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startSnapchatLeadStandIn(options: {
  adAccountId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The HMAC secret of the form's webhook integration. */
  hmacSecret: string;
}) {
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
    /** A lead as the platform makes it at `created` (UUID id, its time as Unix seconds) with `fields`. */
    addLead(created: Date, fields: Partial<SnapchatStandInLead> & { form_id: string }): SnapchatStandInLead {
      return {
        lead_id: randomUUID(),
        ad_account_id: options.adAccountId,
        create_time: Math.floor(created.getTime() / 1000),
        ...fields,
      };
    },
    /** The delivery Snapchat posts for `lead` at `sentAt`: its body and headers. */
    delivery(lead: SnapchatStandInLead, sentAt: Date) {
      const body = JSON.stringify(lead);
      return { body, headers: signSnapchat(body, options.hmacSecret, Math.floor(sentAt.getTime() / 1000)) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

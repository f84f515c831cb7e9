/**
 * A local stand-in for TikTok's Lead API as far as Instant Form leads use it, written from the assumptions of
 * docs/lead-forms.md "TikTok" (modules/lead-forms/tiktok-api.ts): a real HTTP server on 127.0.0.1 answering
 * - GET  /open_api/v1.3/lead/get/?advertiser_id&lead_id            one lead
 * - POST /open_api/v1.3/page/lead/task/ {advertiser_id, page_id}     a download task of the form's leads as they are
 *   now → `{task_id, status: "CREATED"}`; the same POST with `{advertiser_id, task_id}` polls it: RUNNING until it
 *   was polled `pollsToSucceed` times (default 1: the first poll finds it done), then SUCCEED with `file_type`
 *   (FAILED for every task while `failTasks` is set)
 * - GET  /open_api/v1.3/page/lead/task/download/?advertiser_id&task_id   the CSV of a finished task (meta-data
 *   columns, then one column per question; create_time as "YYYY-MM-DD HH:mm:ss" UTC), zipped when `zip` is set
 * with `{code, message, data}` (the file itself on download); a wrong `Access-Token` header answers code 40105, an
 * unknown lead or task 40007.
 * `addLead` makes a lead as the platform would (create_time in unix seconds, 19-digit ids); `webhookBody` and
 * `sign` make the signed notification TikTok would send for it.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import { strToU8, zipSync } from "fflate";
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

/** A CSV cell, always quoted ("" inside). */
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** The download file of `leads`: the meta-data columns, then one column per question any of them answered. */
function csvOf(leads: TikTokStandInLead[]): string {
  const questions = [...new Set(leads.flatMap((l) => l.fields.map((f) => f.name)))];
  const header = ["lead_id", "page_id", "campaign_id", "adgroup_id", "ad_id", "create_time", ...questions];
  const rows = leads.map((l) => {
    const time = new Date(l.create_time * 1000).toISOString().slice(0, 19).replace("T", " ");
    const answers = questions.map((q) => l.fields.find((f) => f.name === q)?.value ?? "");
    return [l.lead_id, l.form_id, l.campaign_id ?? "", l.adgroup_id ?? "", l.ad_id ?? "", time, ...answers];
  });
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n");
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startTikTokLeadStandIn(options: { token: string; advertiserId: string }) {
  const leads = new Map<string, TikTokStandInLead>();
  const requests: URL[] = [];
  let token = options.token;
  let counter = 7_300_000_000_000_000_000n;

  const tasks = new Map<string, { formLeads: TikTokStandInLead[]; polls: number }>();
  const settings = { pollsToSucceed: 1, failTasks: false, zip: false };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    const send = (code: number, data: unknown = {}) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code, message: code === 0 ? "OK" : "error", request_id: "r", data }));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const body: Record<string, string> =
      req.method === "POST" ? JSON.parse(Buffer.concat(chunks).toString() || "{}") : {};
    if (req.headers["access-token"] !== token) return send(40105);
    const advertiser = req.method === "POST" ? body.advertiser_id : url.searchParams.get("advertiser_id");
    if (advertiser !== options.advertiserId) return send(40001);
    if (req.method === "GET" && url.pathname === "/open_api/v1.3/lead/get/") {
      const lead = leads.get(url.searchParams.get("lead_id") ?? "");
      return lead ? send(0, { lead }) : send(40007);
    }
    if (req.method === "POST" && url.pathname === "/open_api/v1.3/page/lead/task/") {
      if (body.task_id) {
        const task = tasks.get(body.task_id);
        if (!task) return send(40007);
        task.polls++;
        if (settings.failTasks) return send(0, { task_id: body.task_id, status: "FAILED" });
        if (task.polls < settings.pollsToSucceed) return send(0, { task_id: body.task_id, status: "RUNNING" });
        const fileType = settings.zip ? "zip" : "csv";
        return send(0, {
          task_id: body.task_id,
          status: "SUCCEED",
          file_name: `leads.${fileType}`,
          file_type: fileType,
        });
      }
      counter += 1n;
      const taskId = String(counter);
      tasks.set(taskId, { formLeads: [...leads.values()].filter((l) => l.form_id === body.page_id), polls: 0 });
      return send(0, { task_id: taskId, status: "CREATED" });
    }
    if (req.method === "GET" && url.pathname === "/open_api/v1.3/page/lead/task/download/") {
      const task = tasks.get(url.searchParams.get("task_id") ?? "");
      if (!task || task.polls < settings.pollsToSucceed) return send(40007);
      const csv = csvOf(task.formLeads);
      if (settings.zip) {
        res.writeHead(200, { "content-type": "application/zip" });
        return res.end(zipSync({ "leads.csv": strToU8(csv) }));
      }
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
      return res.end(csv);
    }
    return send(40002);
  });
  const base = await listenLocally(server);

  return {
    /** The base URL (LEAD_FORMS_TIKTOK_URL). */
    url: base,
    requests,
    leads,
    /** How download tasks behave from now on (see the module comment). */
    settings,
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

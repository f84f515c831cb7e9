/**
 * A local stand-in of Meta's WhatsApp Cloud API for tests, written from Meta's documentation (docs/whatsapp.md lists
 * the pages): a real HTTP server on 127.0.0.1 that the app reaches through WHATSAPP_GRAPH_URL.
 * - GET  /v23.0/{waba-id}/message_templates   {data: [{name, language, status, category, components}], paging}
 * - POST /v23.0/{phone-number-id}/messages    {messaging_product, contacts: [{input, wa_id}], messages: [{id}]}, or
 *   what `answer()` says: an error {error: {message, type, code, error_data: {details}, fbtrace_id}}, or "hang"
 *   (never answers: a timeout after the request left)
 * - GET  /v23.0/{media-id}                    {url, mime_type, sha256, file_size, id, messaging_product}
 * - GET  /files/{media-id}                    the bytes (Bearer token required, as on Meta's media URLs)
 * Any other token than `token` answers 401 with code 190. `notification()` builds the webhook bodies Meta sends
 * (messages and statuses) and `sign()` their X-Hub-Signature-256.
 */
import { createHmac } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SentRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface StandInTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string }[];
}

export type StandInAnswer = { status: number; body: unknown } | "hang" | "ok";

export const STAND_IN_TEMPLATES: StandInTemplate[] = [
  {
    name: "visit_confirmation",
    language: "ar",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "مرحبًا {{1}}، موعد زيارتك لمشروع {{2}} يوم {{3}}." }],
  },
  {
    name: "new_offer",
    language: "ar",
    status: "APPROVED",
    category: "MARKETING",
    components: [{ type: "BODY", text: "عرض جديد في {{1}}" }],
  },
  {
    name: "draft_one",
    language: "ar",
    status: "PENDING",
    category: "UTILITY",
    components: [{ type: "BODY", text: "x" }],
  },
];

/** Starts the stand-in on 127.0.0.1 (`port` 0: any free port). */
export async function startWhatsappCloud(options: { token: string; port?: number }) {
  const sent: SentRequest[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  let answer: () => StandInAnswer = () => "ok";
  let counter = 0;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const json = (status: number, body: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        json(401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
        return;
      }
      const parts = url.pathname.split("/").filter(Boolean);
      if (req.method === "GET" && parts[0] === "files") {
        const file = media.get(parts[1] ?? "");
        if (!file) return json(404, { error: { message: "not found", code: 100 } });
        res.setHeader("content-type", file.mime);
        res.end(file.bytes);
        return;
      }
      if (req.method === "GET" && parts[2] === "message_templates") {
        return json(200, { data: STAND_IN_TEMPLATES, paging: { cursors: { before: "a", after: "b" } } });
      }
      if (req.method === "GET" && parts.length === 2) {
        const file = media.get(parts[1]);
        if (!file) return json(404, { error: { message: "(#100) Invalid parameter", code: 100 } });
        return json(200, {
          messaging_product: "whatsapp",
          url: `${base}/files/${parts[1]}`,
          mime_type: file.mime,
          sha256: "x",
          file_size: file.bytes.length,
          id: parts[1],
        });
      }
      if (req.method === "POST" && parts[2] === "messages") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
        sent.push({ path: url.pathname, authorization: req.headers.authorization, body });
        const a = answer();
        if (a === "hang") {
          hanging.push(res);
          return;
        }
        if (a !== "ok") return json(a.status, a.body);
        counter += 1;
        return json(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.standin${counter}` }],
        });
      }
      json(404, { error: { message: "unknown path", code: 100 } });
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** WHATSAPP_GRAPH_URL for the app. */
    graphUrl: `${base}/v23.0`,
    sent,
    /** Sets what POST …/messages answers next. */
    answer(fn: () => StandInAnswer) {
      answer = fn;
    },
    /** Makes `bytes` downloadable as media `id`. */
    addMedia(id: string, bytes: Buffer, mime: string) {
      media.set(id, { bytes, mime });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WhatsappCloud = Awaited<ReturnType<typeof startWhatsappCloud>>;

/** X-Hub-Signature-256 of `body` under `appSecret`. */
export function sign(body: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/** A messages-webhook body as Meta sends it, with `messages` and/or `statuses` in one change. */
export function notification(value: {
  messages?: Record<string, unknown>[];
  statuses?: Record<string, unknown>[];
  contacts?: { wa_id: string; profile: { name: string } }[];
}): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "966126000000", phone_number_id: "106540352242922" },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

/** An inbound text message from `waId` (digits, no +). */
export function textMessage(waId: string, id: string, body: string, extra: Record<string, unknown> = {}) {
  return { from: waId, id, timestamp: "1764230400", type: "text", text: { body }, ...extra };
}

/** A status update of an outbound message. */
export function statusUpdate(
  id: string,
  status: string,
  recipient: string,
  errors?: { code: number; title: string }[],
) {
  return { id, status, timestamp: "1764230400", recipient_id: recipient, ...(errors ? { errors } : {}) };
}

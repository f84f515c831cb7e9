/**
 * The calls this server makes to Meta's WhatsApp Cloud API (Graph API at config.whatsapp.graphUrl, WHATSAPP_GRAPH_URL;
 * docs/whatsapp.md), each with the access token as a Bearer header and a timeout:
 * - `fetchTemplates`: GET /{business-account-id}/message_templates → the APPROVED templates with their language,
 *   category, body and number of {{n}} variables (paging followed, 10 pages at most);
 * - `sendMessage`: POST /{phone-number-id}/messages → Meta's message id, or the outcome classified for the outbox
 *   (docs/decisions/093-whatsapp-sends-at-most-once.md): an error answer with Meta's code (retried only when the code
 *   is one of RETRYABLE_CODES), "not sent" when the connection was refused before the request left (safe to retry),
 *   "unknown" when the request may have reached Meta (timeout, reset, an answer without Meta's error shape): never
 *   resent automatically;
 * - `fetchMedia`: GET /{media-id} → its URL and type, then GET that URL → the bytes (limit in bytes).
 * Nothing here logs a token or a message body.
 */
import { z } from "zod";
import { countTemplateVariables, isRetryableCode, type WhatsappTemplate } from "#domain/whatsapp.ts";

export interface GraphAccess {
  graphUrl: string;
  accessToken: string;
  timeoutMs: number;
}

/** Meta's error answer: {error: {message, type, code, error_data: {details}, fbtrace_id}}. */
const graphErrorSchema = z.object({
  error: z.object({ code: z.number().int(), message: z.string().optional() }),
});

/** The code of a Graph API error answer, or null when the body is not one. */
export function graphErrorCode(body: unknown): number | null {
  const parsed = graphErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error.code : null;
}

const templatesPageSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string(),
      components: z.array(z.object({ type: z.string(), text: z.string().optional() })).default([]),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});

export class GraphError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(`graph request failed (${status ?? "no answer"}, code ${code ?? "none"})`);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The account's APPROVED templates. Errors: GraphError on any failed page. */
export async function fetchTemplates(access: GraphAccess, businessAccountId: string): Promise<WhatsappTemplate[]> {
  const templates: WhatsappTemplate[] = [];
  let url: string | undefined =
    `${access.graphUrl}/${businessAccountId}/message_templates?fields=name,language,status,category,components&limit=100`;
  for (let page = 0; url && page < 10; page += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${access.accessToken}` },
        signal: AbortSignal.timeout(access.timeoutMs),
      });
    } catch {
      throw new GraphError(null, null);
    }
    const body = await readJson(response);
    if (!response.ok) throw new GraphError(response.status, graphErrorCode(body));
    const parsed = templatesPageSchema.safeParse(body);
    if (!parsed.success) throw new GraphError(response.status, null);
    for (const t of parsed.data.data) {
      if (t.status !== "APPROVED") continue;
      const bodyText = t.components.find((c) => c.type.toUpperCase() === "BODY")?.text ?? "";
      templates.push({
        name: t.name,
        language: t.language,
        category: t.category.toUpperCase(),
        body: bodyText,
        variables: countTemplateVariables(bodyText),
      });
    }
    url = parsed.data.paging?.next;
  }
  return templates;
}

/** The outcome of one send attempt (see the module comment). */
export type SendOutcome =
  | { kind: "sent"; waMessageId: string }
  | { kind: "error"; status: number; code: number | null; retryable: boolean }
  | { kind: "not_sent" }
  | { kind: "unknown" };

const sendAnswerSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });

/** Connection errors raised before any byte of the request left (undici's cause codes). */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** POST /{phone-number-id}/messages with `payload` (Meta's message object). Never throws. */
export async function sendMessage(
  access: GraphAccess,
  phoneNumberId: string,
  payload: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  let response: Response;
  try {
    const timeout = AbortSignal.timeout(access.timeoutMs);
    response = await fetch(`${access.graphUrl}/${phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${access.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", ...payload }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof code === "string" && NOT_SENT_CODES.has(code) ? { kind: "not_sent" } : { kind: "unknown" };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) {
    const parsed = sendAnswerSchema.safeParse(body);
    return parsed.success ? { kind: "sent", waMessageId: parsed.data.messages[0].id } : { kind: "unknown" };
  }
  const code = graphErrorCode(body);
  // An error answer without Meta's error shape (a proxy's 502, say) does not tell whether Meta took the message.
  if (code === null && response.status >= 500) return { kind: "unknown" };
  return { kind: "error", status: response.status, code, retryable: isRetryableCode(code) };
}

const mediaInfoSchema = z.object({ url: z.string().url(), mime_type: z.string().optional() });

/** The bytes of Meta's media `mediaId` (at most `maxBytes`). Errors: GraphError. */
export async function fetchMedia(
  access: GraphAccess,
  mediaId: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; mime: string | null }> {
  const headers = { authorization: `Bearer ${access.accessToken}` };
  let info: z.infer<typeof mediaInfoSchema>;
  try {
    const response = await fetch(`${access.graphUrl}/${encodeURIComponent(mediaId)}`, {
      headers,
      signal: AbortSignal.timeout(access.timeoutMs),
    });
    const body = await readJson(response);
    if (!response.ok) throw new GraphError(response.status, graphErrorCode(body));
    const parsed = mediaInfoSchema.safeParse(body);
    if (!parsed.success) throw new GraphError(response.status, null);
    info = parsed.data;
    const file = await fetch(info.url, { headers, signal: AbortSignal.timeout(access.timeoutMs) });
    if (!file.ok) throw new GraphError(file.status, null);
    const declared = Number(file.headers.get("content-length") ?? "0");
    if (declared > maxBytes) throw new GraphError(413, null);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length > maxBytes) throw new GraphError(413, null);
    return { bytes, mime: info.mime_type ?? null };
  } catch (error) {
    if (error instanceof GraphError) throw error;
    throw new GraphError(null, null);
  }
}

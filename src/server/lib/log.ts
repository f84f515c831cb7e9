/**
 * What the server's log may hold (ARCHITECTURE security model: logs never carry personal data or secrets).
 * - A request is logged as method, path and route; the query string (search terms, e-mails, phone numbers in
 *   filters), the body, the IP address and the headers are left out.
 * - An error is logged as its type, code, status, the database's error code and constraint, and the stack frames;
 *   the message is kept unless the error is a database query's (drizzle's message carries the SQL and its
 *   parameters: a lead's e-mail, phone or IP), and PostgreSQL's `detail` ("Key (email)=(…)") is never kept.
 * Used by app.ts as the logger's serializers and redaction paths.
 */
import type { FastifyRequest } from "fastify";

/**
 * A route parameter whose value is a secret (a webhook's secret path segment, docs/lead-forms.md "Set-up: Snapchat"):
 * a request to such a route is logged by its route pattern, never its path.
 */
const SECRET_PATH_PARAM = ":webhookKey";

/** The logged shape of a request. */
export function serializeRequest(request: FastifyRequest | { method?: string; url?: string }) {
  const url = typeof request.url === "string" ? request.url : "";
  const routeUrl = (request as FastifyRequest).routeOptions?.url;
  const path = routeUrl?.includes(SECRET_PATH_PARAM) ? routeUrl : url.split("?")[0];
  return { method: request.method, path, ...(routeUrl ? { route: routeUrl } : {}) };
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  constraint?: unknown;
}

/** Whether `error` is a database query's error (it carries the SQL text or its parameters). */
function isQueryError(error: LoggableError): boolean {
  return "query" in error || "params" in error;
}

/** The logged shape of an error (see the module comment). */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!error || typeof error !== "object") return { type: "Error", message: String(error), stack: "" };
  const e = error as LoggableError;
  const cause = (e.cause && typeof e.cause === "object" ? e.cause : {}) as LoggableError;
  const queryError = isQueryError(e);
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  return {
    type: e.name ?? "Error",
    message: queryError ? "database query failed" : String(e.message ?? ""),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(cause.code !== undefined ? { dbCode: cause.code } : {}),
    ...(cause.constraint !== undefined ? { constraint: cause.constraint } : {}),
    ...(e.constraint !== undefined ? { constraint: e.constraint } : {}),
    stack: frames,
  };
}

/** The logged shape of a response: its status only. */
export function serializeReply(reply: { statusCode?: number }) {
  return { statusCode: reply.statusCode };
}

/** pino options of the server's logger (level from the caller). */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
    redact: {
      paths: ["req.headers", "req.query", "req.body", "req.ip", "body", "query", "params", "*.password", "*.token"],
      remove: true,
    },
  };
}

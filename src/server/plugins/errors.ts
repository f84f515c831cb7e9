/**
 * Error and not-found handlers: every answer has the one error shape, a 4xx says what was wrong
 * (with field messages from the domain schemas), and a 5xx never carries internal error text.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { installArabicZodErrors } from "#domain/zod-arabic.ts";
import { badRequest, fieldsFromIssues, HttpError, VALIDATION_FAILED } from "../lib/http-errors.ts";

// Zod's own messages (a schema without a message of its own) in Arabic for every answer of this process.
installArabicZodErrors();

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: "الطلب غير صالح",
  401: "يجب تسجيل الدخول",
  403: "لا تملك الصلاحية للقيام بهذا الإجراء",
  404: "العنصر المطلوب غير موجود",
  405: "الطريقة غير مسموحة",
  406: "الصيغة المطلوبة غير مدعومة",
  413: "حجم الطلب أكبر من المسموح",
  414: "الرابط أطول من المسموح",
  415: "نوع المحتوى غير مدعوم",
  429: "طلبات كثيرة، يرجى المحاولة لاحقًا",
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromIssues(
        error.validation.map((v) => ({
          path: [v.instancePath.replace(/^\//, "").replaceAll("/", ".")].filter(Boolean),
          message: v.message ?? VALIDATION_FAILED,
          keys: v.keyword === "unrecognized_keys" ? (v.params as { keys?: string[] }).keys : undefined,
        })),
      );
      return reply.code(400).send({ statusCode: 400, error: "Bad Request", message: VALIDATION_FAILED, fields });
    }
    if (error instanceof HttpError) {
      // A server-side failure answered on purpose (the media store is down → 503): logged with its cause, and the
      // client told when to try again.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.statusCode === 503) reply.header("retry-after", "30");
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        error: httpErrorName(error.statusCode),
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.extra,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return sendInternal(reply);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type…): keep the status, Arabic text.
      const message = CLIENT_ERROR_MESSAGES[status] ?? CLIENT_ERROR_MESSAGES[400];
      if (status === 429 && error.message) reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
      return reply.code(status).send({ statusCode: status, error: httpErrorName(status), message });
    }
    request.log.error({ err: error }, "unhandled error");
    return sendInternal(reply);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ statusCode: 404, error: "Not Found", message: CLIENT_ERROR_MESSAGES[404] });
  });
});

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any route runs (a URL that is not valid
 * percent-encoding → 400, a path parameter longer than maxParamLength → 414). Answered in the one error shape with
 * an Arabic message; the URL is never echoed (Fastify's own answer repeats it).
 */
export function frameworkErrors(
  error: FastifyError,
  _request: import("fastify").FastifyRequest,
  reply: import("fastify").FastifyReply,
) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = CLIENT_ERROR_MESSAGES[status] ?? CLIENT_ERROR_MESSAGES[400];
  return reply.code(status).send({ statusCode: status, error: httpErrorName(status), message });
}

function sendInternal(reply: import("fastify").FastifyReply) {
  return reply.code(500).send({ statusCode: 500, error: "Internal Server Error", message: "حدث خطأ في الخادم" });
}

function httpErrorName(status: number): string {
  const names: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    413: "Payload Too Large",
    414: "URI Too Long",
    415: "Unsupported Media Type",
    429: "Too Many Requests",
  };
  return names[status] ?? "Error";
}

/** Parses `input` with a zod schema; throws 400 with field messages on failure. */
export function parseOrThrow<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(fieldsFromIssues(result.error.issues));
  return result.data;
}

/**
 * The one error shape of the API: { statusCode, error, message, fields? } (domain/types.ts ApiErrorBody).
 * Services throw HttpError; the error handler (plugins/errors.ts) turns it into the answer.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** More members of the answer's body beside statusCode/error/message/fields (e.g. a 409's `heldUntil`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const VALIDATION_FAILED = "البيانات المدخلة غير صحيحة";

/** 400 with field messages (field path → Arabic message). */
export const badRequest = (fields: Record<string, string>, message = VALIDATION_FAILED) =>
  new HttpError(400, message, fields);
export const unauthorized = (message = "يجب تسجيل الدخول") => new HttpError(401, message);
export const forbidden = (message = "لا تملك الصلاحية للقيام بهذا الإجراء") => new HttpError(403, message);
export const notFound = (message = "العنصر المطلوب غير موجود") => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/**
 * Field map from zod issues: the first message per dotted path ("_" for the root). An issue naming unknown keys
 * (zod's unrecognized_keys, `keys`) gives each key its own entry, so a client learns which field to drop.
 */
export function fieldsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; keys?: readonly string[] }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const paths = issue.keys?.length ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const key = path.map(String).join(".") || "_";
      if (!(key in fields)) fields[key] = issue.message;
    }
  }
  return fields;
}

import { z } from "zod";
import { countNoun, NOUNS } from "../format.ts";
import { MAX_ID } from "../ids.ts";
import { normalizeAnyPhone, normalizeSaudiPhone } from "../phone.ts";
import { multilineText, text } from "./text.ts";

/**
 * Trimmed text; empty strings become undefined so "optional" means "empty or absent". Control characters are
 * refused (text.ts); `multiline` keeps tab and line breaks (messages).
 */
export const optionalText = (max = 2000, multiline = false) =>
  (multiline ? multilineText() : text())
    .trim()
    .max(max, `يجب ألا يزيد النص عن ${countNoun(max, NOUNS.character, { oblique: true })}`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Required trimmed text with an Arabic message. */
export const requiredText = (message: string, max = 2000) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .max(max, `يجب ألا يزيد النص عن ${countNoun(max, NOUNS.character, { oblique: true })}`);

export const PHONE_INVALID = "رقم الجوال غير صحيح، أدخل رقمًا سعوديًا مثل 05XXXXXXXX";

/**
 * A zod transform from typed text to E.164 through `normalize` (#domain/phone.ts); text it cannot read becomes an
 * issue with `message`.
 */
function toE164(normalize: (value: string) => string | null, message: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const e164 = normalize(value);
    if (e164) return e164;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
}

/** A transform for optional text: empty or missing text gives undefined, other text goes through `transform`. */
function unlessEmpty<T>(transform: (value: string, ctx: z.RefinementCtx) => T) {
  return (value: string | undefined, ctx: z.RefinementCtx) => (value ? transform(value, ctx) : undefined);
}

/** Optional Saudi phone (ARCHITECTURE resolution 3); output is E.164 or undefined. */
export const optionalSaudiPhone = text()
  .trim()
  .optional()
  .transform(unlessEmpty(toE164(normalizeSaudiPhone, PHONE_INVALID)));

/**
 * Required Saudi phone (ARCHITECTURE resolution 3): empty text is refused with `requiredMessage`, a number that is not
 * Saudi with PHONE_INVALID; output is E.164.
 */
export const requiredSaudiPhone = (requiredMessage: string) =>
  text({ error: requiredMessage }).trim().min(1, requiredMessage).transform(toE164(normalizeSaudiPhone, PHONE_INVALID));

export const PHONE_ANY_INVALID =
  "رقم الجوال غير صحيح، أدخل رقمًا سعوديًا مثل 05XXXXXXXX أو رقمًا دوليًا برمز الدولة مثل +971XXXXXXXXX";

/**
 * Optional phone of any country (ARCHITECTURE resolution 26: WhatsApp senders and platform leads), typed with or
 * without "+" or "00", or a Saudi number without its code (#domain/phone.ts normalizeAnyPhone); output is E.164 or
 * undefined.
 */
export const optionalAnyPhone = text()
  .trim()
  .optional()
  .transform(unlessEmpty(toE164(normalizeAnyPhone, PHONE_ANY_INVALID)));

/** Optional e-mail: valid or empty (SPEC §5.5), lower-cased. */
export const optionalEmail = (message: string) =>
  text()
    .trim()
    .max(254, message)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email({ message }).optional());

/** The field message of an id in a URL path that is not a record's id (400 `fields.id`; Arabic like every message). */
export const ID_INVALID = "رقم السجل في الرابط غير صالح";
/** A positive integer id (1‥MAX_ID) in a URL path. */
export const idParam = z.object({
  id: z.coerce
    .number<string>({ error: ID_INVALID })
    .int({ error: ID_INVALID })
    .positive({ error: ID_INVALID })
    .max(MAX_ID, { error: ID_INVALID }),
});
/** A UUID in a URL path (users). */
export const uuidParam = z.object({ id: z.uuid({ error: ID_INVALID }) });

/**
 * Messages of a body field the call does not take: not part of the entity at all, or part of what GET answers but
 * set by the server (id, timestamps, computed values) — docs/decisions/013-request-bodies.md.
 */
export const FIELD_MESSAGES = {
  unknown: "حقل غير مسموح",
  readOnly: "حقل للقراءة فقط",
} as const;

/**
 * Shape entries for an entity's read-only fields in a create body: each one present is refused on its own key with
 * FIELD_MESSAGES.readOnly (`{"fields": {"salesPercentage": "حقل للقراءة فقط"}}`). Output: always undefined.
 */
export function refusedReadOnly<const K extends string>(keys: readonly K[]) {
  const field = z
    .never({ error: FIELD_MESSAGES.readOnly })
    .optional()
    .describe("Read-only: set by the server, refused here");
  return Object.fromEntries(keys.map((key) => [key, field])) as Record<K, typeof field>;
}

/**
 * Shape entries for an entity's read-only fields in a replace (PUT) body: accepted whatever their value and dropped
 * (output undefined), so the object a GET answered can be sent back as it is after editing the writable fields.
 */
export function ignoredReadOnly<const K extends string>(keys: readonly K[]) {
  const field = z
    .unknown()
    .optional()
    .transform((): undefined => undefined)
    .describe("Read-only: accepted and ignored (the server's value stays)");
  return Object.fromEntries(keys.map((key) => [key, field])) as Record<K, typeof field>;
}

const unknownKeyError = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? FIELD_MESSAGES.unknown : undefined),
};

/**
 * A create (POST) body of an entity: its writable `shape`; unknown keys refused (each on its own key,
 * FIELD_MESSAGES.unknown, by the server's error mapping) and the `readOnly` fields its GET answer carries refused
 * with FIELD_MESSAGES.readOnly.
 */
export function createBody<S extends z.ZodRawShape, const K extends string>(shape: S, readOnly: readonly K[]) {
  return z.strictObject({ ...shape, ...refusedReadOnly(readOnly) }, unknownKeyError);
}

/**
 * A replace (PUT) body of an entity: its writable `shape`; unknown keys refused, the `readOnly` fields its GET answer
 * carries accepted and dropped, so GET → edit → PUT round-trips.
 */
export function replaceBody<S extends z.ZodRawShape, const K extends string>(shape: S, readOnly: readonly K[]) {
  return z.strictObject({ ...shape, ...ignoredReadOnly(readOnly) }, unknownKeyError);
}

/** The range of dates the product accepts in filters and forms (UTC years, inclusive). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;
export const DATE_OUT_OF_RANGE = `التاريخ يجب أن يكون بين عامي ${DATE_YEAR_MIN} و${DATE_YEAR_MAX}`;

/** Whether a Date is valid and within DATE_YEAR_MIN–DATE_YEAR_MAX (UTC): PostgreSQL and JS disagree outside it. */
export function isDateInRange(date: Date): boolean {
  const time = date.getTime();
  if (Number.isNaN(time)) return false;
  const year = date.getUTCFullYear();
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}

/** A calendar date "YYYY-MM-DD" within DATE_YEAR_MIN–DATE_YEAR_MAX; `message` when it is not a date at all. */
export const boundedIsoDate = (message: string) =>
  z.iso
    .date({ error: message })
    .refine((v) => isDateInRange(new Date(`${v}T00:00:00Z`)), { message: DATE_OUT_OF_RANGE });

import { z } from "zod";
import { MAX_ID } from "../ids.ts";
import { normalizeSaudiPhone } from "../phone.ts";

/** Trimmed text; empty strings become undefined so "optional" means "empty or absent". */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `يجب ألا يزيد النص عن ${max} حرف`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Required trimmed text with an Arabic message. */
export const requiredText = (message: string, max = 2000) =>
  z.string({ error: message }).trim().min(1, message).max(max, `يجب ألا يزيد النص عن ${max} حرف`);

export const PHONE_INVALID = "رقم الجوال غير صحيح، أدخل رقمًا سعوديًا مثل 05XXXXXXXX";

/** Optional Saudi phone (ARCHITECTURE resolution 3); output is E.164 or undefined. */
export const optionalSaudiPhone = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const e164 = normalizeSaudiPhone(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: PHONE_INVALID });
      return z.NEVER;
    }
    return e164;
  });

/** Optional e-mail: valid or empty (SPEC §5.5), lower-cased. */
export const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email({ message }).optional());

/** A positive integer id in a URL path. */
export const idParam = z.object({ id: z.coerce.number<string>().int().positive().max(MAX_ID) });
/** A UUID in a URL path (users). */
export const uuidParam = z.object({ id: z.uuid() });

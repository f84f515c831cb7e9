/**
 * The one way the domain schemas accept text (every text field of a JSON body, query string or form action).
 * C0 control characters (U+0000–U+001F) and DEL (U+007F) are refused with an Arabic message: PostgreSQL refuses
 * NUL in text, and the others have no place in a name, title or search. Multi-line text (descriptions, messages)
 * keeps tab, line feed and carriage return. Source: ARCHITECTURE security model ("bad input → 400, never a 500").
 *
 *   text({ error: "الاسم مطلوب" }).trim().min(1)   // a z.string() that refuses control characters
 *   multilineText().trim().max(5000)
 */
import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "النص يحتوي على رموز تحكم غير مسموحة";

/** Any C0 control or DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find control characters
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
/** C0 controls and DEL other than tab (09), line feed (0A) and carriage return (0D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to find control characters
const MULTILINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type StringParams = Parameters<typeof z.string>[0];

/** Whether `value` holds a control character not allowed in single-line (or, with `multiline`, multi-line) text. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
}

/** A single-line z.string(params) that refuses every control character (400 with CONTROL_CHARACTERS_MESSAGE). */
export const text = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/** A multi-line z.string(params): tab and line breaks are kept, other control characters refused. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine((v) => !hasControlCharacters(v, true), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/**
 * Search text folding (SPEC §2.4 search; the product's rule for Arabic search): a query and the text it is matched
 * against are compared after the same folding, so that users find what they mean whatever spelling variant they
 * type. The server applies the same table in SQL (`translate(lower(text), FOLD_FROM, FOLD_TO)`, server/lib/search.ts),
 * so the rule is written once, here.
 *
 * Folding: lower case; أ إ آ ٱ → ا; ة → ه; ى → ي; Arabic-Indic and Eastern Arabic-Indic digits → 0–9; tatweel and the
 * harakat (tanwin, fatha, damma, kasra, shadda, sukun, maddah, hamza marks, superscript alef) removed.
 */

const MAPPED_FROM = "أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
const MAPPED_TO = "ااااهي01234567890123456789";
/** Characters removed: tatweel (U+0640), U+064B–U+065F (harakat and hamza marks), U+0670 (superscript alef). */
const REMOVED = `\u0640${String.fromCharCode(...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => 0x064b + i))}\u0670`;

/** PostgreSQL `translate` arguments: characters of FOLD_FROM beyond FOLD_TO's length are deleted. */
export const FOLD_FROM = MAPPED_FROM + REMOVED;
export const FOLD_TO = MAPPED_TO;

const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i] ?? ""]));

/** `text` folded for search (see the module comment). Pure; "" for empty input. */
export function foldSearchText(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) out += FOLD.get(ch) ?? ch;
  return out;
}

/**
 * The digits a phone-like query should find inside a stored E.164 number (+9665XXXXXXXX, ARCHITECTURE resolution 3),
 * whatever form was typed: 0541112233, 541112233, 966541112233, 00966…, +966…, with spaces, dashes or Arabic-Indic
 * digits. Returns the national digits without the country code or trunk 0 ("541112233"), or null when the query is
 * not phone-like (other characters than digits, spaces, "+", "-", parentheses) or has fewer than 3 digits.
 */
export function phoneSearchDigits(query: string): string | null {
  const ascii = foldSearchText(query.trim());
  if (!/^[\d\s+\-()]+$/.test(ascii)) return null;
  let digits = ascii.replace(/\D/g, "");
  if (digits.startsWith("00966")) digits = digits.slice(5);
  else if (digits.startsWith("966")) digits = digits.slice(3);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}

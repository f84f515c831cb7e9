/**
 * Arabic-aware search (docs/product.md §2.4 and §2.16 "search"): one normal form for the query and the searched
 * text, so "ابحر" finds "أبحر", "الروضه" finds "الروضة" and "٠٥٤١١١٢٢٣٣" finds "+966541112233".
 *
 * The normal form: lower case; hamza and madda forms of alef (أ إ آ ٱ) → ا, taa marbuta ة → ه, alef maqsura ى → ي;
 * Arabic-Indic and Eastern Arabic-Indic digits → ASCII; tatweel and the harakat (U+064B–U+065F, U+0670) removed;
 * runs of white space → one space. The database computes the same form with its `search_key(text)` function
 * (drizzle/0004_search_key.sql), built from SEARCH_FOLD_FROM / SEARCH_FOLD_TO below; a test checks that both agree.
 * Dependency-free: public pages use it.
 */

/** Characters replaced one for one (`translate` pairs): each character of FROM becomes the one at its index in TO. */
export const SEARCH_FOLD_FROM = "أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
export const SEARCH_FOLD_TO = "ااااهي01234567890123456789";
/** Characters removed: tatweel, then the harakat and the superscript alef. */
export const SEARCH_STRIPPED =
  "\u0640\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065A\u065B\u065C\u065D\u065E\u065F\u0670";

const folds = new Map([...SEARCH_FOLD_FROM].map((ch, i) => [ch, SEARCH_FOLD_TO[i]]));
const stripped = new Set(SEARCH_STRIPPED);

/** The search normal form of `text` (see the module docstring). Pure; "" for empty input. */
export function normalizeSearchText(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) {
    if (stripped.has(ch)) continue;
    out += folds.get(ch) ?? ch;
  }
  return out.replace(/\s+/g, " ").trim();
}

/**
 * The digits to look for in stored E.164 phone numbers when `query` looks like a phone number typed in any form
 * (05XXXXXXXX, 5XXXXXXXX, 9665XXXXXXXX, +9665XXXXXXXX, 009665…, spaces, dashes, Arabic-Indic digits): its national
 * significant digits, e.g. "0541112233" → "541112233". null when the query holds letters or fewer than 4 digits.
 */
export function phoneSearchDigits(query: string): string | null {
  const folded = normalizeSearchText(query);
  if (!/^[+\d\s().-]+$/.test(folded)) return null;
  let digits = folded.replace(/\D/g, "");
  if (digits.length < 4) return null;
  if (digits.startsWith("00966")) digits = digits.slice(5);
  else if (digits.startsWith("966")) digits = digits.slice(3);
  else if (digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

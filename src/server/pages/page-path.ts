/**
 * Which request targets the page bridge refuses before React Router sees them (docs/decisions/052-page-requests-never-5xx.md).
 *
 * A page's URL is built from the request target with the WHATWG URL parser, which reads a target starting with `//`
 * (or `/\`) as another host (`//%00` then fails to parse: a 500), and folds `..` and `%2e%2e` segments away, so a
 * traversal attempt would render some other page. None of the site's own links has such a path: ids are digits,
 * slugs a–z, 0–9 and hyphens (docs/product.md §2.1, ARCHITECTURE resolution 6).
 */

/** A raw or percent-encoded C0 control character or DEL (`%00`–`%1F`, `%7F`). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
/** A path segment that is `.` or `..`, raw or with its dots percent-encoded. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Whether a page request target is refused (answered 400): `target` is the raw request target (`request.url`,
 * path and query, still percent-encoded). Refused:
 * - a target that is not origin-form (does not start with one `/`): `//host/x`, `/\host`, `http://…`, `*`;
 * - a backslash, or an encoded slash or backslash (`%2f`, `%5c`), anywhere in the path;
 * - a `.` or `..` segment in the path, raw or encoded (`%2e%2e`);
 * - a control character, raw anywhere or encoded in the path, and `%00` anywhere (query included).
 * A query is otherwise the page's own business (search text, UTM tags).
 */
export function isRefusedPageTarget(target: string): boolean {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart);
  if (!path.startsWith("/") || path.startsWith("//")) return true;
  if (path.includes("\\") || /%(?:2f|5c)/i.test(path)) return true;
  if (ENCODED_CONTROL.test(path) || /%00/.test(query) || hasRawControl(target)) return true;
  return path.split("/").some((segment) => DOT_SEGMENT.test(segment));
}

/** Whether `text` holds a raw C0 control character or DEL (a client other than a browser may send one). */
function hasRawControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

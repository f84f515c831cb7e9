/**
 * The markup side of the critical CSS (src/server/pages/critical-css.ts; docs/public-pages.md): the first screen of a
 * document and its markup skeleton, which decide which rules a page's first paint needs.
 */
import { parseDocument } from "htmlparser2";

/** The document as far as the first screen goes: <main> cut after `foldBytes` (at a tag), and then no <footer>. */
export function firstScreenHtml(html: string, foldBytes: number): string {
  const mainStart = html.search(/<main[\s>]/);
  const mainEnd = html.indexOf("</main>");
  if (mainStart < 0 || mainEnd < mainStart) return html;
  const cut = outsideRawText(html, html.indexOf("<", Math.min(mainEnd, mainStart + foldBytes)));
  if (cut < 0 || cut >= mainEnd) return html;
  // A long page: its footer is below the first screen too; but a `fixed` or `sticky` element anywhere in the cut part
  // (a project page's floating section menu) is on the first screen whatever its place in the document.
  // Parsed from the first tag that names one of those classes (most pages have none past the cut).
  const rest = html.slice(cut, mainEnd);
  const first = rest.search(/<[a-zA-Z][^>]*\sclass="(?:[^"]*\s)?(?:fixed|sticky)[\s"]/);
  const cutAway = first < 0 ? "" : rest.slice(first);
  // The folds tried for one page, and the same page rendered again, usually cut away the same markup: parsed once.
  if (cutAway !== lastCutAway.html) lastCutAway = { html: cutAway, floating: floatingElements(cutAway) };
  return html.slice(0, cut) + lastCutAway.floating + html.slice(mainEnd).replace(/<footer[\s>][\s\S]*?<\/footer>/, "");
}

/** Elements whose content a parser reads as text up to their end tag. */
export const RAW_TEXT_TAG = /<(\/?)(textarea|title|noscript|script|style)\b/gi;

/**
 * `cut` (a tag's start), moved past the end tag of a raw-text element it falls inside: cut within a <textarea>, the
 * rest of the page (the fixed WhatsApp button, the elements kept after <main>) would be that textarea's text to the
 * matcher, and none of their rules would be inlined.
 */
export function outsideRawText(html: string, cut: number): number {
  if (cut < 0) return cut;
  let open: string | null = null;
  RAW_TEXT_TAG.lastIndex = 0;
  for (let tag = RAW_TEXT_TAG.exec(html); tag && tag.index < cut; tag = RAW_TEXT_TAG.exec(html)) {
    const name = (tag[2] as string).toLowerCase();
    if (!tag[1] && open === null) open = name;
    else if (tag[1] && open === name) open = null;
  }
  if (open === null) return cut;
  const end = html.toLowerCase().indexOf(`</${open}>`, cut);
  return end < 0 ? cut : html.indexOf("<", end + open.length + 3);
}

/** The last markup cut away by firstScreenHtml and the floating elements found in it. */
let lastCutAway = { html: "", floating: "" };

/** The `fixed` and `sticky` elements of `cutAway` that are not inside another one, whole and in order. */
export function floatingElements(cutAway: string): string {
  const floating: string[] = [];
  const visit = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (!("attribs" in node)) continue;
      const classes = (node.attribs.class ?? "").split(/\s+/);
      if (classes.includes("fixed") || classes.includes("sticky")) {
        floating.push(cutAway.slice(node.startIndex ?? 0, (node.endIndex ?? -1) + 1));
      } else visit(node.children);
    }
  };
  visit(parseDocument(cutAway, { withStartIndices: true, withEndIndices: true }).children);
  return floating.join("");
}

/**
 * Attributes whose values only carry content (a URL, a text, a date) or differ on every response (the CSP nonce of
 * the page's scripts): blanked in the markup skeleton, unless a selector of the stylesheet names the attribute (then
 * its value may decide a match and is kept).
 */
export const CONTENT_ATTRIBUTES = [
  "src",
  "srcset",
  "sizes",
  "alt",
  "href",
  "title",
  "aria-label",
  "content",
  "datetime",
  "poster",
  "nonce",
];
/** A tag (double- or single-quoted values may hold `>`) or a run of text. */
export const TAG_OR_TEXT = /(<(?:"[^"]*"|'[^']*'|[^'">])*>)|([^<]+)/g;
/** A <template> element with its content (not nested: no component renders one inside another). */
export const TEMPLATE_ELEMENT = /<template\b[^>]*>[\s\S]*?<\/template>/gi;

/** A script element's body (raw text up to its end tag). */
export const SCRIPT_BODY = /(<script\b(?:"[^"]*"|'[^']*'|[^'">])*>)[\s\S]*?(<\/script>)/gi;

/**
 * What the selection of a first screen depends on (docs/decisions/043-critical-css-per-route.md): the markup with
 * its tags, attributes and structure as they are, but each text run reduced to "x" (or " " when only white space,
 * so `:empty` still tells them apart), script bodies dropped, and the values of `blankAttributes` (a regular
 * expression over a tag, see CONTENT_ATTRIBUTES) emptied. Two first screens of the same skeleton select the same
 * rules: the selection is computed from the skeleton itself. React escapes `<`, `>` and `"` in text and attribute
 * values, so the tags found here are the document's. `keepText`: leave text as it is (a stylesheet whose web fonts
 * have a unicode-range: the selection of those faces reads the characters of the text).
 */
export function markupSkeleton(html: string, blankAttributes: RegExp, keepText = false): string {
  return html
    .replace(SCRIPT_BODY, "$1$2")
    .replace(TAG_OR_TEXT, (_match, tag: string | undefined, text: string | undefined) => {
      if (tag !== undefined) return tag.replace(blankAttributes, '$1=""');
      if (keepText) return text ?? "";
      return /\S/.test(text ?? "") ? "x" : " ";
    });
}

/**
 * Critical CSS of a rendered page (docs/decisions/041-critical-css.md, docs/performance/web.md, the target of
 * docs/product.md §10.3: the CSS inlined in a page stays under 14 KB before compression; the rest is a hashed,
 * immutable stylesheet that does not block the first paint).
 *
 * root.tsx renders the whole stylesheet inline as `<style id="app-css" data-href="/assets/app-HASH.css">…</style>`
 * (the same text as the hashed file). On the server the page's HTML is then rewritten:
 * - a public page served as islands (no React in the browser, docs/decisions/046-public-pages-as-islands.md) keeps in
 *   that element the rules its first screen uses (below) and gets the rest of the rules its markup uses in
 *   `<style id="page-css">` right after `</main>` (pageCss, docs/decisions/047-page-css-and-font-on-later-views.md):
 *   the whole stylesheet is never applied to it, which restyled and laid out the whole page after its first paint;
 * - an admin page (`/admin…`) gets an empty inline element and a plain render-blocking `<link rel="stylesheet">` to
 *   the hashed file: the back office is used from the office's connection, and caching the file beats re-sending it.
 * The element stays in the document with its id: the browser bundle reads the element's text for hydration
 * (root.tsx), so the server and the client agree on its content whatever this rewrite left there; the added link,
 * script and noscript are tags React 19 skips over when it hydrates the head.
 *
 * What is critical: the first screen. The rules are matched against the page with only the first FOLD_BYTES of its
 * <main> (the largest of them whose CSS fits CRITICAL_CSS_BUDGET): the header, the hero or the title and gallery, the
 * fixed WhatsApp button and toasts, and the footer when <main> is shorter than that (/privacy shows it at once). The
 * rest of the page is styled by the whole stylesheet, which arrives right after load, before the visitor scrolls on a
 * typical connection and without moving what is on
 * screen (CLS counts only visible shifts). Rules that only apply on hover or focus (`:hover`, `:focus…`, `:active`,
 * `@media (hover: hover)`) are left out: the stylesheet is requested at the first touch, click or key anyway. Custom
 * properties that no kept rule reads (Tailwind's `@property` registrations, its `:root` theme variables and its
 * fallback `*` block for browsers without `@property`) are pruned from what is inlined.
 *
 * Matching uses beasties' compiler/runtime split (the maintained fork of critters): the stylesheet is compiled once
 * per hashed URL (at the first page that names it) into a plan of rules and selector programs; each page is then one
 * pass over its HTML collecting tags, classes, ids and attributes (no DOM, combinators matched on the open-element
 * stack); the pruning is one PostCSS parse of the selected rules, memoized by its input, so pages of one shape (two
 * project pages) share it. The selection is computed from the first screen's markup skeleton (markupSkeleton: tags,
 * attributes and structure, without text or content-only attribute values) and kept per skeleton, so a page rendered
 * again, or another page of the same markup, reuses it, while any change of markup that can change a match selects
 * again (docs/decisions/043-critical-css-per-route.md). The local() fallback @font-face rules are
 * kept (inlineFonts: the metric-matched fallback is what the first paint draws), nothing is preloaded.
 */
import { createHash } from "node:crypto";
import { type CompiledSheet, compileSheet } from "beasties/compiler";
import { collectPrograms, renderCriticalCss, scanHtml } from "beasties/runtime";
import { LRUCache } from "lru-cache";
import postcss, { type Declaration } from "postcss";
import { CONTENT_ATTRIBUTES, firstScreenHtml, markupSkeleton, TEMPLATE_ELEMENT } from "./critical-css-markup.ts";
import { isDefinitionBlock, removeEmptyBlocks, withoutPropertyFallback, withoutRulesOf } from "./critical-css-rules.ts";

const APP_CSS = /<style id="app-css" data-href="([^"]+)">([\s\S]*?)<\/style>/;
/**
 * HTML bytes of <main> counted as the first screen, tried from the largest down until the selected CSS fits
 * CRITICAL_CSS_BUDGET (the home page's hero is about 1.7 KB of HTML; a project page's gallery, with its strip photos
 * inside <noscript>, ends about 7.3 KB in and its title and price, on a phone's first screen below it, about 9.1 KB:
 * cut at 8 KB, they were drawn with the browser's default heading size until the rest of the CSS arrived, a layout
 * shift of 0.007–0.013, docs/decisions/049-secondary-images-after-the-first-photo.md). Each fold tried costs one
 * selection, 12–28 ms on this machine, once per markup skeleton (the demo project page now takes three tries where it
 * took one).
 */
export const FOLD_BYTES = [12000, 10000, 9000, 8000, 6000, 4000, 2500] as const;
/** Inlined CSS aimed at, in bytes before compression: the 14 KB of docs/performance/web.md less a margin. */
export const CRITICAL_CSS_BUDGET = 13.5 * 1024;
/**
 * What the page's inline scripts set on <html> before the first paint, so rules that need it are matched as if the
 * server had rendered it: the entrance animation's `data-entrance="play"` on a first visit (public/lib/entrance.ts;
 * its overlay must cover the page from the first frame).
 */
const FIRST_PAINT_HTML_ATTRIBUTES = ' data-entrance="play"';
/** Selectors or media that only matter once the visitor points, focuses or presses. */
const INTERACTION_ONLY_SELECTOR = /:(hover|focus|focus-visible|focus-within|active)\b/;

/** The compiled stylesheet and what a page's selection needs of it (compileEntry), per hashed URL (one per build). */
const compiled = new Map<string, CompiledEntry>();

/**
 * The stylesheet's @font-face rules whose sources are all local() (the metric-matched fallback of app.css): the first
 * paint draws with them, and beasties' runtime leaves them out when the family is only named through a variable.
 */
function localFontFaces(css: string): string {
  const faces: string[] = [];
  postcss.parse(css).walkAtRules("font-face", (rule) => {
    if (!rule.toString().includes("url(")) faces.push(rule.toString());
  });
  return faces.join("");
}

/** The stylesheet without interaction-only rules (see the module comment), as PostCSS text. */
function withoutInteractionRules(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules((rule) => {
    if (rule.name === "media" && /\(hover:\s*hover\)/.test(rule.params)) rule.remove();
    // Tailwind's exact `color-mix()` forms of translucent colors: the sRGB fallback declared just before each draws
    // the same color to the eye, and the whole stylesheet brings the exact form right after load.
    if (rule.name === "supports" && rule.params.includes("color-mix")) rule.remove();
  });
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !INTERACTION_ONLY_SELECTOR.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  return root.toString();
}

/** `css` without the custom properties (theme variables, @property, fallback block) that no other rule reads. */
function pruneUnusedProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  const definitions: Declaration[] = [];
  const used = new Set<string>();
  const readsOf = (text: string) => [...text.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1] as string);
  for (const name of readsOf(html)) used.add(name);
  root.walkDecls((decl) => {
    const parent = decl.parent;
    if (decl.prop.startsWith("--") && parent?.type === "rule" && isDefinitionBlock((parent as postcss.Rule).selector)) {
      definitions.push(decl);
      return;
    }
    for (const name of readsOf(decl.value)) used.add(name);
    // A utility that sets a Tailwind variable (`--tw-shadow: …`) relies on its registration too.
    if (decl.prop.startsWith("--")) used.add(decl.prop);
  });
  // Theme variables read other theme variables: follow them until nothing new is read.
  let grew = true;
  while (grew) {
    grew = false;
    for (const decl of definitions) {
      if (!used.has(decl.prop)) continue;
      for (const name of readsOf(decl.value)) {
        if (!used.has(name)) {
          used.add(name);
          grew = true;
        }
      }
    }
  }
  for (const decl of definitions) if (!used.has(decl.prop)) decl.remove();
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  // beasties 0.5.4's runtime joins some rules with a stray ";" (`}.a{…};@property …`), which a browser reads as the
  // start of the next rule's selector and so drops that rule: the parse keeps it as a raw (after a rule, or in the
  // whitespace before the next node), cleared here.
  root.walk((node) => {
    delete node.raws.ownSemicolon;
    if (node.raws.before) node.raws.before = node.raws.before.replaceAll(";", "");
    if ("nodes" in node && node.raws.after) node.raws.after = node.raws.after.replaceAll(";", "");
  });
  if (root.raws.after) root.raws.after = root.raws.after.replaceAll(";", "");
  // Blocks left empty (a `:root` without variables, then its @layer or @supports) go too.
  removeEmptyBlocks(root);
  return root.toString();
}

/** Pruned selections by their input (the selected rules and the variables the page's HTML reads): pages of one shape. */
const pruned = new Map<string, string>();
const MAX_PRUNED = 100;

/** pruneUnusedProperties, memoized: one PostCSS parse per page shape rather than per render. */
function prunedOnce(selected: string, firstScreen: string): string {
  const htmlReads = [...new Set(firstScreen.match(/var\(--[\w-]+/g) ?? [])].sort().join();
  const key = createHash("sha256").update(selected).update("\0").update(htmlReads).digest("base64url");
  let result = pruned.get(key);
  if (result === undefined) {
    result = pruneUnusedProperties(selected, firstScreen);
    if (pruned.size >= MAX_PRUNED) pruned.delete(pruned.keys().next().value as string);
    pruned.set(key, result);
  }
  return result;
}

/** The compiled stylesheet and what a page's selection needs of it, per hashed URL (one per build). */
interface CompiledEntry {
  sheet: CompiledSheet;
  programs: ReturnType<typeof collectPrograms>;
  /** The whole stylesheet, interaction rules included, for the rest of an islands page (pageCss). */
  wholeSheet: CompiledSheet;
  wholePrograms: ReturnType<typeof collectPrograms>;
  localFaces: string;
  /** Blanks the values of the content attributes no selector names (markupSkeleton). */
  blankAttributes: RegExp;
  /** Whether a web font face has a unicode-range (then the skeleton keeps the text). */
  rangedWebFonts: boolean;
}

/** `css` compiled for the selection (see the module comment), with the rules for its markup skeletons. */
function compileEntry(css: string, href: string): CompiledEntry {
  const sheet = compileSheet(withoutInteractionRules(css), { href });
  const wholeSheet = compileSheet(css, { href });
  const selected = new Set([...css.matchAll(/\[\s*([a-zA-Z_][\w-]*)/g)].map((m) => (m[1] as string).toLowerCase()));
  const blanked = CONTENT_ATTRIBUTES.filter((name) => !selected.has(name));
  let rangedWebFonts = false;
  postcss.parse(css).walkAtRules("font-face", (rule) => {
    const text = rule.toString();
    if (text.includes("url(") && text.includes("unicode-range")) rangedWebFonts = true;
  });
  return {
    sheet,
    programs: collectPrograms([sheet]),
    wholeSheet,
    wholePrograms: collectPrograms([wholeSheet]),
    localFaces: localFontFaces(css),
    // Only double-quoted values, as React writes them: `\s` before the name keeps it from matching inside a name.
    blankAttributes: new RegExp(`(\\s(?:${blanked.join("|")}))="[^"]*"`, "g"),
    rangedWebFonts,
  };
}

/**
 * Selections by stylesheet, fold and markup skeleton hash: a page rendered again (the page cache's copy expired or
 * emptied by a write) or another page of the same markup reuses its selection; a page whose first screen's markup
 * changed in any way that can change a match (a class, an id, an attribute, the structure) has another skeleton and
 * gets its own selection. At most 500 kept, least recently used dropped first.
 */
const selections = new LRUCache<string, string>({ max: 500 });

/** The compiled entry of the stylesheet at `href` (compiled from `css` at the first page that names it). */
function entryFor(href: string, css: string): CompiledEntry {
  let entry = compiled.get(href);
  if (!entry) {
    entry = compileEntry(css, href);
    compiled.set(href, entry);
  }
  return entry;
}

/**
 * The rules of `css` (the stylesheet at `href`) that the first screen of `html` uses (see the module comment).
 * `restReads`: `var(--…)` reads of the rest of the page (pageCss), whose custom properties and registrations are then
 * kept here too, and the @property fallback block left to the rest ("" for a page whose rest comes with the whole
 * stylesheet).
 */
function criticalCss(html: string, href: string, css: string, restReads = ""): string {
  const entry = entryFor(href, css);
  let critical = "";
  // A <template> is never on a screen (the contact form's failure block for the islands): left out, it neither
  // takes the place of the first screen's markup within the fold nor adds the rules of a block nobody sees yet.
  const shown = html.replace(TEMPLATE_ELEMENT, "");
  for (const foldBytes of FOLD_BYTES) {
    const firstScreen = firstScreenHtml(shown, foldBytes).replace(/<html\b/, `<html${FIRST_PAINT_HTML_ATTRIBUTES}`);
    const skeleton = markupSkeleton(firstScreen, entry.blankAttributes, entry.rangedWebFonts);
    const key = createHash("sha256")
      .update(href)
      .update("\0")
      .update(skeleton)
      .update("\0")
      .update(restReads)
      .digest("base64url");
    let selection = selections.get(key);
    if (selection === undefined) {
      const tokens = scanHtml(skeleton, entry.programs);
      const selected = renderCriticalCss(entry.sheet, tokens, {
        keyframes: "critical",
        inlineFonts: true,
        preloadFonts: false,
      }).css;
      selection = prunedOnce(selected, skeleton + restReads);
      // An islands page's rest brings the fallback block (pageCss).
      if (restReads) selection = withoutPropertyFallback(selection);
      selections.set(key, selection);
    }
    critical = entry.localFaces + selection;
    if (Buffer.byteLength(critical) <= CRITICAL_CSS_BUDGET) break;
  }
  return critical;
}

/** A `<template>`'s or `<noscript>`'s own tags: their content is markup the islands put on the page (pageCss). */
const TEMPLATE_OR_NOSCRIPT_TAG = /<\/?(?:template|noscript)\b[^>]*>/gi;

/** Page CSS (critical and rest) by the page's markup skeleton, per stylesheet; see pageCss. */
const pageCssCache = new LRUCache<string, { critical: string; rest: string }>({ max: 500 });

/**
 * The CSS of an islands page (docs/decisions/047-page-css-and-font-on-later-views.md), in two parts that together
 * hold every rule its markup can use, so the whole stylesheet is never applied to the page after its first paint
 * (applying it restyled and laid out the whole page again, the largest main-thread task left after load, and moved
 * what was on screen: CLS 0.04 on /):
 * - `critical`: the first screen's rules, as criticalCss selects them, plus every custom property and `@property`
 *   registration the rest reads, so the rest defines none (a sheet that adds variables to `:root` restyles every
 *   element); but without Tailwind's @property fallback block (isPropertyFallback), which goes to the rest;
 * - `rest`: the rules the whole page uses that `critical` lacks, `:hover`/`:focus` rules included, matched against
 *   the page with the content of its `<template>` and `<noscript>` elements as markup (the contact form's failure
 *   block, the gallery's lightbox, the carousel's deferred photos: what the islands put on screen).
 * Rules are compared as text within their at-rule context. Computed once per markup skeleton (see criticalCss).
 */
function pageCss(html: string, href: string, css: string): { critical: string; rest: string } {
  const entry = entryFor(href, css);
  const skeleton = markupSkeleton(html, entry.blankAttributes, entry.rangedWebFonts);
  const key = createHash("sha256").update(href).update("\0").update(skeleton).digest("base64url");
  const cached = pageCssCache.get(key);
  if (cached) return cached;
  // Matched without the <template> and <noscript> tags themselves: their content counts as the page's markup.
  const whole = skeleton.replace(TEMPLATE_OR_NOSCRIPT_TAG, "");
  const selected = renderCriticalCss(entry.wholeSheet, scanHtml(whole, entry.wholePrograms), {
    keyframes: "critical",
    inlineFonts: true,
    preloadFonts: false,
  }).css;
  const wholeCss = pruneUnusedProperties(selected, whole);
  const restReads = [...new Set(wholeCss.match(/--[\w-]+/g) ?? [])]
    .sort()
    .map((name) => `var(${name})`)
    .join("");
  const critical = criticalCss(html, href, css, restReads);
  const result = { critical, rest: withoutRulesOf(wholeCss, critical) };
  pageCssCache.set(key, result);
  return result;
}

/**
 * A public page's HTML with its inline stylesheet reduced to the rules it uses. A public page is never hydrated
 * (docs/decisions/046-public-pages-as-islands.md): it carries all of its CSS (pageCss): the first screen's in the
 * head element, the rest in `<style id="page-css">` right after `</main>`; the whole stylesheet is only named by the
 * head element's `data-href`, for an island that puts markup of its own on the page
 * (src/web/public/islands/stylesheet.ts).
 */
export function inlineCriticalCss(html: string): string {
  const match = APP_CSS.exec(html);
  if (!match) return html;
  const href = match[1] ?? "";
  // The page without its stylesheet's text: what the rules are matched against.
  const page = html.replace(APP_CSS, "");
  const { critical, rest } = pageCss(page, href, match[2] ?? "");
  const withCritical = html.replace(APP_CSS, () => `<style id="app-css" data-href="${href}">${critical}</style>`);
  const restTag = `<style id="page-css">${rest}</style>`;
  const mainEnd = withCritical.lastIndexOf("</main>");
  if (mainEnd >= 0) return `${withCritical.slice(0, mainEnd + 7)}${restTag}${withCritical.slice(mainEnd + 7)}`;
  return withCritical.replace(/<\/body>/, () => `${restTag}</body>`);
}

/** An admin page's HTML with the whole stylesheet as a render-blocking link instead of inline (module comment). */
export function linkWholeStylesheet(html: string): string {
  const match = APP_CSS.exec(html);
  if (!match) return html;
  const href = match[1] ?? "";
  return html.replace(
    APP_CSS,
    () => `<link rel="stylesheet" href="${href}"/><style id="app-css" data-href="${href}"></style>`,
  );
}

/** The inlined CSS of a page's HTML in bytes (UTF-8), for tests and benches: 0 without the element. */
export function inlinedCssBytes(html: string): number {
  const match = /<style id="app-css"[^>]*>([\s\S]*?)<\/style>/.exec(html);
  return match ? Buffer.byteLength(match[1] ?? "") : 0;
}

export { firstScreenHtml, markupSkeleton } from "./critical-css-markup.ts";

/**
 * Critical CSS of a rendered page (docs/decisions/041-critical-css.md, docs/performance/web.md, issue target of
 * docs/product.md §10.3: the CSS inlined in a page stays under 14 KB before compression; the rest is a hashed,
 * immutable stylesheet that does not block the first paint).
 *
 * root.tsx renders the whole stylesheet inline as `<style id="app-css" data-href="/assets/app-HASH.css">…</style>`
 * (the same text as the hashed file). On the server the page's HTML is then rewritten:
 * - a public page keeps in that element only the rules its HTML uses (selected by `beasties`, the maintained fork of
 *   critters, which matches every rule's selectors against the document: rules in media queries, @font-face,
 *   @property and @layer blocks included, keyframes kept when a kept rule names them), and a nonce'd script right
 *   after it adds the whole stylesheet as a `<link rel="stylesheet">` after the window's load event, or at the first
 *   touch, click or key, like the hydration (deferred-hydration.ts), so states that the first paint does not show
 *   (an open lightbox, a form's error, another route after a client-side navigation) are styled before React runs;
 *   a `<noscript>` link styles them without JavaScript. The CSP has no 'unsafe-inline': an `onload` attribute would
 *   not run, so the script carries the response's nonce (docs/decisions/019-script-nonce.md).
 * - an admin page (`/admin…`) gets an empty inline element and a plain render-blocking `<link rel="stylesheet">` to
 *   the hashed file: the back office is used from the office's connection, and caching the file beats re-sending it.
 * The element stays in the document with its id: the browser bundle reads the element's text for hydration
 * (root.tsx), so the server and the client agree on its content whatever this rewrite left there; the added link,
 * script and noscript are tags React 19 skips over when it hydrates the head.
 *
 * What is critical: the first screen. The rules are matched against the page without its footer and with only the
 * first FOLD_BYTES of its <main> (the header, the hero or title, the fixed WhatsApp button and toasts: what a 412 ×
 * 823 phone or a 1280 × 800 desktop shows before scrolling); the rest of the page is styled by the whole stylesheet,
 * which arrives right after load, before the visitor scrolls on a typical connection and without moving what is on
 * screen (CLS counts only visible shifts). Rules that only apply on hover or focus (`:hover`, `:focus…`, `:active`,
 * `@media (hover: hover)`) are left out: the stylesheet is requested at the first touch, click or key anyway. Custom
 * properties that no kept rule reads (Tailwind's `@property` registrations, its `:root` theme variables and its
 * fallback `*` block for browsers without `@property`) are pruned from what is inlined.
 *
 * Matching uses beasties' compiler/runtime split (the maintained fork of critters): the stylesheet is compiled once
 * per hashed URL (at the first page that names it) into a plan of rules and selector programs; each page is then one
 * pass over its HTML collecting tags, classes, ids and attributes (no DOM, combinators matched on the open-element
 * stack); the pruning is one PostCSS parse of the selected rules (a few KB). The local() fallback @font-face rules are
 * kept (inlineFonts: the metric-matched fallback is what the first paint draws), nothing is preloaded.
 */
import { type CompiledSheet, compileSheet } from "beasties/compiler";
import { collectPrograms, renderCriticalCss, scanHtml } from "beasties/runtime";
import postcss, { type Declaration } from "postcss";

const APP_CSS = /<style id="app-css" data-href="([^"]+)">([\s\S]*?)<\/style>/;
/** HTML bytes of <main> counted as the first screen (the home page's hero is about 1.7 KB of HTML). */
export const FOLD_BYTES = 4000;
/** Selectors or media that only matter once the visitor points, focuses or presses. */
const INTERACTION_ONLY_SELECTOR = /:(hover|focus|focus-visible|focus-within|active)\b/;

/** The compiled stylesheet and its selector programs, per hashed URL (one per build). */
const compiled = new Map<string, { sheet: CompiledSheet; programs: ReturnType<typeof collectPrograms> }>();

/** The stylesheet without interaction-only rules (see the module comment), as PostCSS text. */
function withoutInteractionRules(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules("media", (rule) => {
    if (/\(hover:\s*hover\)/.test(rule.params)) rule.remove();
  });
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !INTERACTION_ONLY_SELECTOR.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  return root.toString();
}

/** The document as far as the first screen goes: <main> cut after FOLD_BYTES (at a tag), no <footer>. */
export function firstScreenHtml(html: string): string {
  let result = html.replace(/<footer[\s>][\s\S]*?<\/footer>/, "");
  const mainStart = result.search(/<main[\s>]/);
  const mainEnd = result.indexOf("</main>");
  if (mainStart >= 0 && mainEnd > mainStart) {
    const cut = result.indexOf("<", Math.min(mainEnd, mainStart + FOLD_BYTES));
    if (cut > 0 && cut < mainEnd) result = result.slice(0, cut) + result.slice(mainEnd);
  }
  return result;
}

/** `css` without the custom properties (theme variables, @property, fallback block) that no other rule reads. */
function pruneUnusedProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  const definitions: Declaration[] = [];
  const isDefinitionBlock = (selector: string) => /^(:root|:host|\*|:before|:after|::?backdrop|,|\s)+$/.test(selector);
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
  // Blocks left empty (a `:root` without variables, then its @layer or @supports) go too.
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes !== undefined && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

/** The rules of `css` (the stylesheet at `href`) that the first screen of `html` uses (see the module comment). */
function criticalCss(html: string, href: string, css: string): string {
  let entry = compiled.get(href);
  if (!entry) {
    const sheet = compileSheet(withoutInteractionRules(css), { href });
    entry = { sheet, programs: collectPrograms([sheet]) };
    compiled.set(href, entry);
  }
  const firstScreen = firstScreenHtml(html);
  const tokens = scanHtml(firstScreen, entry.programs);
  const selected = renderCriticalCss(entry.sheet, tokens, {
    keyframes: "critical",
    inlineFonts: true,
    preloadFonts: false,
  }).css;
  return pruneUnusedProperties(selected, firstScreen);
}

/** The script that adds the whole stylesheet after load or at the first interaction (see the module comment). */
function stylesheetLoader(href: string): string {
  return (
    `(()=>{let done=false;const add=()=>{if(done)return;done=true;const l=document.createElement("link");` +
    `l.rel="stylesheet";l.href=${JSON.stringify(href)};document.head.append(l);};` +
    `if(document.readyState==="complete")add();else{addEventListener("load",add,{once:true});` +
    `for(const t of ["pointerdown","keydown","focusin"])addEventListener(t,add,{once:true,capture:true,passive:true});}})();`
  );
}

/**
 * A public page's HTML with its inline stylesheet reduced to the rules it uses, followed by the nonce'd loader of the
 * whole stylesheet (see the module comment). `nonce` is the response's CSP nonce ("" in development: no attribute).
 */
export function inlineCriticalCss(html: string, nonce: string): string {
  const match = APP_CSS.exec(html);
  if (!match) return html;
  const href = match[1] ?? "";
  // The page without its stylesheet's text: what the rules are matched against.
  const critical = criticalCss(html.replace(APP_CSS, ""), href, match[2] ?? "");
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const tags =
    `<style id="app-css" data-href="${href}">${critical}</style>` +
    `<script${nonceAttribute}>${stylesheetLoader(href)}</script>` +
    `<noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  return html.replace(APP_CSS, () => tags);
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

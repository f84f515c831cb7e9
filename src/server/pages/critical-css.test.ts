import * as runtime from "beasties/runtime";
import { describe, expect, it, vi } from "vitest";
import {
  firstScreenHtml,
  inlineCriticalCss,
  inlinedCssBytes,
  linkWholeStylesheet,
  markupSkeleton,
} from "./critical-css.ts";

// beasties' selection, counted: a reused selection does not run it again.
vi.mock("beasties/runtime", async (original) => {
  const actual = await original<typeof import("beasties/runtime")>();
  return { ...actual, renderCriticalCss: vi.fn(actual.renderCriticalCss) };
});

const HREF = "/assets/app-TEST.css";
const CSS = [
  '@font-face{font-family:"Fallback";src:local("Noto Sans Arabic");size-adjust:92.5%}',
  '@font-face{font-family:"Web";src:url(/fonts/web.woff2) format("woff2")}',
  "@layer theme{:root{--color-used:#123;--color-unused:#456;--font:var(--family);--family:serif}}",
  "@layer utilities{.used{color:var(--color-used);font-family:var(--font)}.ring{--tw-ring-shadow:0 0 0 2px;box-shadow:var(--tw-ring-shadow)}",
  ".unused{color:red}.used:hover{color:blue}.floating{position:fixed}.below{margin:3rem}}",
  "@media (hover:hover){.used{color:green}}",
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-unused{syntax:"*";inherits:false}',
].join("");

function page(main: string, css = CSS) {
  return (
    `<!DOCTYPE html><html><head><style id="app-css" data-href="${HREF}">${css}</style></head>` +
    `<body><header class="used ring">x</header><main id="main">${main}</main><footer class="foot">f</footer></body></html>`
  );
}

describe("inlineCriticalCss", () => {
  it("keeps the rules the page uses, the local fallback faces and the custom properties they read", () => {
    const html = inlineCriticalCss(page("<p class='used'>نص</p>"));
    const css = /<style id="app-css" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(css).toContain(".used{");
    expect(css).toContain("Noto Sans Arabic");
    expect(css).toContain("--color-used:#123");
    expect(css).toContain("--family:serif");
    expect(css).toContain("@property --tw-ring-shadow");
    expect(css).not.toContain(".unused");
    expect(css).not.toContain(":hover");
    expect(css).not.toContain("hover:hover");
    expect(css).not.toContain("web.woff2");
    expect(css).not.toContain("--color-unused");
    expect(css).not.toContain("--tw-unused");
    expect(css).not.toMatch(/\};/);
    expect(inlinedCssBytes(html)).toBe(Buffer.byteLength(css));
  });

  it("keeps the rules of what inline scripts set before the first paint (the entrance overlay)", () => {
    const css = `${CSS}.entrance{display:none}html[data-entrance="play"] .entrance{display:block}.other[data-x]{color:red}`;
    // Another stylesheet, so another hashed URL (the compiled sheet is kept per URL).
    const html = inlineCriticalCss(
      page('<div class="entrance">باب</div>', css).replace(HREF, "/assets/app-ENTRANCE.css"),
    );
    const inlined = /<style id="app-css" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlined).toMatch(/html\[data-entrance=("?)play\1\] \.entrance\{display:block\}/);
    expect(inlined).not.toContain(".other");
  });

  it("styles from the head a first screen that runs past 8 KB of <main> (a phone's title below a gallery)", () => {
    const css = `${CSS}.title-below-gallery{font-size:1.875rem}`;
    // 8.5 KB of gallery markup before the title, as on a project page whose strip photos are inside <noscript>.
    const gallery = `<ul>${`<li><noscript><img src="/media/images/x.webp" alt=""/></noscript></li>`.repeat(125)}</ul>`;
    expect(Buffer.byteLength(gallery)).toBeGreaterThan(8500);
    const html = inlineCriticalCss(
      page(`${gallery}<h1 class="title-below-gallery">مشروع</h1>`, css).replace(HREF, "/assets/app-FOLD.css"),
    );
    const inlined = /<style id="app-css" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlined).toContain(".title-below-gallery{");
  });

  it("leaves a <template>'s content out: it neither takes the fold's bytes nor adds its rules", () => {
    const css = `${CSS}.in-template{color:red}`;
    // A template that alone outweighs every fold, before the first screen's last element.
    const template = `<template data-failure><p class="in-template">${"خطأ ".repeat(3000)}</p></template>`;
    const html = inlineCriticalCss(
      page(`<form>${template}<p class="below">بعد</p></form>`, css).replace(HREF, "/assets/app-TEMPLATE.css"),
    );
    const inlined = /<style id="app-css" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlined).toContain(".below{");
    expect(inlined).not.toContain(".in-template");
    expect(html).toContain(template);
  });

  it("an islands page carries the rest of its CSS after </main>, and no loader of the whole stylesheet", () => {
    const css = `${CSS}@layer utilities{.in-template{color:teal}.deferred{padding:1rem}.themed{color:var(--color-late)}.foot{--tw-later:1;border-color:var(--tw-later)}}@layer theme{:root{--color-late:#789}}@property --tw-later{syntax:"*";inherits:false}`;
    const long = `<p class="used">نص</p>${'<p class="filler">فقرة طويلة</p>'.repeat(800)}`;
    const main =
      `${long}<section class="below themed">أسفل</section>` +
      '<template data-failure><p class="in-template">خطأ</p></template>' +
      '<noscript><img class="deferred" src="/a.webp" alt=""></noscript>';
    const html = inlineCriticalCss(page(main, css).replace(HREF, "/assets/app-ISLANDS.css"));
    const critical =
      /<style id="app-css" data-href="\/assets\/app-ISLANDS.css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const rest = /<\/main><style id="page-css">([\s\S]*?)<\/style><footer/.exec(html)?.[1] ?? "";
    // The first screen's rules in the head; what only the rest of the page uses after </main>, hover rules included,
    // and the content of <template> and <noscript> (what the islands put on screen) counted as markup.
    expect(critical).toContain(".used{");
    expect(critical).not.toContain(".below{");
    expect(rest).toContain(".below{margin:3rem}");
    expect(rest).toContain(".foot{");
    expect(rest).toContain(".used:hover{color:blue}");
    expect(rest).toContain(".in-template{color:teal}");
    expect(rest).toContain(".deferred{padding:1rem}");
    // Nothing twice: the head's rules are not repeated after </main>.
    expect(rest).not.toContain(".used{color:var(--color-used)");
    // The rest defines no custom property and registers none (that would restyle every element): the head holds
    // those the rest reads, next to the first screen's own.
    expect(rest).not.toMatch(/:root|@property|--color-late:/);
    expect(critical).toContain("--color-late:#789");
    expect(critical).toContain("@property --tw-later");
    expect(critical).not.toContain("--color-unused");
    // No script adds the whole stylesheet, and no noscript link: the page has all of its CSS.
    expect(html).not.toContain("<script");
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(inlinedCssBytes(html)).toBe(Buffer.byteLength(critical));
  });

  it("leaves a page without the inline stylesheet unchanged", () => {
    const html = "<html><head></head><body>x</body></html>";
    expect(inlineCriticalCss(html)).toBe(html);
    expect(linkWholeStylesheet(html)).toBe(html);
  });
});

describe("inlineCriticalCss reusing a selection (per markup skeleton)", () => {
  const css = `${CSS}.new-badge{color:teal}img[alt="شعار"]{width:4rem}.photo[src$=".svg"]{padding:0}`;
  // A stylesheet of its own (its own hashed URL), so earlier tests' selections do not count here.
  const pageOf = (main: string) => page(main, css).replace(HREF, "/assets/app-REUSE.css");
  const inlined = (html: string) =>
    /<style id="app-css" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(inlineCriticalCss(html))?.[1] ?? "";
  const selections = () => vi.mocked(runtime.renderCriticalCss).mock.calls.length;

  it("reuses the selection when only the text or a link changed, and selects again for a new class", () => {
    const first = inlined(
      pageOf(
        '<h1 class="used">الواحة</h1><a class="used" href="/project/1" title="الواحة">عرض</a><script nonce="n1">1</script>',
      ),
    );
    const before = selections();
    // Rendered again with other content (title, link) and another response's nonce: the same markup, the same rules,
    // no new selection.
    const edited = inlined(
      pageOf(
        '<h1 class="used">النخيل</h1><a class="used" href="/project/2" title="النخيل">عرض</a><script nonce="n2">2</script>',
      ),
    );
    expect(edited).toBe(first);
    expect(selections()).toBe(before);
    expect(first).not.toContain(".new-badge");
    // The content now shows a badge with a class the stored selection lacks: its rule is selected and inlined.
    const badged = inlined(
      pageOf(
        '<h1 class="used">مشروع النخيل <span class="new-badge">جديد</span></h1><a class="used" href="/project/2" title="النخيل">عرض</a>',
      ),
    );
    expect(badged).toContain(".new-badge{color:teal}");
    expect(selections()).toBeGreaterThan(before);
  });

  it("keeps the value of a content attribute that a selector names", () => {
    expect(inlined(pageOf('<img alt="شعار" src="/logo.webp">'))).toContain("width:4rem");
    expect(inlined(pageOf('<img alt="صورة" src="/logo.webp">'))).not.toContain("width:4rem");
    expect(inlined(pageOf('<img class="photo" src="/a.svg" alt="">'))).toContain("padding:0");
    expect(inlined(pageOf('<img class="photo" src="/a.webp" alt="">'))).not.toContain("padding:0");
  });
});

describe("markupSkeleton", () => {
  it("keeps tags, attributes and structure; reduces text; drops script bodies; blanks the given attributes", () => {
    const blank = /(\s(?:src|alt))="[^"]*"/g;
    const html =
      '<div class="a b" data-note="x > y"><p>نص طويل</p> <span></span><img src="/m/1.webp" alt="وصف" width="4">' +
      '<script nonce="n">if (a < b) go("<p>")</script></div>';
    expect(markupSkeleton(html, blank)).toBe(
      '<div class="a b" data-note="x > y"><p>x</p> <span></span><img src="" alt="" width="4"><script nonce="n"></script></div>',
    );
    expect(markupSkeleton("<p>نص</p>", blank, true)).toBe("<p>نص</p>");
  });
});

describe("firstScreenHtml", () => {
  it("keeps a short page whole, footer included", () => {
    const html = page("<p class='used'>x</p>");
    expect(firstScreenHtml(html, 4000)).toBe(html);
  });

  it("cuts a long page's main after the fold, drops its footer, keeps fixed elements past the fold", () => {
    const filler = "<p>".concat("ن".repeat(3000), "</p>");
    const html = page(`<p class='used'>x</p>${filler}<div class="below">b</div><nav class="fixed floating">n</nav>`);
    const first = firstScreenHtml(html, 1000);
    expect(first).toContain("class='used'");
    expect(first).not.toContain('class="below"');
    expect(first).toContain('<nav class="fixed floating">n</nav>');
    expect(first).not.toContain("<footer");
  });
  it("never cuts inside a <textarea>: what follows it is still markup to match", () => {
    const field = `<textarea class="used">${"ن".repeat(200)}</textarea>`;
    const html = page(`<p>${"x".repeat(2400)}</p>${field}<p class="below">x</p><p>${"y".repeat(9000)}</p>`);
    const first = firstScreenHtml(html, 2500);
    expect(first).toContain(field);
    expect(first).not.toContain("y".repeat(100));
  });

  it("keeps each page's own fixed elements when pages follow one another (the parse of the cut part is reused)", () => {
    const filler = "<p>".concat("ن".repeat(3000), "</p>");
    const withMenu = (menu: string) => page(`<p class='used'>x</p>${filler}<nav class="fixed">${menu}</nav>`);
    expect(firstScreenHtml(withMenu("أ"), 1000)).toContain('<nav class="fixed">أ</nav>');
    expect(firstScreenHtml(withMenu("أ"), 2000)).toContain('<nav class="fixed">أ</nav>');
    const other = firstScreenHtml(withMenu("ب"), 1000);
    expect(other).toContain('<nav class="fixed">ب</nav>');
    expect(other).not.toContain("أ</nav>");
    expect(firstScreenHtml(page(`<p>x</p>${filler}`), 1000)).not.toContain("<nav");
  });
});

describe("linkWholeStylesheet", () => {
  it("links the hashed file and empties the inline element (admin pages)", () => {
    const html = linkWholeStylesheet(page("<p>x</p>"));
    expect(html).toContain(`<link rel="stylesheet" href="${HREF}"/><style id="app-css" data-href="${HREF}"></style>`);
    expect(inlinedCssBytes(html)).toBe(0);
  });
});

/**
 * The deposit receipt as a PDF (docs/payments.md "Receipt"; docs/decisions/125-receipt-pdf-and-mail.md): one A4 page,
 * Arabic, right to left, in IBM Plex Sans Arabic (the web's font, @fontsource/ibm-plex-sans-arabic: its Arabic and
 * Latin WOFF files; fontkit cannot subset their WOFF2 twins). @cantoo/pdf-lib writes the PDF, fontkit shapes the Arabic (joining forms, ligatures) and bidi-js
 * (the Unicode Bidirectional Algorithm) orders each line's runs: Arabic right to left, numbers and Latin references
 * left to right inside it. Text stays text (a ToUnicode map per font), so the receipt can be searched and copied.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PDFDocument, type PDFFont, rgb } from "@cantoo/pdf-lib";
import type { Bidi } from "bidi-js";
import * as fontkit from "fontkit";

/** One line of the receipt: an Arabic label and its value (either may mix Arabic, digits and Latin). */
export interface ReceiptLine {
  label: string;
  value: string;
}

/** What the receipt shows, already formatted (amounts in SAR, dates in Asia/Riyadh; see ./receipt.ts). */
export interface ReceiptContent {
  title: string;
  /** Company name, then its commercial registration and licence lines. */
  header: string[];
  lines: ReceiptLine[];
  footer: string;
}

const require = createRequire(import.meta.url);
// bidi-js is CommonJS whose module.exports is the factory, but its types declare an ES default export, which
// TypeScript's NodeNext resolution reads as `{ default }`: required, its shape is the one the package documents.
const bidiFactory: () => Bidi = require("bidi-js");
const bidi = bidiFactory();
const FONT_DIR = join(dirname(require.resolve("@fontsource/ibm-plex-sans-arabic")), "files");
const fontFile = (subset: "arabic" | "latin", weight: 400 | 700) =>
  readFileSync(join(FONT_DIR, `ibm-plex-sans-arabic-${subset}-${weight}-normal.woff`));

/** Bidi controls (LRM, RLM, ALM, embeddings, isolates): they order text, they are not drawn. */
const BIDI_CONTROL = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
/**
 * No-break spaces (Intl puts one between an amount and «ر.س.»): drawn as a space, as a line is never broken here;
 * fontkit 2.0.4 cannot read that glyph from the WOFF files (it throws).
 */
const NO_BREAK_SPACE = /[\u00a0\u202f]/g;
/** Characters the Arabic file of the font holds (its unicode-range); everything else is drawn from the Latin file. */
const ARABIC_FILE = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

interface Run {
  text: string;
  level: number;
  arabic: boolean;
}

/**
 * The runs of `text` in visual order (left to right) for a right-to-left paragraph: the Unicode Bidirectional
 * Algorithm's levels (bidi-js), split where the level or the font file changes, reordered by rule L2. Each run's text
 * is given as the font's layout must receive it: fontkit lays a run out right to left when it holds Arabic script, so
 * a run is reversed beforehand whenever that direction and the run's level disagree.
 */
export function visualRuns(input: string): Run[] {
  const text = input.replace(NO_BREAK_SPACE, " ");
  const { levels } = bidi.getEmbeddingLevels(text, "rtl");
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (BIDI_CONTROL.test(ch)) continue;
    const level = levels[i];
    const last = runs.at(-1);
    const arabic = ch === " " && last !== undefined && last.level === level ? last.arabic : ARABIC_FILE.test(ch);
    if (last && last.level === level && last.arabic === arabic) last.text += ch;
    else runs.push({ text: ch, level, arabic });
  }
  const maxLevel = Math.max(0, ...runs.map((r) => r.level));
  for (let level = maxLevel; level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start].level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1].level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) => {
    const laidOutRtl = run.arabic && /[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff]/.test(run.text);
    const rtl = run.level % 2 === 1;
    return laidOutRtl === rtl ? run : { ...run, text: Array.from(run.text).reverse().join("") };
  });
}

interface Fonts {
  arabic: PDFFont;
  latin: PDFFont;
}

/** One piece of text as drawn: its right-to-left line's left and right edges and baseline (points from bottom left). */
export interface DrawnText {
  text: string;
  left: number;
  right: number;
  y: number;
}

type Page = ReturnType<PDFDocument["addPage"]>;

/** The width of `text` at `size` in points, laid out as drawn (each run in its font file). */
function widthOf(fonts: Fonts, text: string, size: number): number {
  return visualRuns(text).reduce(
    (sum, run) => sum + (run.arabic ? fonts.arabic : fonts.latin).widthOfTextAtSize(run.text, size),
    0,
  );
}

/**
 * `text` cut into lines no wider than `maxWidth` points at `size`: at spaces (never at the no-break space between an
 * amount and «ر.س.»), and a word wider than a line (a long e-mail address) at characters. Output: at least one line.
 */
function wrapText(fonts: Fonts, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(fonts, candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const ch of Array.from(word)) {
      if (line && widthOf(fonts, line + ch, size) > maxWidth) {
        lines.push(line);
        line = ch;
      } else line += ch;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/**
 * Draws `text` ending at `right` (points from the page's left edge), right to left, and records it in `drawn`.
 * Output: its width in points.
 */
function drawRtl(
  page: Page,
  drawn: DrawnText[],
  fonts: Fonts,
  text: string,
  at: { right: number; y: number; size: number; grey?: boolean },
): number {
  const runs = visualRuns(text).map((run) => {
    const font = run.arabic ? fonts.arabic : fonts.latin;
    return { run, font, width: font.widthOfTextAtSize(run.text, at.size) };
  });
  const total = runs.reduce((sum, r) => sum + r.width, 0);
  let x = at.right - total;
  drawn.push({ text, left: x, right: at.right, y: at.y });
  const color = at.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
  for (const { run, font, width } of runs) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font, color });
    x += width;
  }
  return total;
}

/** A4 in points, and the margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** The page's printable area, for tests of the layout: [left, right] in points from the left edge, bottom margin. */
export const RECEIPT_PAGE = { left: PAGE.margin, right: PAGE.width - PAGE.margin, bottom: PAGE.margin };

/** Draws `content` on one A4 page of a new document. Output: the document and every text drawn. */
async function layOut(content: ReceiptContent): Promise<{ doc: PDFDocument; drawn: DrawnText[] }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(content.title);
  doc.setLanguage("ar-SA");
  const regular: Fonts = {
    arabic: await doc.embedFont(fontFile("arabic", 400), { subset: true }),
    latin: await doc.embedFont(fontFile("latin", 400), { subset: true }),
  };
  const bold: Fonts = {
    arabic: await doc.embedFont(fontFile("arabic", 700), { subset: true }),
    latin: await doc.embedFont(fontFile("latin", 700), { subset: true }),
  };
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const drawn: DrawnText[] = [];
  const right = PAGE.width - PAGE.margin;
  let y = PAGE.height - PAGE.margin - 20;
  /** Draws `text` wrapped within [PAGE.margin, at.right], each line `step` points below the one before. */
  const paragraph = (fonts: Fonts, text: string, at: { right: number; size: number; step: number; grey?: boolean }) => {
    for (const [i, line] of wrapText(fonts, text, at.size, at.right - PAGE.margin).entries()) {
      if (i > 0) y -= at.step;
      drawRtl(page, drawn, fonts, line, { ...at, y });
    }
  };
  paragraph(bold, content.title, { right, size: 20, step: 26 });
  y -= 34;
  for (const line of content.header) {
    paragraph(regular, line, { right, size: 11, step: 16, grey: true });
    y -= 18;
  }
  y -= 10;
  page.drawLine({
    start: { x: PAGE.margin, y: y + 6 },
    end: { x: right, y: y + 6 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  y -= 18;
  for (const line of content.lines) {
    // The label (a short fixed text) on the right; its value wraps in the rest of the line, under itself.
    const labelWidth = drawRtl(page, drawn, bold, `${line.label}:`, { right, y, size: 12 });
    paragraph(regular, line.value, { right: right - labelWidth - 8, size: 12, step: 18 });
    y -= 24;
  }
  y -= 16;
  paragraph(regular, content.footer, { right, size: 10, step: 14, grey: true });
  return { doc, drawn };
}

/** Renders `content` as a one-page PDF, every line wrapped within the margins. Output: the file's bytes. */
export async function renderReceiptPdf(content: ReceiptContent): Promise<Uint8Array> {
  return (await layOut(content)).doc.save();
}

/** What `renderReceiptPdf` draws for `content`, for tests of the layout (the same fonts and wrapping). */
export async function receiptLayout(content: ReceiptContent): Promise<DrawnText[]> {
  return (await layOut(content)).drawn;
}

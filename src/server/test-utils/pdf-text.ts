/**
 * The text of a PDF the application wrote, for tests (docs/decisions/125-receipt-pdf-and-mail.md): the document is
 * opened by @cantoo/pdf-lib (so it parses), each page's content stream is inflated, every `Tj` string is read back
 * through its font's ToUnicode map, and the strings are gathered into lines (same baseline) in reading order for a
 * right-to-left page: right to left. A run holding Arabic letters is drawn in visual order, so its glyphs are read
 * back reversed. Output: one string per line, top to bottom.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from "@cantoo/pdf-lib";

const ARABIC_LETTER = /[\u0621-\u064a\ufb50-\ufdff\ufe70-\ufefc]/;

function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) return "";
  return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
}

const hexToString = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((part) => Number.parseInt(part, 16)));

/** The ToUnicode map of a font: glyph code (hex) → text. */
function toUnicode(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = streamText(doc.context.lookup(font.get(PDFName.of("ToUnicode"))));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(code.toUpperCase(), hexToString(text));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = Number.parseInt(lo, 16);
      const targets = rest.startsWith("[") ? [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]) : null;
      for (let code = start; code <= Number.parseInt(hi, 16); code++) {
        const key = code.toString(16).toUpperCase().padStart(lo.length, "0");
        if (targets) map.set(key, hexToString(targets[code - start] ?? ""));
        else map.set(key, String.fromCodePoint(Number.parseInt(rest.slice(1, -1), 16) + code - start));
      }
    }
  }
  return map;
}

/** The lines of text of every page of `bytes` (see the module comment). */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fontDict?.entries() ?? []) {
      maps.set(name.decodeText(), toUnicode(doc, doc.context.lookup(ref as PDFRef, PDFDict)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const content = streams.map(streamText).join("\n");
    const runs: { x: number; y: number; text: string }[] = [];
    let font = new Map<string, string>();
    let x = 0;
    let y = 0;
    const ops = /\/(\S+)\s+[\d.]+\s+Tf|([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const m of content.matchAll(ops)) {
      if (m[1]) font = maps.get(m[1]) ?? new Map();
      else if (m[2]) [x, y] = [Number(m[2]), Number(m[3])];
      else {
        const glyphs = (m[4].match(/.{4}/g) ?? []).map((code) => font.get(code.toUpperCase()) ?? "\ufffd");
        const text = glyphs.join("");
        runs.push({ x, y, text: ARABIC_LETTER.test(text) ? glyphs.reverse().join("") : text });
      }
    }
    const ys = [...new Set(runs.map((r) => r.y))].sort((a, b) => b - a);
    for (const lineY of ys) {
      const line = runs.filter((r) => r.y === lineY).sort((a, b) => b.x - a.x);
      lines.push(line.map((r) => r.text).join(""));
    }
  }
  return lines;
}

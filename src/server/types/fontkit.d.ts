/**
 * The one function of fontkit (foliojs, https://github.com/foliojs/fontkit; it ships no types) that @cantoo/pdf-lib
 * calls through `registerFontkit`: open a font's bytes (TrueType, OpenType, WOFF, WOFF2). Its layout applies the
 * font's OpenType features, Arabic joining included (docs/decisions/125-receipt-pdf-and-mail.md).
 */
declare module "fontkit" {
  import type { PDFDocument } from "@cantoo/pdf-lib";

  type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
  export function create(buffer: Uint8Array, postscriptName?: string): ReturnType<Fontkit["create"]>;
}

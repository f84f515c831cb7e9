/**
 * PDF inspection (ARCHITECTURE security model, uploads): a PDF is accepted only when a maintained parser
 * (@cantoo/pdf-lib, the kept fork of pdf-lib) opens it — object streams inflated, names decoded (`/J#61vaScript` is
 * `/JavaScript`) — and no object of it carries active content: JavaScript, launch, embedded files, XFA forms,
 * auto-actions (AA, an OpenAction that runs JavaScript or launches) or other actions that reach outside the document.
 * Encrypted documents are refused: their object streams cannot be read, so they cannot be checked.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFStream } from "@cantoo/pdf-lib";
import { inspectorModule } from "../../lib/inspector.ts";

export type PdfVerdict = "ok" | "invalid" | "active" | "encrypted";

/** Dictionary keys that only active content uses (decoded names, without the slash). */
const ACTIVE_KEYS = new Set(["JavaScript", "JS", "AA", "XFA", "EmbeddedFile", "EmbeddedFiles", "Launch", "RichMedia"]);
/** Name values that mark an active action or an attachment (/S /JavaScript, /Type /EmbeddedFile, …). */
const ACTIVE_NAMES = new Set([
  "JavaScript",
  "Launch",
  "EmbeddedFile",
  "FileAttachment",
  "ImportData",
  "SubmitForm",
  "RichMediaExecute",
  "GoToE",
  "Rendition",
]);
/** Nesting deeper than this inside one object is refused (a hostile file could nest without end). */
const MAX_DEPTH = 64;

/** Whether a direct object (or anything nested in it) carries active content; indirect references are skipped. */
function isActive(object: PDFObject, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  if (object instanceof PDFName) return ACTIVE_NAMES.has(object.decodeText());
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(item, depth + 1));
  if (object instanceof PDFStream || object instanceof PDFRawStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      if (ACTIVE_KEYS.has(key.decodeText())) return true;
      if (isActive(value, depth + 1)) return true;
    }
  }
  return false;
}

/**
 * Opens `bytes` as a PDF and judges it. Output: "ok"; "invalid" when the parser cannot open it or it has no
 * catalogue with a page tree (e.g. HTML after a `%PDF-` header); "encrypted"; "active" when any object (object
 * streams included) holds active content. Never throws.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return "invalid";
  }
  if (document.isEncrypted) return "encrypted";
  const context = document.context;
  const root = context.trailerInfo.Root ? context.lookup(context.trailerInfo.Root) : undefined;
  if (!(root instanceof PDFDict) || !root.get(PDFName.of("Pages"))) return "invalid";
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (isActive(object, 0)) return "active";
  }
  return "ok";
}

/** How long one PDF inspection may run in the worker before the file is judged invalid (ms). */
export const PDF_INSPECTION_TIMEOUT_MS = 20_000;

const inWorker = inspectorModule(import.meta.url);

/**
 * inspectPdf in the inspector's warm worker thread (lib/inspector.ts), so parsing a 20 MB PDF never blocks the event
 * loop. Output: inspectPdf's verdict; "invalid" when the worker runs out of memory or of PDF_INSPECTION_TIMEOUT_MS.
 * Never throws. `bytes` is copied before it is handed over.
 */
export async function inspectPdfInWorker(bytes: Uint8Array): Promise<PdfVerdict> {
  try {
    return await inWorker(inspectPdf, [new Uint8Array(bytes)], PDF_INSPECTION_TIMEOUT_MS);
  } catch {
    return "invalid";
  }
}

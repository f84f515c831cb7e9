/**
 * Reading an uploaded spreadsheet safely (SPEC §7.2 units import; ARCHITECTURE security model, uploads):
 * - guardSpreadsheet checks an .xlsx (a zip) before any parser sees it: the central directory's declared sizes,
 *   then every entry inflated as a stream with a running count (declared sizes can lie), at most
 *   SPREADSHEET_MAX_INFLATED_BYTES in all; the worksheets' row numbers (r="…") and row count at most
 *   SPREADSHEET_GUARD_ROWS, columns at most SPREADSHEET_GUARD_COLUMNS. A CSV's line count has the same row bound.
 *   A zip bomb or a row bomb is refused 400 in a few hundred milliseconds with O(64 KiB) of memory.
 * - readSheetInWorker runs the guard and the parse (SheetJS) in the inspector's warm worker thread (lib/inspector.ts)
 *   with its own heap limit and a time limit, so a parse never blocks the server's event loop (/api/health keeps
 *   answering).
 */
import * as XLSX from "@e965/xlsx";
import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { SPREADSHEET_MAX_ROWS } from "#domain/constants.ts";
import { cellText, IMPORT_MESSAGES } from "#domain/unit-import.ts";
import { HttpError } from "../../lib/http-errors.ts";
import { inspectorModule } from "../../lib/inspector.ts";

export type SpreadsheetKind = "xlsx" | "xls" | "csv";

/** Most bytes all entries of an .xlsx may inflate to: a 5000-row sheet is a few MB of XML. */
export const SPREADSHEET_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Most rows a sheet may declare or hold before parsing (formatted empty rows are tolerated up to this). */
export const SPREADSHEET_GUARD_ROWS = SPREADSHEET_MAX_ROWS * 4;
/** Highest column (1-based) a cell may sit in: the template has a dozen. */
export const SPREADSHEET_GUARD_COLUMNS = 256;
/** How long a parse may take in its worker before it is stopped (400 unreadable). */
export const SPREADSHEET_PARSE_TIMEOUT_MS = 20_000;
/** Bytes of the zip handed to the streaming inflater at a time. */
const GUARD_PIECE_BYTES = 256;

/** 400 with the file field's message (the one error shape). */
export function fileError(message: string, status = 400): HttpError {
  return new HttpError(status, message, { file: message });
}

/** Column number (1-based) of the letters of a cell reference: A → 1, Z → 26, AA → 27. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Row and cell references (r="B12" or r="12") in worksheet XML. */
const REFERENCE = /<(?:\w+:)?(?:row|c)\b[^>]*?\sr="([A-Z]{0,3})(\d{1,10})"/g;
const ROW_TAG = /<(?:\w+:)?row[\s>/]/g;

/**
 * Refuses a spreadsheet that would take too much memory or time to parse (see the module comment).
 * Errors: 400 IMPORT_MESSAGES.unreadable (not a readable zip, or it inflates past the limit),
 * 400 IMPORT_MESSAGES.tooManyRows (rows or columns past the guard).
 */
export function guardSpreadsheet(kind: SpreadsheetKind, bytes: Uint8Array): void {
  const declared = guardDeclared(kind, bytes);
  if (kind === "xlsx") guardInflated(bytes, declared);
}

/**
 * The cheap half of the guard, run before a worker is started: a CSV's line count, an .xlsx's central directory
 * (declared sizes, nothing inflated). Milliseconds for a 10 MB file. Output: an .xlsx's declared inflated size per
 * entry name (empty for other kinds). Errors: as guardSpreadsheet; a zip naming an entry twice is unreadable.
 */
export function guardDeclared(kind: SpreadsheetKind, bytes: Uint8Array): Map<string, number> {
  const sizes = new Map<string, number>();
  const tooManyRows = () => fileError(IMPORT_MESSAGES.tooManyRows(SPREADSHEET_MAX_ROWS));
  if (kind === "csv") {
    let lines = 0;
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) {
      if (++lines > SPREADSHEET_GUARD_ROWS) throw tooManyRows();
    }
    return sizes;
  }
  if (kind !== "xlsx") return sizes;
  // 1. The central directory: declared sizes, read without inflating anything.
  let declared = 0;
  let duplicate = false;
  try {
    unzipSync(bytes, {
      filter(file) {
        declared += file.originalSize;
        if (sizes.has(file.name)) duplicate = true;
        sizes.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch {
    throw fileError(IMPORT_MESSAGES.unreadable);
  }
  if (duplicate || declared > SPREADSHEET_MAX_INFLATED_BYTES) throw fileError(IMPORT_MESSAGES.unreadable);
  return sizes;
}

/**
 * The costly half of the guard (in the worker): every .xlsx entry inflated and counted, and stopped as soon as it
 * inflates past its size declared in the central directory (`declared`, from guardDeclared: a zip whose sizes lie is
 * refused after its first piece) or all entries pass SPREADSHEET_MAX_INFLATED_BYTES. Errors: as guardSpreadsheet.
 */
function guardInflated(bytes: Uint8Array, declared: Map<string, number>): void {
  const tooManyRows = () => fileError(IMPORT_MESSAGES.tooManyRows(SPREADSHEET_MAX_ROWS));
  // 2. The real sizes: every entry inflated as a stream, counted, nothing kept but the worksheets' row facts.
  let inflated = 0;
  let failure: HttpError | null = null;
  const unzip = new Unzip((file) => {
    const worksheet = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name);
    const limit = declared.get(file.name) ?? -1;
    let entryBytes = 0;
    let rows = 0;
    let tail = "";
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = fileError(IMPORT_MESSAGES.unreadable);
        return;
      }
      if (worksheet) {
        // Rows first, so a row bomb is named as one even when it is also large.
        const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString("latin1");
        for (const match of text.matchAll(REFERENCE)) {
          if (Number(match[2]) > SPREADSHEET_GUARD_ROWS || columnNumber(match[1]) > SPREADSHEET_GUARD_COLUMNS) {
            failure = tooManyRows();
            break;
          }
        }
        rows += (text.slice(tail.length > 0 ? tail.length - 5 : 0).match(ROW_TAG) ?? []).length;
        if (rows > SPREADSHEET_GUARD_ROWS) failure ??= tooManyRows();
        tail = final ? "" : text.slice(-200);
      }
      inflated += chunk.length;
      entryBytes += chunk.length;
      if (entryBytes > limit) failure ??= fileError(IMPORT_MESSAGES.unreadable);
      if (inflated > SPREADSHEET_MAX_INFLATED_BYTES) failure ??= fileError(IMPORT_MESSAGES.unreadable);
      if (failure) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Fed in small pieces: each piece inflates to at most ~1032 times its size, so memory stays bounded and the
  // count stops the work soon after the limit.
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += GUARD_PIECE_BYTES) {
      const end = Math.min(offset + GUARD_PIECE_BYTES, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    failure ??= fileError(IMPORT_MESSAGES.unreadable);
  }
  if (failure) throw failure;
}

/** CSV bytes → text: UTF-8 (BOM stripped), else Windows-1256 (Excel's "CSV" for Arabic Windows). */
export function decodeCsv(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1256").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

/** The first sheet's rows (arrays of cell values) with the sheet row number of the first row. */
export interface SheetRows {
  rows: unknown[][];
  /** Spreadsheet row number (1-based) of rows[0]. */
  firstRowNumber: number;
}

/**
 * Reads the first sheet of a workbook. Formula cells become their formula text, so nothing is ever evaluated
 * or re-exported as a live formula. Errors: 400 IMPORT_MESSAGES.unreadable / emptyFile / tooManyRows.
 */
export function readSheet(kind: SpreadsheetKind, bytes: Buffer): SheetRows {
  let workbook: XLSX.WorkBook;
  try {
    workbook =
      kind === "csv"
        ? XLSX.read(decodeCsv(bytes), { type: "string", raw: true, dense: true })
        : XLSX.read(bytes, { type: "buffer", dense: true, cellFormula: true, cellHTML: false, cellDates: false });
  } catch {
    throw fileError(IMPORT_MESSAGES.unreadable);
  }
  const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]] : undefined;
  if (!sheet?.["!ref"]) throw fileError(IMPORT_MESSAGES.emptyFile);
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const data = (sheet as { "!data"?: (XLSX.CellObject | undefined)[][] })["!data"] ?? [];
  // Formula cells become their text; the range is cut after the last non-empty row (Excel often
  // declares formatted but empty rows), so the row limit counts rows that hold something.
  let lastRow = -1;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    for (const cell of row) {
      if (!cell) continue;
      if (cell.f) {
        cell.t = "s";
        cell.v = `=${cell.f}`;
      }
      if (cellText(cell.v) !== "") lastRow = r;
    }
  }
  if (lastRow < range.s.r) throw fileError(IMPORT_MESSAGES.emptyFile);
  range.e.r = lastRow;
  sheet["!ref"] = XLSX.utils.encode_range(range);
  if (range.e.r - range.s.r > SPREADSHEET_MAX_ROWS + 1000) {
    throw fileError(IMPORT_MESSAGES.tooManyRows(SPREADSHEET_MAX_ROWS));
  }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  return { rows, firstRowNumber: range.s.r + 1 };
}

/** What the worker posts back for a spreadsheet. */
export type SheetAnswer = { ok: true; sheet: SheetRows } | { ok: false; status: number; message: string };

/** The worker's job (run in the inspector's worker through `inWorker` below): guard, then parse. Never throws. */
export function guardAndRead(kind: SpreadsheetKind, bytes: Uint8Array): SheetAnswer {
  try {
    guardSpreadsheet(kind, bytes);
    return { ok: true, sheet: readSheet(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
    return { ok: false, status: 400, message: IMPORT_MESSAGES.unreadable };
  }
}

const inWorker = inspectorModule(import.meta.url);

/**
 * guardSpreadsheet + readSheet in the inspector's warm worker thread (lib/inspector.ts: heap limit, one job at a
 * time), after the cheap declared-size check here. Output: the first sheet's rows. Errors: the guard's and
 * readSheet's 400s; a worker that runs out of memory or of SPREADSHEET_PARSE_TIMEOUT_MS → 400
 * IMPORT_MESSAGES.unreadable.
 */
export async function readSheetInWorker(kind: SpreadsheetKind, bytes: Buffer): Promise<SheetRows> {
  guardDeclared(kind, bytes);
  let answer: SheetAnswer;
  try {
    answer = await inWorker(guardAndRead, [kind, new Uint8Array(bytes)], SPREADSHEET_PARSE_TIMEOUT_MS);
  } catch {
    throw fileError(IMPORT_MESSAGES.unreadable);
  }
  if (answer.ok) return answer.sheet;
  throw fileError(answer.message, answer.status);
}

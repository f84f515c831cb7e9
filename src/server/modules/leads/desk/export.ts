/**
 * Spreadsheets of the lead desk (docs/decisions/027-lead-list-scale-exports-and-paged-lists.md):
 * - `streamLeadExport`: the filtered leads list (GET /api/leads/export) as CSV or XLSX, read in keyset batches of
 *   EXPORT_BATCH rows and written as they come, so memory holds one batch whatever the table size. The CSV is UTF-8
 *   with a BOM, cells a spreadsheet would run as a formula get a leading "'" (as export.ts); the XLSX is a zip
 *   (fflate's streaming Zip) of a minimal SpreadsheetML package whose sheet XML is written row by row with inline
 *   strings — @e965/xlsx builds a whole workbook in memory, so it cannot stream.
 */
import { Readable } from "node:stream";
import { Zip, ZipDeflate } from "fflate";
import { DATE_LOCALE, TIME_ZONE } from "#domain/constants.ts";
import type { LeadSummary } from "#domain/lead-desk.ts";
import { CONTACT_SOURCE_LABELS, type ContactSource } from "#domain/schemas/contact.ts";

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
  numberingSystem: "latn",
});
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : "");

/** Rows read per database round trip by the streamed export. */
export const EXPORT_BATCH = 1000;

/** The columns of the leads list export: Arabic header → cell of a lead. */
const COLUMNS: [string, (l: LeadSummary) => string][] = [
  ["رقم العميل", (l) => String(l.id)],
  ["الاسم", (l) => l.name],
  ["رقم الجوال", (l) => l.phone ?? ""],
  ["البريد الإلكتروني", (l) => l.email ?? ""],
  ["المشروع", (l) => l.projectName ?? ""],
  ["المصدر", (l) => CONTACT_SOURCE_LABELS[l.source as ContactSource] ?? l.source],
  ["المرحلة", (l) => l.stageLabel],
  ["سبب الفقد", (l) => l.lostReason ?? ""],
  ["المسؤول", (l) => l.ownerName ?? ""],
  ["مكرر", (l) => (l.isDuplicate ? "نعم" : "لا")],
  ["متأخر", (l) => (l.overdue ? "نعم" : "لا")],
  ["أول تواصل", (l) => when(l.firstContactAt)],
  ["موعد المتابعة", (l) => when(l.followUpAt)],
  ["التاريخ والوقت", (l) => when(l.createdAt)],
];

/** A CSV cell: quoted when needed, formula-looking text neutralised (E.164 phones kept). */
function csvCell(value: string): string {
  const safe = /^\+\d+$/.test(value) || !/^[=+\-@\t\r]/.test(value) ? value : `'${value}`;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
/** Text safe inside XML (characters XML 1.0 forbids are dropped). */
function xmlText(value: string): string {
  let kept = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code !== 0xfffe && code !== 0xffff) || code === 0x09 || code === 0x0a || code === 0x0d) {
      kept += ch;
    }
  }
  return kept.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);
}
function xlsxRow(cells: string[], index: number): string {
  return `<row r="${index}">${cells.map((c) => `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(c)}</t></is></c>`).join("")}</row>`;
}

const PACKAGE_FILES: Record<string, string> = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  "xl/workbook.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="العملاء" sheetId="1" r:id="rId1"/></sheets></workbook>',
  "xl/_rels/workbook.xml.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView rightToLeft="1" workbookViewId="0"/></sheetViews><sheetData>';
const SHEET_END = "</sheetData></worksheet>";

/** Reads the list batch after `cursor` (null: the first); an empty array ends the export. */
export type LeadBatchReader = (cursor: string | null) => Promise<{ items: LeadSummary[]; nextCursor: string | null }>;

/**
 * A stream of the export in `format`, pulling the next batch only when the reader wants more (backpressure).
 * Errors of a batch destroy the stream (the response ends early; Fastify logs it).
 */
export function streamLeadExport(format: "csv" | "xlsx", read: LeadBatchReader): Readable {
  const header = COLUMNS.map(([h]) => h);
  const cellsOf = (l: LeadSummary) => COLUMNS.map(([, cell]) => cell(l));
  async function* batches(): AsyncGenerator<LeadSummary[]> {
    let cursor: string | null = null;
    for (;;) {
      const page = await read(cursor);
      if (page.items.length) yield page.items;
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  if (format === "csv") {
    return Readable.from(
      (async function* () {
        yield `\ufeff${header.map(csvCell).join(",")}\r\n`;
        for await (const items of batches()) {
          yield items.map((l) => `${cellsOf(l).map(csvCell).join(",")}\r\n`).join("");
        }
      })(),
    );
  }
  return Readable.from(
    (async function* () {
      const chunks: Uint8Array[] = [];
      let failure: Error | null = null;
      let ended = false;
      const zip = new Zip((error, data, final) => {
        if (error) failure = error;
        else chunks.push(data);
        if (final) ended = true;
      });
      const encoder = new TextEncoder();
      for (const [name, text] of Object.entries(PACKAGE_FILES)) {
        const file = new ZipDeflate(name, { level: 6 });
        zip.add(file);
        file.push(encoder.encode(text), true);
      }
      const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
      zip.add(sheet);
      let row = 1;
      sheet.push(encoder.encode(SHEET_START + xlsxRow(header, row)));
      const drain = function* () {
        while (chunks.length) yield Buffer.from(chunks.shift() as Uint8Array);
      };
      yield* drain();
      for await (const items of batches()) {
        sheet.push(encoder.encode(items.map((l) => xlsxRow(cellsOf(l), ++row)).join("")));
        if (failure) throw failure;
        yield* drain();
      }
      sheet.push(encoder.encode(SHEET_END), true);
      zip.end();
      if (failure) throw failure;
      yield* drain();
      if (!ended) throw new Error("xlsx zip did not end");
    })(),
  );
}

/**
 * Bulk import of units from a spreadsheet (SPEC §2.14, §5.6, §7.2, §8.5).
 *
 * - Accepted: .xlsx (zip, "PK\x03\x04"), .xls (OLE compound file, D0 CF 11 E0 A1 B1 1A E1) and .csv (text: UTF-8,
 *   or Windows-1256 as Excel saves Arabic CSV), at most SPREADSHEET_MAX_BYTES (10 MB) and SPREADSHEET_MAX_ROWS (5000)
 *   data rows. The type is decided by the content AND the extension; a mismatch is "invalid file type".
 * - Cells are read as values, never evaluated: a formula cell is stored as its formula text ("=HYPERLINK(…)").
 * - Each row goes through the unit schema of the form (domain/schemas/unit.ts); errors carry the spreadsheet row
 *   number (header = row 1) and a code: validation, project_not_found, duplicate (same project + building + unit
 *   number, earlier in the file or already stored) or unknown.
 * - The valid rows are inserted in ONE transaction, IMPORT_BATCH_ROWS per INSERT statement, with one audit summary
 *   row; if anything fails part-way nothing is kept, and the answer reports it (code unknown or duplicate).
 */

import * as XLSX from "@e965/xlsx";
import { eq, inArray, sql } from "drizzle-orm";
import { SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_ROWS } from "../../../domain/constants.ts";
import { type UnitValues, unitSchema } from "../../../domain/schemas/unit.ts";
import {
  cellText,
  IMPORT_MESSAGES,
  type ImportRowError,
  importSummary,
  isBlankRow,
  mapHeaders,
  rowToInput,
  type UnitImportResult,
  unitKey,
} from "../../../domain/unit-import.ts";
import type { Db } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { HttpError, notFound } from "../../lib/http-errors.ts";
import { isUniqueViolation } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { PROJECT_NOT_FOUND } from "../projects/service.ts";

/** Rows per INSERT statement: 500 × 10 columns stays far below PostgreSQL's 65,535 parameters. */
export const IMPORT_BATCH_ROWS = 500;

export type SpreadsheetKind = "xlsx" | "xls" | "csv";

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** 400 with the file field's message (the one error shape). */
function fileError(message: string, status = 400): HttpError {
  return new HttpError(status, message, { file: message });
}

/**
 * The spreadsheet kind of an upload, decided by extension and content together.
 * Errors: 400 IMPORT_MESSAGES.invalidFileType when the extension is not .xlsx/.xls/.csv or the bytes do not match it.
 */
export function detectSpreadsheet(fileName: string, bytes: Buffer): SpreadsheetKind {
  const extension = fileName.toLowerCase().match(/\.(xlsx|xls|csv)$/)?.[1] as SpreadsheetKind | undefined;
  if (!extension) throw fileError(IMPORT_MESSAGES.invalidFileType);
  const isZip = bytes.subarray(0, 4).equals(ZIP_SIGNATURE);
  const isCfb = bytes.subarray(0, 8).equals(CFB_SIGNATURE);
  if (extension === "xlsx" && isZip) return "xlsx";
  if (extension === "xls" && isCfb) return "xls";
  if (extension === "csv" && !isZip && !isCfb && !bytes.includes(0)) return "csv";
  throw fileError(IMPORT_MESSAGES.invalidFileType);
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

interface CandidateRow {
  row: number;
  values: UnitValues;
}

/** Where the rows go: one project (the project page's upload) or the project column of each row. */
export type ImportTarget = { projectId: number } | { projectId: null };

/**
 * Checks every row and lists the valid ones; pure apart from reading projects and existing units.
 * Output: the candidates to insert, the row errors, the file's headers.
 * Errors: 400 when the header row lacks the unit-number column (or the project column for a global upload),
 * when the file holds no data rows, or more than SPREADSHEET_MAX_ROWS.
 */
export async function planImport(
  db: Db,
  sheet: SheetRows,
  target: ImportTarget,
): Promise<{ candidates: CandidateRow[]; errors: ImportRowError[]; headers: string[]; dataRows: number }> {
  const [headerRow = [], ...body] = sheet.rows;
  const headers = headerRow.map(cellText);
  const mapping = mapHeaders(headerRow);
  if (mapping.columns.unitNumber === undefined) throw fileError(IMPORT_MESSAGES.noUnitNumberColumn);
  if (target.projectId === null && mapping.columns.project === undefined) {
    throw fileError(IMPORT_MESSAGES.noProjectColumn);
  }

  const dataRows: { row: number; cells: unknown[] }[] = [];
  body.forEach((cells, index) => {
    if (!isBlankRow(cells)) dataRows.push({ row: sheet.firstRowNumber + 1 + index, cells });
  });
  if (dataRows.length === 0) throw fileError(IMPORT_MESSAGES.emptyFile);
  if (dataRows.length > SPREADSHEET_MAX_ROWS) throw fileError(IMPORT_MESSAGES.tooManyRows(SPREADSHEET_MAX_ROWS));

  const inputs = dataRows.map((r) => ({ row: r.row, input: rowToInput(r.cells, mapping.columns) }));

  // Resolve project references (ids or names) in two queries.
  const projectByRef = new Map<string, number>();
  if (target.projectId === null) {
    const refs = [...new Set(inputs.map((i) => i.input.project).filter(Boolean))];
    const ids = refs.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
    const names = refs.filter((r) => !/^\d{1,9}$/.test(r));
    if (ids.length) {
      const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
      for (const p of found) projectByRef.set(String(p.id), p.id);
    }
    if (names.length) {
      const lowered = names.map((n) => n.toLowerCase());
      const found = await db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(inArray(sql`lower(trim(${projects.name}))`, lowered));
      const byName = new Map(found.map((p) => [p.name.trim().toLowerCase(), p.id]));
      for (const name of names) {
        const id = byName.get(name.toLowerCase());
        if (id !== undefined) projectByRef.set(name, id);
      }
    }
  }

  const errors: ImportRowError[] = [];
  const valid: CandidateRow[] = [];
  for (const { row, input } of inputs) {
    let projectId: number;
    if (target.projectId !== null) {
      projectId = target.projectId;
    } else if (!input.project) {
      errors.push({ row, code: "validation", message: IMPORT_MESSAGES.projectMissing });
      continue;
    } else {
      const found = projectByRef.get(input.project);
      if (found === undefined) {
        errors.push({ row, code: "project_not_found", message: IMPORT_MESSAGES.projectNotFound(input.project) });
        continue;
      }
      projectId = found;
    }
    const parsed = unitSchema.safeParse({ ...input, projectId });
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      errors.push({ row, code: "validation", message: messages.join("، ") });
      continue;
    }
    valid.push({ row, values: parsed.data });
  }

  // Duplicates: the first occurrence in the file wins; anything already stored is a duplicate.
  const existing = new Set<string>();
  const projectIds = [...new Set(valid.map((c) => c.values.projectId))];
  if (projectIds.length) {
    const stored = await db
      .select({ projectId: units.projectId, building: units.building, unitNumber: units.unitNumber })
      .from(units)
      .where(inArray(units.projectId, projectIds));
    for (const u of stored) existing.add(unitKey(u));
  }
  const firstRowOfKey = new Map<string, number>();
  const candidates: CandidateRow[] = [];
  for (const candidate of valid) {
    const key = unitKey(candidate.values);
    const earlier = firstRowOfKey.get(key);
    if (existing.has(key)) {
      errors.push({ row: candidate.row, code: "duplicate", message: IMPORT_MESSAGES.duplicateInDb });
    } else if (earlier !== undefined) {
      errors.push({ row: candidate.row, code: "duplicate", message: IMPORT_MESSAGES.duplicateInFile(earlier) });
    } else {
      firstRowOfKey.set(key, candidate.row);
      candidates.push(candidate);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { candidates, errors, headers, dataRows: dataRows.length };
}

export interface ImportFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * POST /api/units/upload and /api/projects/{id}/units/upload. Input: the uploaded file, the target project (or
 * null: each row names its project), the acting user. Output: UnitImportResult (200 even when rows fail).
 * Errors: 400 invalid type / unreadable / empty / too many rows / missing columns; 413 over 10 MB;
 * 404 when the target project does not exist.
 */
export async function importUnits(
  db: Db,
  file: ImportFile,
  target: ImportTarget,
  actor: AuditActor,
  hooks: { log?: (error: unknown) => void } = {},
): Promise<UnitImportResult> {
  if (file.bytes.length > SPREADSHEET_MAX_BYTES) throw fileError(IMPORT_MESSAGES.fileTooLarge, 413);
  if (target.projectId !== null) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, target.projectId))
      .limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
  }
  const kind = detectSpreadsheet(file.fileName, file.bytes);
  const sheet = readSheet(kind, file.bytes);
  const plan = await planImport(db, sheet, target);

  let insertedCount = 0;
  const errors = plan.errors;
  const summary = (inserted: number) => ({
    entityType: "unit",
    entityId: target.projectId,
    action: "import",
    newState: {
      fileName: file.fileName,
      kind,
      bytes: file.bytes.length,
      dataRows: plan.dataRows,
      insertedCount: inserted,
      skippedCount: plan.dataRows - inserted,
      projectIds: [...new Set(plan.candidates.map((c) => c.values.projectId))],
      errorCodes: countCodes(errors),
    },
  });
  try {
    insertedCount = await db.transaction(async (tx) => {
      let inserted = 0;
      for (let start = 0; start < plan.candidates.length; start += IMPORT_BATCH_ROWS) {
        const batch = plan.candidates.slice(start, start + IMPORT_BATCH_ROWS);
        await tx.insert(units).values(batch.map(({ values }) => values));
        inserted += batch.length;
      }
      // One summary row per import, also when every row was skipped (the attempt is part of the trail).
      await recordAudit(tx, actor, summary(inserted));
      return inserted;
    });
  } catch (error) {
    hooks.log?.(error);
    insertedCount = 0;
    errors.unshift({
      row: plan.candidates[0]?.row ?? 0,
      code: isUniqueViolation(error) ? "duplicate" : "unknown",
      message: isUniqueViolation(error) ? IMPORT_MESSAGES.duplicateInDb : IMPORT_MESSAGES.saveFailed,
    });
  }
  const skippedCount = plan.dataRows - insertedCount;
  const failedWhole = plan.candidates.length > 0 && insertedCount === 0;
  return {
    insertedCount,
    skippedCount,
    errors,
    message: failedWhole ? IMPORT_MESSAGES.saveFailed : importSummary(insertedCount, skippedCount),
    sampleHeaders: plan.headers.filter(Boolean),
  };
}

function countCodes(errors: readonly ImportRowError[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of errors) counts[e.code] = (counts[e.code] ?? 0) + 1;
  return counts;
}

/**
 * Bulk import of units from a spreadsheet (SPEC §2.14, §5.6, §7.2, §8.5).
 *
 * - Accepted: .xlsx (zip, "PK\x03\x04"), .xls (OLE compound file, D0 CF 11 E0 A1 B1 1A E1) and .csv (text: UTF-8,
 *   or Windows-1256 as Excel saves Arabic CSV), at most SPREADSHEET_MAX_BYTES (10 MB) and SPREADSHEET_MAX_ROWS (5000)
 *   data rows. The type is decided by the content AND the extension; a mismatch is "invalid file type".
 * - Cells are read as values, never evaluated: a formula cell is stored as its formula text ("=HYPERLINK(…)").
 * - Each row goes through the unit schema of the form (domain/schemas/unit.ts); errors carry the spreadsheet row
 *   number (header = row 1) and a code: validation, project_not_found, duplicate (same project + building + unit
 *   number, earlier in the file or already stored) or unknown. On a project page's upload a row whose project column
 *   names another project is a validation error (import-projects.ts), never moved to that project.
 * - The type column («النموذج») names a unit type of the row's project (resolveTypes; an unknown name is a
 *   validation error naming the column); building and floor are the unit's own columns.
 * - Every read and check happens before the write; the valid rows are then inserted in ONE short transaction,
 *   IMPORT_BATCH_ROWS per `INSERT … SELECT … FROM json_to_recordset($1::json)` statement (one parameter per
 *   statement), with one audit summary row; if anything fails part-way nothing is kept, and the answer reports it
 *   (code unknown; or duplicate, at each row another import stored after the checks, when the unique index on
 *   project + building + unit number refuses the write). Why: docs/performance/upload-guards.md ("a short import
 *   transaction").
 */

import { setImmediate as nextTurn } from "node:timers/promises";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_ROWS } from "#domain/constants.ts";
import { type UnitValues, unitSchema } from "#domain/schemas/unit.ts";
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
} from "#domain/unit-import.ts";
import type { Db, Tx } from "../../db/connection.ts";
import { projects, units } from "../../db/schema.ts";
import { unitTypes } from "../../db/tables/inventory.ts";
import { notFound } from "../../lib/http-errors.ts";
import { isUniqueViolation } from "../../lib/sql.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { placeUnits } from "../inventory/service.ts";
import { PROJECT_NOT_FOUND } from "../projects/service.ts";
import { projectIdsByRef } from "./import-projects.ts";
import { fileError, readSheetInWorker, type SheetRows, type SpreadsheetKind } from "./sheet.ts";

export { decodeCsv, readSheet, type SheetRows, type SpreadsheetKind } from "./sheet.ts";

/**
 * Rows per INSERT statement. Each statement carries its rows as ONE JSON parameter, so the size is not bound by
 * PostgreSQL's 65,535 parameters; 1000 rows take 20–40 ms on the embedded database (which runs on the server's own
 * thread, measured at load average 4–5 on 2 cores), so the event loop turns between two statements.
 */
export const IMPORT_BATCH_ROWS = 1000;

/** Rows checked between two turns of the event loop, so a 5000-row file never holds it for long. */
const ROWS_PER_TURN = 250;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

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

/** What an import writes per unit: the unit schema's values and the unit type resolved from the type column. */
type ImportValues = UnitValues & { typeId: number | null };

interface CandidateRow {
  row: number;
  values: ImportValues;
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

  // Project references (ids or names): where each row goes, or, on a project's own upload, whether it is that one.
  const projectByRef = await projectIdsByRef(db, [...new Set(inputs.map((i) => i.input.project).filter(Boolean))]);

  const errors: ImportRowError[] = [];
  const parsedRows: (CandidateRow & { typeName: string })[] = [];
  for (const [index, { row, input }] of inputs.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    let projectId: number;
    if (target.projectId !== null) {
      if (input.project && projectByRef.get(input.project) !== target.projectId) {
        errors.push({ row, code: "validation", message: IMPORT_MESSAGES.projectDiffers(input.project) });
        continue;
      }
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
    parsedRows.push({ row, values: { ...parsed.data, typeId: null }, typeName: input.type });
  }
  const valid = await resolveTypes(db, parsedRows, errors);

  // Duplicates: the first occurrence in the file wins; anything already stored is a duplicate.
  const existing = await storedUnitKeys(db, valid);
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

/** A type name as compared: trimmed, inner spaces collapsed, Latin lower-cased. */
const typeKey = (projectId: number, name: string) =>
  `${projectId}\u0000${name.trim().replace(/\s+/g, " ").toLowerCase()}`;

/**
 * Sets each row's `typeId` from its type column, by the type's name within the row's project (one query); a name the
 * project does not have is a validation error naming the column (IMPORT_MESSAGES.typeNotFound) and the row is left
 * out. docs/decisions/098-unit-type-admin.md.
 */
async function resolveTypes(
  db: Db,
  rows: readonly (CandidateRow & { typeName: string })[],
  errors: ImportRowError[],
): Promise<CandidateRow[]> {
  const projectIds = [...new Set(rows.filter((r) => r.typeName).map((r) => r.values.projectId))];
  const typeIds = new Map<string, number>();
  if (projectIds.length) {
    const found = await db
      .select({ id: unitTypes.id, projectId: unitTypes.projectId, name: unitTypes.name })
      .from(unitTypes)
      .where(inArray(unitTypes.projectId, projectIds));
    for (const type of found) typeIds.set(typeKey(type.projectId, type.name), type.id);
  }
  const resolved: CandidateRow[] = [];
  for (const { row, values, typeName } of rows) {
    if (!typeName) {
      resolved.push({ row, values });
      continue;
    }
    const typeId = typeIds.get(typeKey(values.projectId, typeName));
    if (typeId === undefined) errors.push({ row, code: "validation", message: IMPORT_MESSAGES.typeNotFound(typeName) });
    else resolved.push({ row, values: { ...values, typeId } });
  }
  return resolved;
}

/** The unitKey of every stored unit of the projects `rows` go to (one query; none when `rows` is empty). */
async function storedUnitKeys(db: Db, rows: readonly CandidateRow[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const projectIds = [...new Set(rows.map((c) => c.values.projectId))];
  if (projectIds.length === 0) return keys;
  const stored = await db
    .select({ projectId: units.projectId, building: units.building, unitNumber: units.unitNumber })
    .from(units)
    .where(inArray(units.projectId, projectIds));
  for (const u of stored) keys.add(unitKey(u));
  return keys;
}

/**
 * The row errors of a write the unique index refused: another import stored some of these units after the checks.
 * Each candidate now stored is reported at its own row (code duplicate, IMPORT_MESSAGES.duplicateInDb); when none
 * is found any more (the other import rolled back since), the first candidate's row carries the error.
 */
async function concurrentDuplicates(db: Db, candidates: readonly CandidateRow[]): Promise<ImportRowError[]> {
  const error = (row: number): ImportRowError => ({ row, code: "duplicate", message: IMPORT_MESSAGES.duplicateInDb });
  const stored = await storedUnitKeys(db, candidates).catch(() => new Set<string>());
  const rows = candidates.filter((c) => stored.has(unitKey(c.values))).map((c) => error(c.row));
  return rows.length > 0 ? rows : [error(candidates[0]?.row ?? 0)];
}

/** The unit columns an import writes, keyed by UnitValues' keys; the rest (id, timestamps) take their defaults. */
const IMPORT_COLUMNS = {
  projectId: units.projectId,
  unitNumber: units.unitNumber,
  building: units.building,
  price: units.price,
  status: units.status,
  rooms: units.rooms,
  floor: units.floor,
  direction: units.direction,
  privateArea: units.privateArea,
  totalArea: units.totalArea,
  // A sheet carries no unit licence (null: the project's applies); the unit form and API set it.
  advertisingLicenseNumber: units.advertisingLicenseNumber,
  advertisingLicenseExpiresOn: units.advertisingLicenseExpiresOn,
  typeId: units.typeId,
} as const satisfies Record<keyof ImportValues, unknown>;
const IMPORT_ENTRIES = Object.entries(IMPORT_COLUMNS) as [
  keyof ImportValues,
  (typeof IMPORT_COLUMNS)[keyof ImportValues],
][];
const COLUMN_LIST = sql.join(
  IMPORT_ENTRIES.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);
const RECORD_DEFINITION = sql.join(
  IMPORT_ENTRIES.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
  sql`, `,
);

/**
 * One INSERT of `rows` into units: the rows travel as one JSON array (keys = column names) read back with
 * json_to_recordset and the columns' own SQL types, so PostgreSQL parses them in one pass instead of binding ten
 * parameters per row. Values are the unit schema's output (numbers, text, string arrays), valid JSON as they are.
 */
function insertUnitsStatement(rows: readonly ImportValues[]): SQL {
  const records = rows.map((values) =>
    Object.fromEntries(IMPORT_ENTRIES.map(([key, column]) => [column.name, values[key]])),
  );
  return sql`insert into ${units} (${COLUMN_LIST}) select ${COLUMN_LIST}
    from json_to_recordset(${JSON.stringify(records)}::json) as r(${RECORD_DEFINITION})`;
}

/**
 * Writes the planned units in batches of IMPORT_BATCH_ROWS inside the caller's transaction, turning the event loop
 * between two statements. Output: the number of rows written. Errors: the driver's (unique violation 23505 when a
 * unit number was stored since the checks; foreign key when the project was deleted).
 */
async function writeUnits(tx: Tx, candidates: readonly CandidateRow[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < candidates.length; start += IMPORT_BATCH_ROWS) {
    if (start > 0) await nextTurn();
    const batch = candidates.slice(start, start + IMPORT_BATCH_ROWS);
    await tx.execute(insertUnitsStatement(batch.map((c) => c.values)));
    inserted += batch.length;
  }
  return inserted;
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
  const sheet = await readSheetInWorker(kind, file.bytes);
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
    // Everything is read and checked: the transaction only writes (5 statements for 5000 rows, plus the audit row).
    insertedCount = await db.transaction(async (tx) => {
      const inserted = await writeUnits(tx, plan.candidates);
      // Each imported unit in its building, its inventory state from its status (modules/inventory).
      for (const projectId of new Set(plan.candidates.map((c) => c.values.projectId))) await placeUnits(tx, projectId);
      // One summary row per import, also when every row was skipped (the attempt is part of the trail).
      await recordAudit(tx, actor, summary(inserted));
      return inserted;
    });
  } catch (error) {
    hooks.log?.(error);
    insertedCount = 0;
    if (isUniqueViolation(error)) {
      errors.push(...(await concurrentDuplicates(db, plan.candidates)));
      errors.sort((a, b) => a.row - b.row);
    } else {
      errors.unshift({ row: plan.candidates[0]?.row ?? 0, code: "unknown", message: IMPORT_MESSAGES.saveFailed });
    }
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

/**
 * The result of a bulk upload (SPEC §2.14, §8.5): inserted and skipped counts, the server's message, the headers
 * read from the file, and the first IMPORT_ERRORS_SHOWN (100) row errors with their colours — validation yellow,
 * project not found red, duplicate orange, unknown grey — and "only the first 100 errors displayed" when more.
 */

import { IMPORT_ERRORS_SHOWN } from "#domain/constants.ts";
import { formatNumber } from "#domain/format.ts";
import {
  IMPORT_ERROR_LABELS,
  type ImportErrorCode,
  type ImportRowError,
  type UnitImportResult,
} from "#domain/unit-import.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

/** Row colours per error code (SPEC §8.5). */
export const IMPORT_ERROR_STYLES: Record<ImportErrorCode, string> = {
  validation: "bg-yellow-50 text-yellow-900 border-yellow-300",
  project_not_found: "bg-red-50 text-red-900 border-red-300",
  duplicate: "bg-orange-50 text-orange-900 border-orange-300",
  unknown: "bg-gray-50 text-gray-800 border-gray-300",
};

/** The errors to list and how many are left out. */
export function visibleImportErrors(errors: readonly ImportRowError[]): { shown: ImportRowError[]; hidden: number } {
  return { shown: errors.slice(0, IMPORT_ERRORS_SHOWN), hidden: Math.max(0, errors.length - IMPORT_ERRORS_SHOWN) };
}

export function ImportResult({ result }: { result: UnitImportResult }) {
  const { shown, hidden } = visibleImportErrors(result.errors);
  const ok = result.insertedCount > 0 && result.errors.length === 0;
  return (
    <section aria-label={UNIT_TEXTS.result} className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-ink">{UNIT_TEXTS.result}</h2>
      <p
        role="status"
        className={cn(
          "rounded-lg border px-4 py-3 font-bold",
          ok ? "border-success/30 bg-success/10 text-success" : "border-warning/30 bg-warning/10 text-warning",
        )}
      >
        {result.message}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-xl border border-brand-100 bg-surface p-4 text-center">
          <dt className="text-sm text-muted">{UNIT_TEXTS.inserted}</dt>
          <dd className="text-2xl font-bold text-success" data-testid="import-inserted">
            {formatNumber(result.insertedCount)}
          </dd>
        </div>
        <div className="rounded-xl border border-brand-100 bg-surface p-4 text-center">
          <dt className="text-sm text-muted">{UNIT_TEXTS.skipped}</dt>
          <dd className="text-2xl font-bold text-warning" data-testid="import-skipped">
            {formatNumber(result.skippedCount)}
          </dd>
        </div>
      </dl>
      {result.sampleHeaders.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-bold text-ink">{UNIT_TEXTS.sampleHeaders}</h3>
          <ul className="flex flex-wrap gap-2" aria-label={UNIT_TEXTS.sampleHeaders}>
            {[...new Set(result.sampleHeaders)].map((header) => (
              <li key={header}>
                <Badge variant="outline">{header}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-bold text-ink">
            {UNIT_TEXTS.errorsTitle} ({formatNumber(result.errors.length)})
          </h3>
          <ul className="flex flex-col gap-1" aria-label={UNIT_TEXTS.errorsTitle}>
            {shown.map((error) => (
              <li
                key={`${error.row}-${error.code}-${error.message}`}
                data-code={error.code}
                className={cn(
                  "flex flex-wrap items-baseline gap-x-3 rounded-lg border px-3 py-2 text-sm",
                  IMPORT_ERROR_STYLES[error.code],
                )}
              >
                <span className="font-bold">{UNIT_TEXTS.rowLabel(error.row)}</span>
                <span className="font-bold">{IMPORT_ERROR_LABELS[error.code]}</span>
                <span>{error.message}</span>
              </li>
            ))}
          </ul>
          {hidden > 0 ? <p className="text-sm text-muted">{UNIT_TEXTS.onlyFirst(IMPORT_ERRORS_SHOWN)}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

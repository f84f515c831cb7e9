/**
 * The SQL side of search folding (domain/search.ts): `folded(column)` is the column folded by the same table as
 * `foldSearchText`, and `foldedContains(columns, query)` matches a folded query inside any of the folded columns
 * (LIKE with the query's wildcards escaped). Works on PostgreSQL and PGlite (`translate` and `lower` are core).
 */
import { or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO, foldSearchText, phoneSearchDigits } from "../../domain/search.ts";

/** translate(lower(coalesce(column, '')), FOLD_FROM, FOLD_TO). */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${FOLD_FROM}, ${FOLD_TO})`;
}

/** `%text%` for LIKE, with the text's own wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether any of `columns`, folded, contains `query`, folded; or, with `phone`, whether that E.164 column contains
 * the national digits of a phone-like query typed in any form (phoneSearchDigits). Undefined (no filter) for an
 * empty query.
 */
export function foldedContains(
  columns: readonly SQLWrapper[],
  query: string | undefined,
  options: { phone?: SQLWrapper } = {},
): SQL | undefined {
  const term = foldSearchText(query?.trim() ?? "");
  if (!term) return undefined;
  const pattern = containsPattern(term);
  const digits = options.phone ? phoneSearchDigits(term) : null;
  return or(
    ...columns.map((column) => sql`${folded(column)} like ${pattern} escape '\\'`),
    ...(options.phone && digits
      ? [sql`coalesce(${options.phone}, '') like ${containsPattern(digits)} escape '\\'`]
      : []),
  );
}

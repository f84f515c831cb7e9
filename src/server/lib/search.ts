/**
 * The SQL side of search folding (domain/search.ts): `folded(column)` is the column folded by the same table as
 * `foldSearchText`, and `foldedContains(columns, query)` matches a folded query inside any of the folded columns
 * (LIKE with the query's wildcards escaped). Works on PostgreSQL and PGlite (`translate` and `lower` are core).
 */
import { or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO, foldSearchText } from "../../domain/search.ts";

/** translate(lower(coalesce(column, '')), FOLD_FROM, FOLD_TO). */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(coalesce(${column}, '')), ${FOLD_FROM}, ${FOLD_TO})`;
}

/** Whether any of `columns`, folded, contains `query`, folded; undefined (no filter) for an empty query. */
export function foldedContains(columns: readonly SQLWrapper[], query: string | undefined): SQL | undefined {
  const term = foldSearchText(query?.trim() ?? "");
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${folded(column)} like ${pattern} escape '\\'`));
}

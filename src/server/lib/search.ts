/**
 * Search conditions in SQL with the domain's Arabic normal form (src/domain/search.ts): the database's
 * `search_key(text)` (drizzle/0004_search_key.sql) folds the stored text, the domain function folds the query, and the
 * trigram indexes of that migration serve the `like '%…%'` match.
 */
import { type SQL, sql } from "drizzle-orm";
import { normalizeSearchText } from "#domain/search.ts";
import { escapeLike } from "./sql.ts";

/**
 * True when the normal form of the concatenated `columns` contains the normal form of `query`. The concatenation must
 * be written exactly as in the migration's index expression for the index to be used (name || ' ' || coalesce(…)).
 * Returns undefined for a query that normalises to "" (no condition).
 */
export function searchMatch(document: SQL, query: string): SQL | undefined {
  const term = normalizeSearchText(query);
  if (!term) return undefined;
  return sql`search_key(${document}) like ${`%${escapeLike(term)}%`} escape '\\'`;
}

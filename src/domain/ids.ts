/**
 * Row ids in URLs (SPEC §3: serial primary keys, PostgreSQL `integer`).
 */

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A URL segment as a row id: 1‥MAX_ID written in plain digits, else null (the caller answers 404). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : null;
}

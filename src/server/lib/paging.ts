/**
 * Keyset cursors of the paged admin lists (src/domain/schemas/paging.ts): a cursor is the base64url JSON of the
 * last row's sort key; `decodeCursor` refuses anything else with 400 {cursor}.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { PAGING_TEXTS } from "#domain/schemas/paging.ts";
import { badRequest } from "./http-errors.ts";

/** PostgreSQL's ISO text of a timestamptz (DateStyle ISO), e.g. "2026-11-23 09:00:00.123456+00". */
const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** Whether `v` is PostgreSQL's text of a real instant: the shape, a day that exists, a time and offset in range. */
function isPgTime(v: string): boolean {
  if (!PG_TIME.test(v)) return false;
  const [y, mo, d] = v.slice(0, 10).split("-").map(Number);
  const [h, mi, sec] = v.slice(11, 19).split(":").map(Number);
  const offset = Number(/([+-]\d{2})(?::\d{2})?$/.exec(v)?.[1] ?? "99");
  const day = new Date(Date.UTC(y, mo - 1, d));
  return (
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo - 1 &&
    day.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    sec < 60 &&
    Math.abs(offset) <= 14
  );
}

/** The cursor text of a sort key. */
export function encodeCursor(key: Record<string, string | number | null>): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * The sort key in `cursor`, checked against `fields` (name → "string" | "number" | "time": PostgreSQL's text of a
 * timestamptz, exactTime).
 * Errors: 400 {cursor} not a cursor of this list.
 */
export function decodeCursor<K extends string>(
  cursor: string,
  fields: Record<K, "string" | "number" | "time">,
): Record<K, string | number | null> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  const ok =
    value !== null &&
    typeof value === "object" &&
    Object.entries(fields).every(([name, kind]) => {
      const v = (value as Record<string, unknown>)[name];
      if (kind === "string") return typeof v === "string";
      if (kind === "number") return typeof v === "number" && Number.isFinite(v);
      return typeof v === "string" && isPgTime(v);
    });
  if (!ok) throw badRequest({ cursor: PAGING_TEXTS.cursorInvalid });
  return value as Record<K, string | number | null>;
}

/**
 * A timestamp column as PostgreSQL's exact text (microseconds kept; a JavaScript Date keeps milliseconds only, and
 * a keyset cursor cut to milliseconds would skip rows stored within the same millisecond).
 */
export function exactTime(column: AnyColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

/** `column` compared with a cursor's exact time text (`op` "<" or ">"). */
export function timeCompare(column: AnyColumn, op: "<" | ">" | "=", text: string): SQL {
  return sql`${column} ${sql.raw(op)} ${text}::timestamptz`;
}

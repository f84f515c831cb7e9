/**
 * Small helpers for SQL written with Drizzle, shared by every module.
 */

/** Escapes the LIKE/ILIKE wildcards (`%`, `_`) and the escape character (`\`) in user input, for a literal match. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether `error` is a PostgreSQL unique violation (SQLSTATE 23505) from pg or PGlite, looking through up to four
 * `cause` links (Drizzle wraps driver errors). Used to turn a concurrent twin's insert into a 409 instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === "object" && (current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The constraint (index) name of a PostgreSQL unique violation (SQLSTATE 23505) from pg or PGlite, looking through
 * up to four `cause` links; null for any other error. Tells two unique indexes of one table apart.
 */
export function uniqueViolationOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown };
    if (typeof current === "object" && fields.code === "23505") {
      return typeof fields.constraint === "string" ? fields.constraint : "";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The project column of a unit spreadsheet (SPEC §2.14, §8.5): a project's id or its name (case and surrounding
 * spaces ignored). On the global upload it says where each row goes; on a project page's upload
 * (/api/projects/{id}/units/upload) a row naming another project is a row error, never moved there
 * (docs/decisions/117-project-upload-keeps-its-project.md).
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { projects } from "../../db/schema.ts";

const ID_REF = /^\d{1,9}$/;

/**
 * The project id each reference names, in two queries (ids, then names). Input: the distinct non-empty cells of the
 * project column. Output: reference → project id; a reference naming no project has no entry.
 */
export async function projectIdsByRef(db: Db, refs: readonly string[]): Promise<Map<string, number>> {
  const byRef = new Map<string, number>();
  const ids = refs.filter((r) => ID_REF.test(r)).map(Number);
  const names = refs.filter((r) => !ID_REF.test(r));
  if (ids.length) {
    const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
    for (const p of found) byRef.set(String(p.id), p.id);
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
      if (id !== undefined) byRef.set(name, id);
    }
  }
  return byRef;
}

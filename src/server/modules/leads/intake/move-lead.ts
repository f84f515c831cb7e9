/**
 * A lead outlives the enquiry that opened it (docs/decisions/101-lead-moves-to-its-next-enquiry.md). A lead's id is
 * the id of its opening enquiry (db/schema.ts `leads`), so deleting that enquiry used to delete the whole case and
 * leave the person's later enquiries without a lead. `moveLeadOffEnquiry` runs inside the delete's transaction before
 * the enquiry row goes: when the enquiry opened a lead that has a next enquiry (the oldest other one joined to it),
 * the lead is copied under that enquiry's id — stage, owner, held unit, clock, person key and all — and every row
 * that points at the old id (found in the database catalogue, so tables added later are covered) is repointed;
 * the old row then goes with the enquiry. Audited as a "move" of the lead. A lead with no other enquiry is deleted
 * with it, as before.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#server/db/connection.ts";
import { contactMessages, leads } from "#server/db/schema.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";

/** The (table, column) pairs whose foreign key points at leads.id. */
async function leadReferences(tx: Tx): Promise<{ table: string; column: string }[]> {
  const result = await tx.execute(sql`
    select cl.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = 'leads'::regclass`);
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`; Drizzle types the base result as unknown.
  return (result as { rows: { table: string; column: string }[] }).rows;
}

/**
 * Moves the lead opened by enquiry `enquiryId` to its next enquiry, if both exist. Output: the new lead id, or null
 * when nothing moved (the enquiry opened no lead, or the lead has no other enquiry).
 */
export async function moveLeadOffEnquiry(tx: Tx, enquiryId: number, actor: AuditActor): Promise<number | null> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, enquiryId)).for("update");
  if (!lead) return null;
  const [next] = await tx
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.leadId, enquiryId), ne(contactMessages.id, enquiryId)))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(1);
  if (!next) return null;
  // Free the old row's unique keys (held unit, open person key) before the copy takes them.
  await tx.update(leads).set({ unitId: null, personPhone: null, personEmail: null }).where(eq(leads.id, lead.id));
  await tx.insert(leads).values({ ...lead, id: next.id });
  for (const { table, column } of await leadReferences(tx)) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${next.id} where ${sql.identifier(column)} = ${lead.id}`,
    );
  }
  await recordAudit(tx, actor, {
    entityType: "lead",
    entityId: next.id,
    action: "move",
    previousState: { id: lead.id },
    newState: { id: next.id },
  });
  return next.id;
}

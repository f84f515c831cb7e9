/**
 * Leads written straight to the database for tests that need many rows or a set-up state
 * (docs/decisions/061-enquiries-and-leads.md): each row is an enquiry and the lead it opened, under one id.
 */
import { getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { contactMessages, leads } from "../db/schema.ts";

type LeadFields = Omit<typeof leads.$inferInsert, "id" | "createdAt">;
type EnquiryFields = typeof contactMessages.$inferInsert;

const leadKeys = new Set(Object.keys(getTableColumns(leads)));

/** Inserts each row's enquiry and its lead (the desk's fields: stage, ownerId, …). Returns the stored enquiries. */
export async function insertLeads(db: Db, rows: (EnquiryFields & LeadFields)[]) {
  const enquiries = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !leadKeys.has(k) || k === "createdAt")),
  ) as EnquiryFields[];
  const stored = await db.insert(contactMessages).values(enquiries).returning();
  await db.insert(leads).values(
    stored.map((enquiry, i) => {
      const lead = Object.fromEntries(
        Object.entries(rows[i]).filter(([k]) => leadKeys.has(k) && k !== "createdAt"),
      ) as LeadFields;
      return { ...lead, id: enquiry.id, createdAt: enquiry.createdAt };
    }),
  );
  await db
    .update(contactMessages)
    .set({ leadId: sql`${contactMessages.id}` })
    .where(
      inArray(
        contactMessages.id,
        stored.map((s) => s.id),
      ),
    );
  return stored;
}

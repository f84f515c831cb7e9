/**
 * A lead as the desk reads it (docs/decisions/061-enquiries-and-leads.md): the case's own columns (table `leads`:
 * owner, stage, unit, clock, follow-up, merge) over the enquiry that opened it (table `contact_messages`, the same
 * id: name, contact details, source, project, campaign, consent). Read it with
 * `db.select(leadRow).from(leads).innerJoin(contactMessages, openingEnquiry)`.
 */
import { eq, getTableColumns } from "drizzle-orm";
import { contactMessages, leads } from "#server/db/schema.ts";

/** The columns of a lead row: the opening enquiry's, then the lead's (id and createdAt are the same on both). */
export const leadRow = { ...getTableColumns(contactMessages), ...getTableColumns(leads) };

/** One lead with its opening enquiry's fields. */
export type LeadRow = typeof contactMessages.$inferSelect & typeof leads.$inferSelect;

/** The join condition of a lead and the enquiry that opened it. */
export const openingEnquiry = eq(contactMessages.id, leads.id);

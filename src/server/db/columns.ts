/**
 * Column helpers shared by every table file (schema.ts, tables/*.ts): creation and update times (timestamptz), areas
 * as decimal(10,2) in m² or m, and Asia/Riyadh calendar days as "YYYY-MM-DD" (licence dates, docs/compliance.md).
 */
import { date, numeric, timestamp } from "drizzle-orm/pg-core";

/** A point in time: timestamptz read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => at("created_at").notNull().defaultNow();
export const updatedAt = () => at("updated_at").notNull().defaultNow();
export const area = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
/** An Asia/Riyadh calendar day as "YYYY-MM-DD" (licence dates, docs/compliance.md). */
export const licenceDay = (name: string) => date(name, { mode: "string" });

/**
 * Column helpers shared by every table file (schema.ts, tables/*.ts): creation and update times (timestamptz), areas
 * as decimal(10,2) in m² or m, and Asia/Riyadh calendar days as "YYYY-MM-DD" (licence dates, docs/compliance.md).
 */
import { date, numeric, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const area = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
/** An Asia/Riyadh calendar day as "YYYY-MM-DD" (licence dates, docs/compliance.md). */
export const licenceDay = (name: string) => date(name, { mode: "string" });

/**
 * Column helpers shared by every table file (schema.ts, tables/*.ts): creation and update times (timestamptz), areas
 * as decimal(10,2) in m² or m, and Asia/Riyadh calendar days as "YYYY-MM-DD" (licence dates, docs/compliance.md).
 */
import { type AnyPgColumn, date, integer, numeric, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The id (integer) of the row this one belongs to: required, and deleted with it (on delete cascade). */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: "cascade" });
/** The uuid of the row (a user, a session) this one belongs to: required, and deleted with it (on delete cascade). */
export const belongsToUuid = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: "cascade" });
/** A row that extends its parent one to one: its primary key is the parent's integer id, deleted with it. */
export const extendsRow = (name: string, parent: () => AnyPgColumn) =>
  integer(name).primaryKey().references(parent, { onDelete: "cascade" });
/** A row that extends its parent one to one: its primary key is the parent's uuid, deleted with it. */
export const extendsUuidRow = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).primaryKey().references(parent, { onDelete: "cascade" });
/** A point in time: timestamptz read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => at("created_at").notNull().defaultNow();
export const updatedAt = () => at("updated_at").notNull().defaultNow();
export const area = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
/** An Asia/Riyadh calendar day as "YYYY-MM-DD" (licence dates, docs/compliance.md). */
export const licenceDay = (name: string) => date(name, { mode: "string" });

/**
 * The delivery columns of an outbox row sent by the job engine (docs/decisions/057-one-job-engine-and-one-clock.md):
 * its state, the attempts made, when the next is due, the lease a worker holds while it calls the receiver (so
 * several instances never send one row twice at once), the last error and HTTP status, when it was delivered, and the
 * row's creation and update times.
 */
export const outboxDelivery = () => ({
  status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: at("next_attempt_at").notNull(),
  lockedUntil: at("locked_until"),
  lastError: text("last_error"),
  lastStatusCode: integer("last_status_code"),
  deliveredAt: at("delivered_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The sending columns of a message outbox row (the visits' and payments' e-mails,
 * docs/decisions/125-receipt-pdf-and-mail.md): its state, the attempts made, when the next is due, the lease a worker
 * holds while it sends, the last error, when it was sent and when the row was written (by the app's clock, so no
 * database default).
 */
export const mailDelivery = () => ({
  ...outboxRow(),
  createdAt: at("created_at").notNull(),
});

/**
 * The columns of an outbox row as jobs/outbox.ts claims it and server/modules/leads/mail.ts `mailAttemptWrite`
 * records an attempt: pending → sent | failed, the attempts made, when the next is due, the claim's lease, the last
 * error and when it was sent (settled). Used by mailDelivery and the payment webhooks' table.
 */
export const outboxRow = () => ({
  status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAt: at("next_at").notNull(),
  lockedUntil: at("locked_until"),
  error: text("error"),
  sentAt: at("sent_at"),
});

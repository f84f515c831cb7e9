/**
 * `checkout_mails`: the buyer's e-mails about an online deposit (docs/payments.md "E-mails";
 * docs/decisions/125-receipt-pdf-and-mail.md), an outbox of the job engine (server/modules/payments/mail.ts): the
 * reservation's confirmation with the receipt attached ("receipt") and the automatic refund of a payment that came
 * after the hold ended ("late_refund"). One row per checkout and kind (unique), written in the transaction that
 * reserves or refunds, so each is sent once; claimed with SKIP LOCKED and a lease, so once across instances.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { checkouts } from "./payments.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type CheckoutMailKind = "receipt" | "late_refund";

/**
 * The columns of a payments outbox row (this table, ./payment-webhooks.ts), as jobs/outbox.ts claims and
 * server/modules/leads/mail.ts `mailAttemptWrite` records them: pending → sent | failed, the attempts made, when the
 * next is due, the claim's lease, the last error and when it was sent (settled).
 */
export const outboxRowColumns = () => ({
  status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAt: at("next_at").notNull(),
  lockedUntil: at("locked_until"),
  error: text("error"),
  sentAt: at("sent_at"),
});

export const checkoutMails = pgTable(
  "checkout_mails",
  {
    id: serial("id").primaryKey(),
    checkoutId: integer("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CheckoutMailKind>().notNull(),
    /** The buyer's e-mail address. */
    recipient: text("recipient").notNull(),
    ...outboxRowColumns(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("checkout_mails_once_key").on(t.checkoutId, t.kind),
    index("checkout_mails_due_idx").on(t.status, t.nextAt),
  ],
);

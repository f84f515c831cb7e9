/**
 * `checkout_mails`: the buyer's e-mails about an online deposit (docs/payments.md "E-mails";
 * docs/decisions/125-receipt-pdf-and-mail.md), an outbox of the job engine (server/modules/payments/mail.ts): the
 * reservation's confirmation with the receipt attached ("receipt") and the automatic refund of a payment that came
 * after the hold ended ("late_refund"). One row per checkout and kind (unique), written in the transaction that
 * reserves or refunds, so each is sent once; claimed with SKIP LOCKED and a lease, so once across instances.
 */
import { index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, mailDelivery } from "../columns.ts";
import { checkouts } from "./payments.ts";

export type CheckoutMailKind = "receipt" | "late_refund";

export const checkoutMails = pgTable(
  "checkout_mails",
  {
    id: serial("id").primaryKey(),
    checkoutId: belongsTo("checkout_id", () => checkouts.id),
    kind: text("kind").$type<CheckoutMailKind>().notNull(),
    /** The buyer's e-mail address. */
    recipient: text("recipient").notNull(),
    ...mailDelivery(),
  },
  (t) => [
    uniqueIndex("checkout_mails_once_key").on(t.checkoutId, t.kind),
    index("checkout_mails_due_idx").on(t.status, t.nextAt),
  ],
);

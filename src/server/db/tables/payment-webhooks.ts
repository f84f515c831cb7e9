/**
 * `payment_webhook_events`: the gateway's webhooks as received (docs/payments.md "Checkout";
 * docs/decisions/136-payment-webhook-answered-at-once.md; ARCHITECTURE resolution 19). The webhook route stores one
 * row per gateway payment id (unique: a repeated webhook stores nothing) once its secret is verified, and answers at
 * once; the job engine's outbox queue "payment-webhooks" (server/modules/payments/webhook-queue.ts) claims each row
 * with FOR UPDATE SKIP LOCKED and a lease (once across instances), fetches the payment from the gateway's API and
 * settles the checkout, retrying on the lead desk's schedule (1, 4, 16, 64 min) while the gateway does not answer.
 */
import { index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, belongsTo, outboxRow } from "../columns.ts";
import { checkouts } from "./payments.ts";

export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: serial("id").primaryKey(),
    checkoutId: belongsTo("checkout_id", () => checkouts.id),
    /** The gateway's payment id the verified webhook names (fetched from the gateway before anything changes). */
    gatewayPaymentId: text("gateway_payment_id").notNull(),
    /** The event's type as the gateway names it ("payment_paid", "payment_failed", …); for the record only. */
    eventType: text("event_type").notNull(),
    /** status "sent" once the checkout was settled from it (the outbox's word), sentAt then. */
    ...outboxRow(),
    receivedAt: at("received_at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_webhook_events_payment_key").on(t.gatewayPaymentId),
    index("payment_webhook_events_due_idx").on(t.status, t.nextAt),
  ],
);

/**
 * The gateway's webhooks, answered at once and settled after (ARCHITECTURE resolution 19; docs/payments.md
 * "Checkout"; docs/decisions/136-payment-webhook-answered-at-once.md):
 * - `storeWebhookEvent` (inside the webhook route, after ./confirm.ts verified the secret): one row of
 *   payment_webhook_events per gateway payment id — a repeated webhook stores nothing;
 * - `webhookEventQueue`, the job engine's outbox queue "payment-webhooks" (registered by ./checkout-routes.ts): claims
 *   one due row with FOR UPDATE SKIP LOCKED and a lease (once across instances), fetches the payment from the
 *   gateway's API (never trusting the webhook's claim) and settles its checkout (./settle.ts, itself idempotent);
 *   a gateway that does not answer is asked again after 1, 4, 16 and 64 min (../leads/mail.ts's schedule), a payment
 *   the gateway does not know or a project without credentials fails the row at once.
 */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/connection.ts";
import { paymentWebhookEvents } from "#server/db/tables/payment-webhooks.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import type { AttemptOutcome, OutboxQueue } from "#server/jobs/outbox.ts";
import { claimOutboxRow, writeIfLeased } from "#server/jobs/outbox-rows.ts";
import { mailAttemptWrite } from "../leads/mail.ts";
import type { PaymentDeps } from "./checkout.ts";
import { GatewayError, type VerifiedWebhook } from "./gateway.ts";
import { credentialsOf } from "./settings.ts";
import { type Settled, settlePayment } from "./settle.ts";

/** The outbox queue's name in the job engine. */
export const PAYMENT_WEBHOOK_QUEUE = "payment-webhooks";

/** Stores verified webhook `event` of checkout `checkoutId` (nothing when its payment id is stored already). */
export async function storeWebhookEvent(db: Db | Tx, checkoutId: number, event: VerifiedWebhook, now: Date) {
  await db
    .insert(paymentWebhookEvents)
    .values({ checkoutId, gatewayPaymentId: event.paymentId, eventType: event.type, nextAt: now, receivedAt: now })
    .onConflictDoNothing();
}

/** A claimed webhook event (the gateway is the one destination). */
export interface ClaimedWebhookEvent {
  id: number;
  destination: "gateway";
  checkoutId: number;
  paymentId: string;
  lease: Date;
  attempts: number;
}

/** See the module comment; `onSettled` is told what each settled event did (to kick the conversions and e-mails). */
export function webhookEventQueue(
  deps: PaymentDeps,
  onSettled: (settled: Settled) => void,
): OutboxQueue<ClaimedWebhookEvent> {
  return {
    async claim(db, now, leaseMs) {
      const claimed = await claimOutboxRow(db, paymentWebhookEvents, now, leaseMs);
      if (!claimed) return null;
      const { row, lease, attempts } = claimed;
      const { checkoutId, gatewayPaymentId: paymentId } = row;
      return { id: row.id, destination: "gateway", checkoutId, paymentId, lease, attempts };
    },

    async attempt(db, claim, now) {
      const [checkout] = await db
        .select({ projectId: checkouts.projectId })
        .from(checkouts)
        .where(eq(checkouts.id, claim.checkoutId));
      const credentials = checkout ? await credentialsOf(db, deps.secrets, checkout.projectId) : null;
      if (!credentials) return { ok: false, statusCode: null, error: "no credentials", permanent: true };
      try {
        const payment = await deps.gateway.fetchPayment(credentials, claim.paymentId);
        onSettled(await settlePayment(deps, claim.checkoutId, payment, now));
        return { ok: true, statusCode: 200, error: null };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return { ok: false, statusCode: error.status, error: error.message, permanent: error.status === 404 };
      }
    },

    async record(db, claim, result, now): Promise<AttemptOutcome> {
      const { outcome, values } = mailAttemptWrite(claim.attempts, result, now);
      return (await writeIfLeased(db, paymentWebhookEvents, claim, values)) ? outcome : "lost";
    },
  };
}

/**
 * The gateway's webhook and the buyer's return (docs/payments.md "Checkout"; ARCHITECTURE resolution 19), both
 * settled by ./settle.ts from the payment as the gateway's API reports it:
 * - webhook: the body names a hosted page (untrusted) → its checkout → the project's webhook secret must match the
 *   body's (constant time) → the event is stored once per payment id and answered at once; the job engine's queue
 *   (./webhook-queue.ts) then fetches the payment from the API and settles it. Errors: 404 no checkout of that page;
 *   401 forged.
 * - return (POST /api/checkout/{token}/confirm): a pending checkout asks the gateway for its hosted page's payment
 *   and settles it (the webhook may not have come yet); then answers the buyer's view. Errors: 404 unknown token.
 */
import { eq } from "drizzle-orm";
import { CHECKOUT_TEXTS, type CheckoutView } from "#domain/checkout.ts";
import { unitLabel } from "#domain/unit-label.ts";
import { projects, units } from "#server/db/schema.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { HttpError, notFound } from "#server/lib/http-errors.ts";
import type { PaymentDeps } from "./checkout.ts";
import { GatewayError } from "./gateway.ts";
import { credentialsOf } from "./settings.ts";
import { settlePayment } from "./settle.ts";
import { storeWebhookEvent } from "./webhook-queue.ts";

const WEBHOOK_FORGED = "إشعار غير موثّق";

/** POST /api/payments/webhooks/moyasar (public, authenticated by its secret token): stores the verified event. */
export async function handleWebhook(deps: PaymentDeps, body: unknown, now: Date): Promise<void> {
  const hostedId = deps.gateway.webhookHostedId(body);
  const [checkout] = hostedId
    ? await deps.db.select().from(checkouts).where(eq(checkouts.hostedId, hostedId)).limit(1)
    : [];
  if (!checkout) throw notFound(CHECKOUT_TEXTS.checkoutNotFound);
  const credentials = await credentialsOf(deps.db, deps.secrets, checkout.projectId);
  const verified = credentials ? deps.gateway.verifyWebhook(credentials, body) : null;
  if (!credentials || !verified) throw new HttpError(401, WEBHOOK_FORGED);
  await storeWebhookEvent(deps.db, checkout.id, verified, now);
}

/** The buyer's view of checkout `token` (its state's Arabic message; a late payment's refund explained). */
async function viewOf(deps: PaymentDeps, token: string): Promise<CheckoutView> {
  const [row] = await deps.db
    .select({
      checkout: checkouts,
      unitNumber: units.unitNumber,
      building: units.building,
      projectName: projects.name,
    })
    .from(checkouts)
    .innerJoin(units, eq(units.id, checkouts.unitId))
    .innerJoin(projects, eq(projects.id, checkouts.projectId))
    .where(eq(checkouts.token, token))
    .limit(1);
  if (!row) throw notFound(CHECKOUT_TEXTS.checkoutNotFound);
  const { checkout } = row;
  const late = checkout.paidAt !== null && checkout.state !== "paid" && checkout.refundedBy === null;
  return {
    state: checkout.state,
    message: late ? CHECKOUT_TEXTS.lateRefunded : CHECKOUT_TEXTS[checkout.state],
    unitId: checkout.unitId,
    projectId: checkout.projectId,
    unitLabel: unitLabel({ unitNumber: row.unitNumber, building: row.building || null }),
    projectName: row.projectName,
    amountSar: checkout.amountSar,
    paidAt: checkout.paidAt?.toISOString() ?? null,
    gatewayPaymentId: checkout.state === "paid" ? checkout.gatewayPaymentId : null,
  };
}

/** POST /api/checkout/{token}/confirm (public; the buyer's return). */
export async function confirmCheckout(deps: PaymentDeps, token: string, now: Date): Promise<CheckoutView> {
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.token, token)).limit(1);
  if (!checkout) throw notFound(CHECKOUT_TEXTS.checkoutNotFound);
  if (checkout.state === "pending" && checkout.hostedId) {
    const credentials = await credentialsOf(deps.db, deps.secrets, checkout.projectId);
    try {
      const hosted = credentials ? await deps.gateway.fetchHostedPayment(credentials, checkout.hostedId) : null;
      if (credentials && hosted?.paymentId) {
        const payment = await deps.gateway.fetchPayment(credentials, hosted.paymentId);
        await settlePayment(deps, checkout.id, payment, now);
      }
    } catch (error) {
      // The gateway not answering leaves the checkout pending: the page says so and the webhook settles it.
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  return viewOf(deps, token);
}

/**
 * What a payment does to its checkout (docs/payments.md "Checkout"; docs/decisions/123-online-checkout-and-holds.md),
 * whichever tells us first — the gateway's webhook or the buyer's return — and never twice:
 * - the payment is always the one fetched from the gateway's API (`GatewayPayment`), and must be of the checkout's
 *   hosted page, in SAR, for the checkout's amount; anything else changes nothing;
 * - paid while the checkout is pending and its online hold is still running: in one transaction the buyer enters
 *   through the one intake function (createOrJoinLead, source "online_reservation", the deposit as a custom field of
 *   the enquiry's message), the hold is given to the lead and the lead moves to حجز with the unit through the lead
 *   desk (moveLeadStage), so the unit becomes محجوزة through its lead as every reservation does;
 * - paid after the hold ended (expired, released, failed): kept with `refundDue`; the refund is asked of the gateway
 *   after the commit (and retried by the expiry job until it succeeds), and the buyer's page says why;
 * - failed while pending: the checkout fails and its hold is released.
 * The gateway's payment id is stored once (unique), so a repeated webhook finds its work done. The buyer's e-mail
 * (the receipt on a reservation, the reason on an automatic refund) is queued in the same transaction (./mail.ts).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import { toHalalas } from "#domain/payments.ts";
import type { Tx } from "#server/db/connection.ts";
import { unitHolds } from "#server/db/tables/inventory.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { recordAudit } from "../audit/service.ts";
import { linkCheckoutConversions } from "../conversions/checkout-events.ts";
import { giveHoldToLead, releaseOnlineHold } from "../inventory/service.ts";
import { moveLeadStage } from "../leads/desk/service.ts";
import { createOrJoinLead } from "../leads/intake/service.ts";
import type { PaymentDeps } from "./checkout.ts";
import { GatewayError, type GatewayPayment } from "./gateway.ts";
import { queueCheckoutMail } from "./mail.ts";
import { credentialsOf } from "./settings.ts";

type Checkout = typeof checkouts.$inferSelect;
const SYSTEM = { userId: null, ip: null };

/** What settling did: "reserved", "refund_due", "failed", or "unchanged" (already done, or not this checkout's). */
export type Settled = "reserved" | "refund_due" | "failed" | "unchanged";

/** Whether the hold of `checkout` is still an active, unexpired hold at `now`. */
async function holdRunning(tx: Tx, checkout: Checkout, now: Date): Promise<boolean> {
  if (checkout.holdId === null) return false;
  const [hold] = await tx
    .select({ id: unitHolds.id })
    .from(unitHolds)
    .where(
      and(
        eq(unitHolds.id, checkout.holdId),
        isNull(unitHolds.releasedAt),
        eq(unitHolds.kind, "hold"),
        gt(unitHolds.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(hold);
}

/**
 * The reservation: the lead through intake (with the checkout's attribution and the buyer's estimate), the checkout's
 * conversion events made the lead's (a later withdrawal of consent cancels those still queued), the hold given to it,
 * the checkout marked paid for it (so the حجز event finds its deposit: ../conversions/unit-facts.ts), and the lead at
 * حجز with the unit. Inside `tx`. Output: the lead's id.
 */
async function reserve(tx: Tx, checkout: Checkout, publicUrl: string, now: Date): Promise<number> {
  const intake = await createOrJoinLead(
    tx,
    { name: checkout.name, phone: checkout.phone, email: checkout.email },
    {
      source: "online_reservation",
      message: `حجز إلكتروني بعربون ${checkout.amountSar} ر.س. (دفعة البوابة ${checkout.gatewayPaymentId ?? ""})`,
      refs: {
        projectId: checkout.projectId,
        unitId: checkout.unitId,
        landingPageId: checkout.landingPageId,
        campaignId: checkout.campaignId,
      },
      attribution: checkout.attribution,
      ip: checkout.ipAddress,
      userAgent: checkout.userAgent,
      consentVersion: checkout.consentVersion,
      marketingConsentVersion: checkout.marketingConsentVersion,
      publicUrl,
      at: now,
      estimate: checkout.estimate,
    },
  );
  const leadId = intake.lead.id;
  await linkCheckoutConversions(tx, checkout.id, leadId);
  if (checkout.holdId !== null) await giveHoldToLead(tx, checkout.holdId, leadId);
  await tx
    .update(checkouts)
    .set({ state: "paid", gatewayPaymentId: checkout.gatewayPaymentId, leadId, paidAt: now, endedAt: now })
    .where(eq(checkouts.id, checkout.id));
  await moveLeadStage(tx, null, leadId, { stage: "reserved", unitId: checkout.unitId }, now);
  return leadId;
}

/** Whether `payment` (as fetched from the gateway) is the payment of `checkout`'s page for its amount in SAR. */
function isCheckoutsPayment(checkout: Checkout, payment: GatewayPayment): boolean {
  return (
    checkout.hostedId !== null &&
    payment.hostedId === checkout.hostedId &&
    payment.currency === "SAR" &&
    payment.amountHalalas === toHalalas(checkout.amountSar)
  );
}

/** Applies fetched `payment` to checkout `checkoutId` (see the module comment) in one transaction. */
export async function settlePayment(
  deps: PaymentDeps,
  checkoutId: number,
  payment: GatewayPayment,
  now: Date,
): Promise<Settled> {
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    if (!checkout || !isCheckoutsPayment(checkout, payment)) return "unchanged";
    if (checkout.gatewayPaymentId === payment.id && checkout.state !== "pending") return "unchanged";
    if (payment.status === "paid") {
      if (checkout.state === "paid" || checkout.state === "refunded") return "unchanged";
      const withPayment = { ...checkout, gatewayPaymentId: payment.id };
      if (checkout.state === "pending" && (await holdRunning(tx, checkout, now))) {
        const leadId = await reserve(tx, withPayment, deps.publicUrl, now);
        await queueCheckoutMail(tx, checkoutId, "receipt", checkout.email, now);
        await recordAudit(tx, SYSTEM, {
          entityType: "checkout",
          entityId: checkoutId,
          action: "paid",
          previousState: { state: checkout.state },
          newState: { state: "paid", leadId, unitId: checkout.unitId, gatewayPaymentId: payment.id },
        });
        return "reserved";
      }
      // Paid after the hold ended: no reservation; the deposit goes back (refundDue, after the commit).
      if (checkout.holdId !== null) await releaseOnlineHold(tx, checkout.holdId, "expired", now);
      await tx
        .update(checkouts)
        .set({
          state: checkout.state === "pending" ? "expired" : checkout.state,
          gatewayPaymentId: payment.id,
          paidAt: now,
          endedAt: checkout.endedAt ?? now,
        })
        .where(eq(checkouts.id, checkoutId));
      await recordAudit(tx, SYSTEM, {
        entityType: "checkout",
        entityId: checkoutId,
        action: "paid_late",
        previousState: { state: checkout.state },
        newState: { gatewayPaymentId: payment.id, refundDue: true },
      });
      return "refund_due";
    }
    if (payment.status === "failed" && checkout.state === "pending") {
      if (checkout.holdId !== null) await releaseOnlineHold(tx, checkout.holdId, "released", now);
      await tx.update(checkouts).set({ state: "failed", endedAt: now }).where(eq(checkouts.id, checkoutId));
      await recordAudit(tx, SYSTEM, {
        entityType: "checkout",
        entityId: checkoutId,
        action: "failed",
        previousState: { state: "pending" },
        newState: { state: "failed" },
      });
      return "failed";
    }
    return "unchanged";
  });
  if (settled === "refund_due") await refundLate(deps, checkoutId, now);
  return settled;
}

/**
 * Refunds the late payment of checkout `checkoutId` in full at the gateway (mada: a refund, never a void) and marks
 * it refunded with the reason the buyer reads. A gateway failure leaves it due (the expiry job retries). Output:
 * whether it was refunded now.
 */
export async function refundLate(deps: PaymentDeps, checkoutId: number, now: Date): Promise<boolean> {
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!checkout?.gatewayPaymentId || checkout.state === "paid" || checkout.state === "refunded") return false;
  const credentials = await credentialsOf(deps.db, deps.secrets, checkout.projectId);
  if (!credentials) return false;
  try {
    await deps.gateway.refund(credentials, checkout.gatewayPaymentId, toHalalas(checkout.amountSar));
  } catch (error) {
    if (error instanceof GatewayError) return false;
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(checkouts)
      .set({ state: "refunded", refundedSar: checkout.amountSar, refundReason: CHECKOUT_TEXTS.lateRefunded })
      .where(eq(checkouts.id, checkoutId));
    await queueCheckoutMail(tx, checkoutId, "late_refund", checkout.email, now);
    await recordAudit(tx, SYSTEM, {
      entityType: "checkout",
      entityId: checkoutId,
      action: "refund",
      previousState: { state: checkout.state },
      newState: { state: "refunded", refundedSar: checkout.amountSar, automatic: true, at: now.toISOString() },
    });
  });
  return true;
}

/** Checkouts handled per pass of the expiry job. */
const EXPIRY_BATCH = 100;

/**
 * The expiry job (jobs/engine.ts `due`, "payments.checkouts"): pending checkouts whose time ran out at `now` end as
 * expired with their holds released (rows claimed with SKIP LOCKED, safe on several instances); late payments whose
 * refund failed are refunded again. Output: how many checkouts expired.
 */
export async function expireCheckouts(deps: PaymentDeps, now: Date): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: checkouts.id, holdId: checkouts.holdId })
      .from(checkouts)
      .where(and(eq(checkouts.state, "pending"), lte(checkouts.expiresAt, now)))
      .orderBy(asc(checkouts.expiresAt))
      .limit(EXPIRY_BATCH)
      .for("update", { skipLocked: true });
    for (const row of due) {
      if (row.holdId !== null) await releaseOnlineHold(tx, row.holdId, "expired", now);
      await tx.update(checkouts).set({ state: "expired", endedAt: now }).where(eq(checkouts.id, row.id));
      await recordAudit(tx, SYSTEM, {
        entityType: "checkout",
        entityId: row.id,
        action: "expired",
        previousState: { state: "pending" },
        newState: { state: "expired" },
      });
    }
    return due.length;
  });
  const refundsDue = await deps.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.state, ["expired", "failed"]),
        isNotNull(checkouts.gatewayPaymentId),
        isNotNull(checkouts.paidAt),
        eq(checkouts.refundedSar, 0),
      ),
    )
    .limit(EXPIRY_BATCH);
  for (const row of refundsDue) await refundLate(deps, row.id, now);
  return expired;
}

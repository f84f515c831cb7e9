/**
 * The buyer's e-mails about an online deposit (docs/payments.md "E-mails"; docs/decisions/125-receipt-pdf-and-mail.md):
 * - "receipt": the reservation is made → the confirmation with the receipt PDF attached (./receipt.ts);
 * - "late_refund": the payment came after the online hold ended and was refunded automatically → why, and that the
 *   whole amount went back to the same card.
 * `queueCheckoutMail` writes the row inside the transaction that reserves or refunds (one per checkout and kind: a
 * repeated webhook queues nothing). The outbox queue "payment-mail" (jobs/outbox.ts; registered by
 * ./checkout-routes.ts only with SMTP_URL) claims one row at a time with FOR UPDATE SKIP LOCKED and a lease (once
 * across instances), renders it from the checkout as it is when sent, sends it through the SMTP transport, then marks
 * it sent or retries on the lead desk's schedule (1, 4, 16, 64 min) until failed.
 */
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { CHECKOUT_TEXTS } from "#domain/checkout.ts";
import type { LicencePolicy } from "#domain/compliance-rules.ts";
import { formatSAR } from "#domain/format.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { unitLabel } from "#domain/unit-label.ts";
import type { Db, Tx } from "#server/db/connection.ts";
import { projects, units } from "#server/db/schema.ts";
import { type CheckoutMailKind, checkoutMails } from "#server/db/tables/payment-mails.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import {
  type AttemptOutcome,
  type AttemptResult,
  LEASE_MARGIN_MS,
  type OutboxOptions,
  type OutboxQueue,
} from "#server/jobs/outbox.ts";
import { claimOutboxRow, writeIfLeased } from "#server/jobs/outbox-rows.ts";
import { MAIL_IN_FLIGHT, MAIL_LEASE_MS, mailAttemptWrite } from "../leads/mail.ts";
import { receiptContent, receiptFileName } from "./receipt.ts";
import { renderReceiptPdf } from "./receipt-pdf.ts";

/** The outbox queue's name. */
export const PAYMENT_MAIL_QUEUE = "payment-mail";

/** Queues e-mail `kind` of checkout `checkoutId` to `to` inside `tx` (nothing when that e-mail is already queued). */
export async function queueCheckoutMail(tx: Tx, checkoutId: number, kind: CheckoutMailKind, to: string, now: Date) {
  await tx
    .insert(checkoutMails)
    .values({ checkoutId, kind, recipient: to, nextAt: now, createdAt: now })
    .onConflictDoNothing();
}

export interface PaymentMailSettings {
  from: string;
  /** PUBLIC_URL without a trailing slash (the confirmation page's link). */
  publicUrl: string;
  site: SiteConfig;
  licencePolicy: () => Promise<LicencePolicy>;
}

interface ClaimedCheckoutMail {
  id: number;
  destination: "smtp";
  checkoutId: number;
  kind: CheckoutMailKind;
  to: string;
  lease: Date;
  attempts: number;
}

async function claim(db: Db, now: Date, leaseMs: number): Promise<ClaimedCheckoutMail | null> {
  const claimed = await claimOutboxRow(db, checkoutMails, now, leaseMs);
  if (!claimed) return null;
  const { row, lease, attempts } = claimed;
  return {
    id: row.id,
    destination: "smtp",
    checkoutId: row.checkoutId,
    kind: row.kind,
    to: row.recipient,
    lease,
    attempts,
  };
}

async function record(db: Db, c: ClaimedCheckoutMail, result: AttemptResult, now: Date): Promise<AttemptOutcome> {
  const { outcome, values } = mailAttemptWrite(c.attempts, result, now);
  return (await writeIfLeased(db, checkoutMails, c, values)) ? outcome : "lost";
}

/** The message of claimed e-mail `c`: subject, text and attachments. */
async function messageOf(db: Db, c: ClaimedCheckoutMail, settings: PaymentMailSettings) {
  const [row] = await db
    .select({ checkout: checkouts, unitNumber: units.unitNumber, building: units.building, projectName: projects.name })
    .from(checkouts)
    .innerJoin(units, eq(units.id, checkouts.unitId))
    .innerJoin(projects, eq(projects.id, checkouts.projectId))
    .where(eq(checkouts.id, c.checkoutId))
    .limit(1);
  if (!row) return null;
  const { checkout } = row;
  const unit = `${unitLabel({ unitNumber: row.unitNumber, building: row.building || null })} في مشروع ${row.projectName}`;
  const page = `${settings.publicUrl}/checkout/done/${checkout.token}`;
  if (c.kind === "late_refund") {
    return {
      subject: "إعادة عربون الحجز",
      text: [
        `مرحبًا ${checkout.name}،`,
        CHECKOUT_TEXTS.lateRefunded,
        `الوحدة: ${unit}`,
        `المبلغ المُعاد: ${formatSAR(checkout.amountSar)}`,
        `مرجع عملية الدفع: ${checkout.gatewayPaymentId ?? "-"}`,
        `تفاصيل الطلب: ${page}`,
        settings.site.name,
      ].join("\n\n"),
      attachments: [],
    };
  }
  const receipt = await receiptContent(
    db,
    eq(checkouts.id, checkout.id),
    settings.site,
    await settings.licencePolicy(),
  );
  return {
    subject: "تأكيد حجز الوحدة وإيصال العربون",
    text: [
      `مرحبًا ${checkout.name}،`,
      `تم حجز الوحدة ${unit} باسمك بعد دفع عربون قدره ${formatSAR(checkout.amountSar)}.`,
      "إيصال الدفع مرفق بهذه الرسالة، ويمكنك تنزيله أيضًا من صفحة تأكيد الحجز:",
      page,
      "سيتواصل معك مستشار المبيعات لإكمال العقد.",
      settings.site.name,
    ].join("\n\n"),
    attachments: [
      {
        filename: receiptFileName(checkout.id),
        content: Buffer.from(await renderReceiptPdf(receipt.content)),
        contentType: "application/pdf",
      },
    ],
  };
}

/** The outbox options of the payments' e-mail queue (PAYMENT_MAIL_QUEUE). */
export function paymentMailOutboxOptions(
  transport: Transporter,
  settings: PaymentMailSettings,
): Omit<OutboxOptions<ClaimedCheckoutMail>, "clock" | "continuous" | "onError"> {
  const queue: OutboxQueue<ClaimedCheckoutMail> = {
    claim: (db, now, leaseMs) => claim(db, now, leaseMs),
    async attempt(db, c, _now, options) {
      try {
        const message = await messageOf(db, c, settings);
        if (!message) return { ok: false, statusCode: null, error: "checkout removed", permanent: true };
        await transport.sendMail({
          from: settings.from,
          to: c.to,
          subject: message.subject,
          textEncoding: "base64",
          text: message.text,
          attachments: message.attachments,
        });
        return { ok: true, statusCode: null, error: null };
      } catch (e) {
        if (options.signal?.aborted) return { ok: false, statusCode: null, error: "worker stopped", aborted: true };
        return { ok: false, statusCode: null, error: (e instanceof Error ? e.message : String(e)).slice(0, 300) };
      }
    },
    record,
  };
  return {
    queue,
    allowPrivate: true,
    timeoutMs: MAIL_LEASE_MS - LEASE_MARGIN_MS,
    perDestination: MAIL_IN_FLIGHT,
    maxInFlight: MAIL_IN_FLIGHT,
  };
}

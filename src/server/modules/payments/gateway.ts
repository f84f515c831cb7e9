/**
 * The payment gateway adapter (docs/payments.md "Gateway"; docs/decisions/103-payment-gateway-adapter.md): what the
 * checkout needs of any gateway, so HyperPay, PayTabs or Tap can follow Moyasar (./moyasar.ts) without touching the
 * checkout. Amounts are halalas (100 = 1 SAR); times are Dates; credentials are one project's, opened from their
 * sealed form only for the call. No card data ever reaches this server: the buyer pays on the gateway's hosted page.
 */

/** A project's credentials at the gateway (opened from project_payment_settings for one call). */
export interface GatewayCredentials {
  /** The secret API key (HTTP Basic user for Moyasar). */
  secretKey: string;
  /** The shared secret the gateway puts in each webhook (Moyasar's `secret_token`). */
  webhookSecret: string;
}

/** A hosted payment page to send the buyer to, created to expire with the unit's online hold. */
export interface HostedPaymentRequest {
  amountHalalas: number;
  /** Shown to the buyer on the gateway's page (Arabic). */
  description: string;
  /** Where the gateway sends the buyer after paying (the confirmation page). */
  successUrl: string;
  /** Where the buyer goes back without paying (the unit's page). */
  backUrl: string;
  /** Where the gateway posts the payment's result (our webhook). */
  callbackUrl: string;
  /** When the page stops taking payment (the hold's end). */
  expiresAt: Date;
  /** Our references, echoed back on the payment (no personal data: never the national ID). */
  metadata: Record<string, string>;
}

export interface HostedPayment {
  /** The gateway's id of the hosted page (Moyasar: the invoice id). */
  id: string;
  /** The page the buyer is redirected to. */
  url: string;
}

/** A payment as the gateway reports it when asked (never as a webhook claims it). */
export interface GatewayPayment {
  id: string;
  status: "initiated" | "paid" | "failed" | "authorized" | "captured" | "refunded" | "voided" | "verified";
  amountHalalas: number;
  refundedHalalas: number;
  currency: string;
  /** The hosted page's id the payment was made on, when any. */
  hostedId: string | null;
  metadata: Record<string, string>;
}

/** A hosted page as the gateway reports it: its state and the payment made on it, if any. */
export interface GatewayHostedPayment {
  id: string;
  status: string;
  /** The payment that paid it (Moyasar: the invoice's `payment_id`), null while unpaid. */
  paymentId: string | null;
}

/** A webhook that proved its origin: the event's type and the payment it is about (to be fetched before acting). */
export interface VerifiedWebhook {
  type: string;
  paymentId: string;
}

/** The failure of a gateway call (network, non-2xx, unreadable answer); `status` is the HTTP status when there was one. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export interface PaymentGateway {
  /** Creates the hosted payment page. Throws GatewayError. */
  createHostedPayment(credentials: GatewayCredentials, request: HostedPaymentRequest): Promise<HostedPayment>;
  /** Reads a hosted page (to find the payment when the buyer returns before the webhook). Throws GatewayError. */
  fetchHostedPayment(credentials: GatewayCredentials, hostedId: string): Promise<GatewayHostedPayment>;
  /** Reads one payment from the gateway's API. Throws GatewayError (404 → status 404). */
  fetchPayment(credentials: GatewayCredentials, paymentId: string): Promise<GatewayPayment>;
  /** Refunds `amountHalalas` of a paid payment (mada: a refund, never a void). Throws GatewayError. */
  refund(credentials: GatewayCredentials, paymentId: string, amountHalalas: number): Promise<GatewayPayment>;
  /** Authenticates a webhook body as the gateway documents it; null when it is forged or unreadable. */
  verifyWebhook(credentials: GatewayCredentials, body: unknown): VerifiedWebhook | null;
  /** Reads which payment a webhook body names without trusting it (to find the project whose secret checks it). */
  webhookPaymentId(body: unknown): string | null;
  /** Reads which hosted page a webhook body's payment was made on, without trusting it (to find the checkout). */
  webhookHostedId(body: unknown): string | null;
}

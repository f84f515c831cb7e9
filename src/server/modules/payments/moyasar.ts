/**
 * Moyasar behind the gateway adapter (./gateway.ts; docs/payments.md "Moyasar"), from its documented REST API
 * (https://docs.moyasar.com/api/): base URL `PAYMENTS_MOYASAR_URL` (config.ts), HTTP Basic with the secret key as
 * user and an empty password, JSON bodies, amounts in halalas.
 * - hosted page: POST /v1/invoices {amount, currency "SAR", description, callback_url, success_url, back_url,
 *   expired_at (ISO 8601), metadata} → {id, url, …};
 * - the hosted page's state: GET /v1/invoices/{id} → {id, status, payment_id, …};
 * - fetch: GET /v1/payments/{id} → {id, status, amount, refunded, currency, invoice_id, metadata, …};
 * - refund: POST /v1/payments/{id}/refund {amount} → the payment;
 * - webhook: a JSON POST {id, type ("payment_paid", "payment_failed", …), secret_token, data: payment}: authentic
 *   when `secret_token` equals the secret configured with the webhook (compared in constant time).
 * Every call times out after `timeoutMs` (ms). Errors: GatewayError with the HTTP status when there was one.
 */
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  type GatewayCredentials,
  GatewayError,
  type GatewayPayment,
  type HostedPayment,
  type HostedPaymentRequest,
  type PaymentGateway,
  type VerifiedWebhook,
} from "./gateway.ts";

const invoiceAnswer = z.object({ id: z.string().min(1), url: z.string().url() });
const invoiceState = z.object({ id: z.string().min(1), status: z.string(), payment_id: z.string().nullish() });
const paymentAnswer = z.object({
  id: z.string().min(1),
  status: z.enum(["initiated", "paid", "failed", "authorized", "captured", "refunded", "voided", "verified"]),
  amount: z.number().int(),
  refunded: z.number().int().optional(),
  currency: z.string(),
  invoice_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const webhookBody = z.object({
  type: z.string().min(1),
  secret_token: z.string(),
  data: z.object({ id: z.string().min(1), invoice_id: z.string().nullish() }),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
}

const toPayment = (p: z.infer<typeof paymentAnswer>): GatewayPayment => ({
  id: p.id,
  status: p.status,
  amountHalalas: p.amount,
  refundedHalalas: p.refunded ?? 0,
  currency: p.currency,
  hostedId: p.invoice_id ?? null,
  metadata: p.metadata ?? {},
});

/** The Moyasar adapter at `baseUrl` (no trailing slash). */
export function moyasarGateway(baseUrl: string, timeoutMs = 10_000): PaymentGateway {
  async function call<T>(credentials: GatewayCredentials, path: string, schema: z.ZodType<T>, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${credentials.secretKey}:`).toString("base64")}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`moyasar ${path}: ${error instanceof Error ? error.name : "request failed"}`, null);
    }
    if (!res.ok) throw new GatewayError(`moyasar ${path}: HTTP ${res.status}`, res.status);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new GatewayError(`moyasar ${path}: unreadable answer`, res.status);
    return parsed.data;
  }

  return {
    async createHostedPayment(credentials, request: HostedPaymentRequest): Promise<HostedPayment> {
      const invoice = await call(credentials, "/v1/invoices", invoiceAnswer, {
        amount: request.amountHalalas,
        currency: "SAR",
        description: request.description,
        callback_url: request.callbackUrl,
        success_url: request.successUrl,
        back_url: request.backUrl,
        expired_at: request.expiresAt.toISOString(),
        metadata: request.metadata,
      });
      return { id: invoice.id, url: invoice.url };
    },
    async fetchHostedPayment(credentials, hostedId) {
      const invoice = await call(credentials, `/v1/invoices/${encodeURIComponent(hostedId)}`, invoiceState);
      return { id: invoice.id, status: invoice.status, paymentId: invoice.payment_id ?? null };
    },
    async fetchPayment(credentials, paymentId) {
      return toPayment(await call(credentials, `/v1/payments/${encodeURIComponent(paymentId)}`, paymentAnswer));
    },
    async refund(credentials, paymentId, amountHalalas) {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/refund`;
      return toPayment(await call(credentials, path, paymentAnswer, { amount: amountHalalas }));
    },
    verifyWebhook(credentials, body): VerifiedWebhook | null {
      const parsed = webhookBody.safeParse(body);
      if (!parsed.success || !sameSecret(parsed.data.secret_token, credentials.webhookSecret)) return null;
      return { type: parsed.data.type, paymentId: parsed.data.data.id };
    },
    webhookPaymentId(body) {
      const parsed = webhookBody.safeParse(body);
      return parsed.success ? parsed.data.data.id : null;
    },
    webhookHostedId(body) {
      const parsed = webhookBody.safeParse(body);
      return parsed.success ? (parsed.data.data.invoice_id ?? null) : null;
    },
  };
}

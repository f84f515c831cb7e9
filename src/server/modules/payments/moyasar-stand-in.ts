/**
 * A local stand-in for Moyasar's REST API (docs/payments.md "Testing"), written from its documentation
 * (https://docs.moyasar.com/api/): a real HTTP server on 127.0.0.1 for API tests and browser journeys, never used in
 * production. It checks HTTP Basic with `secretKey`, keeps invoices and payments in memory, and answers
 * POST /v1/invoices, GET /v1/invoices/{id}, GET /v1/payments/{id}, POST /v1/payments/{id}/refund as Moyasar does
 * (amounts in halalas). `pay(invoiceId, status)` plays the buyer paying on the hosted page: it records a payment on
 * the invoice and returns the webhook body Moyasar would post (with `secret_token`). `requests` lists every call.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInInvoice {
  id: string;
  status: "initiated" | "paid" | "expired";
  /** The payment that paid it (Moyasar's `payment_id`), null while unpaid. */
  payment_id: string | null;
  amount: number;
  currency: string;
  description: string;
  url: string;
  callback_url: string;
  success_url: string;
  back_url: string;
  expired_at: string;
  metadata: Record<string, string>;
}

export interface StandInPayment {
  id: string;
  status: "paid" | "failed" | "refunded";
  amount: number;
  refunded: number;
  currency: string;
  invoice_id: string;
  metadata: Record<string, string>;
}

export interface MoyasarStandIn {
  url: string;
  invoices: Map<string, StandInInvoice>;
  payments: Map<string, StandInPayment>;
  requests: { method: string; path: string; body: unknown }[];
  /** The buyer pays (or fails) invoice `invoiceId`: the payment and the webhook body Moyasar would send. */
  pay(invoiceId: string, status?: "paid" | "failed"): { payment: StandInPayment; webhook: Record<string, unknown> };
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!chunks.length) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Starts the stand-in for the account of `secretKey` whose webhooks carry `webhookSecret`. */
export async function startMoyasarStandIn(secretKey: string, webhookSecret: string): Promise<MoyasarStandIn> {
  const invoices = new Map<string, StandInInvoice>();
  const payments = new Map<string, StandInPayment>();
  const requests: MoyasarStandIn["requests"] = [];
  const expected = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
  let base = "";
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const body = await readJson(req);
    requests.push({ method: req.method ?? "GET", path, body });
    if (req.headers.authorization !== expected) {
      return send(res, 401, { type: "authentication_error", message: "Invalid authorization credentials" });
    }
    const b = (body ?? {}) as Record<string, unknown>;
    if (req.method === "POST" && path === "/v1/invoices") {
      if (typeof b.amount !== "number" || !Number.isInteger(b.amount) || b.amount < 100) {
        return send(res, 400, { type: "invalid_request_error", errors: { amount: ["must be at least 100"] } });
      }
      const id = randomUUID();
      const invoice: StandInInvoice = {
        id,
        status: "initiated",
        amount: b.amount,
        currency: String(b.currency ?? "SAR"),
        description: String(b.description ?? ""),
        url: `${base}/i/${id}`,
        callback_url: String(b.callback_url ?? ""),
        success_url: String(b.success_url ?? ""),
        back_url: String(b.back_url ?? ""),
        expired_at: String(b.expired_at ?? ""),
        payment_id: null,
        metadata: (b.metadata ?? {}) as Record<string, string>,
      };
      invoices.set(id, invoice);
      return send(res, 201, invoice);
    }
    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (req.method === "GET" && invoiceMatch) {
      const invoice = invoices.get(decodeURIComponent(invoiceMatch[1]));
      return invoice ? send(res, 200, invoice) : send(res, 404, { type: "api_error", message: "Object not found" });
    }
    const paymentMatch = /^\/v1\/payments\/([^/]+)(\/refund)?$/.exec(path);
    const payment = paymentMatch ? payments.get(decodeURIComponent(paymentMatch[1])) : undefined;
    if (paymentMatch && !payment) return send(res, 404, { type: "api_error", message: "Object not found" });
    if (payment && req.method === "GET" && !paymentMatch?.[2]) return send(res, 200, payment);
    if (payment && req.method === "POST" && paymentMatch?.[2]) {
      const amount = typeof b.amount === "number" ? b.amount : payment.amount - payment.refunded;
      if (payment.status !== "paid" || amount > payment.amount - payment.refunded) {
        return send(res, 400, { type: "invalid_request_error", message: "Payment cannot be refunded" });
      }
      payment.refunded += amount;
      if (payment.refunded === payment.amount) payment.status = "refunded";
      return send(res, 200, payment);
    }
    return send(res, 404, { type: "api_error", message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    invoices,
    payments,
    requests,
    pay(invoiceId, status = "paid") {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const payment: StandInPayment = {
        id: randomUUID(),
        status,
        amount: invoice.amount,
        refunded: 0,
        currency: invoice.currency,
        invoice_id: invoice.id,
        metadata: invoice.metadata,
      };
      payments.set(payment.id, payment);
      if (status === "paid") {
        invoice.status = "paid";
        invoice.payment_id = payment.id;
      }
      const type = status === "paid" ? "payment_paid" : "payment_failed";
      return {
        payment,
        webhook: {
          id: randomUUID(),
          type,
          created_at: new Date(0).toISOString(),
          secret_token: webhookSecret,
          live: false,
          data: payment,
        },
      };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * A local stand-in for Moyasar's REST API (docs/payments.md "Testing"), written from its documentation
 * (https://docs.moyasar.com/api/): a real HTTP server on 127.0.0.1 for API tests and browser journeys, never used in
 * production. It checks HTTP Basic with `secretKey`, keeps invoices and payments in memory, and answers
 * POST /v1/invoices, GET /v1/invoices/{id}, GET /v1/payments/{id}, POST /v1/payments/{id}/refund as Moyasar does
 * (amounts in halalas). `pay(invoiceId, status)` plays the buyer paying on the hosted page: it records a payment on
 * the invoice and returns the webhook body Moyasar would post (with `secret_token`). `requests` lists every call.
 * For browser journeys the hosted page itself is played too: GET /i/{id} is a page with «ادفع» and «فشل الدفع»
 * buttons; POST /i/{id}/pay (form field `status`) records the payment, posts the webhook to the invoice's
 * callback_url, and sends the browser to its success_url, as the real hosted page does.
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

const HOSTED_PAGE = (id: string, amount: number) => `<!doctype html><html lang="ar" dir="rtl"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>صفحة الدفع</title></head><body>
<h1>صفحة الدفع التجريبية</h1><p>المبلغ: ${amount / 100} ر.س.</p>
<form method="post" action="/i/${id}/pay"><button name="status" value="paid">ادفع</button>
<button name="status" value="failed">فشل الدفع</button></form></body></html>`;

/**
 * Starts the stand-in for the account of `secretKey` whose webhooks carry `webhookSecret`, on `port` (0: any free
 * port).
 */
export async function startMoyasarStandIn(secretKey: string, webhookSecret: string, port = 0): Promise<MoyasarStandIn> {
  const invoices = new Map<string, StandInInvoice>();
  const payments = new Map<string, StandInPayment>();
  const requests: MoyasarStandIn["requests"] = [];
  const expected = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
  let base = "";
  let standIn: MoyasarStandIn | null = null;
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const hosted = /^\/i\/([^/]+)(\/pay)?$/.exec(path);
    if (hosted && standIn) return hostedPage(req, res, standIn, decodeURIComponent(hosted[1]), Boolean(hosted[2]));
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
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn = {
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
  return standIn;
}

/** The hosted page (GET) and its buttons (POST …/pay): the buyer paying in a browser journey. */
async function hostedPage(
  req: IncomingMessage,
  res: ServerResponse,
  standIn: MoyasarStandIn,
  id: string,
  paying: boolean,
) {
  const invoice = standIn.invoices.get(id);
  if (!invoice) return send(res, 404, { type: "api_error", message: "Object not found" });
  if (!paying) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return res.end(HOSTED_PAGE(id, invoice.amount));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const status =
    new URLSearchParams(Buffer.concat(chunks).toString("utf8")).get("status") === "failed" ? "failed" : "paid";
  const { payment, webhook } = standIn.pay(id, status);
  await fetch(invoice.callback_url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(webhook),
  }).catch(() => null);
  const back = new URL(status === "paid" ? invoice.success_url : invoice.back_url);
  back.searchParams.set("id", payment.id);
  back.searchParams.set("status", status);
  res.writeHead(303, { location: back.toString() });
  res.end();
}

/**
 * The checkout's routes (docs/payments.md "Checkout", "Payments screen"):
 * - POST /api/checkout (public, rate-limited like an enquiry; changes public pages: the unit shows محجوزة): body
 *   checkoutSchema (#domain/checkout.ts) → 201 `{ token, url, expiresAt }`; the buyer is sent to `url`. Errors: see
 *   ./checkout.ts.
 * - GET /api/projects/{id}/deposit-offer (public): the deposit the unit pages offer, 404 when none (./checkout.ts).
 * - POST /api/checkout/{token}/confirm (public; the buyer's return, may reserve the unit) → the buyer's view.
 * - POST /api/payments/webhooks/moyasar (public; authenticated by its secret token, ./confirm.ts) → `{ received }` at
 *   once; the outbox queue "payment-webhooks" (./webhook-queue.ts) fetches the payment and settles it after.
 * - GET /api/payments (payments.view; filters state, from, to; paged by limit and cursor) → `{ items, nextCursor,
 *   total }`; GET /api/payments/export (payments.view; the same filters) → .xlsx (./export.ts);
 *   POST /api/payments/{id}/refund (payments.refund).
 * - GET /api/checkout/{token}/receipt.pdf (public, the token authorises) and GET /api/payments/{id}/receipt.pdf
 *   (payments.view): the deposit receipt (./receipt.ts), 404 when the checkout reserved nothing.
 * The expiry job "payments.checkouts" (jobs/engine.ts `due`) ends the checkouts whose hold ran out; with SMTP_URL the
 * outbox queue "payment-mail" (./mail.ts) sends the buyer's e-mails, kicked when a payment settles.
 */

import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutSchema, checkoutViewSchema } from "#domain/checkout.ts";
import { fileResponse } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { text } from "#domain/schemas/text.ts";
import { checkouts } from "#server/db/tables/payments.ts";
import { createMailTransport } from "../leads/mail.ts";
import { leadRateLimit } from "../leads/rate-limit.ts";
import { depositOffer, type PaymentDeps, startCheckout } from "./checkout.ts";
import { confirmCheckout, handleWebhook } from "./confirm.ts";
import { PAYMENT_MAIL_QUEUE, paymentMailOutboxOptions } from "./mail.ts";
import { moyasarGateway } from "./moyasar.ts";
import { receiptFileName, receiptPdf } from "./receipt.ts";
import { PAYMENT_WEBHOOK_QUEUE, webhookEventQueue } from "./webhook-queue.ts";

/** The receipt's content type. */
const PDF_TYPE = "application/pdf";

import { expireCheckouts } from "./settle.ts";
import { paymentStaffRoutes } from "./staff-routes.ts";

/** The expiry job's name. */
export const CHECKOUT_EXPIRY_JOB = "payments.checkouts";

const tokenParam = z.object({ token: z.uuid({ error: "طلب الحجز غير موجود" }) });

/** The buyer's e-mail outbox (./mail.ts), null without SMTP_URL. */
function mailOutbox(app: FastifyInstance) {
  const smtp = app.config.smtp;
  if (!smtp) return null;
  const transport = createMailTransport(smtp.url);
  return app.jobs.outbox(
    PAYMENT_MAIL_QUEUE,
    paymentMailOutboxOptions(transport, {
      from: smtp.from,
      publicUrl: app.config.publicUrl,
      site: app.site,
      licencePolicy: app.licencePolicy,
    }),
    () => transport.close(),
  );
}

export async function checkoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentDeps = {
    db: app.db,
    secrets: app.secrets,
    gateway: moyasarGateway(app.config.payments.moyasarUrl),
    publicUrl: app.config.publicUrl,
    holdMinutes: app.config.payments.holdMinutes,
    affordabilityRules: app.affordability,
  };
  // Before the e-mails' queue, so one engine pass sends the receipt of what it settled.
  const webhookEvents = app.jobs.outbox(PAYMENT_WEBHOOK_QUEUE, {
    queue: webhookEventQueue(deps, (settled) => {
      if (settled === "reserved") app.conversionOutbox.kick();
      if (settled !== "unchanged") mail?.kick();
    }),
    allowPrivate: true,
    perDestination: 4,
  });
  const mail = mailOutbox(app);
  app.jobs.due(CHECKOUT_EXPIRY_JOB, async (now) => {
    const expired = await expireCheckouts(deps, now);
    mail?.kick();
    return expired;
  });

  r.get(
    "/api/projects/:id/deposit-offer",
    {
      config: { access: "public" },
      schema: {
        params: idParam,
        response: {
          200: z.object({
            projectId: z.number(),
            depositSar: z.number(),
            termsText: text(),
            refundWindowDays: z.number(),
            daysToSign: z.number(),
          }),
        },
      },
    },
    async (request) => depositOffer(app.db, request.params.id),
  );

  r.post(
    "/api/checkout",
    {
      config: { access: "public", rateLimit: leadRateLimit(app), changesPublicPages: true },
      schema: {
        body: checkoutSchema,
        response: { 201: z.object({ token: text(), url: text(), expiresAt: text() }) },
      },
    },
    async (request, reply) => {
      const started = await startCheckout(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
        consentVersion: app.site.privacy.version,
        marketingConsentVersion: app.site.privacy.marketingConsent?.version ?? null,
        now: app.clock(),
      });
      app.conversionOutbox.kick();
      return reply.code(201).send(started);
    },
  );

  r.post(
    "/api/checkout/:token/confirm",
    {
      config: { access: "public", changesPublicPages: true },
      schema: { params: tokenParam, response: { 200: checkoutViewSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const view = await confirmCheckout(deps, request.params.token, app.clock());
      if (view.state === "paid") app.conversionOutbox.kick();
      mail?.kick();
      return view;
    },
  );

  r.post(
    "/api/payments/webhooks/moyasar",
    {
      config: { access: "public", changesPublicPages: true },
      schema: { response: { 200: z.object({ received: z.boolean() }) } },
    },
    async (request) => {
      await handleWebhook(deps, request.body, app.clock());
      webhookEvents.kick();
      return { received: true };
    },
  );

  await paymentStaffRoutes(app, deps);

  const sendPdf = (reply: FastifyReply, id: number, pdf: Uint8Array) =>
    reply
      .header("content-type", PDF_TYPE)
      .header("content-disposition", `inline; filename="${receiptFileName(id)}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(pdf));

  r.get(
    "/api/checkout/:token/receipt.pdf",
    {
      config: { access: "public" },
      schema: { params: tokenParam, response: { 200: fileResponse("The deposit receipt (PDF)", [PDF_TYPE]) } },
    },
    async (request, reply) => {
      const where = eq(checkouts.token, request.params.token);
      const { id, pdf } = await receiptPdf(app.db, where, app.site, await app.licencePolicy());
      return sendPdf(reply, id, pdf);
    },
  );

  r.get(
    "/api/payments/:id/receipt.pdf",
    {
      config: { access: { permission: "payments.view" } },
      schema: { params: idParam, response: { 200: fileResponse("The deposit receipt (PDF)", [PDF_TYPE]) } },
    },
    async (request, reply) => {
      const where = eq(checkouts.id, request.params.id);
      const { id, pdf } = await receiptPdf(app.db, where, app.site, await app.licencePolicy());
      return sendPdf(reply, id, pdf);
    },
  );
}

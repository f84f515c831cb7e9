/**
 * /checkout/done/:token (docs/payments.md "Checkout"): where the gateway sends the buyer back. The loader asks the API
 * to settle the checkout from the gateway (POST /api/checkout/{token}/confirm: the webhook may not have come yet)
 * and shows its state in Arabic: reserved — with the unit, the deposit, the date (Gregorian with the Hijri date
 * beside it, ARCHITECTURE resolution 17) and the gateway's reference —, still waiting, failed, expired, or refunded
 * with the reason (a payment after the hold's end). A reserved unit's receipt downloads as a PDF
 * (GET /api/checkout/{token}/receipt.pdf; docs/payments.md "Receipt"). Never cached (server/pages/http-cache.ts). Unknown token: 404.
 */
import { data, isRouteErrorResponse } from "react-router";
import { CHECKOUT_STATE_LABELS } from "#domain/checkout.ts";
import { formatDateTime, formatHijri, formatSAR } from "#domain/format.ts";
import { TEXTS } from "#domain/texts.ts";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { confirmCheckout } from "~/public/lib/checkout.server.ts";
import { pageMeta } from "~/public/lib/page-meta.ts";
import type { Route } from "./+types/checkout-done";

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await confirmCheckout(context.api, params.token);
  if (!view) throw data(null, { status: 404 });
  return { view, receiptUrl: `/api/checkout/${encodeURIComponent(params.token)}/receipt.pdf` };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, location, title: "تأكيد الحجز", description: "حالة حجز الوحدة ودفع العربون." }),
    { name: "robots", content: "noindex" },
  ];
}

export default function CheckoutDonePage({ loaderData }: Route.ComponentProps) {
  const { view, receiptUrl } = loaderData;
  const paid = view.state === "paid";
  return (
    <article className="mx-auto grid max-w-xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">{paid ? "تم حجز الوحدة" : CHECKOUT_STATE_LABELS[view.state]}</h1>
        <p role="status" className="text-lg text-ink" data-checkout-state={view.state}>
          {view.message}
        </p>
      </header>
      <section aria-labelledby="receipt-title" className="grid gap-3 rounded-3xl bg-surface p-5 ring-1 ring-black/5">
        <h2 id="receipt-title" className="text-lg font-bold text-ink">
          {paid ? "إيصال العربون" : "تفاصيل الطلب"}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-muted">المشروع</dt>
          <dd className="text-ink">{view.projectName}</dd>
          <dt className="text-muted">الوحدة</dt>
          <dd className="text-ink">{view.unitLabel}</dd>
          <dt className="text-muted">العربون</dt>
          <dd className="text-ink">{formatSAR(view.amountSar)}</dd>
          {paid && view.paidAt && (
            <>
              <dt className="text-muted">تاريخ الدفع</dt>
              <dd className="text-ink">
                {formatDateTime(view.paidAt)} ({formatHijri(view.paidAt)})
              </dd>
            </>
          )}
          {view.gatewayPaymentId && (
            <>
              <dt className="text-muted">مرجع الدفع</dt>
              <dd className="break-all text-ink" dir="ltr">
                {view.gatewayPaymentId}
              </dd>
            </>
          )}
        </dl>
        {paid && (
          <a href={receiptUrl} download className="font-medium text-brand-700 underline underline-offset-4">
            تنزيل الإيصال (PDF)
          </a>
        )}
      </section>
      <a
        href={`/project/${view.projectId}/unit/${view.unitId}`}
        className="font-medium text-brand-700 underline underline-offset-4"
      >
        العودة إلى صفحة الوحدة
      </a>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundBlock title="طلب الحجز غير موجود" text="تحقق من الرابط أو تواصل معنا." />;
  }
  return <NotFoundBlock title={TEXTS.errorTitle} text="تعذّر تحميل حالة الحجز. حدّث الصفحة بعد قليل." />;
}

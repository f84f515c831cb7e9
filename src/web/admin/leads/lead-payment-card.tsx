/**
 * The lead page's online payment (docs/payments.md "Refunds from the lead page"): each deposit the lead paid online
 * (GET /api/leads/{id}/payments) with its amount, state, unit and the gateway's reference; the buyer's national ID
 * masked to its last four digits for holders of payments.view only (the server leaves it out for the others). A paid
 * deposit offers «استرداد» to holders of payments.refund (POST /api/payments/{id}/refund with a reason, the existing
 * refund, audited on the server); when the reservation was cancelled (the lead moved back from حجز) within the
 * project's refund window, the card says so and offers it first, and the stage dialog that moved it offers it at once
 * (`cancelledDepositOffer`, `RefundDialog`). Nothing when the lead paid nothing.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CHECKOUT_STATE_LABELS, type LeadPayment } from "#domain/checkout.ts";
import { formatDateTime } from "#domain/format.ts";
import type { LeadStage } from "#domain/lead-desk.ts";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { apiClient, apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";

const T = {
  title: "الدفع الإلكتروني",
  amount: "العربون",
  state: "الحالة",
  unit: "الوحدة",
  reference: "مرجع الدفع",
  paidAt: "تاريخ الدفع",
  nationalId: "رقم الهوية",
  refundReason: "سبب الاسترداد",
  refund: "استرداد",
  refundTitle: "استرداد العربون",
  refundText: "يُعاد المبلغ كاملًا إلى وسيلة الدفع نفسها.",
  refunding: "جارٍ الاسترداد…",
  cancel: "إلغاء",
  later: "ليس الآن",
  refunded: "تم استرداد العربون",
  refundFailed: "تعذّر تنفيذ الاسترداد",
  cancelledOffer: "أُلغي حجز هذا العميل والعربون ما زال مدفوعًا، وهو ضمن مدة الاسترداد: يمكنك استرداده الآن.",
};

/** The stages in which the lead still holds its reservation (a deposit is then not "cancelled"). */
const HOLDING: readonly LeadStage[] = ["reserved", "sold"];

export const leadPaymentsQuery = (leadId: number) =>
  queryOptions({
    queryKey: ["lead-payments", leadId],
    queryFn: () => apiClient.request<{ items: LeadPayment[]; canRefund: boolean }>(`/api/leads/${leadId}/payments`),
  });

/**
 * The deposit to offer back when a lead leaves حجز/بيع (the stage dialog): with payments.refund (`canRefund`), the
 * first paid, refundable deposit still within its project's refund window; null when there is none.
 */
export function cancelledDepositOffer(payments: { items: LeadPayment[]; canRefund: boolean }): LeadPayment | null {
  if (!payments.canRefund) return null;
  return payments.items.find((p) => p.refundable && p.withinRefundWindow) ?? null;
}

/** Whether moving a lead from stage `from` to `to` cancels its reservation (it leaves حجز/بيع). */
export const cancelsReservation = (from: LeadStage, to: LeadStage) => HOLDING.includes(from) && !HOLDING.includes(to);

/**
 * The refund of `payment` with a reason (POST /api/payments/{id}/refund); `notice` (the stage dialog's «أُلغي حجز
 * هذا العميل…») is shown above the reason.
 */
export function RefundDialog({
  leadId,
  payment,
  onClose,
  notice,
}: {
  leadId: number;
  payment: LeadPayment;
  onClose: () => void;
  notice?: boolean;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () =>
      apiClient.request<{ id: number }>(`/api/payments/${payment.id}/refund`, { method: "POST", body: { reason } }),
    onSuccess: async () => {
      toast({ title: T.refunded });
      onClose();
      await Promise.all([
        client.invalidateQueries({ queryKey: ["lead-payments", leadId] }),
        client.invalidateQueries({ queryKey: ["payments"] }),
      ]);
    },
    onError: (e) => setError(apiErrorMessage(e, T.refundFailed)),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{T.refundTitle}</DialogTitle>
          <DialogDescription>{`${T.refundText} (الوحدة ${payment.unitLabel})`}</DialogDescription>
        </DialogHeader>
        {notice && (
          <p role="status" className="rounded-lg bg-accent-400/15 p-2 text-sm font-medium text-ink">
            {T.cancelledOffer}
          </p>
        )}
        <label htmlFor="lead-refund-reason" className="font-medium text-ink">
          {T.refundReason}
        </label>
        <Textarea
          id="lead-refund-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lead-refund-reason-error" : undefined}
        />
        {error && (
          <p id="lead-refund-reason-error" className="text-sm text-danger">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            {notice ? T.later : T.cancel}
          </Button>
          <Button variant="destructive" onClick={() => refund.mutate()} disabled={refund.isPending}>
            {refund.isPending ? T.refunding : T.refund}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function LeadPaymentCard({ leadId, stage }: { leadId: number; stage: LeadStage }) {
  const payments = useQuery(leadPaymentsQuery(leadId));
  const [refunding, setRefunding] = useState<LeadPayment | null>(null);
  const items = payments.data?.items ?? [];
  if (!items.length) return null;
  const canRefund = payments.data?.canRefund ?? false;
  const cancelled = !HOLDING.includes(stage);
  return (
    <Card data-testid="lead-payments">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {items.map((p) => (
          <section key={p.id} className="grid gap-2 rounded-xl bg-canvas p-3">
            {canRefund && cancelled && p.withinRefundWindow && (
              <p role="status" className="rounded-lg bg-accent-400/15 p-2 text-sm font-medium text-ink">
                {T.cancelledOffer}
              </p>
            )}
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <dt className="text-muted">{T.amount}</dt>
              <dd>
                <RiyalAmount amount={p.amountSar} />
              </dd>
              <dt className="text-muted">{T.state}</dt>
              <dd data-testid="lead-payment-state">{CHECKOUT_STATE_LABELS[p.state]}</dd>
              <dt className="text-muted">{T.unit}</dt>
              <dd>{`${p.unitLabel} · ${p.projectName}`}</dd>
              <dt className="text-muted">{T.reference}</dt>
              <dd>
                <bdi dir="ltr">{p.gatewayPaymentId ?? "—"}</bdi>
              </dd>
              {p.paidAt && (
                <>
                  <dt className="text-muted">{T.paidAt}</dt>
                  <dd>{formatDateTime(p.paidAt)}</dd>
                </>
              )}
              {p.nationalIdMasked && (
                <>
                  <dt className="text-muted">{T.nationalId}</dt>
                  <dd>
                    <bdi dir="ltr">{p.nationalIdMasked}</bdi>
                  </dd>
                </>
              )}
              {p.refundReason && (
                <>
                  <dt className="text-muted">{T.refundReason}</dt>
                  <dd>{p.refundReason}</dd>
                </>
              )}
            </dl>
            {canRefund && p.refundable && (
              <Button variant="destructive" className="justify-self-start" onClick={() => setRefunding(p)}>
                {T.refund}
              </Button>
            )}
          </section>
        ))}
      </CardContent>
      {refunding && <RefundDialog leadId={leadId} payment={refunding} onClose={() => setRefunding(null)} />}
    </Card>
  );
}

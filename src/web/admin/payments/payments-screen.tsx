/**
 * «المدفوعات» (docs/payments.md "Payments screen"): every online deposit, newest first, with its state, unit, lead,
 * the buyer (national ID masked to its last four digits), the amount, the gateway's reference and the dates; a paid
 * deposit offers «استرداد» to holders of payments.refund, asking the reason (the refund is audited on the server), and
 * a deposit that reserved its unit offers «الإيصال» (the receipt as a PDF; docs/payments.md "Receipt"). Filtered by
 * state and days (./payment-filters.tsx, in the URL), loaded page by page, exported as a workbook.
 */
import { useState } from "react";
import { Link } from "react-router";
import { CHECKOUT_STATE_LABELS, type PaymentRow } from "#domain/checkout.ts";
import { formatDateTime } from "#domain/format.ts";
import { ListScreen, listState } from "~/admin/common/list-screen.tsx";
import { PagedLoadMore } from "~/admin/common/load-more.tsx";
import { QueryError } from "~/admin/common/query-error.tsx";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { Textarea } from "~/shared/ui/textarea.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadReceipt, hasReceipt, usePaymentPages, useRefundPayment } from "./api.ts";
import { PaymentFilters, usePaymentFilters } from "./payment-filters.tsx";

export const PAYMENTS_TITLE = "المدفوعات";

function RefundDialog({ payment, onClose }: { payment: PaymentRow; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundPayment();
  const submit = () =>
    refund.mutate(
      { id: payment.id, reason },
      {
        onSuccess: () => {
          toast({ title: "تم استرداد العربون" });
          onClose();
        },
        onError: (e) => setError(apiErrorMessage(e, "تعذّر تنفيذ الاسترداد")),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>استرداد العربون</DialogTitle>
          <DialogDescription>
            يُعاد المبلغ كاملًا إلى وسيلة الدفع نفسها ({payment.name}، الوحدة {payment.unitLabel}).
          </DialogDescription>
        </DialogHeader>
        <label htmlFor="refund-reason" className="font-medium text-ink">
          سبب الاسترداد
        </label>
        <Textarea
          id="refund-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "refund-reason-error" : undefined}
          className="min-h-24 rounded-xl border border-black/15 p-2"
        />
        {error && (
          <p id="refund-reason-error" className="text-sm text-danger">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
            إلغاء
          </Button>
          <Button variant="destructive" onClick={submit} disabled={refund.isPending}>
            {refund.isPending ? "جارٍ الاسترداد…" : "استرداد"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function PaymentsScreen() {
  const user = useCurrentUser();
  const canRefund = userCan(user, "payments.refund");
  const [filters, setFilter] = usePaymentFilters();
  const payments = usePaymentPages(filters);
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  return (
    <>
      <ListScreen
        title={PAYMENTS_TITLE}
        filters={<PaymentFilters filters={filters} onChange={setFilter} />}
        state={listState(payments, items.length)}
        pending={<Skeleton className="h-40 w-full rounded-xl" />}
        error={<QueryError message="تعذّر تحميل المدفوعات" onRetry={() => void payments.refetch()} />}
        empty={<p className="text-muted">لا توجد مدفوعات إلكترونية بعد.</p>}
      >
        <div className="overflow-x-auto rounded-xl bg-surface ring-1 ring-black/5">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="text-muted">
                <th className="p-3 text-start">التاريخ</th>
                <th className="p-3 text-start">الحالة</th>
                <th className="p-3 text-start">المشروع والوحدة</th>
                <th className="p-3 text-start">المشتري</th>
                <th className="p-3 text-start">الهوية</th>
                <th className="p-3 text-start">المبلغ</th>
                <th className="p-3 text-start">مرجع البوابة</th>
                <th className="p-3 text-start">العميل</th>
                <th className="p-3 text-start">
                  <span className="sr-only">إجراءات</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id} className="border-t border-black/5">
                  <td className="p-3">{formatDateTime(p.createdAt)}</td>
                  <td className="p-3">{CHECKOUT_STATE_LABELS[p.state]}</td>
                  <td className="p-3">
                    {p.projectName} · {p.unitLabel}
                  </td>
                  <td className="p-3">
                    {p.name}
                    <span className="block text-muted" dir="ltr">
                      {p.phone}
                    </span>
                  </td>
                  <td className="p-3" dir="ltr">
                    {p.nationalIdMasked}
                  </td>
                  <td className="p-3">
                    <RiyalAmount amount={p.amountSar} />
                  </td>
                  <td className="p-3 break-all" dir="ltr">
                    {p.gatewayPaymentId ?? "-"}
                  </td>
                  <td className="p-3">
                    {p.leadId ? (
                      <Link to={`/admin/leads/${p.leadId}`} className="text-brand-700 underline">
                        فتح
                      </Link>
                    ) : (
                      "-"
                    )}
                  </td>
                  <td className="flex gap-2 p-3">
                    {hasReceipt(p) && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`إيصال دفعة ${p.name}`}
                        onClick={() =>
                          downloadReceipt(p.id).catch((e: unknown) =>
                            toast({ title: apiErrorMessage(e, "تعذّر تنزيل الإيصال"), variant: "destructive" }),
                          )
                        }
                      >
                        الإيصال
                      </Button>
                    )}
                    {canRefund && p.state === "paid" && (
                      <Button variant="outline" size="sm" onClick={() => setRefunding(p)}>
                        استرداد
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PagedLoadMore query={payments} shown={items.length} />
      </ListScreen>
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

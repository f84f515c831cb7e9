/**
 * The dashboard's online deposits (docs/payments.md "Counts"): over the last 30 days (Jeddah days), the deposits
 * received in SAR, linking to the payments screen, and the online reservations, linking to the leads list filtered
 * by source online_reservation (GET /api/payments/summary). Shown only to holders of payments.view.
 */
import { useQuery } from "@tanstack/react-query";
import { CreditCardIcon } from "lucide-react";
import { Link } from "react-router";
import type { PaymentsSummary } from "#domain/checkout.ts";
import { countNoun, NOUNS } from "#domain/format.ts";
import { RiyalAmount } from "~/admin/common/riyal-amount.tsx";
import { jeddahDayOf } from "~/admin/conversions/api.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";

const T = {
  title: "الدفع الإلكتروني",
  last30: "آخر ٣٠ يوماً",
  deposits: "العرابين المستلمة",
  reservations: "الحجوزات الإلكترونية",
};

export function OnlinePaymentsCard({ now = new Date() }: { now?: Date }) {
  const from = jeddahDayOf(now, 29);
  const to = jeddahDayOf(now);
  const summary = useQuery({
    queryKey: ["payments-summary", from, to],
    queryFn: () => apiClient.request<PaymentsSummary>(`/api/payments/summary?from=${from}&to=${to}`),
  });
  return (
    <Card data-testid="online-payments">
      <CardHeader className="flex flex-row items-center gap-2">
        <CreditCardIcon aria-hidden="true" className="size-5 text-brand-600" />
        <CardTitle className="text-lg">{T.title}</CardTitle>
        <span className="ms-auto text-sm text-muted">{T.last30}</span>
      </CardHeader>
      <CardContent>
        {summary.isPending && <Skeleton className="h-16" />}
        {summary.data && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Link
              to="/admin/payments"
              className="grid gap-1 rounded-lg bg-brand-50 p-3 hover:bg-brand-100 focus-visible:ring-3 focus-visible:ring-accent-400/50"
            >
              <span className="text-sm text-muted">{T.deposits}</span>
              <span className="text-xl font-bold text-ink" data-testid="online-deposits-total">
                <RiyalAmount amount={summary.data.depositsSar} />
              </span>
            </Link>
            <Link
              to="/admin/leads?source=online_reservation"
              className="grid gap-1 rounded-lg bg-brand-50 p-3 hover:bg-brand-100 focus-visible:ring-3 focus-visible:ring-accent-400/50"
            >
              <span className="text-sm text-muted">{T.reservations}</span>
              <span className="text-xl font-bold text-ink" data-testid="online-reservations-total">
                {countNoun(summary.data.onlineReservations, NOUNS.reservation)}
              </span>
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The payments screen's data (docs/payments.md "Payments screen"): GET /api/payments (payments.view) and
 * POST /api/payments/{id}/refund (payments.refund); GET /api/payments/{id}/receipt.pdf (payments.view) saves the
 * deposit's receipt (docs/payments.md "Receipt").
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentRow } from "#domain/checkout.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const paymentsQuery = () =>
  queryOptions({
    queryKey: ["payments"],
    queryFn: () => apiClient.request<{ items: PaymentRow[] }>("/api/payments"),
  });

export function usePayments() {
  return useQuery(paymentsQuery());
}

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiClient.request<{ id: number; state: string; refundedSar: number }>(`/api/payments/${id}/refund`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["payments"] });
    },
  });
}

/** Saves the receipt of payment `id` as a PDF (GET /api/payments/{id}/receipt.pdf, payments.view). */
export function downloadReceipt(id: number) {
  return apiClient.download(`/api/payments/${id}/receipt.pdf`, `receipt-${id}.pdf`);
}

/** Whether payment row `p` has a receipt: its deposit reserved the unit (paid, or refunded after reserving). */
export function hasReceipt(p: PaymentRow): boolean {
  return p.state === "paid" || (p.state === "refunded" && p.leadId !== null);
}

/**
 * The payments screen's data (docs/payments.md "Payments screen"): GET /api/payments (payments.view) and
 * POST /api/payments/{id}/refund (payments.refund).
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

/**
 * The payments screen's data (docs/payments.md "Payments screen"): GET /api/payments (payments.view; filtered by
 * state and days, page by page), GET /api/payments/export (the same filters as .xlsx) and
 * POST /api/payments/{id}/refund (payments.refund); GET /api/payments/{id}/receipt.pdf (payments.view) saves the
 * deposit's receipt (docs/payments.md "Receipt").
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CheckoutState, PaymentRow } from "#domain/checkout.ts";
import { type ListPage, pageUrl, usePagedList } from "~/admin/common/paged-list.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** Rows per page of the payments list. */
export const PAYMENTS_PAGE_SIZE = 50;

/** The list's filters as the URL and the API take them: a state, and days YYYY-MM-DD (Asia/Riyadh, included). */
export interface PaymentFilterValues {
  state?: CheckoutState;
  from?: string;
  to?: string;
}

/** The payments matching `filters`, newest first, page by page. Key ["payments", "page", …]: a refund refreshes it. */
export function usePaymentPages(filters: PaymentFilterValues) {
  return usePagedList<ListPage<PaymentRow>>(["payments", "page", filters], (cursor) =>
    pageUrl("/api/payments", { limit: PAYMENTS_PAGE_SIZE, ...filters }, cursor),
  );
}

/** Saves the payments matching `filters` as a workbook (GET /api/payments/export). */
export function downloadPayments(filters: PaymentFilterValues) {
  const query = pageUrl("/api/payments/export", { ...filters }, null);
  return apiClient.download(query, `payments-${new Date().toISOString().slice(0, 10)}.xlsx`);
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

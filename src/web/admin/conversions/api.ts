/**
 * The conversions API for the admin (docs/conversions.md; server: modules/conversions/routes.ts): connections
 * (the token is write-only: sent when typed, never read), test event, delivery log and retry, the campaigns report
 * (funnel and cost for a date range), spend typed in or imported from CSV, and the XLSX export.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CampaignFunnel,
  ConnectionUpdate,
  ConnectionView,
  ConversionDelivery,
  ConversionPlatform,
  FunnelReport,
} from "#domain/conversions.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const connectionsQuery = queryOptions({
  queryKey: ["conversions", "connections"],
  queryFn: () => apiClient.request<ConnectionView[]>("/api/conversions/connections"),
});

export function useConnections() {
  return useQuery(connectionsQuery);
}

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, input }: { platform: ConversionPlatform; input: Partial<ConnectionUpdate> }) =>
      apiClient.request<ConnectionView>(`/api/conversions/connections/${platform}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conversions"] }),
  });
}

export function useTestEvent() {
  return useMutation({
    mutationFn: (platform: ConversionPlatform) =>
      apiClient.request<{ ok: boolean; statusCode: number | null; error: string | null }>(
        `/api/conversions/connections/${platform}/test`,
        { method: "POST" },
      ),
  });
}

export function useDeliveries(filters: { platform?: ConversionPlatform; leadId?: number }) {
  const params = new URLSearchParams();
  if (filters.platform) params.set("platform", filters.platform);
  if (filters.leadId) params.set("leadId", String(filters.leadId));
  return useQuery({
    queryKey: ["conversions", "deliveries", filters],
    queryFn: () => apiClient.request<ConversionDelivery[]>(`/api/conversions/deliveries?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<{ id: number; status: "pending" }>(`/api/conversions/deliveries/${id}/retry`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conversions"] }),
  });
}

/** GET /api/conversions/funnel?from&to (days YYYY-MM-DD, Jeddah). */
export const funnelQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ["conversions", "funnel", from, to],
    queryFn: () => apiClient.request<FunnelReport>(`/api/conversions/funnel?from=${from}&to=${to}`),
  });

export function useFunnel(from: string, to: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...funnelQuery(from, to), placeholderData: keepPreviousData, ...options });
}

export function useSaveSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { campaignId: number; entries: { day: string; amount: number }[] }) =>
      apiClient.request<{ days: number; total: number }>("/api/conversions/spend", { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conversions", "funnel"] }),
  });
}

export function useImportSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, csv }: { campaignId: number; csv: string }) =>
      apiClient.request<{ days: number; total: number }>(`/api/conversions/spend/import?campaignId=${campaignId}`, {
        method: "POST",
        body: { csv },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conversions", "funnel"] }),
  });
}

/** Saves the report of the range as .xlsx. */
export function downloadFunnel(from: string, to: string) {
  return apiClient.download(`/api/conversions/funnel/export?from=${from}&to=${to}`, `campaigns-${from}-${to}.xlsx`);
}

/** The Jeddah day (YYYY-MM-DD) `daysAgo` days before `now`. */
export function jeddahDayOf(now: Date, daysAgo = 0): string {
  return new Date(now.getTime() + 3 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The dashboard card's ranking (docs/conversions.md "Dashboard"): by cost per reservation when any is known, else by enquiries. */
export function topCampaigns(campaigns: CampaignFunnel[], size = 5): { byCost: boolean; rows: CampaignFunnel[] } {
  const costed = campaigns.filter((c) => c.costPerReservation !== null);
  if (costed.length) {
    return {
      byCost: true,
      rows: [...costed].sort((a, b) => (a.costPerReservation ?? 0) - (b.costPerReservation ?? 0)).slice(0, size),
    };
  }
  return {
    byCost: false,
    rows: campaigns
      .filter((c) => c.counts.enquiries > 0)
      .sort((a, b) => b.counts.enquiries - a.counts.enquiries)
      .slice(0, size),
  };
}

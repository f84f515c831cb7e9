/** The compliance screen's data (docs/compliance.md): GET /api/compliance (compliance.view). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ComplianceReport } from "#domain/schemas/licence-view.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const complianceQuery = () =>
  queryOptions({
    queryKey: ["compliance"],
    queryFn: () => apiClient.request<ComplianceReport>("/api/compliance"),
  });

export function useCompliance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...complianceQuery(), ...options });
}

/** The audit log (ARCHITECTURE resolution 8): GET /api/audit-logs with filters. */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditLogPage } from "#domain/types.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** Filters as the screen holds them: empty strings mean "any"; dates are YYYY-MM-DD (inclusive, UTC days). */
export interface AuditFilters {
  userId: string;
  entityType: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { userId: "", entityType: "", action: "", from: "", to: "", page: 1 };

/** GET /api/audit-logs?… (audit.view). */
export function fetchAuditLogs(filters: AuditFilters): Promise<AuditLogPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== "" && value !== undefined) params.set(key, String(value));
  return apiClient.request<AuditLogPage>(`/api/audit-logs?${params.toString()}`);
}

export const auditLogsQuery = (filters: AuditFilters) =>
  queryOptions({ queryKey: ["audit-logs", filters], queryFn: () => fetchAuditLogs(filters) });

export function useAuditLogs(filters: AuditFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogsQuery(filters), placeholderData: keepPreviousData, ...options });
}

/**
 * The back office's visit calls (docs/decisions/088-site-visits.md), one hook per operation; every change refreshes
 * the visit queries, the leads (a visit moves a lead and sets follow-ups) and the bell.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { VisitListPeriod, VisitOutcome, VisitSettingsInput, VisitStatus } from "#domain/visits.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { type VisitListFilter, visitListParams } from "./visit-lists.ts";

/** The lists behind the visit figures, for the dashboard's links (./visit-lists.ts). */
export { VISIT_LIST_LINKS } from "./visit-lists.ts";

export interface DayVisit {
  id: number;
  leadId: number | null;
  startsAt: string;
  endsAt: string;
  status: VisitStatus;
  name: string;
  phone: string;
  projectId: number;
  projectName: string;
  unitId: number | null;
  agentId: string | null;
  outcomeNote: string | null;
}

export interface VisitStats {
  /** The server's Riyadh date. */
  date: string;
  today: number;
  week: number;
  weekStart: string;
  attended: number;
  noShow: number;
  noShowRate: number;
}

export interface VisitSettingsView extends Required<Omit<VisitSettingsInput, "mapUrl" | "whatsappTemplateName">> {
  projectId: number;
  configured: boolean;
  mapUrl?: string;
  /** The WhatsApp utility template confirming and reminding visits (docs/decisions/108-visit-messages-on-whatsapp.md). */
  whatsappTemplateName?: string;
}

/** GET /api/visits: one list's period (./visit-lists.ts) and its visits in time order. */
export interface VisitList {
  period: VisitListPeriod;
  /** The server's Riyadh date. */
  today: string;
  from: string;
  to: string;
  status: VisitStatus | null;
  visits: DayVisit[];
}

/**
 * GET /api/visits?period&date&status (visits.work; an agent's own): the list behind a figure — the day, the week,
 * the week's no-shows.
 */
export function useVisitList(filter: VisitListFilter, options: { refetchInterval?: number } = {}) {
  const query = visitListParams(filter).toString();
  return useQuery({
    queryKey: ["visits", "list", filter.period, filter.date ?? "today", filter.status ?? "all"],
    queryFn: () => apiClient.request<VisitList>(`/api/visits${query ? `?${query}` : ""}`),
    ...options,
  });
}

/** GET /api/visits/stats (visits.work): today, this week and the no-show rate. */
export function useVisitStats(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["visits", "stats"],
    queryFn: () => apiClient.request<VisitStats>("/api/visits/stats"),
    ...options,
  });
}

/** PATCH /api/visits/{id}/outcome: حضر / لم يحضر / أُعيد جدولته with a note. */
export function useMarkVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: number; outcome: VisitOutcome; note?: string }) =>
      apiClient.request<{ id: number; status: VisitStatus }>(`/api/visits/${id}/outcome`, {
        method: "PATCH",
        body: { outcome, ...(note ? { note } : {}) },
      }),
    onSuccess: async () => {
      await Promise.all(
        ["visits", "leads", "notifications"].map((key) => client.invalidateQueries({ queryKey: [key] })),
      );
    },
  });
}

/** GET /api/projects/{id}/visit-settings (visits.manage). */
export function useVisitSettings(projectId: number | null) {
  return useQuery({
    queryKey: ["visits", "settings", projectId],
    queryFn: () => apiClient.request<VisitSettingsView>(`/api/projects/${projectId}/visit-settings`),
    enabled: projectId !== null,
  });
}

/** PUT /api/projects/{id}/visit-settings (visits.manage). Errors: 400 with field messages (Arabic). */
export function useSaveVisitSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, ...body }: { projectId: number } & VisitSettingsInput) =>
      apiClient.request<VisitSettingsView>(`/api/projects/${projectId}/visit-settings`, { method: "PUT", body }),
    onSuccess: async () => client.invalidateQueries({ queryKey: ["visits"] }),
  });
}

/** GET /api/projects: the projects the availability screen chooses from (id and name). */
export function useVisitProjects() {
  return useQuery({
    queryKey: ["visits", "projects"],
    queryFn: () => apiClient.request<{ id: number; name: string }[]>("/api/projects"),
  });
}

/** One campaign's visits (GET /api/visits/campaigns): booked (not cancelled), attended, and reserved afterwards. */
export interface CampaignVisitCounts {
  campaignId: number;
  booked: number;
  attended: number;
  reserved: number;
}

/** GET /api/visits/campaigns (conversions.manage): the funnel's visit columns per campaign. */
export function useVisitCampaigns(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["visits", "campaigns"],
    queryFn: () => apiClient.request<CampaignVisitCounts[]>("/api/visits/campaigns"),
    ...options,
  });
}

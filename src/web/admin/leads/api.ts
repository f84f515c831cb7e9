/**
 * Contact messages (SPEC §7.2, §2.16; docs/webhooks.md): the list (the dashboard uses only the count), the webhook
 * retry, the delete of one enquiry and the enquiries export; then the lead desk's calls, the one leads list among them (docs/decisions/070-one-leads-list.md).
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  LeadActivityKind,
  LeadSettings,
  LeadStage,
  LeadSummary,
  leadDetailSchema,
  lostReasonViewSchema,
  notificationListSchema,
} from "#domain/lead-desk.ts";
import type { ActivityLogged, AgentList, LeadStats, PersonExport } from "#domain/lead-desk-api.ts";
import type { LeadBulkAssign, LeadListItem, LeadListPage } from "#domain/lead-list.ts";
import type { ContactMessageView } from "#domain/schemas/contact.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { CONTACT_FILTER_KEYS } from "./contact-filters.ts";

/** GET /api/contact/messages (needs contact_messages.view) → every message. ApiError 403 without it. */
export function fetchContactMessages(): Promise<ContactMessageView[]> {
  return apiClient.request<ContactMessageView[]>("/api/contact/messages");
}

/** Query options for the contact message list, key ["contact-messages"]. */
export const contactMessagesQuery = () =>
  queryOptions({ queryKey: ["contact-messages"], queryFn: fetchContactMessages });

/** All contact messages; pass `enabled: false` when the user lacks contact_messages.view. */
export function useContactMessages(options: { enabled?: boolean } = {}) {
  return useQuery({ ...contactMessagesQuery(), ...options });
}

/**
 * POST /api/contact/messages/{id}/webhook-retry (campaigns.manage): queue enquiry `id`'s webhook again; refreshes the
 * leads list (its delivery states) and SPEC's messages. Errors: 404, 409 delivered already / no webhook (Arabic).
 */
export function useRetryWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<{ deliveryId: number; status: string }>(`/api/contact/messages/${id}/webhook-retry`, {
        method: "POST",
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["contact-messages"] }),
        client.invalidateQueries({ queryKey: ["leads"] }),
      ]),
  });
}

/**
 * DELETE /api/contact/messages/{id} (contact_messages.delete): erase one enquiry (SPEC §2.16); refreshes the leads
 * list and SPEC's messages. A failure throws "Failed to delete message" and is logged, nothing more (SPEC §8.5).
 */
export function useDeleteContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await apiClient.request<null>(`/api/contact/messages/${id}`, { method: "DELETE" });
      } catch (error) {
        console.error("Failed to delete message", error);
        throw new Error("تعذر حذف الرسالة");
      }
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["contact-messages"] }),
        client.invalidateQueries({ queryKey: ["leads"] }),
      ]),
  });
}

/**
 * Downloads GET /api/contact/messages/export?format=… (contact_messages.export): every enquiry matching the list's
 * filters that SPEC's export knows (stage and owner are the leads export's), as a file (bearer auth).
 */
export function downloadContactExport(format: "xlsx" | "csv", filters: LeadFilters): Promise<void> {
  const params = new URLSearchParams({ format });
  for (const key of CONTACT_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return apiClient.download(
    `/api/contact/messages/export?${params}`,
    `contact-messages-${new Date().toISOString().slice(0, 10)}.${format}`,
  );
}

// ——— The lead desk (src/server/modules/leads/desk/routes.ts; shapes in #domain/lead-desk.ts, lead-desk-api.ts) ———

export type { LeadListItem, LeadListPage, LeadSummary };
export type LeadDetail = z.infer<typeof leadDetailSchema>;
export type LostReason = z.infer<typeof lostReasonViewSchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;
/** The body of a stage change (leadStageChangeSchema input). */
export interface LeadStageChangeBody {
  stage: LeadStage;
  note?: string;
  lostReason?: string;
  unitId?: number | null;
}

/** The list filters as they appear in the URL of /admin/leads (every value a string; "" or absent = no filter). */
export const LEAD_FILTER_KEYS = [
  "search",
  "stage",
  "ownerId",
  "projectId",
  "campaignId",
  "source",
  "from",
  "to",
  "overdue",
  "duplicate",
  "delivery",
  "landingPageId",
  "sort",
] as const;
export type LeadFilterKey = (typeof LEAD_FILTER_KEYS)[number];
export type LeadFilters = Partial<Record<LeadFilterKey, string>>;

/** The filters of `params` (URLSearchParams of the page), empty values dropped. */
export function leadFiltersFrom(params: URLSearchParams): LeadFilters {
  const filters: LeadFilters = {};
  for (const key of LEAD_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** GET /api/leads?…&cursor= → one page {items, nextCursor, total, now}. Errors: ApiError 400 {fields}. */
export function fetchLeadPage(filters: LeadFilters, cursor: string | null, limit = 30): Promise<LeadListPage> {
  const params = new URLSearchParams({ ...filters, limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  return apiClient.request<LeadListPage>(`/api/leads?${params}`);
}

/** The paged list of leads for `filters`, pages loaded on demand; key ["leads", "list", filters]. */
export function useLeadPages(filters: LeadFilters, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useInfiniteQuery({
    queryKey: ["leads", "list", filters],
    queryFn: ({ pageParam }) => fetchLeadPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...options,
  });
}

/**
 * How many leads match `filters` (GET /api/leads with limit 1, the viewer's scope): {total, capped}; capped when there
 * are more than LEAD_TOTAL_CAP. Key ["leads", "count", filters]; used where a screen names the leads an action touches.
 */
export function useLeadCount(filters: LeadFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "count", filters],
    queryFn: async () => {
      const page = await fetchLeadPage(filters, null, 1);
      return { total: page.total ?? 0, capped: page.totalCapped };
    },
    ...options,
  });
}

/** GET /api/leads/{id} → the lead, its timeline and the person's other enquiries; key ["leads", "detail", id]. */
export function useLeadDetail(id: number) {
  return useQuery({
    queryKey: ["leads", "detail", id],
    queryFn: () => apiClient.request<LeadDetail>(`/api/leads/${id}`),
  });
}

/** GET /api/leads/stats → the dashboard's lead figures; pass `enabled: false` without leads.view_own. */
export function useLeadStats(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "stats"],
    queryFn: () => apiClient.request<LeadStats>("/api/leads/stats"),
    ...options,
  });
}

/** GET /api/leads/lost-reasons → every reason (active and not). */
export function useLostReasons(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "lost-reasons"],
    queryFn: () => apiClient.request<LostReason[]>("/api/leads/lost-reasons"),
    ...options,
  });
}

/** A mutation whose success refreshes every lead query (list, detail, stats) and the bell. */
function useLeadMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ["leads"] }),
        client.invalidateQueries({ queryKey: ["notifications"] }),
      ]);
    },
  });
}

/** PATCH /api/leads/{id}/stage. Errors: 400 {lostReason|unitId}, 409 the unit is held by another lead (Arabic). */
export function useChangeLeadStage() {
  return useLeadMutation(({ id, ...body }: { id: number } & LeadStageChangeBody) =>
    apiClient.request<{ stage: LeadStage; unitId: number | null }>(`/api/leads/${id}/stage`, {
      method: "PATCH",
      body,
    }),
  );
}

/** POST /api/leads/{id}/activities: a call / WhatsApp / e-mail / meeting / note, with an optional follow-up date. */
export function useLogActivity() {
  return useLeadMutation(
    ({ id, ...body }: { id: number; kind: LeadActivityKind; note?: string; followUpAt?: string }) =>
      apiClient.request<ActivityLogged>(`/api/leads/${id}/activities`, { method: "POST", body }),
  );
}

/**
 * POST /api/leads/reassign (leads.assign): several leads to one owner in one transaction → {ownerId, reassigned,
 * unchanged}. Errors: 400 {ownerId|ids}, 404 a lead gone meanwhile (nothing changed).
 */
export function useBulkReassign() {
  return useLeadMutation((body: LeadBulkAssign) =>
    apiClient.request<{ ownerId: string; reassigned: number[]; unchanged: number[] }>("/api/leads/reassign", {
      method: "POST",
      body,
    }),
  );
}

/** PUT /api/leads/{id}/owner (leads.assign). */
export function useReassignLead() {
  return useLeadMutation(({ id, ownerId, note }: { id: number; ownerId: string; note?: string }) =>
    apiClient.request<{ ownerId: string }>(`/api/leads/${id}/owner`, { method: "PUT", body: { ownerId, note } }),
  );
}

/** POST /api/leads/{id}/merge (leads.assign): merges lead `otherId` into `id`. Errors: 404, 400, 409 (Arabic). */
export function useMergeLead() {
  return useLeadMutation(({ id, otherId }: { id: number; otherId: number }) =>
    apiClient.request<{ id: number; mergedId: number }>(`/api/leads/${id}/merge`, {
      method: "POST",
      body: { otherId },
    }),
  );
}

/** The person of a PDPL request: an E.164/typed phone, or an e-mail. */
export interface PersonRef {
  phone?: string;
  email?: string;
}

/** GET /api/leads/person (leads.settings) → everything stored about the person, as JSON. */
export function fetchPersonExport(person: PersonRef): Promise<PersonExport> {
  const params = new URLSearchParams(Object.entries(person).filter(([, v]) => v) as [string, string][]);
  return apiClient.request<PersonExport>(`/api/leads/person?${params}`);
}

/** GET /api/leads/person/xlsx (leads.settings) → the same, as a right-to-left workbook saved by the browser. */
export function downloadPersonXlsx(person: PersonRef): Promise<void> {
  const params = new URLSearchParams(Object.entries(person).filter(([, v]) => v) as [string, string][]);
  return apiClient.download(`/api/leads/person/xlsx?${params}`, `person-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

/**
 * GET /api/leads/export?format=… (leads.export): the leads matching `filters` (an agent: their own) as a CSV or
 * XLSX file, streamed by the server and saved by the browser. Errors: ApiError 400/403.
 */
export function downloadLeadExport(format: "csv" | "xlsx", filters: LeadFilters): Promise<void> {
  const params = new URLSearchParams({ ...filters, format });
  return apiClient.download(`/api/leads/export?${params}`, `leads-${new Date().toISOString().slice(0, 10)}.${format}`);
}

/**
 * DELETE /api/leads/{id}/marketing-consent (leads.work): the lead withdraws marketing consent; queued ad-platform
 * events are cancelled and no further ones are sent (docs/conversions.md). → {cancelledEvents}.
 */
export function useWithdrawMarketingConsent() {
  return useLeadMutation((id: number) =>
    apiClient.request<{ cancelledEvents: number }>(`/api/leads/${id}/marketing-consent`, { method: "DELETE" }),
  );
}

/** POST /api/leads/person/erase (leads.settings) → {erased}: the number of enquiries anonymised. */
export function useErasePerson() {
  return useLeadMutation((person: PersonRef) =>
    apiClient.request<{ erased: number }>("/api/leads/person/erase", { method: "POST", body: person }),
  );
}

/** GET /api/leads/agents (leads.settings) → the round-robin lists. */
export function useAgentLists(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "agents"],
    queryFn: () => apiClient.request<AgentList[]>("/api/leads/agents"),
    ...options,
  });
}

/** One agent of a round-robin list. */
export type DeskAgent = AgentList["agents"][number];

/** Every agent of the round-robin lists once (first list's order), for owner pickers; needs leads.settings. */
export function useDeskAgents(options: { enabled?: boolean } = {}) {
  const lists = useAgentLists(options);
  const byId = new Map((lists.data ?? []).flatMap((l) => l.agents).map((a) => [a.userId, a] as const));
  return [...byId.values()];
}

/** PUT /api/leads/agents (leads.settings): replaces one list (projectId null = the site default list). */
export function useSaveAgentList() {
  return useLeadMutation((body: { projectId: number | null; userIds: string[] }) =>
    apiClient.request<{ projectId: number | null; userIds: string[] }>("/api/leads/agents", { method: "PUT", body }),
  );
}

/** PUT /api/leads/agents/{userId}/away (leads.assign). */
export function useSetAgentAway() {
  return useLeadMutation(({ userId, away }: { userId: string; away: boolean }) =>
    apiClient.request<{ userId: string; away: boolean }>(`/api/leads/agents/${userId}/away`, {
      method: "PUT",
      body: { away },
    }),
  );
}

/** GET /api/leads/settings (leads.settings) → the response-clock steps in minutes. */
export function useLeadSettings(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "settings"],
    queryFn: () => apiClient.request<LeadSettings>("/api/leads/settings"),
    ...options,
  });
}

/** PUT /api/leads/settings (leads.settings). Errors: 400 {fields}. */
export function useSaveLeadSettings() {
  return useLeadMutation((body: LeadSettings) =>
    apiClient.request<LeadSettings>("/api/leads/settings", { method: "PUT", body }),
  );
}

/** POST /api/leads/lost-reasons, or PUT /api/leads/lost-reasons/{id} with `id` (leads.settings). 409 a duplicate name. */
export function useSaveLostReason() {
  return useLeadMutation(({ id, ...body }: { id?: number; name: string; active: boolean }) =>
    apiClient.request<LostReason>(id ? `/api/leads/lost-reasons/${id}` : "/api/leads/lost-reasons", {
      method: id ? "PUT" : "POST",
      body,
    }),
  );
}

/**
 * Leads found by name or phone in any form (GET /api/leads?search=, the list's own search; at most 10), key
 * ["leads", "search", query]: the merge dialog's picker (docs/decisions/075-merge-and-assign-by-what-people-know.md).
 */
export function useLeadSearch(query: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["leads", "search", query],
    queryFn: async () => (await fetchLeadPage({ search: query }, null, 10)).items,
    ...options,
  });
}

export { NOTIFICATIONS_POLL_MS, useMarkNotificationsRead, useNotifications } from "./notifications-api.ts";

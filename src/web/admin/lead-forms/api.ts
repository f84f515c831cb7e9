/**
 * The lead-forms API for the admin (docs/lead-forms.md; server: modules/lead-forms/routes.ts): the Meta connection
 * (secrets are write-only: sent when typed, never read; the answer says hasX), its health line, the forms found on
 * the page and the project and field map saved per form. Mutations invalidate ["lead-forms"].
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormUpdate, LeadFormView, MetaConnectionUpdate, MetaConnectionView } from "#domain/lead-forms.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const metaConnectionQuery = queryOptions({
  queryKey: ["lead-forms", "meta"],
  queryFn: () => apiClient.request<MetaConnectionView>("/api/lead-forms/meta"),
});

export function useMetaConnection() {
  return useQuery(metaConnectionQuery);
}

export function useSaveMetaConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MetaConnectionUpdate) =>
      apiClient.request<MetaConnectionView>("/api/lead-forms/meta", { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms"] }),
  });
}

/** GET /api/lead-forms/meta/forms: read from Meta each time (only while the connection is on). */
export function useMetaForms(enabled: boolean) {
  return useQuery({
    queryKey: ["lead-forms", "meta", "forms"],
    queryFn: () => apiClient.request<LeadFormView[]>("/api/lead-forms/meta/forms"),
    enabled,
    retry: false,
  });
}

export function useSaveMetaForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, input }: { formId: string; input: FormUpdate }) =>
      apiClient.request<LeadFormView>(`/api/lead-forms/meta/forms/${formId}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms", "meta", "forms"] }),
  });
}

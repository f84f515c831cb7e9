/**
 * The lead-forms API for the admin (docs/lead-forms.md; server: modules/lead-forms/routes.ts): the Meta and Google
 * connections (secrets are write-only: sent when typed, never read; the answer says hasX), their health lines, the
 * forms of each platform and the project and field map saved per form. Mutations invalidate ["lead-forms"].
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  FormUpdate,
  GoogleConnectionUpdate,
  GoogleConnectionView,
  LeadFormView,
  MetaConnectionUpdate,
  MetaConnectionView,
  SnapchatConnectionUpdate,
  SnapchatConnectionView,
  TiktokConnectionUpdate,
  TiktokConnectionView,
} from "#domain/lead-forms.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** The platforms whose forms the screen lists (`/api/lead-forms/{platform}/forms`). */
export type FormsPlatform = "meta" | "google" | "tiktok" | "snapchat";

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

export const googleConnectionQuery = queryOptions({
  queryKey: ["lead-forms", "google"],
  queryFn: () => apiClient.request<GoogleConnectionView>("/api/lead-forms/google"),
});

export function useGoogleConnection() {
  return useQuery(googleConnectionQuery);
}

export function useSaveGoogleConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GoogleConnectionUpdate) =>
      apiClient.request<GoogleConnectionView>("/api/lead-forms/google", { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms"] }),
  });
}

export const tiktokConnectionQuery = queryOptions({
  queryKey: ["lead-forms", "tiktok"],
  queryFn: () => apiClient.request<TiktokConnectionView>("/api/lead-forms/tiktok"),
});

export function useTiktokConnection() {
  return useQuery(tiktokConnectionQuery);
}

export function useSaveTiktokConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TiktokConnectionUpdate) =>
      apiClient.request<TiktokConnectionView>("/api/lead-forms/tiktok", { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms"] }),
  });
}

export const snapchatConnectionQuery = queryOptions({
  queryKey: ["lead-forms", "snapchat"],
  queryFn: () => apiClient.request<SnapchatConnectionView>("/api/lead-forms/snapchat"),
});

export function useSnapchatConnection() {
  return useQuery(snapchatConnectionQuery);
}

export function useSaveSnapchatConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SnapchatConnectionUpdate) =>
      apiClient.request<SnapchatConnectionView>("/api/lead-forms/snapchat", { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms"] }),
  });
}

/**
 * GET /api/lead-forms/{platform}/forms: Meta's and Snapchat's are read from the platform each time (only while the
 * connection is on); Google's and TikTok's are the forms seen in their leads or saved by id.
 */
export function usePlatformForms(platform: FormsPlatform, enabled: boolean) {
  return useQuery({
    queryKey: ["lead-forms", platform, "forms"],
    queryFn: () => apiClient.request<LeadFormView[]>(`/api/lead-forms/${platform}/forms`),
    enabled,
    retry: false,
  });
}

export function useSavePlatformForm(platform: FormsPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, input }: { formId: string; input: FormUpdate }) =>
      apiClient.request<LeadFormView>(`/api/lead-forms/${platform}/forms/${formId}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms", platform, "forms"] }),
  });
}

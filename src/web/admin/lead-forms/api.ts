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

/**
 * The read and the save of one platform's connection: GET and PUT /api/lead-forms/{platform} answering `View`
 * (secrets as hasX), the save taking `Update` and refreshing every lead-forms query (["lead-forms"]).
 */
function connectionApi<View, Update>(platform: FormsPlatform) {
  const query = queryOptions({
    queryKey: ["lead-forms", platform],
    queryFn: () => apiClient.request<View>(`/api/lead-forms/${platform}`),
  });
  function useConnection() {
    return useQuery(query);
  }
  function useSave() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (input: Update) =>
        apiClient.request<View>(`/api/lead-forms/${platform}`, { method: "PUT", body: input }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ["lead-forms"] }),
    });
  }
  return { useConnection, useSave };
}

/** The read and save hooks of one platform's connection. */
export type ConnectionApi<View, Update> = ReturnType<typeof connectionApi<View, Update>>;

export const metaApi = connectionApi<MetaConnectionView, MetaConnectionUpdate>("meta");
export const googleApi = connectionApi<GoogleConnectionView, GoogleConnectionUpdate>("google");
export const tiktokApi = connectionApi<TiktokConnectionView, TiktokConnectionUpdate>("tiktok");
export const snapchatApi = connectionApi<SnapchatConnectionView, SnapchatConnectionUpdate>("snapchat");

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

/**
 * Contact messages (SPEC §7.2, §2.16; docs/webhooks.md): the list (the dashboard uses only the count), delete, the webhook
 * retry and the export link of the filtered list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactMessageView } from "#domain/schemas/contact.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

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

/** DELETE /api/contact/messages/{id}; a failure throws "Failed to delete message" (SPEC §8.5). */
export function useDeleteContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await apiClient.request<null>(`/api/contact/messages/${id}`, { method: "DELETE" });
      } catch (error) {
        console.error("Failed to delete message", error);
        throw new Error("Failed to delete message");
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["contact-messages"] }),
  });
}

/** POST /api/contact/messages/{id}/webhook-retry (campaigns.manage): queue the lead's webhook again. */
export function useRetryWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<{ deliveryId: number; status: string }>(`/api/contact/messages/${id}/webhook-retry`, {
        method: "POST",
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["contact-messages"] }),
  });
}

/** Downloads GET /api/contact/messages/export?format=… with the current filters as a file (bearer auth). */
export function downloadContactExport(format: "xlsx" | "csv", filters: Record<string, string>): Promise<void> {
  const path = `/api/contact/messages/export?${new URLSearchParams({ format, ...filters })}`;
  return apiClient.download(path, `contact-messages-${new Date().toISOString().slice(0, 10)}.${format}`);
}

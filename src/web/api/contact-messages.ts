/**
 * Contact messages (SPEC §7.2, §2.16; issue 6): the list (the dashboard uses only the count), delete, the webhook
 * retry and the export link of the filtered list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactMessageView } from "../../domain/schemas/contact.ts";
import { sessionStore } from "../lib/auth-store.ts";
import { ApiError, apiClient } from "./client.ts";

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
export async function downloadContactExport(format: "xlsx" | "csv", filters: Record<string, string>): Promise<void> {
  const path = `/api/contact/messages/export?${new URLSearchParams({ format, ...filters })}`;
  const send = () => {
    const token = sessionStore.getToken();
    return fetch(path, { credentials: "include", headers: token ? { Authorization: `Bearer ${token}` } : {} });
  };
  let response = await send();
  if (response.status === 401 && (await apiClient.refresh()) === "refreshed") response = await send();
  if (!response.ok) {
    throw new ApiError(path, response.status, response.statusText, await response.text().catch(() => ""));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `contact-messages-${new Date().toISOString().slice(0, 10)}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

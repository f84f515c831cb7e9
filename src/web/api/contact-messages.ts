/** Contact messages (SPEC §7.2): the list; the dashboard uses only the count. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "../../domain/types.ts";
import { apiClient } from "./client.ts";

/** GET /api/contact/messages (needs contact_messages.view) → every message. ApiError 403 without it. */
export function fetchContactMessages(): Promise<ContactMessage[]> {
  return apiClient.request<ContactMessage[]>("/api/contact/messages");
}

/** Query options for the contact message list, key ["contact-messages"]. */
export const contactMessagesQuery = () =>
  queryOptions({ queryKey: ["contact-messages"], queryFn: fetchContactMessages });

/** All contact messages; pass `enabled: false` when the user lacks contact_messages.view. */
export function useContactMessages(options: { enabled?: boolean } = {}) {
  return useQuery({ ...contactMessagesQuery(), ...options });
}

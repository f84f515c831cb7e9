/**
 * The WhatsApp API for the admin (docs/whatsapp.md; server: modules/whatsapp/routes.ts): the connection (the app
 * secret and access token are write-only: sent when typed, never read), the templates refresh, and a lead's
 * conversation with sending. The lead page's conversation pane (admin/leads/whatsapp-pane.tsx) uses these hooks.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Conversation,
  GreetingUpdate,
  GreetingView,
  SendMessageInput,
  WhatsappConnectionUpdate,
  WhatsappConnectionView,
  WhatsappMessage,
} from "#domain/whatsapp.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

export const whatsappConnectionQuery = queryOptions({
  queryKey: ["whatsapp", "connection"],
  queryFn: () => apiClient.request<WhatsappConnectionView>("/api/whatsapp"),
});

export function useWhatsappConnection() {
  return useQuery(whatsappConnectionQuery);
}

export function useSaveWhatsappConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhatsappConnectionUpdate) =>
      apiClient.request<WhatsappConnectionView>("/api/whatsapp", { method: "PUT", body: input }),
    onSuccess: (view) => queryClient.setQueryData(whatsappConnectionQuery.queryKey, view),
  });
}

export function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request<WhatsappConnectionView>("/api/whatsapp/templates/refresh", { method: "POST" }),
    onSuccess: (view) => queryClient.setQueryData(whatsappConnectionQuery.queryKey, view),
  });
}

/** A lead's conversation; refreshed every 10 s while shown, so statuses and replies appear. */
export function useConversation(leadId: number) {
  return useQuery({
    queryKey: ["whatsapp", "conversation", leadId],
    queryFn: () => apiClient.request<Conversation>(`/api/whatsapp/leads/${leadId}/conversation`),
    refetchInterval: 10_000,
  });
}

export function useSendWhatsapp(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      apiClient.request<WhatsappMessage>(`/api/whatsapp/leads/${leadId}/messages`, { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["whatsapp", "conversation", leadId] }),
  });
}

/** Sends an image or PDF (multipart field "file") inside the 24-hour window. */
export function useSendWhatsappFile(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return apiClient.request<WhatsappMessage>(`/api/whatsapp/leads/${leadId}/files`, { method: "POST", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["whatsapp", "conversation", leadId] }),
  });
}

export function useGreetings() {
  return useQuery({
    queryKey: ["whatsapp", "greetings"],
    queryFn: () => apiClient.request<GreetingView[]>("/api/whatsapp/greetings"),
  });
}

export function useSaveGreeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, input }: { projectId: number; input: GreetingUpdate }) =>
      apiClient.request<GreetingView>(`/api/whatsapp/greetings/${projectId}`, { method: "PUT", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["whatsapp", "greetings"] }),
  });
}

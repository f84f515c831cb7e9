/**
 * The WhatsApp API for the admin (docs/whatsapp.md; server: modules/whatsapp/routes.ts): the connection (the app
 * secret and access token are write-only: sent when typed, never read), the templates refresh, and a lead's
 * conversation with sending, settling a message «تحتاج مراجعة» and sending one not sent again. The lead page's
 * conversation pane (admin/leads/whatsapp-pane.tsx) uses these hooks; a change refreshes the conversation and the
 * lead's timeline (key ["leads", "detail", id]), which lists the messages too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Conversation,
  GreetingUpdate,
  GreetingView,
  ReviewMessageInput,
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

/** Refreshes what shows a lead's messages: its conversation and its timeline. */
function refreshLead(queryClient: ReturnType<typeof useQueryClient>, leadId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["whatsapp", "conversation", leadId] }),
    queryClient.invalidateQueries({ queryKey: ["leads", "detail", leadId] }),
  ]);
}

export function useSendWhatsapp(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      apiClient.request<WhatsappMessage>(`/api/whatsapp/leads/${leadId}/messages`, { method: "POST", body: input }),
    onSuccess: () => refreshLead(queryClient, leadId),
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
    onSuccess: () => refreshLead(queryClient, leadId),
  });
}

/** POST …/messages/{messageId}/review: a person settles «تحتاج مراجعة» as sent or not sent. */
export function useReviewWhatsapp(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, input }: { messageId: number; input: ReviewMessageInput }) =>
      apiClient.request<WhatsappMessage>(`/api/whatsapp/leads/${leadId}/messages/${messageId}/review`, {
        method: "POST",
        body: input,
      }),
    onSuccess: () => refreshLead(queryClient, leadId),
  });
}

/** POST …/messages/{messageId}/resend: a message not sent (or failed) sent again as a new message. */
export function useResendWhatsapp(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiClient.request<WhatsappMessage>(`/api/whatsapp/leads/${leadId}/messages/${messageId}/resend`, {
        method: "POST",
      }),
    onSuccess: () => refreshLead(queryClient, leadId),
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

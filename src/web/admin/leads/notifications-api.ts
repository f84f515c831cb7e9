/**
 * The bell's notifications (GET /api/notifications, POST /api/notifications/read; docs/decisions/057-one-job-engine-and-one-clock.md
 * for what raises them): the newest 50 with the unread count, polled every NOTIFICATIONS_POLL_MS, and marking them
 * read. Re-exported by ./api.ts, the leads folder's face to other admin folders.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { notificationListSchema } from "#domain/lead-desk.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

type NotificationList = z.infer<typeof notificationListSchema>;

/** How often the bell asks for new notifications, in ms. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET /api/notifications → the newest 50 and the unread count, polled every NOTIFICATIONS_POLL_MS. */
export function useNotifications() {
  return useQuery({
    queryKey: ["notifications"],
    queryFn: () => apiClient.request<NotificationList>("/api/notifications"),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

/** POST /api/notifications/read: marks `ids` read (all when absent); the answer replaces the cached list. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      apiClient.request<NotificationList>("/api/notifications/read", { method: "POST", body: ids ? { ids } : {} }),
    onSuccess: (list) => client.setQueryData(["notifications"], list),
  });
}

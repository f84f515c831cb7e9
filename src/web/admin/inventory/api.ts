/**
 * The stacking plan's calls (docs/decisions/078-stacking-plan-and-bulk-generation.md): the plan of a project
 * (["inventory", projectId]), a unit's history, hold/release/block, and the live stream that refetches the plan when
 * another screen or instance changes it. Every write invalidates the plan, ["units"] and the project's units.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { InventorySummaryRow, StackingPlan, UnitHistory } from "#domain/inventory-admin.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { ensureSessionStarted } from "~/shared/session/auth-session.ts";

/** GET /api/projects/{id}/stacking-plan (inventory.view). */
export const stackingPlanQuery = (projectId: number) =>
  queryOptions({
    queryKey: ["inventory", projectId],
    queryFn: () => apiClient.request<StackingPlan>(`/api/projects/${projectId}/stacking-plan`),
  });

export function useStackingPlan(projectId: number) {
  return useQuery(stackingPlanQuery(projectId));
}

/**
 * Starts the plan of `projectId` into `client`'s cache as soon as the session is restored (the route's clientLoader
 * calls it, so the request leaves with the route's code instead of after the screen's first render; the screen's
 * useStackingPlan then joins the request in flight). Resolves when the answer is in the cache; never rejects (an
 * error stays in the cache and the screen refetches it on mount). No request when the session is not signed in.
 * Source: docs/performance/inventory.md (where the grid's time goes).
 */
export async function prefetchStackingPlan(client: QueryClient, projectId: number): Promise<void> {
  const session = await ensureSessionStarted();
  if (session.status !== "authenticated") return;
  await client.prefetchQuery(stackingPlanQuery(projectId));
}

/** GET /api/inventory/summary (inventory.view): the dashboard's units and values per project and state. */
export function useInventorySummary() {
  return useQuery({
    queryKey: ["inventory", "summary"],
    queryFn: () => apiClient.request<InventorySummaryRow[]>("/api/inventory/summary"),
  });
}

/** GET /api/units/{id}/history (inventory.view), key ["inventory", "history", unitId]. */
export function useUnitHistory(unitId: number | null) {
  return useQuery({
    queryKey: ["inventory", "history", unitId],
    queryFn: () => apiClient.request<UnitHistory>(`/api/units/${unitId}/history`),
    enabled: unitId !== null,
  });
}

function useInventoryWrite<V>(projectId: number, send: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ["inventory"] }),
        client.invalidateQueries({ queryKey: ["units"] }),
        client.invalidateQueries({ queryKey: ["projects", projectId, "units"] }),
      ]);
    },
  });
}

/** POST /api/units/{id}/holds `{ leadId?, minutes? }` (inventory.hold). ApiError 409 when someone holds it. */
export function useHoldUnit(projectId: number) {
  return useInventoryWrite(projectId, ({ unitId, leadId }: { unitId: number; leadId?: number }) =>
    apiClient.request<{ id: number; expiresAt: string }>(`/api/units/${unitId}/holds`, {
      method: "POST",
      body: leadId === undefined ? {} : { leadId },
    }),
  );
}

/** DELETE /api/holds/{id} (inventory.hold; another's hold needs inventory.manage). */
export function useReleaseHold(projectId: number) {
  return useInventoryWrite(projectId, (holdId: number) =>
    apiClient.request<null>(`/api/holds/${holdId}`, { method: "DELETE" }),
  );
}

/** POST / DELETE /api/units/{id}/block (inventory.manage). */
export function useBlockUnit(projectId: number) {
  return useInventoryWrite(projectId, ({ unitId, blocked }: { unitId: number; blocked: boolean }) =>
    apiClient.request<null>(`/api/units/${unitId}/block`, {
      method: blocked ? "POST" : "DELETE",
      ...(blocked ? { body: { reason: "إيقاف من مخطط الوحدات" } } : {}),
    }),
  );
}

/**
 * Keeps the plan of `projectId` live: a stream ticket (POST /api/inventory/stream-ticket), then an EventSource on
 * /api/projects/{id}/inventory/events; each `change` refetches the plan. A stream that fails (its ticket expired on
 * a reconnect) is reopened with a new ticket after 2 s.
 */
export function useLiveInventory(projectId: number) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const open = async () => {
      try {
        const { ticket } = await apiClient.request<{ ticket: string }>("/api/inventory/stream-ticket", {
          method: "POST",
        });
        if (closed) return;
        source = new EventSource(`/api/projects/${projectId}/inventory/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener("change", () => {
          void client.invalidateQueries({ queryKey: ["inventory", projectId] });
        });
        source.onerror = () => {
          source?.close();
          if (!closed) retry = setTimeout(open, 2000);
        };
      } catch {
        if (!closed) retry = setTimeout(open, 2000);
      }
    };
    void open();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [client, projectId]);
}

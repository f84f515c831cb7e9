/** Units (SPEC §7.2): all units; the dashboard uses only the count. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Unit } from "../../domain/types.ts";
import { apiClient } from "./client.ts";

/** GET /api/units (needs units.view) → every unit. ApiError 403 without the permission. */
export function fetchUnits(): Promise<Unit[]> {
  return apiClient.request<Unit[]>("/api/units");
}

/** Query options for the unit list, key ["units"]. */
export const unitsQuery = () => queryOptions({ queryKey: ["units"], queryFn: fetchUnits });

/** All units; pass `enabled: false` when the user lacks units.view. */
export function useUnits(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unitsQuery(), ...options });
}

/** Project updates (SPEC §7.2): the list the dashboard reads. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProjectUpdate } from "../../domain/types.ts";
import { apiClient } from "./client.ts";

/** GET /api/project-updates (public) → every update, newest first, each with its projectName. */
export function fetchProjectUpdates(): Promise<ProjectUpdate[]> {
  return apiClient.request<ProjectUpdate[]>("/api/project-updates");
}

/** Query options for the update list, key ["project-updates"]. */
export const projectUpdatesQuery = () => queryOptions({ queryKey: ["project-updates"], queryFn: fetchProjectUpdates });

/** All project updates. */
export function useProjectUpdates() {
  return useQuery(projectUpdatesQuery());
}

/** Projects (SPEC §7.2): the list the dashboard reads. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Project } from "../../domain/types.ts";
import { apiClient } from "./client.ts";

/** GET /api/projects (public) → every project, featured first (rank ascending), then newest. */
export function fetchProjects(): Promise<Project[]> {
  return apiClient.request<Project[]>("/api/projects");
}

/** Query options for the project list, key ["projects"] (write mutations invalidate it). */
export const projectsQuery = () => queryOptions({ queryKey: ["projects"], queryFn: fetchProjects });

/** All projects. */
export function useProjects() {
  return useQuery(projectsQuery());
}

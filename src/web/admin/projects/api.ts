/**
 * Projects (SPEC §7.2): the list, one project, and the back-office writes of SPEC §2.12, §4.9. Every successful write
 * invalidates ["projects"] (which covers ["projects", id, …]) and ["project-updates"] (update cards carry the
 * project name; a deleted project takes its updates with it), so the lists refresh (SPEC §4.9).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PreviewLink } from "#domain/publishing.ts";
import type { ProjectInput } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { ApiError, apiClient } from "~/shared/lib/api-client.ts";

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

/** GET /api/projects/{id} (public) → one project, key ["projects", id]. ApiError 404 when unknown. */
export function useProject(projectId: number | null) {
  return useQuery({
    queryKey: ["projects", projectId],
    queryFn: () => apiClient.request<Project>(`/api/projects/${projectId}`),
    enabled: projectId !== null,
  });
}

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["projects"] }),
      queryClient.invalidateQueries({ queryKey: ["project-updates"] }),
    ]);
}

/** POST /api/projects (projects.create) → the created project. ApiError 400 (fields), 401, 403, 409 duplicate name. */
export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectInput) => apiClient.request<Project>("/api/projects", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

/** PUT /api/projects/{id} (projects.edit) → the saved project. ApiError 400, 401, 403, 404, 409. */
export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ProjectInput }) =>
      apiClient.request<Project>(`/api/projects/${id}`, { method: "PUT", body: input }),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /api/projects/{id} (projects.delete): removes its units, updates and landing page too. */
export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => apiClient.request<null>(`/api/projects/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidate(),
  });
}

/** POST /api/projects/{id}/set-featured-rank (projects.feature) with {rank}: a positive integer, or null to remove. */
export function useSetFeaturedRank() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, rank }: { id: number; rank: number | null }) =>
      apiClient.request<Project>(`/api/projects/${id}/set-featured-rank`, { method: "POST", body: { rank } }),
    onSuccess: () => invalidate(),
  });
}

/**
 * POST /api/projects/{id}/publish | /unpublish (projects.publish) → {id, publishedAt}
 * (docs/decisions/017-drafts-and-preview.md). ApiError 401, 403, 404.
 */
export function usePublishProject() {
  const invalidate = useInvalidateProjects();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiClient.request<{ id: number; publishedAt: string | null }>(
        `/api/projects/${id}/${published ? "publish" : "unpublish"}`,
        { method: "POST" },
      ),
    onSuccess: (_state, { id }) =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ["project", id] })]),
  });
}

/** POST /api/previews {entityType: "project", entityId} → {path, expiresAt}: a 30-minute link to the draft's page. */
export function useProjectPreview() {
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<PreviewLink>("/api/previews", {
        method: "POST",
        body: { entityType: "project", entityId: id },
      }),
  });
}

/**
 * GET /api/validate/project → {exists, message} (SPEC §5.3 name check). `excludeId` is the project being edited.
 * Errors: ApiError (the form treats any failure as "no error": the server checks again on save).
 */
export function checkProjectName(
  query: { name: string; city?: string | null; excludeId?: number },
  signal?: AbortSignal,
): Promise<{ exists: boolean; message: string | null }> {
  const params = new URLSearchParams({ name: query.name, city: query.city ?? "" });
  if (query.excludeId !== undefined) params.set("excludeId", String(query.excludeId));
  return apiClient.request(`/api/validate/project?${params.toString()}`, { signal });
}

/**
 * GET /api/validate/project/{id}/guarantee?type= → true when the type is a duplicate (409); other errors count as
 * valid (SPEC §5.3).
 */
export async function isGuaranteeTypeTaken(projectId: number, type: string): Promise<boolean> {
  try {
    await apiClient.request(`/api/validate/project/${projectId}/guarantee?type=${encodeURIComponent(type)}`);
    return false;
  } catch (error) {
    return error instanceof ApiError && error.status === 409;
  }
}

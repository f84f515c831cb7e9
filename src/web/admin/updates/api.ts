/**
 * Project updates (SPEC §7.2): the list and the back-office writes of SPEC §2.13, §4.9. Writes invalidate
 * ["project-updates"] and the project's ["projects", id, "updates"] (SPEC §4.9).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PreviewLink } from "#domain/publishing.ts";
import type { ProjectUpdateInput } from "#domain/schemas/project-update.ts";
import type { ProjectUpdate } from "#domain/types.ts";
import { type ListPage, pageUrl, usePagedList } from "~/admin/common/paged-list.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

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

/**
 * GET /api/project-updates/{id} → one update (drafts too for staff holding updates.view), key
 * ["project-updates", "one", id]; not asked while `id` is null. ApiError 404 when it does not exist.
 */
export function useProjectUpdate(id: number | null) {
  return useQuery({
    queryKey: ["project-updates", "one", id],
    queryFn: () => apiClient.request<ProjectUpdate>(`/api/project-updates/${id}`),
    enabled: id !== null,
  });
}

/** Updates per page of the staff list. */
export const UPDATES_PAGE_SIZE = 50;

/**
 * The staff list of updates (updates.view), drafts included, newest first, searched on the server (title or project
 * name), page by page. Key ["project-updates", "page", search]: the writes' invalidation covers it.
 */
export function useProjectUpdatePages(search: string) {
  return usePagedList<ListPage<ProjectUpdate>>(["project-updates", "page", search.trim()], (cursor) =>
    pageUrl("/api/project-updates/page", { limit: UPDATES_PAGE_SIZE, search }, cursor),
  );
}

function useInvalidateUpdates() {
  const queryClient = useQueryClient();
  return (projectId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["project-updates"] }),
      projectId === undefined
        ? Promise.resolve()
        : queryClient.invalidateQueries({ queryKey: ["projects", projectId, "updates"] }),
    ]);
}

/** POST /api/project-updates (updates.create) → the created update. ApiError 400 (fields), 401, 403. */
export function useCreateProjectUpdate() {
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: (input: ProjectUpdateInput) =>
      apiClient.request<ProjectUpdate>("/api/project-updates", { method: "POST", body: input }),
    onSuccess: (update) => invalidate(update.projectId),
  });
}

/** PUT /api/project-updates/{id} (updates.edit) → the saved update. ApiError 400, 401, 403, 404. */
export function useEditProjectUpdate() {
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ProjectUpdateInput }) =>
      apiClient.request<ProjectUpdate>(`/api/project-updates/${id}`, { method: "PUT", body: input }),
    onSuccess: (update) => invalidate(update.projectId),
  });
}

/** DELETE /api/project-updates/{id} (updates.delete). */
export function useDeleteProjectUpdate() {
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: ({ id }: { id: number; projectId: number }) =>
      apiClient.request<null>(`/api/project-updates/${id}`, { method: "DELETE" }),
    onSuccess: (_data, variables) => invalidate(variables.projectId),
  });
}

/**
 * POST /api/project-updates/{id}/publish | /unpublish (updates.publish) → {id, publishedAt}
 * (docs/decisions/017-drafts-and-preview.md). ApiError 401, 403, 404.
 */
export function usePublishProjectUpdate() {
  const invalidate = useInvalidateUpdates();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; projectId: number; published: boolean }) =>
      apiClient.request<{ id: number; publishedAt: string | null }>(
        `/api/project-updates/${id}/${published ? "publish" : "unpublish"}`,
        { method: "POST" },
      ),
    onSuccess: (_state, variables) => invalidate(variables.projectId),
  });
}

/** POST /api/previews {entityType: "update", entityId} → {path, expiresAt}: a 30-minute link to the draft. */
export function useProjectUpdatePreview() {
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<PreviewLink>("/api/previews", { method: "POST", body: { entityType: "update", entityId: id } }),
  });
}

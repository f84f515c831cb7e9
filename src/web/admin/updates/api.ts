/**
 * Project updates (SPEC §7.2): the list and the back-office writes of SPEC §2.13, §4.9. Writes invalidate
 * ["project-updates"] and the project's ["projects", id, "updates"] (SPEC §4.9).
 */
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { PreviewLink } from "#domain/publishing.ts";
import type { ProjectUpdateInput } from "#domain/schemas/project-update.ts";
import type { ProjectUpdate } from "#domain/types.ts";
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

/** One page of GET /api/project-updates/page (src/domain/schemas/paging.ts). */
export interface ProjectUpdatePage {
  items: ProjectUpdate[];
  nextCursor: string | null;
  total: number;
}

/** Updates per page of the staff list. */
export const UPDATES_PAGE_SIZE = 50;

/** The URL of one page of the staff list: `search` (title or project name) and the previous page's cursor. */
export function projectUpdatesPageUrl(search: string, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(UPDATES_PAGE_SIZE) });
  if (search.trim()) params.set("search", search.trim());
  if (cursor) params.set("cursor", cursor);
  return `/api/project-updates/page?${params}`;
}

/**
 * The staff list of updates (updates.view), drafts included, newest first, searched on the server, page by page
 * (`fetchNextPage` for the next 50). Key ["project-updates", "page", search]: the writes' invalidation covers it.
 */
export function useProjectUpdatePages(search: string) {
  return useInfiniteQuery({
    queryKey: ["project-updates", "page", search.trim()],
    queryFn: ({ pageParam }) => apiClient.request<ProjectUpdatePage>(projectUpdatesPageUrl(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The previous results stay on screen while a new search loads.
    placeholderData: keepPreviousData,
  });
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

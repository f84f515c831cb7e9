/**
 * Units (SPEC §7.2): reads, the unit mutations, the spreadsheet upload and the template download.
 * Every successful write invalidates ["units"], ["projects"] (counts and sales percentage) and the project's
 * unit list ["projects", id, "units"], so the lists and counters change at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UnitInput } from "#domain/schemas/unit.ts";
import type { Unit } from "#domain/types.ts";
import type { UnitImportResult } from "#domain/unit-import.ts";
import { type ListPage, pageUrl, usePagedList } from "~/admin/common/paged-list.ts";
import { postMultipart } from "~/admin/uploads/api.ts";
import { ApiError, apiClient } from "~/shared/lib/api-client.ts";
import { UNIT_TEXTS } from "./unit-texts.ts";

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

/** GET /api/projects/{id}/units (public) → the project's units, key ["projects", id, "units"]. */
export const projectUnitsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ["projects", projectId, "units"],
    queryFn: () => apiClient.request<Unit[]>(`/api/projects/${projectId}/units`),
  });

/** The units of one project; disabled while `projectId` is null. */
export function useProjectUnits(projectId: number | null) {
  return useQuery({ ...projectUnitsQuery(projectId ?? 0), enabled: projectId !== null });
}

/** One page of GET /api/units/page (src/domain/schemas/paging.ts), with the project's units per status. */
export interface UnitPage extends ListPage<Unit> {
  statusCounts: Record<string, number>;
}

/** Units per page of the project's units screen. */
export const UNITS_PAGE_SIZE = 100;

/**
 * A project's units for staff (units.view), by building then number, page by page. Key
 * ["projects", id, "units", "page"]: the unit writes' invalidation of ["projects", id, "units"] covers it.
 */
export function useProjectUnitPages(projectId: number) {
  return usePagedList<UnitPage>(["projects", projectId, "units", "page"], (cursor) =>
    pageUrl("/api/units/page", { projectId, limit: UNITS_PAGE_SIZE }, cursor),
  );
}

/** GET /api/units/{id} (units.view) → one unit, key ["units", id]. ApiError 404 when it does not exist. */
export function useUnit(unitId: number | null) {
  return useQuery({
    queryKey: ["units", unitId],
    queryFn: () => apiClient.request<Unit>(`/api/units/${unitId}`),
    enabled: unitId !== null,
  });
}

function useInvalidateUnits() {
  const queryClient = useQueryClient();
  return (projectIds: readonly (number | null | undefined)[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["units"] }),
      queryClient.invalidateQueries({ queryKey: ["projects"] }),
      ...projectIds
        .filter((id): id is number => typeof id === "number")
        .map((id) => queryClient.invalidateQueries({ queryKey: ["projects", id, "units"] })),
    ]);
}

/** POST /api/units (units.create) → the created unit. ApiError 400 (fields), 404 project, 409 duplicate. */
export function useCreateUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: (input: UnitInput) => apiClient.request<Unit>("/api/units", { method: "POST", body: input }),
    onSuccess: (unit) => invalidate([unit.projectId]),
  });
}

/** PUT /api/units/{id} (units.edit) → the saved unit; a move between projects refreshes both. */
export function useUpdateUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UnitInput; previousProjectId?: number }) =>
      apiClient.request<Unit>(`/api/units/${id}`, { method: "PUT", body: input }),
    onSuccess: (unit, variables) => invalidate([unit.projectId, variables.previousProjectId]),
  });
}

/** DELETE /api/units/{id} (units.delete). */
export function useDeleteUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: ({ id }: { id: number; projectId: number }) =>
      apiClient.request<null>(`/api/units/${id}`, { method: "DELETE" }),
    onSuccess: (_result, variables) => invalidate([variables.projectId]),
  });
}

/** The upload endpoint: the project's own, or the global one whose rows name their project. */
export function unitsUploadPath(projectId: number | null): string {
  return projectId === null ? "/api/units/upload" : `/api/projects/${projectId}/units/upload`;
}

/** Thrown when the server answers a non-JSON body (SPEC §8.5 "Server error: {status}"). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/**
 * Uploads a spreadsheet with upload progress (0–100 %). fetch cannot report upload progress, so this one call
 * uses XMLHttpRequest with the same bearer token; a 401 triggers the client's silent refresh and one retry.
 * Output: UnitImportResult. Errors: ApiError with the server's Arabic message; UploadError with an Arabic message
 * naming the status (UNIT_TEXTS.uploadUnreadable when the body is not JSON, UNIT_TEXTS.uploadStatus otherwise).
 */
export async function uploadUnitsFile(
  projectId: number | null,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UnitImportResult> {
  const path = unitsUploadPath(projectId);
  const answer = await postMultipart(
    path,
    () => {
      const form = new FormData();
      form.append("file", file);
      return form;
    },
    (fraction) => onProgress(Math.round(fraction * 100)),
  );
  if (answer.status >= 200 && answer.status < 300) {
    try {
      return JSON.parse(answer.text) as UnitImportResult;
    } catch {
      throw new UploadError(UNIT_TEXTS.uploadUnreadable(answer.status), answer.status);
    }
  }
  const error = new ApiError(path, answer.status, "", answer.text);
  if (error.serverMessage) throw error;
  throw new UploadError(
    answer.text.trim().startsWith("{")
      ? UNIT_TEXTS.uploadStatus(answer.status)
      : UNIT_TEXTS.uploadUnreadable(answer.status),
    answer.status,
  );
}

/** The upload as a mutation; `onProgress` receives 0–100. Invalidates the unit and project queries on success. */
export function useUploadUnits(onProgress: (percent: number) => void) {
  const invalidate = useInvalidateUnits();
  return useMutation({
    mutationFn: ({ projectId, file }: { projectId: number | null; file: File }) =>
      uploadUnitsFile(projectId, file, onProgress),
    onSuccess: (_result, variables) => invalidate([variables.projectId]),
  });
}

/**
 * Downloads GET /api/units/template.{kind} (units.import) as a file: fetched with the bearer token (one refresh
 * on 401), then saved through an object URL. Errors: ApiError for a non-OK answer.
 */
export function downloadUnitsTemplate(kind: "xlsx" | "csv"): Promise<void> {
  return apiClient.download(`/api/units/template.${kind}`, `units-template.${kind}`);
}

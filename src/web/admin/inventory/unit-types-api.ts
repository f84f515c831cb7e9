/**
 * The unit types' calls (docs/decisions/098-unit-type-admin.md): the types of a project (["inventory", projectId,
 * "types"]), create, edit and delete (inventory.manage). Every write invalidates ["inventory"] (the stacking plan
 * shows type names and inherited values) and the project's units.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UnitType, UnitTypeValues } from "#domain/unit-types.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** GET /api/projects/{id}/unit-types (inventory.view). */
export function useUnitTypes(projectId: number) {
  return useQuery({
    queryKey: ["inventory", projectId, "types"],
    queryFn: () => apiClient.request<UnitType[]>(`/api/projects/${projectId}/unit-types`),
  });
}

/**
 * POST /api/projects/{id}/unit-types (no `id`) or PUT /api/unit-types/{id}; DELETE /api/unit-types/{id}. ApiError
 * 400/409 carries `fields` (409 `name` taken; 409 `type` when units use the type).
 */
export function useUnitTypeWrites(projectId: number) {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["inventory"] }),
      client.invalidateQueries({ queryKey: ["projects", projectId, "units"] }),
    ]);
  };
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: UnitTypeValues }) =>
      id === null
        ? apiClient.request<UnitType>(`/api/projects/${projectId}/unit-types`, { method: "POST", body: values })
        : apiClient.request<UnitType>(`/api/unit-types/${id}`, { method: "PUT", body: values }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiClient.request<null>(`/api/unit-types/${id}`, { method: "DELETE" }),
    onSuccess,
  });
  return { save, remove };
}

/**
 * The permission catalogue and role grants (SPEC §6, §7.2): GET /api/permissions, GET /api/roles/permissions,
 * PUT /api/roles/{role}/permissions.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "#domain/roles.ts";
import type { Permission } from "#domain/types.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** role → the permissions it holds ({id, key}); super_admin holds every key. */
export type RolePermissionMap = Record<Role, { id: number; key: string }[]>;

export function fetchPermissions(): Promise<Permission[]> {
  return apiClient.request<Permission[]>("/api/permissions");
}

/** The catalogue (id, key, description, category), key ["permissions"]. */
export const permissionsQuery = () => queryOptions({ queryKey: ["permissions"], queryFn: fetchPermissions });

export function usePermissionCatalogue() {
  return useQuery(permissionsQuery());
}

export function fetchRolePermissions(): Promise<RolePermissionMap> {
  return apiClient.request<RolePermissionMap>("/api/roles/permissions");
}

/** The role → permissions map (manager and super_admin), key ["roles", "permissions"]. */
export const rolePermissionsQuery = () =>
  queryOptions({ queryKey: ["roles", "permissions"], queryFn: fetchRolePermissions });

export function useRolePermissions() {
  return useQuery(rolePermissionsQuery());
}

/** PUT /api/roles/{role}/permissions {permissionIds} → {permissions}. Errors rethrown to the caller (SPEC §8.1). */
export function saveRolePermissions(role: Role, permissionIds: number[]): Promise<{ permissions: Permission[] }> {
  return apiClient.request(`/api/roles/${role}/permissions`, { method: "PUT", body: { permissionIds } });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, permissionIds }: { role: Role; permissionIds: number[] }) =>
      saveRolePermissions(role, permissionIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["roles", "permissions"] }),
  });
}

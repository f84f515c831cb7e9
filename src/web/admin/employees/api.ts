/**
 * Staff accounts and per-user permission overrides (SPEC §7.2, §2.17, §2.18): request functions, query options and
 * hooks. Mutations invalidate the queries they change; errors are ApiError with the server's Arabic message.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "#domain/roles.ts";
import type { UserCreateInput, UserUpdateInput } from "#domain/schemas/user.ts";
import type { PublicUser } from "#domain/types.ts";
import { type ListPage, pageUrl, usePagedList } from "~/admin/common/paged-list.ts";
import { apiClient } from "~/shared/lib/api-client.ts";

/** One per-user override as GET /api/users/{id}/permissions lists it. */
export interface UserOverride {
  permissionId: number;
  key: string;
  granted: boolean;
}

/** GET /api/users (needs users.view) → users (id, accountId, role, name, username, createdAt). */
export function fetchUsers(): Promise<PublicUser[]> {
  return apiClient.request<PublicUser[]>("/api/users");
}

/** Query options for the user list, key ["users"]. */
export const usersQuery = () => queryOptions({ queryKey: ["users"], queryFn: fetchUsers });

/** All users; pass `enabled: user.isAdmin` where SPEC asks the list only for admins (dashboard). */
export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQuery(), ...options });
}

/** One page of GET /api/users/page (src/domain/schemas/paging.ts), with the number of accounts per role. */
export interface UserPage extends ListPage<PublicUser> {
  roleCounts: Partial<Record<Role, number>>;
}

/** Accounts per page of the employees screen. */
export const USERS_PAGE_SIZE = 50;

/**
 * The employees screen's list (users.view), oldest first, searched on the server (name or username), page by page.
 * Key ["users", "page", search]: the writes' invalidation of ["users"] covers it.
 */
export function useUserPages(search: string) {
  return usePagedList<UserPage>(["users", "page", search.trim()], (cursor) =>
    pageUrl("/api/users/page", { limit: USERS_PAGE_SIZE, search }, cursor),
  );
}

/** POST /api/users → the created user. Errors: 400 field messages, 403 staff rules, 409 username taken. */
export function createUser(input: UserCreateInput): Promise<PublicUser> {
  return apiClient.request<PublicUser>("/api/users", { method: "POST", body: input });
}

/** PUT /api/users/{id} (password only when filled) → the saved user. */
export function updateUser(id: string, input: UserUpdateInput): Promise<PublicUser> {
  const body = { ...input, password: input.password ? input.password : undefined };
  return apiClient.request<PublicUser>(`/api/users/${encodeURIComponent(id)}`, { method: "PUT", body });
}

/** DELETE /api/users/{id} (204). */
export function deleteUser(id: string): Promise<null> {
  return apiClient.request<null>(`/api/users/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) => updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

/** GET /api/users/{id}/permissions → the user's overrides. */
export function fetchUserOverrides(id: string): Promise<UserOverride[]> {
  return apiClient.request<UserOverride[]>(`/api/users/${encodeURIComponent(id)}/permissions`);
}

/** Query options for one user's overrides, key ["users", id, "permissions"]. */
export const userOverridesQuery = (id: string) =>
  queryOptions({ queryKey: ["users", id, "permissions"], queryFn: () => fetchUserOverrides(id) });

export function useUserOverrides(id: string | null) {
  return useQuery({ ...userOverridesQuery(id ?? ""), enabled: Boolean(id) });
}

/** PUT /api/users/{id}/permissions {permissionId, granted} → the stored override. */
export function setUserOverride(id: string, permissionId: number, granted: boolean): Promise<UserOverride> {
  return apiClient.request<UserOverride>(`/api/users/${encodeURIComponent(id)}/permissions`, {
    method: "PUT",
    body: { permissionId, granted },
  });
}

/** DELETE /api/users/{id}/permissions/{permissionId}: back to the role's grant. */
export function resetUserOverride(id: string, permissionId: number): Promise<null> {
  return apiClient.request<null>(`/api/users/${encodeURIComponent(id)}/permissions/${permissionId}`, {
    method: "DELETE",
  });
}

/** One override change: granted true/false sets the override, null removes it (back to the role). */
export interface OverrideChange {
  userId: string;
  permissionId: number;
  key: string;
  granted: boolean | null;
}

/**
 * Sets (granted true/false) or resets (granted null) one override, optimistically (SPEC §4.11): the cached list
 * changes at once and goes back to what it was when the server refuses; the caller shows the error toast.
 */
export function useChangeUserOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OverrideChange) =>
      change.granted === null
        ? resetUserOverride(change.userId, change.permissionId)
        : setUserOverride(change.userId, change.permissionId, change.granted),
    onMutate: async (change) => {
      const key = userOverridesQuery(change.userId).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      const rest = (previous ?? []).filter((o) => o.permissionId !== change.permissionId);
      queryClient.setQueryData(
        key,
        change.granted === null
          ? rest
          : [...rest, { permissionId: change.permissionId, key: change.key, granted: change.granted }],
      );
      return { previous };
    },
    onError: (_error, change, context) => {
      queryClient.setQueryData(userOverridesQuery(change.userId).queryKey, context?.previous);
    },
    onSettled: (_data, _error, change) =>
      queryClient.invalidateQueries({ queryKey: userOverridesQuery(change.userId).queryKey }),
  });
}

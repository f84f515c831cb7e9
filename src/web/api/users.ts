/** Staff accounts (SPEC §7.2): the list, requested only for admins (SPEC §2.11, §6). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "../../domain/types.ts";
import { apiClient } from "./client.ts";

/** GET /api/users (needs users.view) → users (id, accountId, role, name, username, createdAt). */
export function fetchUsers(): Promise<PublicUser[]> {
  return apiClient.request<PublicUser[]>("/api/users");
}

/** Query options for the user list, key ["users"]. */
export const usersQuery = () => queryOptions({ queryKey: ["users"], queryFn: fetchUsers });

/** All users; pass `enabled: user.isAdmin` (the list is requested only for admins). */
export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQuery(), ...options });
}

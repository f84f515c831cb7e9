/**
 * Authentication calls (SPEC §7.2): login, logout and the current user. The refresh call belongs to the fetch
 * client (client.ts), which runs it on startup and on a 401.
 */
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { LoginInput } from "#domain/schemas/auth.ts";
import type { AuthResponse, SessionUser } from "#domain/types.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { sessionStore } from "./auth-store.ts";

/**
 * POST /api/auth/login {username, password} → {user, token, expiresInMs}; the server also sets the httpOnly
 * refresh cookie and the `signed_in` marker. Errors: ApiError 401 (wrong credentials, Arabic message),
 * 429 (throttled, Arabic wait message, Retry-After header), 400 (invalid body).
 */
export function loginRequest(input: LoginInput): Promise<AuthResponse> {
  return apiClient.request<AuthResponse>("/api/auth/login", { method: "POST", body: input });
}

/** POST /api/auth/logout: revokes the session and clears both cookies. */
export function logoutRequest(): Promise<{ ok: boolean }> {
  return apiClient.request<{ ok: boolean }>("/api/auth/logout", { method: "POST" });
}

/** GET /api/auth/me (Bearer) → the signed-in user with effective permissions. ApiError 401 when signed out. */
export function fetchCurrentUser(): Promise<SessionUser> {
  return apiClient.request<SessionUser>("/api/auth/me");
}

/** Query options for GET /api/auth/me, key ["auth", "me"]. */
export const currentUserQuery = () => queryOptions({ queryKey: ["auth", "me"], queryFn: fetchCurrentUser });

/** The server's view of the signed-in user. */
export function useCurrentUserQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQuery(), ...options });
}

/**
 * Login mutation: on success the token goes to memory and the stored user to localStorage (session store).
 * Navigation and toasts are the login screen's business.
 */
export function useLoginMutation() {
  return useMutation({
    mutationFn: loginRequest,
    onSuccess: (auth) => sessionStore.signIn(auth),
  });
}

/**
 * The signed-in user's own account calls (docs/decisions/020-staff-sign-in-hardening.md): password change, sessions,
 * two-factor status / enrolment / removal, the per-role 2FA requirement (super_admin), and the login's second step.
 * Errors: ApiError with the server's Arabic message; 400 answers carry `fields`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "#domain/roles.ts";
import type { PasswordChangeInput } from "#domain/schemas/account.ts";
import type {
  AuthResponse,
  SessionInfo,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatusInfo,
} from "#domain/types.ts";
import { apiClient } from "~/shared/lib/api-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";

const KEYS = {
  sessions: ["account", "sessions"] as const,
  twoFactor: ["account", "two-factor"] as const,
  roles: ["account", "role-two-factor"] as const,
};

/** POST /api/auth/password {currentPassword, newPassword}: the other sessions end. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiClient.request<{ ok: true }>("/api/auth/password", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.sessions }),
  });
}

/** GET /api/auth/sessions: the user's active sessions, the current one marked. */
export function useSessions() {
  return useQuery({ queryKey: KEYS.sessions, queryFn: () => apiClient.request<SessionInfo[]>("/api/auth/sessions") });
}

/** DELETE /api/auth/sessions/{id}. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.request<{ ok: true }>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.sessions }),
  });
}

/** POST /api/auth/sessions/end-others → {ended}: every session but this one ends. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request<{ ended: number }>("/api/auth/sessions/end-others", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.sessions }),
  });
}

/** GET /api/auth/two-factor → {enabled, required, recoveryCodesLeft}. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: KEYS.twoFactor,
    queryFn: () => apiClient.request<TwoFactorStatusInfo>("/api/auth/two-factor"),
  });
}

/** POST /api/auth/two-factor/setup → a pending secret with its QR code. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => apiClient.request<TwoFactorSetup>("/api/auth/two-factor/setup", { method: "POST" }),
  });
}

/** POST /api/auth/two-factor/enable {code} → the one-time recovery codes. */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.request<{ recoveryCodes: string[] }>("/api/auth/two-factor/enable", { method: "POST", body: { code } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEYS.twoFactor });
      void client.invalidateQueries({ queryKey: ["auth", "me"] });
    },
  });
}

/** POST /api/auth/two-factor/disable {currentPassword}. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiClient.request<{ ok: true }>("/api/auth/two-factor/disable", { method: "POST", body: { currentPassword } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEYS.twoFactor });
      void client.invalidateQueries({ queryKey: ["auth", "me"] });
    },
  });
}

export interface RoleTwoFactor {
  role: Role;
  requireTwoFactor: boolean;
}

/** GET /api/roles/two-factor (super_admin). */
export function useRoleTwoFactor(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.roles,
    queryFn: () => apiClient.request<RoleTwoFactor[]>("/api/roles/two-factor"),
    enabled,
  });
}

/** PUT /api/roles/{role}/two-factor {requireTwoFactor} (super_admin). */
export function useSetRoleTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, requireTwoFactor }: RoleTwoFactor) =>
      apiClient.request<RoleTwoFactor>(`/api/roles/${role}/two-factor`, { method: "PUT", body: { requireTwoFactor } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS.roles }),
  });
}

/** True when the login answer asks for the second step. */
export function isTwoFactorChallenge(value: AuthResponse | TwoFactorChallenge): value is TwoFactorChallenge {
  return (value as TwoFactorChallenge).twoFactorRequired === true;
}

/** POST /api/auth/login/two-factor {challenge, code} → the session (kept in the session store). */
export function useLoginSecondFactor() {
  return useMutation({
    mutationFn: (input: { challenge: string; code: string }) =>
      apiClient.request<AuthResponse>("/api/auth/login/two-factor", { method: "POST", body: input }),
    onSuccess: (auth) => sessionStore.signIn(auth),
  });
}

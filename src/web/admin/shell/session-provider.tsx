/**
 * The session context of the back office (SPEC §4.1): the current snapshot of the session store plus the logout
 * action. Starts the startup check on mount (idempotent; the route clientLoaders usually ran it already).
 */
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { LOGIN_PATH } from "~/shared/session/auth-redirect.ts";
import { ensureSessionStarted, signOut } from "~/shared/session/auth-session.ts";
import { type CurrentUser, type SessionSnapshot, sessionStore } from "~/shared/session/auth-store.ts";
import { useSessionSnapshot } from "~/shared/session/use-session.ts";

export interface SessionContextValue extends SessionSnapshot {
  /** POST /api/auth/logout, clear stored user, token and query cache, then go to /admin/login. */
  logout: () => Promise<void>;
  dismissBanner: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Provides the session snapshot and logout; needs a router and a QueryClientProvider above it. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const snapshot = useSessionSnapshot();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    void ensureSessionStarted();
  }, []);

  const logout = useCallback(async () => {
    await signOut();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ ...snapshot, logout, dismissBanner: sessionStore.dismissBanner }),
    [snapshot, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session context; throws outside `SessionProvider` (a wiring mistake, not a user state). */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession() outside <SessionProvider>");
  return value;
}

/** The signed-in user; throws when nobody is signed in (only for screens inside the admin shell). */
export function useCurrentUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error("useCurrentUser() without a signed-in user");
  return user;
}

/**
 * Session startup and logout (SPEC §4.1 as ARCHITECTURE resolves it).
 *
 * Startup, once per page: when a stored user or the `signed_in` cookie exists, POST /api/auth/refresh (the httpOnly
 * refresh cookie) gives a token and a fresh user. Valid → signed in. 401 → cleared, red "session expired" banner.
 * Network error → a stored user is kept with the connection banner. With neither sign of a session → logged out.
 */

import { type ApiClient, apiClient } from "~/shared/lib/api-client.ts";
import { logoutRequest } from "./auth-api.ts";
import { type SessionSnapshot, type SessionStore, sessionStore } from "./auth-store.ts";

let startup: Promise<SessionSnapshot> | null = null;

/**
 * The startup check itself on a given store and client: refresh when a session may exist, else anonymous.
 * Resolves with the settled snapshot; never rejects.
 */
export async function startSession(store: SessionStore, client: Pick<ApiClient, "refresh">): Promise<SessionSnapshot> {
  if (store.mayHaveSession()) {
    await client.refresh({ force: true });
  } else {
    store.setAnonymous();
  }
  return store.getSnapshot();
}

/**
 * Runs the startup check once (later calls share it) and resolves with the settled session.
 * Never rejects: every failure ends in a snapshot (anonymous, expired or connection issue).
 */
export function ensureSessionStarted(): Promise<SessionSnapshot> {
  if (sessionStore.getSnapshot().status !== "loading") return Promise.resolve(sessionStore.getSnapshot());
  startup ??= startSession(sessionStore, apiClient);
  return startup;
}

/**
 * Logout: POST /api/auth/logout (revokes the session and clears the cookies server-side; a failure is logged and
 * ignored), then clears the stored user and the in-memory token. The caller clears the query cache and navigates.
 */
export async function signOut(): Promise<void> {
  try {
    await logoutRequest();
  } catch (error) {
    console.warn("Logout request failed; the local session is cleared anyway", error);
  }
  sessionStore.signOut();
}

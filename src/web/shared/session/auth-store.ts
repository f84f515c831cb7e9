/**
 * The browser's session state (SPEC §3 stored user, §4.1 session), as ARCHITECTURE's security model resolves it:
 * the access token lives only in this module's memory; localStorage keeps the "stored user" under one fixed key
 * with {id, role, username, name} and nothing else (no token, no password). The refresh token is an httpOnly
 * cookie the browser script never sees.
 *
 * A plain external store (subscribe/getSnapshot) so React reads it with useSyncExternalStore and the fetch
 * client updates it without React.
 */
import { isRole, type Role } from "#domain/roles.ts";
import type { AuthResponse, SessionUser } from "#domain/types.ts";

/** The one fixed localStorage key of the stored user (SPEC §9 "Stored user key"). */
export const STORED_USER_KEY = "staff.user";
/** The readable marker cookie the server sets beside the httpOnly refresh cookie (SPEC §4.1 auth-check cookie). */
export const SIGNED_IN_COOKIE = "signed_in";

/** What localStorage holds about the signed-in staff member: never a token or a password. */
export interface StoredUser {
  id: string;
  role: Role;
  username: string;
  name: string;
}

/**
 * The user the back office works with. After a refresh or login it carries the effective permission keys;
 * when the server could not be reached at startup it is rebuilt from the stored user, with no permission keys
 * (a super_admin still sees everything through its role).
 */
export interface CurrentUser extends StoredUser {
  isAdmin: boolean;
  permissions: readonly string[];
}

/** loading: the startup check is running; authenticated: a user is known; anonymous: nobody is signed in. */
export type SessionStatus = "loading" | "authenticated" | "anonymous";
/** expired: the server rejected the session (red banner); connection: the check failed on the network. */
export type SessionBanner = "expired" | "connection" | null;

export interface SessionSnapshot {
  status: SessionStatus;
  user: CurrentUser | null;
  banner: SessionBanner;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** The in-memory access token, or null. */
  getToken(): string | null;
  /** Epoch ms at which the access token expires, or null when there is none. */
  getTokenExpiresAt(): number | null;
  /** The stored user from localStorage, or null (a corrupt entry is removed). */
  readStoredUser(): StoredUser | null;
  /** True when a stored user or the `signed_in` marker cookie suggests a session may exist (SPEC §4.1). */
  mayHaveSession(): boolean;
  /** A login or refresh answer: keeps the token in memory, saves the stored user, clears banners. */
  signIn(auth: AuthResponse, now?: number): void;
  /** The server rejected the session: token and stored user cleared, red banner shown. */
  expire(): void;
  /** The server could not be reached: keeps a known or stored user with the connection banner, else anonymous. */
  connectionLost(): void;
  /** Nobody is signed in and nothing to report (startup without any sign of a session). */
  setAnonymous(): void;
  /** Logout: token, stored user and banners cleared. */
  signOut(): void;
  dismissBanner(): void;
}

function toStoredUser(user: Pick<SessionUser, "id" | "role" | "username" | "name">): StoredUser {
  return { id: user.id, role: user.role, username: user.username, name: user.name };
}

function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { id, role, username, name } = value as Record<string, unknown>;
    if (typeof id !== "string" || !isRole(role) || typeof username !== "string" || typeof name !== "string") {
      return null;
    }
    return { id, role, username, name };
  } catch {
    return null;
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function defaultCookies(): string {
  return typeof document === "undefined" ? "" : document.cookie;
}

export interface SessionStoreOptions {
  storage?: () => Storage | null;
  cookies?: () => string;
}

/** Creates a session store; the app uses the single `sessionStore` below, tests make their own. */
export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? defaultStorage;
  const cookies = options.cookies ?? defaultCookies;
  let snapshot: SessionSnapshot = { status: "loading", user: null, banner: null };
  let token: string | null = null;
  let tokenExpiresAt: number | null = null;
  const listeners = new Set<() => void>();

  const set = (next: SessionSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const removeStoredUser = () => {
    try {
      storage()?.removeItem(STORED_USER_KEY);
    } catch {
      // Storage can be unavailable (private mode); nothing is kept then anyway.
    }
  };
  const readStoredUser = () => {
    let raw: string | null = null;
    try {
      raw = storage()?.getItem(STORED_USER_KEY) ?? null;
    } catch {
      return null;
    }
    const user = parseStoredUser(raw);
    if (raw && !user) removeStoredUser();
    return user;
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToken: () => token,
    getTokenExpiresAt: () => tokenExpiresAt,
    readStoredUser,
    mayHaveSession() {
      if (readStoredUser()) return true;
      return cookies()
        .split(";")
        .some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
    },
    signIn(auth, now = Date.now()) {
      token = auth.token;
      tokenExpiresAt = now + auth.expiresInMs;
      const stored = toStoredUser(auth.user);
      try {
        storage()?.setItem(STORED_USER_KEY, JSON.stringify(stored));
      } catch {
        // Without storage the session still works for this page; startup then relies on the marker cookie.
      }
      set({
        status: "authenticated",
        user: { ...stored, isAdmin: auth.user.isAdmin, permissions: auth.user.permissions },
        banner: null,
      });
    },
    expire() {
      token = null;
      tokenExpiresAt = null;
      removeStoredUser();
      set({ status: "anonymous", user: null, banner: "expired" });
    },
    connectionLost() {
      const known = snapshot.user;
      const stored = known ? null : readStoredUser();
      if (known) {
        set({ status: "authenticated", user: known, banner: "connection" });
      } else if (stored) {
        set({
          status: "authenticated",
          user: { ...stored, isAdmin: stored.role === "super_admin", permissions: [] },
          banner: "connection",
        });
      } else {
        set({ status: "anonymous", user: null, banner: null });
      }
    },
    setAnonymous() {
      set({ status: "anonymous", user: null, banner: snapshot.banner });
    },
    signOut() {
      token = null;
      tokenExpiresAt = null;
      removeStoredUser();
      set({ status: "anonymous", user: null, banner: null });
    },
    dismissBanner() {
      if (snapshot.banner) set({ ...snapshot, banner: null });
    },
  };
}

/** The page's one session store. */
export const sessionStore: SessionStore = createSessionStore();

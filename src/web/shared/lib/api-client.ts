/**
 * The one fetch client of the back office (SPEC §7.1, §7.3, §4.1, §5.9 as ARCHITECTURE resolves them).
 *
 * - Paths starting with /api go to this site's own origin (a relative URL); other paths are left alone.
 * - Cookies are always included; `Authorization: Bearer <token>` comes from the in-memory session store.
 * - A plain body is sent as JSON with `Content-Type: application/json`; FormData is sent as it is.
 * - No `api_key` query parameter is ever added (ARCHITECTURE security model).
 * - 401: one silent refresh through the httpOnly refresh cookie (POST /api/auth/refresh), at most one every
 *   RELOGIN_GUARD_MS and shared by concurrent requests; then a read (GET) is retried once. A rejected refresh
 *   clears the session and marks it expired (red banner). 403 is only logged.
 * - Non-OK answers throw ApiError "{status}: {body text or status text}" carrying the parsed body, whose Arabic
 *   `message` is what toasts show.
 */
import { RELOGIN_GUARD_MS } from "#domain/constants.ts";
import type { ApiErrorBody, AuthResponse } from "#domain/types.ts";
import { type SessionStore, sessionStore } from "~/shared/session/auth-store.ts";

/** Refresh a little before the access token runs out, so that a write does not meet a 401 after a long form. */
const TOKEN_REFRESH_MARGIN_MS = 30_000;
const REFRESH_PATH = "/api/auth/refresh";

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string" &&
    typeof (value as { statusCode?: unknown }).statusCode === "number"
  );
}

/**
 * A non-OK answer. `message` is "{status}: {body text or status text}" (SPEC §7.3); `body` is the parsed
 * ApiErrorBody when the server answered with one; `serverMessage` is its Arabic `message`, for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly bodyText: string;
  readonly path: string;

  constructor(path: string, status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.path = path;
    this.status = status;
    this.bodyText = bodyText;
    let body: ApiErrorBody | null = null;
    try {
      const parsed: unknown = bodyText ? JSON.parse(bodyText) : null;
      body = isApiErrorBody(parsed) ? parsed : null;
    } catch {
      body = null;
    }
    this.body = body;
  }

  /** The server's Arabic message, when the body carried one. */
  get serverMessage(): string | null {
    return this.body?.message || null;
  }
}

/** True when `error` is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The text a toast shows for a failed call: the server's Arabic message, else `fallback` (SPEC §8). */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export interface RequestOptions {
  /** HTTP method, GET by default. Only GET requests are retried after a refresh. */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; FormData as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Answer null instead of throwing when the request still meets 401 after the refresh attempt (SPEC §7.1). */
  nullOn401?: boolean;
}

/** refreshed: a new token is held; rejected: the server refused (session cleared); unreachable: network error. */
export type RefreshOutcome = "refreshed" | "rejected" | "unreachable";

export interface ApiClientDeps {
  /** The fetch to use; read at call time so tests may stub the global one. */
  fetch?: typeof fetch;
  store?: SessionStore;
  now?: () => number;
}

export interface ApiClient {
  /**
   * Sends one request and parses the JSON answer as T. Status 204 answers null (T must allow it for such calls).
   * Errors: ApiError for non-OK answers; Error "Empty response from {path}" / "Invalid JSON response from {path}"
   * for an OK answer without a body or with unparseable JSON (SPEC §5.9); the fetch TypeError on network failure.
   */
  request<T>(path: string, options: RequestOptions & { nullOn401: true }): Promise<T | null>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The silent re-login of SPEC §4.1 through the refresh cookie: one request in flight at a time, shared by all
   * callers, and at most one every RELOGIN_GUARD_MS (a caller inside the window gets "refreshed" when a token is
   * held, else "rejected"). Updates the session store: signIn, expire (401/403) or connectionLost.
   */
  refresh(options?: { force?: boolean }): Promise<RefreshOutcome>;
  /**
   * GETs a file (a template, an export) with the session and saves it as `filename` through an object URL; on 401
   * one silent refresh and one retry. Errors: ApiError for a non-OK answer; the fetch TypeError on network failure.
   */
  download(path: string, filename: string): Promise<void>;
}

/** Builds a client; the app uses `apiClient` below, tests build their own with a mocked fetch and store. */
export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const store = deps.store ?? sessionStore;
  const now = deps.now ?? Date.now;
  const doFetch: typeof fetch = (input, init) => (deps.fetch ?? globalThis.fetch)(input, init);
  let inflight: Promise<RefreshOutcome> | null = null;
  let lastRefreshAt = Number.NEGATIVE_INFINITY;

  async function runRefresh(): Promise<RefreshOutcome> {
    let response: Response;
    try {
      response = await doFetch(REFRESH_PATH, {
        method: "POST",
        credentials: "include",
        headers: { Accept: "application/json" },
      });
    } catch (error) {
      console.warn("Session refresh failed: network error", error);
      store.connectionLost();
      return "unreachable";
    }
    if (response.status === 401 || response.status === 403) {
      console.warn(`Session refresh rejected (${response.status})`);
      store.expire();
      return "rejected";
    }
    if (!response.ok) {
      console.warn(`Session refresh failed (${response.status})`);
      store.connectionLost();
      return "unreachable";
    }
    try {
      const auth = (await response.json()) as AuthResponse;
      if (!auth?.token || !auth.user) throw new Error("refresh answer without token or user");
      store.signIn(auth, now());
      return "refreshed";
    } catch (error) {
      console.warn("Session refresh answered an unreadable body", error);
      store.connectionLost();
      return "unreachable";
    }
  }

  function refresh(options: { force?: boolean } = {}): Promise<RefreshOutcome> {
    if (inflight) return inflight;
    if (!options.force && now() - lastRefreshAt < RELOGIN_GUARD_MS) {
      return Promise.resolve(store.getToken() ? "refreshed" : "rejected");
    }
    lastRefreshAt = now();
    inflight = runRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  function buildInit(options: RequestOptions): RequestInit {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const token = store.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    return { method: options.method ?? "GET", credentials: "include", headers, body, signal: options.signal };
  }

  async function parseOk<T>(path: string, response: Response): Promise<T> {
    if (response.status === 204) return null as T;
    const text = await response.text();
    if (!text.trim()) throw new Error(`Empty response from ${path}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`Invalid JSON response from ${path}`);
    }
  }

  function request<T>(path: string, options: RequestOptions & { nullOn401: true }): Promise<T | null>;
  function request<T>(path: string, options?: RequestOptions): Promise<T>;
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
    const isAuthCall = path.startsWith("/api/auth/");
    const method = options.method ?? "GET";
    const expiresAt = store.getTokenExpiresAt();
    if (!isAuthCall && store.getToken() && expiresAt !== null && now() >= expiresAt - TOKEN_REFRESH_MARGIN_MS) {
      await refresh();
    }

    let response = await doFetch(path, buildInit(options));
    if (response.status === 401 && !isAuthCall) {
      console.warn(`401 from ${path}: the access token is missing, invalid or expired`);
      const outcome = await refresh();
      if (outcome === "refreshed" && method === "GET") {
        response = await doFetch(path, buildInit(options));
      }
      if (response.status === 401 && options.nullOn401) return null;
    }
    if (response.status === 403) console.warn(`403 from ${path}: the user lacks the permission`);
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new ApiError(path, response.status, response.statusText, text);
    }
    return parseOk<T>(path, response);
  }

  async function download(path: string, filename: string): Promise<void> {
    let response = await doFetch(path, buildInit({ headers: { Accept: "*/*" } }));
    if (response.status === 401 && (await refresh()) === "refreshed") {
      response = await doFetch(path, buildInit({ headers: { Accept: "*/*" } }));
    }
    if (!response.ok) {
      throw new ApiError(path, response.status, response.statusText, await response.text().catch(() => ""));
    }
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: some browsers read the object URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return { request, refresh, download };
}

/** The page's one client, bound to the page's session store. */
export const apiClient: ApiClient = createApiClient();

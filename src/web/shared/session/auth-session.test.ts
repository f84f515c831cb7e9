import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthResponse } from "#domain/types.ts";
import { createApiClient } from "~/shared/lib/api-client.ts";
import { startSession } from "./auth-session.ts";
import { createSessionStore, STORED_USER_KEY } from "./auth-store.ts";

const AUTH: AuthResponse = {
  token: "t",
  expiresInMs: 900_000,
  user: {
    id: "u1",
    username: "mona",
    name: "منى",
    role: "manager",
    accountId: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    isAdmin: false,
    permissions: ["dashboard.view", "units.view"],
  },
};
const STORED = { id: "u1", role: "manager", username: "mona", name: "منى" };

function setup(options: { cookie?: string; stored?: boolean; answer: () => Promise<Response> }) {
  if (options.stored) localStorage.setItem(STORED_USER_KEY, JSON.stringify(STORED));
  const store = createSessionStore({ storage: () => localStorage, cookies: () => options.cookie ?? "" });
  const fetchMock = vi.fn(options.answer);
  const client = createApiClient({ fetch: fetchMock, store });
  return { store, fetchMock, client };
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("session startup (SPEC §4.1)", () => {
  it("is logged out without a stored user or the signed_in cookie, and asks nothing", async () => {
    const { store, fetchMock, client } = setup({ answer: async () => new Response("{}") });
    await expect(startSession(store, client)).resolves.toEqual({ status: "anonymous", user: null, banner: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes with the cookie and keeps the fresh user and its permissions", async () => {
    const { store, fetchMock, client } = setup({
      cookie: "theme=x; signed_in=1",
      answer: async () => new Response(JSON.stringify(AUTH)),
    });
    const snapshot = await startSession(store, client);
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/refresh", expect.objectContaining({ method: "POST" }));
    expect(snapshot).toEqual({
      status: "authenticated",
      banner: null,
      user: { ...STORED, isAdmin: false, permissions: ["dashboard.view", "units.view"] },
    });
    expect(store.getToken()).toBe("t");
  });

  it("clears a rejected session and shows the expired banner", async () => {
    const { store, client } = setup({ stored: true, answer: async () => new Response("{}", { status: 401 }) });
    await expect(startSession(store, client)).resolves.toEqual({ status: "anonymous", user: null, banner: "expired" });
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it("keeps the stored user with the connection banner on a network error", async () => {
    const { store, client } = setup({
      stored: true,
      answer: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const snapshot = await startSession(store, client);
    expect(snapshot.status).toBe("authenticated");
    expect(snapshot.banner).toBe("connection");
    expect(snapshot.user).toMatchObject(STORED);
  });

  it("is logged out on a network error when only the cookie hinted at a session", async () => {
    const { store, client } = setup({
      cookie: "signed_in=1",
      answer: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await expect(startSession(store, client)).resolves.toEqual({ status: "anonymous", user: null, banner: null });
  });
});
